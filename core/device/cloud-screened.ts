import { senderAddress } from "../assistant/sender.ts";
import type { SourceType } from "../connectors/source-connector.ts";
import { SCREENED_LIST_LIMIT } from "../pipeline/device-requests.ts";
import type { ScreenedResultFrame } from "../protocol/frames.ts";
import type { ReadItemAnswer } from "./hub-link.ts";

/** A cloud item stage 1 dropped, as a device keeps it: the hub's ids and codes plus what `read_item` read. */
export interface CloudScreenedRow {
  id: string;
  source: SourceType;
  scoutId: string;
  sourceMsgRef: string;
  from: string;
  subject: string;
  reason: string;
  confidence: number;
  screenedAt: number;
}

/** Where a device keeps its copy of the cloud's screened rows (the agent's libSQL, the PWA's IndexedDB). */
export interface CloudScreenedRows {
  /** Ids of the cloud rows this device already has (restored or not). */
  knownIds(): Promise<Set<string>>;
  insert(row: CloudScreenedRow): Promise<void>;
  /** Forgets a row the cloud no longer lists, unless "not spam" brought it back. */
  removeUnrestored(id: string): Promise<void>;
  /** The person said "not spam" for this sender address before. */
  isOverridden(sender: string): Promise<boolean>;
  setRestored(id: string, at: number | null): Promise<void>;
}

export interface CloudScreenedCtx {
  rows: CloudScreenedRows;
  screened?: (op: "list" | "restore" | "rescreen", proposalId?: string) => Promise<ScreenedResultFrame>;
  readItemAnswer?: (proposalId: string) => Promise<ReadItemAnswer>;
  now: () => number;
}

/** What a sync could not do now, per source, in words (shown under the Screened list). */
export type ScreenedMissing = { source: "gmail"; reason: string }[];

/** Sender and subject are read through `read_item` once per item; at most this many per sync. */
const READS_PER_SYNC = 50;

const refusedWhy = (error: string | undefined) =>
  error === "offline" || error === "timeout"
    ? "the cloud cannot be reached now; Gmail's screened mail shows again when it reconnects"
    : `the cloud refused to list Gmail's screened mail (${(error ?? "refused").slice(0, 100)})`;

/**
 * Brings the cloud's list of dropped items (ids and codes) into the device's rows, with sender and
 * subject read on demand through the hub (kept on the device only). Rows the cloud no longer lists
 * go. A new row from a sender the person already called "not spam" is restored at once (the cloud
 * delivers it as a proposal), so the override holds for their later mail while the cloud keeps no
 * sender. Returns what is missing and the ids restored that way.
 *
 * @example const { missing, restored } = await syncCloudScreened({ ctx: { rows, screened, readItemAnswer, now } })
 */
export async function syncCloudScreened(args: {
  ctx: CloudScreenedCtx;
}): Promise<{ missing: ScreenedMissing; restored: string[] }> {
  const { ctx } = args;
  if (!ctx.screened)
    return { missing: [{ source: "gmail", reason: "this device is not linked to the cloud" }], restored: [] };
  const res = await ctx.screened("list");
  if (!res.ok || !res.items)
    return { missing: [{ source: "gmail", reason: refusedWhy(res.error) }], restored: [] };
  const known = await ctx.rows.knownIds();
  const listed = new Set(res.items.map((i) => i.proposalId));
  // A full page may leave older rows out: only a complete list says what the cloud no longer has.
  if (res.items.length < SCREENED_LIST_LIMIT)
    for (const id of known) if (!listed.has(id)) await ctx.rows.removeUnrestored(id);
  let reads = 0;
  let unread = 0;
  // One unanswered read (offline, timeout) ends the reading for this sync: the page must not wait
  // for every item's timeout in turn.
  let stalled = false;
  const restored: string[] = [];
  for (const it of res.items) {
    if (known.has(it.proposalId)) continue;
    if (stalled || reads++ >= READS_PER_SYNC || !ctx.readItemAnswer) {
      unread++;
      continue;
    }
    const answer = await ctx.readItemAnswer(it.proposalId);
    if ("error" in answer) {
      stalled = answer.error === "offline" || answer.error === "timeout";
      unread++;
      continue;
    }
    const row: CloudScreenedRow = {
      id: it.proposalId,
      source: it.source,
      scoutId: it.scoutId,
      sourceMsgRef: it.sourceMsgRef,
      from: answer.item.from.slice(0, 1000),
      subject: answer.item.subject.slice(0, 2000),
      reason: it.reason,
      confidence: it.confidence,
      screenedAt: it.createdAt,
    };
    await ctx.rows.insert(row);
    if (await ctx.rows.isOverridden(senderAddress(row.from))) {
      // Marked first, so the proposal the restore delivers already skips the Screener.
      await ctx.rows.setRestored(row.id, ctx.now());
      const r = await ctx.screened("restore", row.id);
      if (r.ok) restored.push(row.id);
      else await ctx.rows.setRestored(row.id, null);
    }
  }
  const missing: ScreenedMissing =
    unread > 0
      ? [
          {
            source: "gmail",
            reason: `${unread} screened cloud messages could not be read now; they show on a later visit`,
          },
        ]
      : [];
  return { missing, restored };
}
