import type { Clock } from "../ports.ts";
import type { CronStore } from "./cron-ports.ts";
import type { JobSender } from "./ports.ts";

/**
 * Scouts claimed per minute tick: one D1 statement and 100 queue sendBatch calls (far under a
 * Worker's 1,000 subrequests); enough for 100,000 mailboxes on a 15-minute interval (6,700 a
 * minute) even when Pub/Sub goes quiet for all of them at once.
 */
export const POLL_CLAIM_LIMIT = 10_000;

/**
 * Fallback for lost or late pushes: a `poll` sync job for every scout quiet past its interval.
 * @example await pollStaleScouts({ ctx: { cron, jobs, clock }, input: {} }) // { enqueued: 2 }
 */
export async function pollStaleScouts({
  ctx,
  input,
}: {
  ctx: { cron: CronStore; jobs: JobSender; clock: Clock };
  input: { limit?: number };
}): Promise<{ enqueued: number }> {
  const ids = await ctx.cron.claimStalePolls(ctx.clock.now(), input.limit ?? POLL_CLAIM_LIMIT);
  for (let i = 0; i < ids.length; i += 100) {
    await ctx.jobs.sendBatch(
      ids.slice(i, i + 100).map((scoutId) => ({ kind: "sync", scoutId, trigger: "poll" })),
    );
  }
  return { enqueued: ids.length };
}
