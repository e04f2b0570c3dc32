import type { Env } from "../env.ts";

/** Runs the jobs due for this cron expression. Every job is idempotent under doubled or skipped ticks. */
export async function handleScheduled(
  _controller: ScheduledController,
  _env: Env,
  _ctx: ExecutionContext,
): Promise<void> {}
