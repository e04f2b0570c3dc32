import type { Config, Env } from "../env.ts";
import type { FullPipelineCtx } from "../shared/pipeline-deps.ts";

/** One cron job: idempotent, returns counts for the log line. */
export type CronJob = (
  ctx: FullPipelineCtx,
  deps: { env: Env; config: Config },
) => Promise<Record<string, number>>;
