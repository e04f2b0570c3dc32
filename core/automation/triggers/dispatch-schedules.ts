import { startRuns } from "../executor/start-runs.ts";
import type { ExecutorCtx } from "../executor/types.ts";
import type { TriggerStore } from "./ports.ts";
import { nextFireAt } from "./schedule.ts";

/** How many schedules one tick handles; the rest stay due for the next tick. */
export const MAX_SCHEDULES_PER_TICK = 20_000;

/**
 * Starts a run for every schedule trigger due at `now`. Each trigger moves to its next fire time
 * by compare-and-set first, so doubled or late cron ticks never double a run; a skipped tick
 * fires once (not once per missed minute).
 * @example await dispatchDueSchedules({ ctx, input: { now: Date.now() } }) // { due: 3, started: 3 }
 */
export async function dispatchDueSchedules({
  ctx,
  input,
}: {
  ctx: ExecutorCtx & { triggers: TriggerStore };
  input: { now: number };
}): Promise<{ due: number; started: number; dropped: number }> {
  const due = await ctx.triggers.dueSchedules(input.now, MAX_SCHEDULES_PER_TICK);
  const moves = due.map((d) => ({
    id: d.triggerId,
    expected: d.nextFireAt,
    next: nextFireAt(d.cron, d.timezone, input.now),
  }));
  const advanced = await ctx.triggers.advanceSchedules(moves);
  const fires = due
    .filter((d) => advanced.has(d.triggerId))
    .map((d) => ({
      automation: d.automation,
      triggerType: "schedule" as const,
      triggerPayload: { scheduled_for: d.nextFireAt, cron: d.cron, timezone: d.timezone },
    }));
  const outcomes = await startRuns({ ctx, input: fires });
  const started = outcomes.filter((o) => o.status === "enqueued" || o.status === "waiting").length;
  ctx.logger.log("info", "automation.schedules.dispatched", { due: due.length, started });
  return { due: due.length, started, dropped: outcomes.length - started };
}
