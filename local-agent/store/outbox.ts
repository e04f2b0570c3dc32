import { and, asc, count, eq, ne } from "drizzle-orm";
import type { AgentDb } from "../db/open.ts";
import { pendingActions } from "../db/schema/index.ts";

export type OutboxKind = "action" | "undo" | "draft";
export type OutboxItem = typeof pendingActions.$inferSelect;

/** Cloud calls waiting to be sent, in insertion order; each id doubles as the Idempotency-Key. */
export function outboxStore(db: AgentDb, now: () => number) {
  return {
    async enqueue(item: {
      id: string;
      kind: OutboxKind;
      ledgerId: string | null;
      payload: Record<string, unknown>;
    }) {
      await db
        .insert(pendingActions)
        .values({ ...item, status: "pending", attempts: 0, lastError: null, createdAt: now(), doneAt: null })
        .onConflictDoNothing();
    },
    async pending(): Promise<OutboxItem[]> {
      return db
        .select()
        .from(pendingActions)
        .where(eq(pendingActions.status, "pending"))
        .orderBy(asc(pendingActions.seq));
    },
    async pendingCount(): Promise<number> {
      const [r] = await db
        .select({ n: count() })
        .from(pendingActions)
        .where(eq(pendingActions.status, "pending"));
      return r?.n ?? 0;
    },
    /** Settles a still-pending row; false when it was not pending any more (cancelled meanwhile). */
    async finish(id: string, status: "done" | "failed" | "cancelled", error: string | null = null) {
      const changed = await db
        .update(pendingActions)
        .set({ status, lastError: error, doneAt: now() })
        .where(and(eq(pendingActions.id, id), eq(pendingActions.status, "pending")))
        .returning({ id: pendingActions.id });
      return changed.length > 0;
    },
    async attempted(id: string, error: string) {
      const [r] = await db.select().from(pendingActions).where(eq(pendingActions.id, id));
      await db
        .update(pendingActions)
        .set({ attempts: (r?.attempts ?? 0) + 1, lastError: error })
        .where(eq(pendingActions.id, id));
    },
    /** Kill switch: every pending call but the person's undos is cancelled; returns their ledger ids. */
    async cancelAll(): Promise<string[]> {
      const stoppable = and(eq(pendingActions.status, "pending"), ne(pendingActions.kind, "undo"));
      const rows = await db.select().from(pendingActions).where(stoppable);
      await db.update(pendingActions).set({ status: "cancelled", doneAt: now() }).where(stoppable);
      return rows.map((r) => r.ledgerId).filter((x): x is string => x !== null);
    },
  };
}
export type OutboxStore = ReturnType<typeof outboxStore>;
