import { reapOverdueRuns } from "@scouts/core/automation/executor/reap-runs";
import { createAutomationCtx } from "../shared/automation-deps.ts";
import type { CronJob } from "./jobs.ts";

/** Every minute: end runs stuck in `running` past their deadline and release the runs queued behind them. */
export const automationReaperJob: CronJob = async (_pipeline, { env }) => {
  const ctx = createAutomationCtx(env);
  return reapOverdueRuns({ ctx, input: { now: ctx.clock.now() } });
};
