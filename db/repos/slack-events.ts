import { eq, lt } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import { slackEventsSeen } from "../schema/scouts.ts";

/**
 * Records a Slack `event_id`; true only for the first delivery (INSERT OR IGNORE), so Slack's
 * retries (at once, after 1 and 5 minutes) are answered without a second job.
 * @example if (await markSlackEventSeen(db, "Ev123", Date.now())) await enqueue(...);
 */
export async function markSlackEventSeen(db: ScoutsDb, eventId: string, now: number): Promise<boolean> {
  const row = await db
    .insert(slackEventsSeen)
    .values({ eventId, receivedAt: now })
    .onConflictDoNothing()
    .returning({ eventId: slackEventsSeen.eventId })
    .get();
  return row !== undefined;
}

/** Undoes `markSlackEventSeen` when the job could not be queued, so Slack's retry is processed. */
export async function forgetSlackEvent(db: ScoutsDb, eventId: string): Promise<void> {
  await db.delete(slackEventsSeen).where(eq(slackEventsSeen.eventId, eventId));
}

/**
 * Drops dedupe rows older than `before` (Slack stops retrying after ~5 minutes; a day is plenty).
 * For the nightly sweep. Returns how many rows went.
 */
export async function pruneSlackEventsSeen(db: ScoutsDb, before: number): Promise<number> {
  const gone = await db
    .delete(slackEventsSeen)
    .where(lt(slackEventsSeen.receivedAt, before))
    .returning({ eventId: slackEventsSeen.eventId })
    .all();
  return gone.length;
}
