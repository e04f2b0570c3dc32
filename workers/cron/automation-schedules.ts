import { dispatchDueSchedules } from "@scouts/core/automation/triggers/dispatch-schedules";
import { createAutomationCtx } from "../shared/automation-deps.ts";
import type { CronJob } from "./jobs.ts";

/** Every minute: start a run for each due schedule trigger (compare-and-set, so doubled ticks are harmless). */
export const automationSchedulesJob: CronJob = async (_pipeline, { env }) => {
  const ctx = createAutomationCtx(env);
  return dispatchDueSchedules({ ctx, input: { now: ctx.clock.now() } });
};
