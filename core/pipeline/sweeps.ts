import type { Clock } from "../ports.ts";
import type { CronStore } from "./cron-ports.ts";
import type { TriageQueueStore } from "./ports.ts";

/**
 * Marks unacked rows past their 30 days `expired`.
 * @example await expireQueueRows({ ctx: { queueRows, clock }, input: {} }) // { expired: 4 }
 */
export async function expireQueueRows({
  ctx,
}: {
  ctx: { queueRows: TriageQueueStore; clock: Clock };
  input: Record<string, never>;
}): Promise<{ expired: number }> {
  return { expired: await ctx.queueRows.expire(ctx.clock.now()) };
}

/**
 * Pauses scouts whose user's devices have been silent for `device_inactivity_pause_days`, and
 * lifts that pause (never a user's own) once a device is seen again.
 * @example await pauseInactiveScouts({ ctx: { cron, clock }, input: {} }) // { paused: 1, resumed: 0 }
 */
export async function pauseInactiveScouts({
  ctx,
}: {
  ctx: { cron: CronStore; clock: Clock };
  input: Record<string, never>;
}): Promise<{ paused: number; resumed: number }> {
  const now = ctx.clock.now();
  const resumed = await ctx.cron.unpauseActive(now);
  const paused = await ctx.cron.pauseInactive(now);
  return { paused, resumed };
}
