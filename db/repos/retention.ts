import { and, inArray, lt } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import { scoutRunLogs, scoutTriageQueue } from "../schema/scouts.ts";

/** Rows deleted per statement: a bounded write per round (D1 statements have time limits). */
const perRound = 500;

/**
 * Deletes triage queue rows that ended (acked, expired, or dropped as spam — kept only so a
 * repeated job is a duplicate) before `before`. Rows still queued or delivered are kept whatever
 * their age: they are the person's pending proposals.
 * @example await pruneEndedQueueRows(db, now - 60 * day) // 120
 */
export async function pruneEndedQueueRows(db: ScoutsDb, before: number): Promise<number> {
  const ids = db
    .select({ id: scoutTriageQueue.id })
    .from(scoutTriageQueue)
    .where(
      and(
        inArray(scoutTriageQueue.status, ["acked", "expired", "dropped"]),
        lt(scoutTriageQueue.expiresAt, before),
      ),
    )
    .limit(perRound);
  const gone = await db
    .delete(scoutTriageQueue)
    .where(inArray(scoutTriageQueue.id, ids))
    .returning({ id: scoutTriageQueue.id });
  return gone.length;
}

/** Deletes run-log lines written before `before`. */
export async function pruneRunLogs(db: ScoutsDb, before: number): Promise<number> {
  const ids = db
    .select({ id: scoutRunLogs.id })
    .from(scoutRunLogs)
    .where(lt(scoutRunLogs.createdAt, before))
    .limit(perRound);
  const gone = await db
    .delete(scoutRunLogs)
    .where(inArray(scoutRunLogs.id, ids))
    .returning({ id: scoutRunLogs.id });
  return gone.length;
}
