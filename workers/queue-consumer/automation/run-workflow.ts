import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import type { DurableSteps } from "@scouts/core/automation/executor/durable-ports";
import { driveRun } from "@scouts/core/automation/executor/durable-run";
import { z } from "zod";
import type { Env } from "../../env.ts";
import { type AutomationOverrides, createAutomationCtx, forUser } from "../../shared/automation-deps.ts";

export const RunParams = z.object({ runId: z.string().min(1).max(100) }).strict();
export type RunParams = z.infer<typeof RunParams>;

/** Workflows' `step` as the engine-neutral `DurableSteps` the core drives. */
export function workflowSteps(step: WorkflowStep): DurableSteps {
  return {
    do(name, config, fn) {
      const cfg = {
        ...(config.timeoutMs !== undefined ? { timeout: config.timeoutMs } : {}),
        ...(config.retries
          ? {
              retries: {
                limit: config.retries.limit,
                delay: config.retries.delayMs,
                backoff: config.retries.backoff,
              },
            }
          : {}),
      };
      // Every value the core returns from a step is plain JSON (verdicts, outcomes, times).
      return step.do(name, cfg, async (c) => (await fn(c.attempt)) as never);
    },
    sleep: (name, ms) => step.sleep(name, ms),
    async waitForEvent(name, { type, timeoutMs }) {
      const ev = await step.waitForEvent(name, { type, timeout: timeoutMs });
      return ev.payload;
    },
  };
}

/**
 * One automation run as a Workflows instance (`AUTOMATION_RUNS`, instance id = run id): the core's
 * `driveRun` over durable steps. `overrides` is for a test subclass (like DeviceHub's).
 */
export class AutomationRunWorkflow extends WorkflowEntrypoint<Env, RunParams> {
  protected readonly overrides: AutomationOverrides = {};

  override async run(event: Readonly<WorkflowEvent<RunParams>>, step: WorkflowStep): Promise<string> {
    const params = RunParams.parse(event.payload);
    const ctx = createAutomationCtx(this.env, this.overrides);
    const run = await ctx.store.getRun(params.runId);
    const userCtx = run ? await forUser(ctx, run.userId) : ctx;
    return driveRun({ ctx: userCtx, steps: workflowSteps(step), input: params });
  }
}
