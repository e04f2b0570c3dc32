import type { SourceType } from "../connectors/source-connector.ts";
import type { Clock, Logger } from "../ports.ts";
import type { ScoutJob } from "../protocol/jobs.ts";
import type { JobSender } from "./ports.ts";

/** One job a scout still owes (ids only). `itemRef` is "" for a sync. */
export interface OwedItem {
  scoutId: string;
  jobKind: "triage" | "sync";
  itemRef: string;
  source: SourceType;
  threadRef: string | null;
  attempts: number;
  lastError: string;
}

export interface OwedStore {
  /**
   * Records a job that ran out of queue retries, due at `nextAttemptAt(1)`; re-recording one (a
   * redo that failed again) counts one more attempt and keeps the schedule the redo cron gave it
   * (on the tick's clock, `postpone`).
   */
  owe(
    item: Omit<OwedItem, "attempts">,
    now: number,
    nextAttemptAt: (attempts: number) => number,
  ): Promise<void>;
  /** Owed items whose next attempt is due, oldest first. */
  due(now: number, limit: number): Promise<OwedItem[]>;
  /** Pushes the next attempt of `items` to `at` (they were just re-enqueued). */
  postpone(items: OwedItem[], at: (item: OwedItem) => number): Promise<void>;
  /**
   * The scout's provider answered (a job of that scout succeeded): every item it owes is due at
   * `now`, so the next tick redoes them instead of waiting out a backoff grown during the outage.
   * Returns how many were brought forward.
   */
  pullForward(scoutId: string, now: number): Promise<number>;
  /** The redo succeeded: the scout owes it no more. */
  settle(scoutId: string, jobKind: OwedItem["jobKind"], itemRef: string): Promise<void>;
  /** Remembers the provider's code from a scout's failed attempt (`providerErrorCode`). */
  noteFailure(scoutId: string, error: string, at: number): Promise<void>;
  /** The scout's latest noted failure at or after `since`, if any. */
  lastFailure(scoutId: string, since: number): Promise<string | null>;
}

/** Redo backoff: 1 minute doubling per attempt, at most an hour between tries; never gives up. */
export function owedBackoffMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

/** The job that redoes an owed item (flagged `redo`, so its success settles the row). */
export function owedJob(item: OwedItem): ScoutJob {
  if (item.jobKind === "sync") return { kind: "sync", scoutId: item.scoutId, trigger: "poll", redo: true };
  return {
    kind: "triage",
    scoutId: item.scoutId,
    ref: {
      source: item.source,
      id: item.itemRef,
      ...(item.threadRef ? { threadId: item.threadRef } : {}),
    },
    redo: true,
  };
}

/**
 * Cron: re-enqueues owed items that are due (in queue batches of 100) and postpones each by its
 * backoff, so an outage of any length costs a few jobs an hour per item and nothing is dropped.
 * A redo that fails again comes back through the dead-letter queue and is owed once more.
 * @example await redoOwedItems({ ctx, input: { limit: 1000 } }) // { requeued: 12 }
 */
export async function redoOwedItems({
  ctx,
  input,
}: {
  ctx: { owed: OwedStore; jobs: JobSender; clock: Clock; logger: Logger };
  input: { limit?: number };
}): Promise<{ requeued: number }> {
  const now = ctx.clock.now();
  const due = await ctx.owed.due(now, input.limit ?? 1000);
  for (let i = 0; i < due.length; i += 100) {
    const chunk = due.slice(i, i + 100);
    await ctx.jobs.sendBatch(chunk.map(owedJob));
    // Postponed after sending: a crash in between re-sends (idempotent), never skips.
    await ctx.owed.postpone(chunk, (item) => now + owedBackoffMs(item.attempts));
  }
  return { requeued: due.length };
}
