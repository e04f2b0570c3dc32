import { and, desc, eq, gte, isNull, lte, type SQL } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import { ledgerActions } from "../schema/ledger.ts";
import { scouts, scoutTriageQueue } from "../schema/scouts.ts";

export type LedgerRow = typeof ledgerActions.$inferSelect;
export type NewLedgerRow = typeof ledgerActions.$inferInsert;

/** The proposal a user may act on, with its scout's source; null when it is not theirs. */
export async function findProposalForUser(db: ScoutsDb, userId: string, proposalId: string) {
  const row = await db
    .select({
      id: scoutTriageQueue.id,
      scoutId: scoutTriageQueue.scoutId,
      sourceMsgRef: scoutTriageQueue.sourceMsgRef,
      threadRef: scoutTriageQueue.threadRef,
      sourceType: scouts.sourceType,
    })
    .from(scoutTriageQueue)
    .innerJoin(scouts, eq(scouts.id, scoutTriageQueue.scoutId))
    .where(
      and(
        eq(scoutTriageQueue.id, proposalId),
        eq(scoutTriageQueue.userId, userId),
        eq(scouts.userId, userId),
      ),
    )
    .get();
  return row ?? null;
}

/**
 * Inserts a ledger row unless one with the same (user, idempotency key) exists; returns the row
 * that stands (the existing one on a replay) and whether this call created it.
 */
export async function claimLedgerRow(
  db: ScoutsDb,
  row: NewLedgerRow,
): Promise<{ row: LedgerRow; created: boolean }> {
  const inserted = await db.insert(ledgerActions).values(row).onConflictDoNothing().returning().all();
  if (inserted[0]) return { row: inserted[0], created: true };
  const existing = row.idempotencyKey
    ? await db
        .select()
        .from(ledgerActions)
        .where(
          and(eq(ledgerActions.userId, row.userId), eq(ledgerActions.idempotencyKey, row.idempotencyKey)),
        )
        .get()
    : undefined;
  if (!existing) throw new Error("ledger row vanished after a conflict");
  return { row: existing, created: false };
}

export async function deleteLedgerRow(db: ScoutsDb, id: string): Promise<void> {
  await db.delete(ledgerActions).where(eq(ledgerActions.id, id)).run();
}

export async function findLedgerRow(db: ScoutsDb, userId: string, id: string): Promise<LedgerRow | null> {
  return (
    (await db
      .select()
      .from(ledgerActions)
      .where(and(eq(ledgerActions.id, id), eq(ledgerActions.userId, userId)))
      .get()) ?? null
  );
}

export async function findUndoOf(db: ScoutsDb, userId: string, id: string): Promise<LedgerRow | null> {
  return (
    (await db
      .select()
      .from(ledgerActions)
      .where(and(eq(ledgerActions.userId, userId), eq(ledgerActions.undoOf, id)))
      .get()) ?? null
  );
}

/** Marks a row undone once; false when it already was (a concurrent undo won). */
export async function markLedgerUndone(db: ScoutsDb, id: string, at: number): Promise<boolean> {
  const res = await db
    .update(ledgerActions)
    .set({ undoneAt: at })
    .where(and(eq(ledgerActions.id, id), isNull(ledgerActions.undoneAt)))
    .returning({ id: ledgerActions.id })
    .all();
  return res.length > 0;
}

export async function clearLedgerUndone(db: ScoutsDb, id: string): Promise<void> {
  await db.update(ledgerActions).set({ undoneAt: null }).where(eq(ledgerActions.id, id)).run();
}

/** A user's ledger, newest first, filtered by run, session or time window. */
export async function listLedger(
  db: ScoutsDb,
  userId: string,
  q: { runId?: string; sessionId?: string; since?: number; until?: number; limit: number },
): Promise<LedgerRow[]> {
  const conds: SQL[] = [eq(ledgerActions.userId, userId)];
  if (q.runId) conds.push(eq(ledgerActions.runId, q.runId));
  if (q.sessionId) conds.push(eq(ledgerActions.sessionId, q.sessionId));
  if (q.since !== undefined) conds.push(gte(ledgerActions.createdAt, q.since));
  if (q.until !== undefined) conds.push(lte(ledgerActions.createdAt, q.until));
  return db
    .select()
    .from(ledgerActions)
    .where(and(...conds))
    .orderBy(desc(ledgerActions.createdAt), desc(ledgerActions.id))
    .limit(q.limit)
    .all();
}

/** Records a reversal learned only after the provider answered (a draft's id). */
export async function setLedgerReversal(
  db: ScoutsDb,
  id: string,
  reversal: Record<string, unknown>,
): Promise<void> {
  await db.update(ledgerActions).set({ reversal }).where(eq(ledgerActions.id, id)).run();
}
