import type { MessageRef, SourceConnector } from "../connectors/source-connector.ts";
import { CoreError } from "../errors.ts";

/** Provider operations the cloud runs for devices: actions and their reversals. */
export const MAILBOX_OPS = [
  "archive",
  "unarchive",
  "trash",
  "untrash",
  "mark_read",
  "mark_unread",
  "label",
  "unlabel",
  "snooze",
  "unsnooze",
] as const;
export type MailboxOp = (typeof MAILBOX_OPS)[number];

type LabelCapable = SourceConnector & {
  modifyLabels?: (ref: MessageRef, change: { add?: string[]; remove?: string[] }) => Promise<void>;
};

/**
 * Runs one mailbox operation through the scout's connector. Snooze archives (the device keeps the
 * wake-up time and resurfaces it); labels are provider label ids.
 *
 * @example await runMailboxOp({ ctx: { connector }, input: { ref, op: "mark_read" } })
 */
export async function runMailboxOp(args: {
  ctx: { connector: SourceConnector };
  input: { ref: MessageRef; op: MailboxOp; label?: string };
}): Promise<void> {
  const c = args.ctx.connector as LabelCapable;
  const { ref, op, label } = args.input;
  const labels = async (add: string[], remove: string[]) => {
    if (!c.modifyLabels) throw new CoreError("bad_input", `${c.source} does not support ${op}`);
    await c.modifyLabels(ref, { add, remove });
  };
  switch (op) {
    case "archive":
    case "snooze":
      return c.archive(ref);
    case "unarchive":
    case "unsnooze":
      return c.unarchive(ref);
    case "trash":
      return c.trash(ref);
    case "untrash":
      return c.untrash(ref);
    case "mark_read":
      return c.source === "demo" ? undefined : labels([], ["UNREAD"]);
    case "mark_unread":
      return c.source === "demo" ? undefined : labels(["UNREAD"], []);
    case "label":
    case "unlabel":
      if (!label) throw new CoreError("bad_input", `${op} needs a label`);
      if (c.source === "demo") return;
      return op === "label" ? labels([label], []) : labels([], [label]);
  }
}
