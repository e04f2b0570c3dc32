import { pruneEndedQueueRows, pruneRunLogs } from "@scouts/db/repos/retention";
import { pruneSlackEventsSeen } from "@scouts/db/repos/slack-events";
import { sweepExpiredScans } from "@scouts/db/repos/workspace-scans";
import type { CronJob } from "./jobs.ts";

/** Slack retries an event for about five minutes; a day of dedupe rows is plenty. */
export const slackEventsKeepMs = 86_400_000;
/**
 * Ended proposals (acked or expired) are kept 60 days past their expiry, then deleted: their
 * (scout, message) row is what keeps a resync from proposing the same message again.
 */
export const endedQueueRowKeepMs = 60 * 86_400_000;
/** Run logs (outcome codes, no content) are kept 30 days. */
export const runLogKeepMs = 30 * 86_400_000;
/** Up to 50 rounds of 500 deletions per table a night. */
const maxPruneRounds = 50;

/** Each sweep call drops at most 90 scans (D1's bound on bound parameters); enough rounds for a night. */
const maxScanSweepRounds = 50;

/**
 * Nightly: drops Slack event-id dedupe rows older than a day, workspace scans past their
 * expiry (the scan routes also sweep, but only when someone starts a scan), ended queue rows
 * and old run logs (retention above).
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
  const queueRows = await rounds(() => pruneEndedQueueRows(ctx.db, now - endedQueueRowKeepMs));
  const runLogs = await rounds(() => pruneRunLogs(ctx.db, now - runLogKeepMs));
  return { slackEvents, scans, queueRows, runLogs };
};

async function rounds(prune: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let round = 0; round < maxPruneRounds; round++) {
    const gone = await prune();
    total += gone;
    if (gone === 0) break;
  }
  return total;
}
