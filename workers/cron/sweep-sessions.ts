import { deleteDeadSessions } from "@scouts/db/repos/users";
import type { CronJob } from "./jobs.ts";

/** Nightly: sessions past expiry, or revoked more than a day ago, are deleted (ids only, but not kept forever). */
export const sweepSessionsJob: CronJob = async (ctx) => ({
  sessions: await deleteDeadSessions(ctx.db, ctx.clock.now()),
});
