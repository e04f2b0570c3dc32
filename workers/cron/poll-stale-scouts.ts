import { pollStaleScouts } from "@scouts/core/pipeline/poll-stale-scouts";
import type { CronJob } from "./jobs.ts";

/** Every minute: a `poll` sync for Gmail scouts whose pushes went quiet past their interval. */
export const pollStaleScoutsJob: CronJob = async (ctx) => pollStaleScouts({ ctx, input: {} });
