import { isCoreError, isTransient } from "../errors.ts";
import type { Clock, IdGenerator, Logger } from "../ports.ts";
import type { RenewJob } from "../protocol/jobs.ts";
import type { CronStore } from "./cron-ports.ts";
import type { ConnectorFor, JobSender, RunLogStore, ScoutStore } from "./ports.ts";

/** Gmail watches last 7 days; renew those lapsing within 48 hours. */
export const renewWindowMs = 48 * 3600 * 1000;

/**
 * Fan-out limits, from the platforms' published numbers: a Worker invocation makes at most 1,000
 * subrequests (each D1 page and each queue sendBatch is one); a queue batch holds 100 messages;
 * users.watch costs 100 Gmail units against a project quota of 1,200,000 units a minute.
 */
export const RENEW_FANOUT = {
  /** Ids read per D1 page. */
  pageSize: 1000,
  /** Jobs enqueued per cron run: 500 sendBatch + 50 pages stays far under 1,000 subrequests. */
  maxPerRun: 50_000,
  /** Renewals released per minute (500,000 units: under half the project quota, the rest is triage's). */
  perMinute: 5_000,
} as const;

/**
 * Nightly: enqueues one `renew` job per Gmail scout whose watch lapses within 48 h, in queue
 * batches of 100 paced at `perMinute` (later batches carry a delivery delay). Scouts beyond
 * `maxPerRun` wait for the next night, still inside the 48 h window.
 * @example await enqueueWatchRenewals({ ctx, input: {} }) // { enqueued: 20000 }
 */
export async function enqueueWatchRenewals({
  ctx,
  input,
}: {
  ctx: { cron: CronStore; jobs: JobSender; clock: Clock };
  input: { maxPerRun?: number };
}): Promise<{ enqueued: number }> {
  const max = input.maxPerRun ?? RENEW_FANOUT.maxPerRun;
  const before = ctx.clock.now() + renewWindowMs;
  let afterId = "";
  let enqueued = 0;
  while (enqueued < max) {
    const ids = await ctx.cron.watchIdsExpiringBefore(
      before,
      afterId,
      Math.min(RENEW_FANOUT.pageSize, max - enqueued),
    );
    if (ids.length === 0) break;
    for (let i = 0; i < ids.length; i += 100) {
      const delaySeconds = Math.floor((enqueued + i) / RENEW_FANOUT.perMinute) * 60;
      const jobs: RenewJob[] = ids.slice(i, i + 100).map((scoutId) => ({ kind: "renew", scoutId }));
      await ctx.jobs.sendBatch(jobs, delaySeconds > 0 ? { delaySeconds } : {});
    }
    enqueued += ids.length;
    afterId = ids[ids.length - 1]!;
  }
  return { enqueued };
}

/**
 * One `renew` job: renews the scout's watch and stores the new expiry. Transient failures throw
 * (the queue retries with the provider's Retry-After); permanent ones are logged for the scout.
 * @example await renewWatch({ ctx, input: { kind: "renew", scoutId } }) // { outcome: "renewed" }
 */
export async function renewWatch({
  ctx,
  input,
}: {
  ctx: {
    scouts: ScoutStore;
    cron: CronStore;
    connectorFor: ConnectorFor;
    runLogs: RunLogStore;
    clock: Clock;
    ids: IdGenerator;
    logger: Logger;
  };
  input: RenewJob;
}): Promise<{ outcome: "renewed" | "skipped" | "failed" }> {
  const scout = await ctx.scouts.getScout(input.scoutId);
  if (!scout?.active || scout.needsReauth || scout.sourceType !== "gmail") return { outcome: "skipped" };
  try {
    const connector = await ctx.connectorFor(scout);
    const watch = await connector.renewWatch();
    await ctx.cron.saveWatch(scout.id, watch.expiration);
    return { outcome: "renewed" };
  } catch (e) {
    if (isTransient(e)) throw e;
    const code = isCoreError(e) ? e.code : "internal";
    ctx.logger.log("warn", "cron.renew_watch_failed", { scoutId: scout.id, code });
    await ctx.runLogs.record({
      id: ctx.ids(),
      scoutId: scout.id,
      kind: "renew_watch",
      outcome: code,
      createdAt: ctx.clock.now(),
    });
    return { outcome: "failed" };
  }
}
