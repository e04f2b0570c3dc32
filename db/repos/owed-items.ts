import type { OwedItem, OwedStore } from "@scouts/core/pipeline/owed";
import { and, asc, eq, gt, gte, lte, sql } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import { scoutOwedItems } from "../schema/pipeline.ts";
import { scouts } from "../schema/scouts.ts";

const toItem = (r: typeof scoutOwedItems.$inferSelect): OwedItem => ({
  scoutId: r.scoutId,
  jobKind: r.jobKind,
  itemRef: r.itemRef,
  source: r.source as OwedItem["source"],
  threadRef: r.threadRef,
  attempts: r.attempts,
  lastError: r.lastError,
});

/**
 * Owed work over D1/libSQL: one row per (scout, job kind, item), ids and an error code only.
 * @example await createOwedStore(db).owe({ scoutId, jobKind: "triage", itemRef: id, source: "gmail", threadRef: null, lastError: "upstream_unavailable" }, now, (n) => now + 60_000 * n)
 */
export function createOwedStore(db: ScoutsDb): OwedStore {
  return {
    async owe(item, now, nextAttemptAt) {
      const existing = await db
        .select({ attempts: scoutOwedItems.attempts })
        .from(scoutOwedItems)
        .where(
          and(
            eq(scoutOwedItems.scoutId, item.scoutId),
            eq(scoutOwedItems.jobKind, item.jobKind),
            eq(scoutOwedItems.itemRef, item.itemRef),
          ),
        )
        .get();
      const attempts = (existing?.attempts ?? 0) + 1;
      await db
        .insert(scoutOwedItems)
        .values({ ...item, attempts, nextAttemptAt: nextAttemptAt(attempts), createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [scoutOwedItems.scoutId, scoutOwedItems.jobKind, scoutOwedItems.itemRef],
          set: {
            attempts: sql`${scoutOwedItems.attempts} + 1`,
            lastError: item.lastError,
            updatedAt: now,
          },
        });
    },
    async due(now, limit) {
      const rows = await db
        .select()
        .from(scoutOwedItems)
        .where(lte(scoutOwedItems.nextAttemptAt, now))
        .orderBy(asc(scoutOwedItems.nextAttemptAt))
        .limit(limit)
        .all();
      return rows.map(toItem);
    },
    async postpone(items, at) {
      for (const item of items) {
        await db
          .update(scoutOwedItems)
          .set({ nextAttemptAt: at(item) })
          .where(
            and(
              eq(scoutOwedItems.scoutId, item.scoutId),
              eq(scoutOwedItems.jobKind, item.jobKind),
              eq(scoutOwedItems.itemRef, item.itemRef),
            ),
          );
      }
    },
    async pullForward(scoutId, now) {
      const rows = await db
        .update(scoutOwedItems)
        .set({ nextAttemptAt: now })
        .where(and(eq(scoutOwedItems.scoutId, scoutId), gt(scoutOwedItems.nextAttemptAt, now)))
        .returning({ itemRef: scoutOwedItems.itemRef });
      return rows.length;
    },
    async noteFailure(scoutId, error, at) {
      await db.update(scouts).set({ lastError: error, lastErrorAt: at }).where(eq(scouts.id, scoutId));
    },
    async lastFailure(scoutId, since) {
      const row = await db
        .select({ error: scouts.lastError })
        .from(scouts)
        .where(and(eq(scouts.id, scoutId), gte(scouts.lastErrorAt, since)))
        .get();
      return row?.error ?? null;
    },
    async settle(scoutId, jobKind, itemRef) {
      await db
        .delete(scoutOwedItems)
        .where(
          and(
            eq(scoutOwedItems.scoutId, scoutId),
            eq(scoutOwedItems.jobKind, jobKind),
            eq(scoutOwedItems.itemRef, itemRef),
          ),
        );
    },
  };
}

/** How many items a scout owes and the latest error code among them. */
export async function owedSummary(
  db: ScoutsDb,
  scoutId: string,
): Promise<{ count: number; lastError: string | null; lastErrorAt: number | null }> {
  const row = await db
    .select({ count: sql<number>`count(*)`, lastAt: sql<number | null>`max(${scoutOwedItems.updatedAt})` })
    .from(scoutOwedItems)
    .where(eq(scoutOwedItems.scoutId, scoutId))
    .get();
  if (!row || Number(row.count) === 0) return { count: 0, lastError: null, lastErrorAt: null };
  const last = await db
    .select({ lastError: scoutOwedItems.lastError, at: scoutOwedItems.updatedAt })
    .from(scoutOwedItems)
    .where(eq(scoutOwedItems.scoutId, scoutId))
    .orderBy(sql`${scoutOwedItems.updatedAt} desc`)
    .limit(1)
    .get();
  return { count: Number(row.count), lastError: last?.lastError ?? null, lastErrorAt: last?.at ?? null };
}
