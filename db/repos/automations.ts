import type { AutomationRecord } from "@scouts/core/automation/executor/types";
import type { AutomationDefinition } from "@scouts/core/automation/schema/definition-types";
import { and, desc, eq, isNotNull, lt, lte, sql } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import {
  automationRuns,
  automations,
  automationTriggers,
  automationWebhookFires,
} from "../schema/automations.ts";
import { chunks, runBatch } from "./automation-runs.ts";

export { createRunStore } from "./automation-runs.ts";

type AutomationRow = typeof automations.$inferSelect;
export type TriggerRow = typeof automationTriggers.$inferSelect;

export function automationFromRow(r: AutomationRow): AutomationRecord {
  return {
    id: r.id,
    userId: r.userId,
    name: r.name,
    enabled: r.enabled,
    version: r.version,
    definition: r.definition as AutomationDefinition,
    concurrency: r.concurrency,
    lastFiredAt: r.lastFiredAt,
  };
}

export interface TriggerInsert {
  id: string;
  position: number;
  type: TriggerRow["type"];
  eventType?: string | null;
  cron?: string | null;
  timezone?: string | null;
  nextFireAt?: number | null;
}

/** Saves a new automation (version 1) and its triggers. */
export async function insertAutomation(
  db: ScoutsDb,
  input: {
    id: string;
    userId: string;
    definition: AutomationDefinition;
    triggers: TriggerInsert[];
    now: number;
  },
): Promise<AutomationRecord> {
  const row = {
    id: input.id,
    userId: input.userId,
    name: input.definition.name,
    version: 1,
    definition: input.definition,
    concurrency: input.definition.execution?.concurrency ?? "drop_if_running",
    createdAt: input.now,
    updatedAt: input.now,
  };
  await runBatch(db, [
    db.insert(automations).values(row),
    ...input.triggers.map((t) =>
      db.insert(automationTriggers).values({ ...t, automationId: input.id, userId: input.userId }),
    ),
  ]);
  return automationFromRow({ ...row, enabled: true, lastFiredAt: null });
}

/**
 * Replaces the definition with version+1 (runs keep their own snapshot). Webhook triggers keep
 * their token hash when the new definition still has a webhook trigger.
 */
export async function updateAutomationDefinition(
  db: ScoutsDb,
  input: {
    id: string;
    userId: string;
    expectedVersion: number;
    definition: AutomationDefinition;
    triggers: TriggerInsert[];
    now: number;
  },
): Promise<AutomationRecord | null> {
  const old = await db.select().from(automationTriggers).where(eq(automationTriggers.automationId, input.id));
  const keptHook = old.find((t) => t.type === "webhook" && t.tokenHash);
  const updated = await db
    .update(automations)
    .set({
      definition: input.definition,
      name: input.definition.name,
      version: input.expectedVersion + 1,
      concurrency: input.definition.execution?.concurrency ?? "drop_if_running",
      updatedAt: input.now,
    })
    .where(
      and(
        eq(automations.id, input.id),
        eq(automations.userId, input.userId),
        eq(automations.version, input.expectedVersion),
      ),
    )
    .returning();
  if (!updated[0]) return null;
  let hookKept = false;
  await runBatch(db, [
    db.delete(automationTriggers).where(eq(automationTriggers.automationId, input.id)),
    ...input.triggers.map((t) => {
      const keep = t.type === "webhook" && keptHook && !hookKept;
      if (keep) hookKept = true;
      return db.insert(automationTriggers).values({
        ...t,
        automationId: input.id,
        userId: input.userId,
        ...(keep
          ? { id: keptHook.id, tokenHash: keptHook.tokenHash, tokenCreatedAt: keptHook.tokenCreatedAt }
          : {}),
      });
    }),
  ]);
  return automationFromRow(updated[0]);
}

export async function getAutomation(
  db: ScoutsDb,
  userId: string,
  id: string,
): Promise<AutomationRecord | null> {
  const row = await db
    .select()
    .from(automations)
    .where(and(eq(automations.id, id), eq(automations.userId, userId)))
    .get();
  return row ? automationFromRow(row) : null;
}

export async function listAutomations(db: ScoutsDb, userId: string) {
  const rows = await db
    .select()
    .from(automations)
    .where(eq(automations.userId, userId))
    .orderBy(desc(automations.updatedAt));
  return rows.map(automationFromRow);
}

export async function setAutomationEnabled(
  db: ScoutsDb,
  userId: string,
  id: string,
  enabled: boolean,
  now: number,
) {
  const rows = await db
    .update(automations)
    .set({ enabled, updatedAt: now })
    .where(and(eq(automations.id, id), eq(automations.userId, userId)))
    .returning({ id: automations.id });
  return rows.length > 0;
}

export async function deleteAutomation(db: ScoutsDb, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(automations)
    .where(and(eq(automations.id, id), eq(automations.userId, userId)))
    .returning({ id: automations.id });
  return rows.length > 0;
}

export async function listTriggers(db: ScoutsDb, automationId: string): Promise<TriggerRow[]> {
  return db.select().from(automationTriggers).where(eq(automationTriggers.automationId, automationId));
}

/** Schedule triggers due at `now`, with their automation (enabled ones only). */
export async function dueSchedules(db: ScoutsDb, now: number, limit: number) {
  const rows = await db
    .select({ trigger: automationTriggers, automation: automations })
    .from(automationTriggers)
    .innerJoin(automations, eq(automations.id, automationTriggers.automationId))
    .where(
      and(
        eq(automationTriggers.type, "schedule"),
        eq(automationTriggers.enabled, true),
        isNotNull(automationTriggers.nextFireAt),
        lte(automationTriggers.nextFireAt, now),
        eq(automations.enabled, true),
      ),
    )
    .limit(limit);
  return rows.map((r) => ({ trigger: r.trigger, automation: automationFromRow(r.automation) }));
}

/**
 * Moves each schedule to its next fire time only if it still holds the time we read (compare and
 * set): a doubled cron tick finds nothing to advance and starts nothing. Moves sharing
 * (expected, next) go in one statement with the ids as a JSON parameter (D1 binds ≤ 100 values).
 * Returns the advanced ids.
 */
export async function advanceSchedules(
  db: ScoutsDb,
  moves: { id: string; expected: number; next: number }[],
): Promise<Set<string>> {
  const groups = new Map<string, { expected: number; next: number; ids: string[] }>();
  for (const m of moves) {
    const k = `${m.expected}|${m.next}`;
    const g = groups.get(k) ?? { expected: m.expected, next: m.next, ids: [] };
    g.ids.push(m.id);
    groups.set(k, g);
  }
  const statements = [...groups.values()].flatMap((g) =>
    chunks(g.ids, 2000).map((ids) =>
      db
        .update(automationTriggers)
        .set({ nextFireAt: g.next })
        .where(
          and(
            sql`${automationTriggers.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
            eq(automationTriggers.nextFireAt, g.expected),
          ),
        )
        .returning({ id: automationTriggers.id }),
    ),
  );
  const advanced = new Set<string>();
  for (const part of chunks(statements, 50)) {
    const results = await runBatch(db, part);
    for (const r of results) for (const row of r as { id: string }[]) advanced.add(row.id);
  }
  return advanced;
}

/** Event triggers of a user for one event type, with their (enabled) automation. */
export async function eventTriggers(db: ScoutsDb, userId: string, eventType: string) {
  const rows = await db
    .select({ trigger: automationTriggers, automation: automations })
    .from(automationTriggers)
    .innerJoin(automations, eq(automations.id, automationTriggers.automationId))
    .where(
      and(
        eq(automationTriggers.userId, userId),
        eq(automationTriggers.type, "event"),
        eq(automationTriggers.eventType, eventType),
        eq(automationTriggers.enabled, true),
        eq(automations.enabled, true),
      ),
    );
  return rows.map((r) => ({ trigger: r.trigger, automation: automationFromRow(r.automation) }));
}

export async function setWebhookTokenHash(db: ScoutsDb, triggerId: string, hash: string | null, now: number) {
  await db
    .update(automationTriggers)
    .set({ tokenHash: hash, tokenCreatedAt: hash ? now : null })
    .where(eq(automationTriggers.id, triggerId));
}

export async function webhookTrigger(db: ScoutsDb, automationId: string): Promise<TriggerRow | null> {
  const row = await db
    .select()
    .from(automationTriggers)
    .where(and(eq(automationTriggers.automationId, automationId), eq(automationTriggers.type, "webhook")))
    .get();
  return row ?? null;
}

/** Reserves `key` for `runId`; returns the run id already holding it when it was used before. */
export async function claimIdempotencyKey(
  db: ScoutsDb,
  input: { triggerId: string; key: string; runId: string; now: number },
) {
  const inserted = await db
    .insert(automationWebhookFires)
    .values({
      triggerId: input.triggerId,
      idempotencyKey: input.key,
      runId: input.runId,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ runId: automationWebhookFires.runId });
  if (inserted[0]) return null;
  const row = await db
    .select()
    .from(automationWebhookFires)
    .where(
      and(
        eq(automationWebhookFires.triggerId, input.triggerId),
        eq(automationWebhookFires.idempotencyKey, input.key),
      ),
    )
    .get();
  return row?.runId ?? null;
}

export async function releaseIdempotencyKey(db: ScoutsDb, triggerId: string, key: string) {
  await db
    .delete(automationWebhookFires)
    .where(
      and(eq(automationWebhookFires.triggerId, triggerId), eq(automationWebhookFires.idempotencyKey, key)),
    );
}

/** Forgets idempotency keys older than `cutoff` (24 h window). */
export async function purgeIdempotencyKeys(db: ScoutsDb, cutoff: number): Promise<number> {
  const rows = await db
    .delete(automationWebhookFires)
    .where(lt(automationWebhookFires.createdAt, cutoff))
    .returning({ k: automationWebhookFires.idempotencyKey });
  return rows.length;
}

export async function listRuns(db: ScoutsDb, userId: string, automationId: string, limit = 50) {
  return db
    .select({
      id: automationRuns.id,
      version: automationRuns.version,
      status: automationRuns.status,
      triggerType: automationRuns.triggerType,
      attempt: automationRuns.attempt,
      costUsd: automationRuns.costUsd,
      error: automationRuns.error,
      createdAt: automationRuns.createdAt,
      startedAt: automationRuns.startedAt,
      finishedAt: automationRuns.finishedAt,
    })
    .from(automationRuns)
    .where(and(eq(automationRuns.automationId, automationId), eq(automationRuns.userId, userId)))
    .orderBy(desc(automationRuns.createdAt))
    .limit(limit);
}
