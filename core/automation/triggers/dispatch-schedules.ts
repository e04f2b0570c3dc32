import { laneFor } from "../executor/lanes.ts";
import { type FireOutcome, startRuns } from "../executor/start-runs.ts";
import type { ExecutorCtx, FireMessage, QueueLane } from "../executor/types.ts";
import type { TriggerStore } from "./ports.ts";
import { nextFireAt } from "./schedule.ts";

/** How many schedules one tick handles; the rest stay due for the next tick. */
export const MAX_SCHEDULES_PER_TICK = 20_000;

/**
 * Fires every schedule trigger due at `now`. Each trigger first moves to its next fire time by
 * compare-and-set, so doubled or late cron ticks never double a fire and a skipped tick fires once
 * (not once per missed slot); then one `automation.fire` message per trigger goes on the lane of
 * its longest step, where the consumer starts the run (concurrency, budget, snapshot).
 * @example await dispatchDueSchedules({ ctx, input: { now: Date.now() } }) // { due: 3, fired: 3 }
 */
export async function dispatchDueSchedules({
  ctx,
  input,
}: {
  ctx: ExecutorCtx & { triggers: TriggerStore };
  input: { now: number };
}): Promise<{ due: number; fired: number }> {
  const due = await ctx.triggers.dueSchedules(input.now, MAX_SCHEDULES_PER_TICK);
  const moves = due.map((d) => ({
    id: d.triggerId,
    expected: d.nextFireAt,
    next: nextFireAt(d.cron, d.timezone, input.now),
  }));
  const advanced = await ctx.triggers.advanceSchedules(moves);
  const byLane = new Map<QueueLane, FireMessage[]>();
  for (const d of due) {
    if (!advanced.has(d.triggerId)) continue;
    const lane = laneFor(d.automation.definition, ctx.registry);
    const msg: FireMessage = {
      kind: "automation.fire",
      automationId: d.automation.id,
      triggerType: "schedule",
      triggerPayload: { scheduled_for: d.nextFireAt, cron: d.cron, timezone: d.timezone },
    };
    const list = byLane.get(lane);
    if (list) list.push(msg);
    else byLane.set(lane, [msg]);
  }
  let fired = 0;
  for (const [lane, msgs] of byLane) {
    await ctx.queue.send(lane, msgs);
    fired += msgs.length;
  }
  ctx.logger.log("info", "automation.schedules.dispatched", { due: due.length, fired });
  return { due: due.length, fired };
}

/**
 * Consumer side of a schedule fire: starts the run from the automation as it is now (enabled,
 * concurrency policy, budget, definition snapshot). A deleted automation is a no-op.
 * @example await startFiredRun({ ctx, input: message }) // { status: "enqueued", runId, lane }
 */
export async function startFiredRun({
  ctx,
  input,
}: {
  ctx: ExecutorCtx & { triggers: TriggerStore };
  input: FireMessage;
}): Promise<FireOutcome> {
  const automation = await ctx.triggers.automation(input.automationId);
  if (!automation) return { status: "refused", reason: "automation_deleted" };
  const [outcome] = await startRuns({
    ctx,
    input: [{ automation, triggerType: input.triggerType, triggerPayload: input.triggerPayload }],
  });
  return outcome ?? { status: "refused", reason: "not started" };
}
