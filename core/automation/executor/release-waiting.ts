import type { ExecutorCtx } from "./types.ts";

/**
 * Enqueues the oldest run waiting behind this automation's active one (`queue` concurrency), once
 * nothing of the automation is running or enqueued: called whenever a run ends, is cancelled or
 * is reaped, so a queue never stays blocked behind a run that is gone.
 * @example await releaseWaiting(ctx, automationId) // "run-7" or null
 */
export async function releaseWaiting(ctx: ExecutorCtx, automationId: string): Promise<string | null> {
  const active = (await ctx.store.activeRunCounts([automationId])).get(automationId) ?? 0;
  if (active > 0) return null;
  const next = await ctx.store.nextWaitingRun(automationId);
  if (!next) return null;
  await ctx.store.updateRun(next.id, { enqueued: true });
  await ctx.queue.send(next.queue, [{ kind: "automation.run", runId: next.id }]);
  return next.id;
}
