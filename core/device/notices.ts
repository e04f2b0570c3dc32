import { z } from "zod";
import type { Notice } from "../protocol/frames.ts";
import type { DeviceNotice } from "../protocol/local-api.ts";
import { parseInput } from "../validate.ts";

/** A notice as a device stores it: `key` dedupes arrivals, `dismissedAt` hides it. */
export type StoredNotice = DeviceNotice & { key: string; dismissedAt: number | null };

/** Where a device keeps its notices (the agent's libSQL file, the browser's IndexedDB). */
export interface NoticeRows {
  /** Stores an arrival (`mergeNotice`); `id` is used when the notice is new. */
  receive(n: Notice, at: number, id: string): Promise<DeviceNotice>;
  /** Not dismissed, newest first, at most `MAX_ACTIVE_NOTICES`. */
  active(): Promise<DeviceNotice[]>;
  /** False when no notice has this id; dismissing twice keeps the first time. */
  dismiss(id: string, at: number): Promise<boolean>;
}

/** Active notices a status lists at most; older ones stay stored until dismissed. */
export const MAX_ACTIVE_NOTICES = 20;

/** One notice per scout and kind; one that names no scout is told apart by its words. */
export function noticeKey(n: Notice): string {
  return `${n.kind}:${n.scoutId ?? `-:${n.message}`}`;
}

/**
 * The stored notice after `n` arrived: a repeat of a known one (same key) keeps its id and shows
 * again with the new words and time, since the cloud sends a notice once per episode.
 *
 * @example const row = mergeNotice(await store.noticeByKey(noticeKey(n)), n, Date.now(), crypto.randomUUID());
 */
export function mergeNotice(
  existing: StoredNotice | undefined,
  n: Notice,
  at: number,
  id: string,
): StoredNotice {
  return {
    id: existing?.id ?? id,
    key: noticeKey(n),
    kind: n.kind,
    scoutId: n.scoutId ?? null,
    provider: n.provider ?? null,
    message: n.message,
    receivedAt: at,
    dismissedAt: null,
  };
}

/** What `active()` lists from stored rows: not dismissed, newest first, capped. */
export function activeNotices(rows: StoredNotice[]): DeviceNotice[] {
  return rows
    .filter((r) => r.dismissedAt === null)
    .sort((a, b) => b.receivedAt - a.receivedAt || (a.id < b.id ? 1 : -1))
    .slice(0, MAX_ACTIVE_NOTICES)
    .map(shownNotice);
}

/** A stored notice as a status shows it (without its key and dismissal). */
export function shownNotice({ key: _k, dismissedAt: _d, ...n }: StoredNotice): DeviceNotice {
  return n;
}

/** The part of the cloud's `GET /api/v1/me` a device reads: which scouts need re-authorization. */
export const ScoutHealth = z.object({
  scouts: z.array(z.object({ id: z.string(), needsReauth: z.boolean() })),
});
export type ScoutHealth = z.infer<typeof ScoutHealth>;

/** Ids of re-authorization notices the cloud no longer backs: their scout is healthy again or gone. */
export function healedNotices(active: DeviceNotice[], health: ScoutHealth): string[] {
  const needing = new Map(health.scouts.map((s) => [s.id, s.needsReauth]));
  return active
    .filter((n) => n.kind === "needs_reauth" && n.scoutId !== null && needing.get(n.scoutId) !== true)
    .map((n) => n.id);
}

/**
 * Asks the cloud (as the device) whether connections behind active re-authorization notices are
 * healthy again and dismisses those notices; no call at all while none is active.
 *
 * @example const cleared = await clearHealedNotices({ ctx: { notices, cloud, now } });
 */
export async function clearHealedNotices(args: {
  ctx: { notices: NoticeRows; cloud: { get<T>(path: string): Promise<T> }; now: () => number };
}): Promise<string[]> {
  const { notices, cloud, now } = args.ctx;
  const active = (await notices.active()).filter((n) => n.kind === "needs_reauth");
  if (active.length === 0) return [];
  const health = parseInput(
    ScoutHealth,
    await cloud.get<unknown>("/api/v1/me"),
    "scout health from the cloud",
  );
  const ids = healedNotices(active, health);
  for (const id of ids) await notices.dismiss(id, now());
  return ids;
}
