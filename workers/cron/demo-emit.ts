import { createDemoFeedStore } from "../shared/demo-feed.ts";
import type { CronJob } from "./jobs.ts";

/**
 * Dev only (development + dev mode): each demo scout produces one item per minute, so a newcomer
 * running `npm start` sees proposals arrive. The minute is claimed in D1, so doubled ticks add one.
 */
export const demoEmitJob: CronJob = async (ctx, { config }) => {
  if (config.SCOUTS_ENV !== "development" || !config.SCOUTS_DEV_MODE) return { emitted: 0 };
  const feed = createDemoFeedStore(ctx.db, ctx.clock);
  const minute = Math.floor(ctx.clock.now() / 60_000);
  let emitted = 0;
  for (const scoutId of await feed.activeDemoScouts()) {
    if ((await feed.advanceOncePerMinute(scoutId, minute)) === null) continue;
    await ctx.jobs.sendBatch([{ kind: "sync", scoutId, trigger: "demo" }]);
    emitted++;
  }
  return { emitted };
};
