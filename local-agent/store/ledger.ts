import type { LedgerStore, UndoSelector } from "@scouts/core/assistant/ledger";
import type { LedgerEntry, LedgerItem, LedgerQuery } from "@scouts/core/protocol/local-api";
import { and, asc, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import type { AgentDb } from "../db/open.ts";
import { ledgerEntries, scoutSuggestions } from "../db/schema/index.ts";

type Row = typeof ledgerEntries.$inferSelect;

function toEntry(r: Row): LedgerEntry {
  return { ...r, actor: r.actor as LedgerEntry["actor"], status: r.status as LedgerEntry["status"] };
}

/** The local ledger mirror; implements core's `LedgerStore`. */
export function ledgerStore(db: AgentDb) {
  const store = {
    async get(id: string): Promise<LedgerEntry | null> {
      const [r] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.id, id));
      return r ? toEntry(r) : null;
    },
    async append(entry: LedgerEntry): Promise<void> {
      await db.insert(ledgerEntries).values(entry);
    },
    async update(id: string, patch: Partial<Row>): Promise<LedgerEntry | null> {
      await db.update(ledgerEntries).set(patch).where(eq(ledgerEntries.id, id));
      return store.get(id);
    },
    async markUndone(id: string, at: number): Promise<void> {
      await db.update(ledgerEntries).set({ undoneAt: at, status: "undone" }).where(eq(ledgerEntries.id, id));
    },
    async list(selector: UndoSelector): Promise<LedgerEntry[]> {
      const where =
        "ledgerId" in selector
          ? eq(ledgerEntries.id, selector.ledgerId)
          : "runId" in selector
            ? eq(ledgerEntries.runId, selector.runId)
            : "sessionId" in selector
              ? eq(ledgerEntries.sessionId, selector.sessionId)
              : and(
                  gte(ledgerEntries.createdAt, selector.since),
                  selector.until !== undefined ? lte(ledgerEntries.createdAt, selector.until) : undefined,
                );
      return (await db.select().from(ledgerEntries).where(where)).map(toEntry);
    },
    /** Every entry about one suggestion, oldest first. */
    async forSuggestion(suggestionId: string): Promise<LedgerEntry[]> {
      const rows = await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.suggestionId, suggestionId))
        .orderBy(asc(ledgerEntries.createdAt));
      return rows.map(toEntry);
    },
    /** Inserts unless an entry with this id exists; returns the entry that stands. */
    async appendIfAbsent(entry: LedgerEntry): Promise<LedgerEntry> {
      await db.insert(ledgerEntries).values(entry).onConflictDoNothing();
      return (await store.get(entry.id)) ?? entry;
    },
    async hasEntryFor(suggestionId: string): Promise<boolean> {
      const [r] = await db
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.suggestionId, suggestionId))
        .limit(1);
      return r !== undefined;
    },
    /** The actions recorded for a suggestion, any status (undone included), oldest first. */
    async actionsFor(suggestionId: string): Promise<string[]> {
      return (await store.forSuggestion(suggestionId)).filter((e) => e.actor !== "undo").map((e) => e.action);
    },
    /** Newest first, with the suggestion's subject and sender from this device's own copy. */
    async query(q: LedgerQuery): Promise<LedgerItem[]> {
      const conds: SQL[] = [];
      if (q.runId) conds.push(eq(ledgerEntries.runId, q.runId));
      if (q.sessionId) conds.push(eq(ledgerEntries.sessionId, q.sessionId));
      if (q.since !== undefined) conds.push(gte(ledgerEntries.createdAt, q.since));
      if (q.until !== undefined) conds.push(lte(ledgerEntries.createdAt, q.until));
      const rows = await db
        .select({ entry: ledgerEntries, subject: scoutSuggestions.subject, from: scoutSuggestions.fromAddr })
        .from(ledgerEntries)
        .leftJoin(scoutSuggestions, eq(scoutSuggestions.id, ledgerEntries.suggestionId))
        .where(conds.length ? and(...conds) : undefined)
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .limit(q.limit);
      return rows.map((r) => ({ ...toEntry(r.entry), subject: r.subject, from: r.from }));
    },
  } satisfies LedgerStore & Record<string, unknown>;
  return store;
}
export type AgentLedgerStore = ReturnType<typeof ledgerStore>;
