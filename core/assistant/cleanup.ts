import type { Suggestion } from "../protocol/local-api.ts";
import { senderAddress } from "./sender.ts";

/** The periods the clean-up screen offers. */
export const CLEANUP_PERIODS = [7, 30, 90] as const;
export type CleanupPeriod = (typeof CLEANUP_PERIODS)[number];

/** One sender on the clean-up screen. */
export interface SenderVolume {
  /** Lower-case address: the unit the clean-up acts on. */
  address: string;
  /** The display form of the newest message's From. */
  from: string;
  /** Messages from this sender received within the period. */
  count: number;
  /** Of those, how many the person opened in any mail app: read in the mailbox, or in Scouts. */
  opened: number;
  /** opened / count, 0..1. */
  readRate: number;
  /** Ids of this sender's suggestions still in the inbox (status `new`): what "archive all" takes. */
  inbox: string[];
  /** The newest of those that can carry a List-Unsubscribe (a mailbox message), if any. */
  newestId: string | null;
  lastAt: number;
}

const DAY = 86_400_000;

/**
 * Opened anywhere: the mailbox's own read state (Gmail's UNREAD label gone, IMAP `\Seen`, JMAP
 * `$seen`, kept as `unread: false`) or an open in Scouts' reading view. Unknown read state
 * (`unread: null`) is not counted as read.
 */
export function wasOpened(s: Pick<Suggestion, "openedAt" | "unread">): boolean {
  return (s.openedAt ?? null) !== null || s.unread === false;
}

/**
 * Senders ranked by how much they sent in the last `days` (most first, then the lower read rate
 * first: the mail a person gets most and opens least is what a clean-up is for), from the
 * device's own suggestions. Pure: the device passes what it holds.
 *
 * @example rankSenders({ input: { suggestions, now: Date.now(), days: 30 } })[0] // { address, count, readRate, ... }
 */
export function rankSenders({
  input,
}: {
  input: { suggestions: readonly Suggestion[]; now: number; days: number; limit?: number };
}): SenderVolume[] {
  const since = input.now - input.days * DAY;
  const by = new Map<string, SenderVolume>();
  for (const s of input.suggestions) {
    if (s.receivedAt < since || s.verdict !== "relevant") continue;
    const address = senderAddress(s.from);
    if (!address) continue;
    const v =
      by.get(address) ??
      ({
        address,
        from: s.from,
        count: 0,
        opened: 0,
        readRate: 0,
        inbox: [],
        newestId: null,
        lastAt: 0,
      } as SenderVolume);
    v.count++;
    if (wasOpened(s)) v.opened++;
    if (s.status === "new") v.inbox.push(s.id);
    if (s.receivedAt >= v.lastAt) {
      v.lastAt = s.receivedAt;
      v.from = s.from;
      if (["gmail", "local_mail", "imap"].includes(s.source)) v.newestId = s.id;
    }
    by.set(address, v);
  }
  const list = [...by.values()].map((v) => ({ ...v, readRate: v.count ? v.opened / v.count : 0 }));
  list.sort((a, b) => b.count - a.count || a.readRate - b.readRate || b.lastAt - a.lastAt);
  return list.slice(0, input.limit ?? 50);
}
