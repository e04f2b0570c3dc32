import { renewWatches } from "@scouts/core/pipeline/renew-watches";
import type { CronJob } from "./jobs.ts";

/** Nightly: renew Gmail watches lapsing within 48 h (they last 7 days). */
export const renewWatchesJob: CronJob = async (ctx) => renewWatches({ ctx, input: {} });
