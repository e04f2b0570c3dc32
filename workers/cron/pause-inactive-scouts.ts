import { pauseInactiveScouts } from "@scouts/core/pipeline/sweeps";
import type { CronJob } from "./jobs.ts";

/** Nightly: pause scouts whose user's devices went silent; resume those whose devices came back. */
export const pauseInactiveScoutsJob: CronJob = async (ctx) => pauseInactiveScouts({ ctx, input: {} });
