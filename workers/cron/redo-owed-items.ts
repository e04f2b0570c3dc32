import { redoOwedItems } from "@scouts/core/pipeline/owed";
import type { CronJob } from "./jobs.ts";

/** Every minute: owed items whose backoff has passed go back on the queue (ids only). */
export const redoOwedItemsJob: CronJob = async (ctx) => redoOwedItems({ ctx, input: {} });
