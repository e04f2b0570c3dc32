import { enqueueWatchRenewals } from "@scouts/core/pipeline/renew-watches";
import type { CronJob } from "./jobs.ts";

/** Nightly: a queued `renew` job per Gmail watch lapsing within 48 h (they last 7 days). */
export const renewWatchesJob: CronJob = async (ctx) => enqueueWatchRenewals({ ctx, input: {} });
