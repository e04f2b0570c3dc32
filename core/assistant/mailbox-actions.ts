import type { MessageRef, SourceConnector } from "../connectors/source-connector.ts";
import { CoreError, isCoreError } from "../errors.ts";

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
  addLabelByName?: (ref: MessageRef, name: string) => Promise<{ labelId: string }>;
};

/**
 * Runs one mailbox operation through the scout's connector. Snooze archives and its wake
 * (`unsnooze`) unarchives: the device keeps the wake-up time. `label` takes the name the person
 * typed and answers the provider's label id; `unlabel` takes that id (what the ledger keeps).
 *
 * @example await runMailboxOp({ ctx: { connector }, input: { ref, op: "label", label: "Receipts" } }) // { labelId: "Label_3" }
 */
export async function runMailboxOp(args: {
  ctx: { connector: SourceConnector };
  input: { ref: MessageRef; op: MailboxOp; label?: string; labelId?: string };
}): Promise<{ labelId?: string }> {
  const c = args.ctx.connector as LabelCapable;
  const { ref, op } = args.input;
  const modify = async (add: string[], remove: string[]) => {
    if (!c.modifyLabels) throw new CoreError("bad_input", `${c.source} does not support ${op}`);
    await c.modifyLabels(ref, { add, remove });
    return {};
  };
  switch (op) {
    case "archive":
    case "snooze":
      await c.archive(ref);
      return {};
    case "unarchive":
    case "unsnooze":
      await c.unarchive(ref);
      return {};
    case "trash":
      await c.trash(ref);
      return {};
    case "untrash":
      await c.untrash(ref);
      return {};
    case "mark_read":
      return c.source === "demo" ? {} : modify([], ["UNREAD"]);
    case "mark_unread":
      return c.source === "demo" ? {} : modify(["UNREAD"], []);
    case "label": {
      const name = args.input.label?.trim();
      if (!name) throw new CoreError("bad_input", "label needs a label name");
      if (c.source === "demo") return {};
      if (!c.addLabelByName) throw new CoreError("bad_input", `${c.source} does not support labels`);
      return c.addLabelByName(ref, name);
    }
    case "unlabel": {
      if (c.source === "demo") return {};
      const id = args.input.labelId;
      if (!id) throw new CoreError("conflict", "the label to remove is not recorded");
      try {
        return await modify([], [id]);
      } catch (e) {
        // Gmail refuses an id it no longer has: the person deleted the label, so no message carries it.
        if (isCoreError(e) && e.details?.httpStatus === 400) return {};
        throw e;
      }
    }
  }
}
