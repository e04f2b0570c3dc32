import { type Clock, systemClock } from "@scouts/core/ports";
import { type Env, readConfig } from "../env.ts";
import { createPipelineCtx, type PipelineOverrides } from "../shared/pipeline-deps.ts";
import { automationMcpHarvestJob } from "./automation-mcp-harvest.ts";
import { automationReaperJob } from "./automation-reaper.ts";
import { automationSchedulesJob } from "./automation-schedules.ts";
import { automationSweepsJob } from "./automation-sweeps.ts";
import { demoEmitJob } from "./demo-emit.ts";
import { expireQueueRowsJob } from "./expire-queue-rows.ts";
import { housekeepingJob } from "./housekeeping.ts";
import type { CronJob } from "./jobs.ts";
import { pauseInactiveScoutsJob } from "./pause-inactive-scouts.ts";
import { pollStaleScoutsJob } from "./poll-stale-scouts.ts";
import { redoOwedItemsJob } from "./redo-owed-items.ts";
import { renewWatchesJob } from "./renew-watches.ts";
import { sweepSessionsJob } from "./sweep-sessions.ts";

/**
 * Cron expression (wrangler.toml) → jobs. AUTOMATION's schedule dispatcher is one more entry in
 * the minute list (`workers/cron/automation-*.ts`).
 */
export const cronJobs: Record<string, Record<string, CronJob>> = {
  "* * * * *": {
    poll_stale_scouts: pollStaleScoutsJob,
    redo_owed_items: redoOwedItemsJob,
    demo_emit: demoEmitJob,
    automation_schedules: automationSchedulesJob,
    automation_reaper: automationReaperJob,
  },
  "17 3 * * *": {
    renew_watches: renewWatchesJob,
    expire_queue_rows: expireQueueRowsJob,
    pause_inactive_scouts: pauseInactiveScoutsJob,
    automation_sweeps: automationSweepsJob,
    automation_mcp_harvest: automationMcpHarvestJob,
    housekeeping: housekeepingJob,
    sweep_sessions: sweepSessionsJob,
  },
};

/** Runs the jobs due for this cron expression. Every job is idempotent under doubled or skipped ticks. */
export function createScheduledHandler(overrides: PipelineOverrides = {}) {
  return async function handleScheduled(
    controller: ScheduledController,
    env: Env,
    _ctx: ExecutionContext,
  ): Promise<void> {
    const jobs = cronJobs[controller.cron];
    if (!jobs) {
      console.error(
        JSON.stringify({ level: "error", event: "cron.unknown_expression", cron: controller.cron }),
      );
      return;
    }
    const ctx = createPipelineCtx(env, { clock: tickClock(controller.scheduledTime), ...overrides });
    const deps = { env, config: readConfig(env) };
    const failures: string[] = [];
    // One job failing must not starve the others; the tick still fails loudly afterwards.
    for (const [name, job] of Object.entries(jobs)) {
      try {
        ctx.logger.log("info", `cron.${name}`, await job(ctx, deps));
      } catch (e) {
        failures.push(name);
        ctx.logger.log("error", `cron.${name}_failed`, { code: e instanceof Error ? e.name : "unknown" });
      }
    }
    if (failures.length) throw new Error(`cron jobs failed: ${failures.join(", ")}`);
  };
}

export const handleScheduled = createScheduledHandler();

/**
 * A tick's clock starts at its scheduled time: what is due is judged for the minute the tick
 * stands for, even when the platform runs it late (and a local run can name any minute with
 * `/cdn-cgi/local/scheduled?time=`, which is how bench/pipeline simulates an outage's half hour).
 */
export function tickClock(scheduledTime: number): Clock {
  if (!Number.isFinite(scheduledTime) || scheduledTime <= 0) return systemClock;
  const started = Date.now();
  return { now: () => scheduledTime + (Date.now() - started) };
}
