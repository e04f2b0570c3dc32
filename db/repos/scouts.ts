import { and, desc, eq, sql } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import { scoutConnections, scoutRunLogs, scouts } from "../schema/scouts.ts";
import { owedSummary } from "./owed-items.ts";

export type ScoutRow = typeof scouts.$inferSelect;
export type SourceType = ScoutRow["sourceType"];

/** A scout as its owner sees it: settings plus connection health and the last run. */
export interface ScoutHealth {
  id: string;
  kind: ScoutRow["kind"];
  sourceType: SourceType;
  enabled: boolean;
  pausedReason: string | null;
  autoTrashSpam: boolean;
  deviceInactivityPauseDays: number;
  accountRef: string | null;
  needsReauth: boolean;
  lastRunAt: number | null;
  lastNotificationAt: number | null;
  lastRun: { kind: string; outcome: string; at: number } | null;
  /** Work that ran out of queue retries and is redone until it succeeds (ids stay in D1). */
  owed: { count: number; lastError: string | null; lastErrorAt: number | null };
}

export async function insertScout(
  db: ScoutsDb,
  input: { id: string; userId: string; kind: ScoutRow["kind"]; sourceType: SourceType; now: number },
): Promise<ScoutRow> {
  return db
    .insert(scouts)
    .values({
      id: input.id,
      userId: input.userId,
      kind: input.kind,
      sourceType: input.sourceType,
      createdAt: input.now,
    })
    .returning()
    .get();
}

export async function findScoutById(db: ScoutsDb, id: string): Promise<ScoutRow | undefined> {
  return db.select().from(scouts).where(eq(scouts.id, id)).get();
}

/** Scoped lookup: another user's scout id reads as "not found". */
export async function findScoutForUser(
  db: ScoutsDb,
  input: { userId: string; scoutId: string },
): Promise<ScoutRow | undefined> {
  return db
    .select()
    .from(scouts)
    .where(and(eq(scouts.id, input.scoutId), eq(scouts.userId, input.userId)))
    .get();
}

export async function listScoutsBySource(
  db: ScoutsDb,
  userId: string,
  sourceType: SourceType,
): Promise<ScoutRow[]> {
  return db
    .select()
    .from(scouts)
    .where(and(eq(scouts.userId, userId), eq(scouts.sourceType, sourceType)))
    .all();
}

/** @example const list = await listScoutHealth(db, userId); */
export async function listScoutHealth(db: ScoutsDb, userId: string): Promise<ScoutHealth[]> {
  const rows = await db
    .select({
      scout: scouts,
      accountRef: scoutConnections.accountRef,
      needsReauth: scoutConnections.needsReauth,
    })
    .from(scouts)
    .leftJoin(scoutConnections, eq(scoutConnections.scoutId, scouts.id))
    .where(eq(scouts.userId, userId))
    .orderBy(scouts.createdAt, scouts.id)
    .all();
  return Promise.all(
    rows.map(async ({ scout, accountRef, needsReauth }) => {
      const last = await db
        .select({ kind: scoutRunLogs.kind, outcome: scoutRunLogs.outcome, at: scoutRunLogs.createdAt })
        .from(scoutRunLogs)
        .where(eq(scoutRunLogs.scoutId, scout.id))
        .orderBy(desc(scoutRunLogs.createdAt))
        .limit(1)
        .get();
      return {
        id: scout.id,
        kind: scout.kind,
        sourceType: scout.sourceType,
        enabled: scout.enabled,
        pausedReason: scout.pausedReason,
        autoTrashSpam: scout.autoTrashSpam,
        deviceInactivityPauseDays: scout.deviceInactivityPauseDays,
        accountRef: accountRef ?? null,
        needsReauth: needsReauth ?? false,
        lastRunAt: scout.lastRunAt,
        lastNotificationAt: scout.lastNotificationAt,
        lastRun: last ?? null,
        owed: await owedSummary(db, scout.id),
      };
    }),
  );
}

export type ScoutSettingsPatch = Partial<
  Pick<ScoutRow, "enabled" | "autoTrashSpam" | "deviceInactivityPauseDays">
>;

/**
 * Updates a scout's settings only if `userId` owns it. Re-enabling clears a pause reason other
 * than `needs_reauth` (that one clears when the account reconnects).
 */
export async function updateScoutSettings(
  db: ScoutsDb,
  input: { userId: string; scoutId: string; patch: ScoutSettingsPatch },
): Promise<ScoutRow | undefined> {
  const keepReauth = sql<
    string | null
  >`case when ${scouts.pausedReason} = 'needs_reauth' then 'needs_reauth' else null end`;
  return db
    .update(scouts)
    .set(input.patch.enabled === true ? { ...input.patch, pausedReason: keepReauth } : input.patch)
    .where(and(eq(scouts.id, input.scoutId), eq(scouts.userId, input.userId)))
    .returning()
    .get();
}

/** Push arrived for the scout: feeds the cron's "quiet for longer than the interval" check. */
export async function recordNotification(db: ScoutsDb, scoutId: string, now: number): Promise<void> {
  await db.update(scouts).set({ lastNotificationAt: now }).where(eq(scouts.id, scoutId));
}

export async function setScoutPausedReason(
  db: ScoutsDb,
  scoutId: string,
  reason: string | null,
): Promise<void> {
  await db.update(scouts).set({ pausedReason: reason }).where(eq(scouts.id, scoutId));
}
