import { and, count, gt, inArray, isNotNull, lt, lte, min, notInArray, sql } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import { automationRuns } from "../schema/automations.ts";
import { scoutConnections, scoutRunLogs, scoutTriageQueue } from "../schema/scouts.ts";

/** Run-log outcomes that are the pipeline working as meant; every other outcome counts as an error. */
export const HEALTHY_OUTCOMES = ["ok", "duplicate", "enqueued", "queued", "spam", "trashed", "paused"];

const HOUR = 3_600_000;
const ID_LIMIT = 50;

/**
 * What an operator needs to see the service's health: backlogs, dead letters, connections
 * needing re-authorisation, watch expiries and error rates. Ids and counts only, never content.
 *
 * @example const o = await operatorOverview(db, Date.now()); o.reauth.count
 */
export async function operatorOverview(db: ScoutsDb, now: number) {
  const byStatus = await db
    .select({ status: scoutTriageQueue.status, n: count(), oldest: min(scoutTriageQueue.createdAt) })
    .from(scoutTriageQueue)
    .groupBy(scoutTriageQueue.status)
    .all();
  const reauth = await db
    .select({ scoutId: scoutConnections.scoutId })
    .from(scoutConnections)
    .where(sql`${scoutConnections.needsReauth} = 1`)
    .all();
  const expiring = await db
    .select({ scoutId: scoutConnections.scoutId, expiresAt: scoutConnections.watchExpiration })
    .from(scoutConnections)
    .where(
      and(
        isNotNull(scoutConnections.watchExpiration),
        lte(scoutConnections.watchExpiration, now + 48 * HOUR),
      ),
    )
    .all();
  const window = async (since: number) => {
    const [all] = await db
      .select({ n: count() })
      .from(scoutRunLogs)
      .where(gt(scoutRunLogs.createdAt, since))
      .all();
    const errors = await db
      .select({ outcome: scoutRunLogs.outcome, n: count() })
      .from(scoutRunLogs)
      .where(and(gt(scoutRunLogs.createdAt, since), notInArray(scoutRunLogs.outcome, HEALTHY_OUTCOMES)))
      .groupBy(scoutRunLogs.outcome)
      .all();
    const errorCount = errors.reduce((a, e) => a + e.n, 0);
    const runs = all?.n ?? 0;
    return {
      runs,
      errors: errorCount,
      errorRate: runs ? errorCount / runs : 0,
      byOutcome: Object.fromEntries(errors.map((e) => [e.outcome, e.n])),
    };
  };
  const deadLetters = await db
    .select({ scoutId: scoutRunLogs.scoutId, at: scoutRunLogs.createdAt })
    .from(scoutRunLogs)
    .where(and(inArray(scoutRunLogs.kind, ["dead_letter"]), gt(scoutRunLogs.createdAt, now - 24 * HOUR)))
    .all();
  const stuck = await db
    .select({ n: count() })
    .from(automationRuns)
    .where(and(inArray(automationRuns.status, ["running"]), lt(automationRuns.createdAt, now - HOUR)))
    .all();
  const queue = Object.fromEntries(byStatus.map((r) => [r.status, r.n]));
  const queuedOldest = byStatus.find((r) => r.status === "queued")?.oldest ?? null;
  return {
    at: now,
    triageQueue: {
      queued: queue.queued ?? 0,
      delivered: queue.delivered ?? 0,
      acked: queue.acked ?? 0,
      expired: queue.expired ?? 0,
      oldestQueuedAgeSeconds: queuedOldest === null ? null : Math.round((now - queuedOldest) / 1000),
    },
    deadLetters: {
      lastDay: deadLetters.length,
      scoutIds: [...new Set(deadLetters.map((d) => d.scoutId))].slice(0, ID_LIMIT),
    },
    reauth: { count: reauth.length, scoutIds: reauth.map((r) => r.scoutId).slice(0, ID_LIMIT) },
    watches: {
      expired: expiring.filter((w) => (w.expiresAt ?? 0) <= now).length,
      expiringWithin48h: expiring.filter((w) => (w.expiresAt ?? 0) > now).length,
      scoutIds: expiring.map((w) => w.scoutId).slice(0, ID_LIMIT),
    },
    errors: { lastHour: await window(now - HOUR), lastDay: await window(now - 24 * HOUR) },
    automations: { runningOverAnHour: stuck[0]?.n ?? 0 },
  };
}
export type OperatorOverview = Awaited<ReturnType<typeof operatorOverview>>;
