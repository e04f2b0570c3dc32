import { and, asc, desc, eq, inArray, like, lte, sql } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import { scouts, scoutTriageQueue } from "../schema/scouts.ts";

type Row = typeof scoutTriageQueue.$inferSelect;
export type QueueStatus = Row["status"];
export type TriageQueueRow = Omit<Row, "deliveredAt" | "ackedAt"> & {
  sourceType: (typeof scouts.$inferSelect)["sourceType"];
};
export type NewTriageQueueRow = Omit<Row, "status" | "deliveredAt" | "ackedAt"> & { dropped?: boolean };

/** Marks a row the person restored with "not spam"; stripped again by its undo. */
export const notSpamPrefix = "not spam; stage 1 said: ";

/** D1 binds at most 100 parameters per statement. */
const chunk = 90;

/**
 * The triage queue: ids and verdicts only. Every write is conditional on the current status,
 * so doubled deliveries, acks and sweeps are no-ops.
 * @example const repo = createTriageQueueRepo(db); await repo.insert(row) // true once, then false
 */
export function createTriageQueueRepo(db: ScoutsDb) {
  const withSource = {
    id: scoutTriageQueue.id,
    userId: scoutTriageQueue.userId,
    scoutId: scoutTriageQueue.scoutId,
    sourceType: scouts.sourceType,
    sourceMsgRef: scoutTriageQueue.sourceMsgRef,
    threadRef: scoutTriageQueue.threadRef,
    verdict: scoutTriageQueue.verdict,
    reason: scoutTriageQueue.reason,
    confidence: scoutTriageQueue.confidence,
    status: scoutTriageQueue.status,
    createdAt: scoutTriageQueue.createdAt,
    expiresAt: scoutTriageQueue.expiresAt,
  };
  return {
    async exists(scoutId: string, sourceMsgRef: string): Promise<boolean> {
      const row = await db
        .select({ id: scoutTriageQueue.id })
        .from(scoutTriageQueue)
        .where(and(eq(scoutTriageQueue.scoutId, scoutId), eq(scoutTriageQueue.sourceMsgRef, sourceMsgRef)))
        .get();
      return row !== undefined;
    },
    async insert({ dropped, ...row }: NewTriageQueueRow): Promise<boolean> {
      const out = await db
        .insert(scoutTriageQueue)
        .values({ ...row, status: dropped ? "dropped" : "queued" })
        .onConflictDoNothing()
        .returning({ id: scoutTriageQueue.id })
        .all();
      return out.length > 0;
    },
    async listForUser(userId: string, statuses: QueueStatus[], limit: number): Promise<TriageQueueRow[]> {
      return db
        .select(withSource)
        .from(scoutTriageQueue)
        .innerJoin(scouts, eq(scouts.id, scoutTriageQueue.scoutId))
        .where(and(eq(scoutTriageQueue.userId, userId), inArray(scoutTriageQueue.status, statuses)))
        .orderBy(asc(scoutTriageQueue.createdAt), asc(scoutTriageQueue.id))
        .limit(limit)
        .all();
    },
    async getForUser(userId: string, proposalId: string): Promise<TriageQueueRow | null> {
      const row = await db
        .select(withSource)
        .from(scoutTriageQueue)
        .innerJoin(scouts, eq(scouts.id, scoutTriageQueue.scoutId))
        .where(and(eq(scoutTriageQueue.id, proposalId), eq(scoutTriageQueue.userId, userId)))
        .get();
      return row ?? null;
    },
    async markDelivered(ids: string[], at: number): Promise<void> {
      for (let i = 0; i < ids.length; i += chunk) {
        await db
          .update(scoutTriageQueue)
          .set({ status: "delivered", deliveredAt: at })
          .where(
            and(inArray(scoutTriageQueue.id, ids.slice(i, i + chunk)), eq(scoutTriageQueue.status, "queued")),
          );
      }
    },
    /** True when the row is (now) acked; false for unknown ids and other users' rows. */
    async ack(userId: string, proposalId: string, at: number): Promise<boolean> {
      const mine = and(eq(scoutTriageQueue.id, proposalId), eq(scoutTriageQueue.userId, userId));
      const changed = await db
        .update(scoutTriageQueue)
        .set({ status: "acked", ackedAt: at })
        .where(and(mine, inArray(scoutTriageQueue.status, ["queued", "delivered"])))
        .returning({ id: scoutTriageQueue.id })
        .all();
      if (changed.length) return true;
      const row = await db
        .select({ status: scoutTriageQueue.status })
        .from(scoutTriageQueue)
        .where(mine)
        .get();
      return row?.status === "acked";
    },
    async listDropped(userId: string, limit: number): Promise<TriageQueueRow[]> {
      return db
        .select(withSource)
        .from(scoutTriageQueue)
        .innerJoin(scouts, eq(scouts.id, scoutTriageQueue.scoutId))
        .where(and(eq(scoutTriageQueue.userId, userId), eq(scoutTriageQueue.status, "dropped")))
        .orderBy(desc(scoutTriageQueue.createdAt), desc(scoutTriageQueue.id))
        .limit(limit)
        .all();
    },
    async setScreened(
      userId: string,
      proposalId: string,
      op: "restore" | "rescreen",
      expiresAt: number,
    ): Promise<boolean> {
      const mine = and(eq(scoutTriageQueue.id, proposalId), eq(scoutTriageQueue.userId, userId));
      const changed = await db
        .update(scoutTriageQueue)
        .set(
          op === "restore"
            ? {
                status: "queued",
                verdict: "relevant",
                reason: sql`${notSpamPrefix} || ${scoutTriageQueue.reason}`,
                deliveredAt: null,
                ackedAt: null,
                expiresAt,
              }
            : {
                status: "dropped",
                verdict: "spam",
                reason: sql`substr(${scoutTriageQueue.reason}, ${notSpamPrefix.length + 1})`,
              },
        )
        .where(
          and(
            mine,
            op === "restore"
              ? eq(scoutTriageQueue.status, "dropped")
              : and(
                  inArray(scoutTriageQueue.status, ["queued", "delivered", "acked"]),
                  // Only a row "not spam" restored goes back: a proposal stage 1 let through never does.
                  like(scoutTriageQueue.reason, `${notSpamPrefix}%`),
                ),
          ),
        )
        .returning({ id: scoutTriageQueue.id })
        .all();
      return changed.length > 0;
    },
    async expire(now: number): Promise<number> {
      const out = await db
        .update(scoutTriageQueue)
        .set({ status: "expired" })
        .where(
          and(
            inArray(scoutTriageQueue.status, ["queued", "delivered"]),
            lte(scoutTriageQueue.expiresAt, now),
          ),
        )
        .returning({ id: scoutTriageQueue.id })
        .all();
      return out.length;
    },
  };
}

export type TriageQueueRepo = ReturnType<typeof createTriageQueueRepo>;
