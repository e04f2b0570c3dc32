import type { Cohort, Suggestion, SuggestionQuery } from "@scouts/core/protocol/local-api";
import { and, count, desc, eq, gte, inArray, isNull, lt, lte, notExists, or, type SQL } from "drizzle-orm";
import type { AgentDb } from "../db/open.ts";
import { scoutSuggestions, screenerHeld } from "../db/schema/index.ts";

type Row = typeof scoutSuggestions.$inferSelect;

/** Not held back by the Screener (waiting for the person's answer or screened out). */
function notHeld(db: AgentDb): SQL {
  return notExists(
    db
      .select({ id: screenerHeld.suggestionId })
      .from(screenerHeld)
      .where(and(eq(screenerHeld.suggestionId, scoutSuggestions.id), isNull(screenerHeld.releasedAt))),
  );
}

export function rowToSuggestion(r: Row): Suggestion {
  return {
    id: r.id,
    scoutId: r.scoutId,
    source: r.source as Suggestion["source"],
    sourceMsgRef: r.sourceMsgRef,
    threadRef: r.threadRef,
    from: r.fromAddr,
    subject: r.subject,
    snippet: r.snippet,
    receivedAt: r.receivedAt,
    storedAt: r.storedAt,
    status: r.status as Suggestion["status"],
    category: r.category,
    bucket: r.bucket as Suggestion["bucket"],
    speechAct: r.speechAct as Suggestion["speechAct"],
    contentCategory: r.contentCategory,
    priority: r.priority,
    why: r.why,
    cohort: r.cohort as Suggestion["cohort"],
    entities: r.entities,
    verdict: r.verdict as Suggestion["verdict"],
    confidence: r.confidence,
    reason: r.reason,
    corrected: r.corrected,
    snoozedUntil: r.snoozedUntil,
    labels: r.labels,
    convertedTo: r.convertedKind
      ? {
          kind: r.convertedKind as NonNullable<Suggestion["convertedTo"]>["kind"],
          entityId: r.convertedEntityId,
        }
      : null,
    decidedAt: r.decidedAt,
    draftId: r.draftId,
    to: r.recipients,
    unread: r.unread,
    hasAttachment: r.hasAttachment,
    openedAt: r.openedAt,
  };
}

export function suggestionToRow(
  s: Suggestion,
  sender: string,
  headers: Record<string, string[]> | null,
): Row {
  return {
    id: s.id,
    scoutId: s.scoutId,
    source: s.source,
    sourceMsgRef: s.sourceMsgRef,
    threadRef: s.threadRef,
    fromAddr: s.from,
    sender,
    subject: s.subject,
    snippet: s.snippet,
    receivedAt: s.receivedAt,
    storedAt: s.storedAt,
    status: s.status,
    category: s.category,
    bucket: s.bucket,
    speechAct: s.speechAct,
    contentCategory: s.contentCategory,
    priority: s.priority,
    why: s.why,
    cohort: s.cohort,
    entities: s.entities,
    verdict: s.verdict,
    confidence: s.confidence,
    reason: s.reason,
    corrected: s.corrected,
    snoozedUntil: s.snoozedUntil,
    labels: s.labels,
    convertedKind: s.convertedTo?.kind ?? null,
    convertedEntityId: s.convertedTo?.entityId ?? null,
    decidedAt: s.decidedAt,
    headers,
    ackedAt: null,
    draftId: s.draftId ?? null,
    recipients: s.to ?? null,
    unread: s.unread ?? null,
    hasAttachment: s.hasAttachment ?? null,
    openedAt: s.openedAt ?? null,
  };
}

/** Suggestions in the agent's libSQL file. */
export function suggestionStore(db: AgentDb) {
  return {
    async get(id: string): Promise<Suggestion | null> {
      const [r] = await db.select().from(scoutSuggestions).where(eq(scoutSuggestions.id, id));
      return r ? rowToSuggestion(r) : null;
    },
    async headers(id: string): Promise<Record<string, string[]> | null> {
      const [r] = await db
        .select({ h: scoutSuggestions.headers })
        .from(scoutSuggestions)
        .where(eq(scoutSuggestions.id, id));
      return r?.h ?? null;
    },
    /** Inserts unless the id exists; true when inserted (dedupe by proposalId). */
    async insertIfAbsent(
      s: Suggestion,
      sender: string,
      headers: Record<string, string[]> | null,
    ): Promise<boolean> {
      const res = await db
        .insert(scoutSuggestions)
        .values(suggestionToRow(s, sender, headers))
        .onConflictDoNothing();
      return res.rowsAffected > 0;
    },
    async update(id: string, patch: Partial<Row>): Promise<Suggestion | null> {
      await db.update(scoutSuggestions).set(patch).where(eq(scoutSuggestions.id, id));
      return this.get(id);
    },
    async remove(id: string): Promise<void> {
      await db.delete(scoutSuggestions).where(eq(scoutSuggestions.id, id));
    },
    async markAcked(id: string, at: number): Promise<void> {
      await db.update(scoutSuggestions).set({ ackedAt: at }).where(eq(scoutSuggestions.id, id));
    },
    /** A page, newest first; the cursor is `receivedAt:id` of the last item. `cohorts` limits to those. */
    async list(
      q: SuggestionQuery & { cohorts?: readonly Cohort[] },
    ): Promise<{ items: Suggestion[]; total: number; nextCursor: string | null }> {
      const conds: SQL[] = [notHeld(db)];
      if (q.cohorts) conds.push(inArray(scoutSuggestions.cohort, [...q.cohorts]));
      if (q.status) conds.push(eq(scoutSuggestions.status, q.status));
      if (q.bucket) conds.push(eq(scoutSuggestions.bucket, q.bucket));
      if (q.cohort) conds.push(eq(scoutSuggestions.cohort, q.cohort));
      if (q.category) conds.push(eq(scoutSuggestions.category, q.category));
      if (q.since !== undefined) conds.push(gte(scoutSuggestions.receivedAt, q.since));
      const where = conds.length ? and(...conds) : undefined;
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(scoutSuggestions).where(where);
      const page: SQL[] = [...conds];
      if (q.cursor) {
        const [at, id] = [Number(q.cursor.split(":")[0]), q.cursor.slice(q.cursor.indexOf(":") + 1)];
        page.push(
          or(
            lt(scoutSuggestions.receivedAt, at),
            and(eq(scoutSuggestions.receivedAt, at), lt(scoutSuggestions.id, id)),
          )!,
        );
      }
      const rows = await db
        .select()
        .from(scoutSuggestions)
        .where(page.length ? and(...page) : undefined)
        .orderBy(desc(scoutSuggestions.receivedAt), desc(scoutSuggestions.id))
        .limit(q.limit);
      const items = rows.map(rowToSuggestion);
      const last = items.at(-1);
      return {
        items,
        total: n,
        nextCursor: items.length === q.limit && last ? `${last.receivedAt}:${last.id}` : null,
      };
    },
    async all(): Promise<Suggestion[]> {
      const rows = await db
        .select()
        .from(scoutSuggestions)
        .where(notHeld(db))
        .orderBy(desc(scoutSuggestions.receivedAt));
      return rows.map(rowToSuggestion);
    },
    /** Snoozed suggestions whose time has come (the wake, `core/device/snooze-wake.ts`, brings them back). */
    async dueSnoozed(now: number): Promise<Suggestion[]> {
      const rows = await db
        .select()
        .from(scoutSuggestions)
        .where(and(eq(scoutSuggestions.status, "snoozed"), lte(scoutSuggestions.snoozedUntil, now)));
      return rows.map(rowToSuggestion);
    },
    /** How many suggestions the device keeps from one source. */
    async countBySource(source: Suggestion["source"]): Promise<number> {
      const [r] = await db
        .select({ n: count() })
        .from(scoutSuggestions)
        .where(eq(scoutSuggestions.source, source));
      return r?.n ?? 0;
    },
    async counts(): Promise<{ total: number; new: number; unprocessed: number }> {
      const [t] = await db.select({ n: count() }).from(scoutSuggestions);
      const [n] = await db
        .select({ n: count() })
        .from(scoutSuggestions)
        .where(and(eq(scoutSuggestions.status, "new"), notHeld(db)));
      const [u] = await db
        .select({ n: count() })
        .from(scoutSuggestions)
        .where(eq(scoutSuggestions.category, "unprocessed"));
      return { total: t?.n ?? 0, new: n?.n ?? 0, unprocessed: u?.n ?? 0 };
    },
  };
}
export type SuggestionStore = ReturnType<typeof suggestionStore>;
