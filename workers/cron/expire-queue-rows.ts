import { expireQueueRows } from "@scouts/core/pipeline/sweeps";
import type { CronJob } from "./jobs.ts";

/** Nightly: proposals nobody acked in 30 days become `expired`. */
export const expireQueueRowsJob: CronJob = async (ctx) => expireQueueRows({ ctx, input: {} });
