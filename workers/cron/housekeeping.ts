import { pruneSlackEventsSeen } from "@scouts/db/repos/slack-events";
import { sweepExpiredScans } from "@scouts/db/repos/workspace-scans";
import type { CronJob } from "./jobs.ts";

/** Slack retries an event for about five minutes; a day of dedupe rows is plenty. */
export const slackEventsKeepMs = 86_400_000;
/** Each sweep call drops at most 90 scans (D1's bound on bound parameters); enough rounds for a night. */
const maxScanSweepRounds = 50;

/**
 * Nightly: drops Slack event-id dedupe rows older than a day and workspace scans past their
 * expiry (the scan routes also sweep, but only when someone starts a scan).
 */
export const housekeepingJob: CronJob = async (ctx) => {
  const now = ctx.clock.now();
  const slackEvents = await pruneSlackEventsSeen(ctx.db, now - slackEventsKeepMs);
  let scans = 0;
  for (let round = 0; round < maxScanSweepRounds; round++) {
    const gone = await sweepExpiredScans(ctx.db, now);
    scans += gone;
    if (gone === 0) break;
  }
  return { slackEvents, scans };
};
