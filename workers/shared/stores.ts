import { plainAddress } from "@scouts/core/assistant/sender";
import type { CronStore } from "@scouts/core/pipeline/cron-ports";
import type { LedgerStore, PipelineScout, ScoutStore } from "@scouts/core/pipeline/ports";
import type { ScoutsDb } from "@scouts/db";
import { ledgerActions, scoutConnections, scouts } from "@scouts/db/schema/index";
import { and, eq, gt, inArray, sql } from "drizzle-orm";

/**
 * Drizzle adapters for the pipeline's store ports (scouts, connections, ledger, cron sweeps).
 * Each write is one conditional statement so concurrent or repeated runs stay idempotent.
 */
export function createScoutStore(db: ScoutsDb): ScoutStore {
  return {
    async getScout(scoutId) {
      const row = await db
        .select({
          scout: scouts,
          cursor: scoutConnections.historyCursor,
          syncState: scoutConnections.syncState,
          reauth: scoutConnections.needsReauth,
          provider: scoutConnections.provider,
          accountRef: scoutConnections.accountRef,
        })
        .from(scouts)
        .leftJoin(scoutConnections, eq(scoutConnections.scoutId, scouts.id))
        .where(eq(scouts.id, scoutId))
        .get();
      if (!row) return null;
      const mailbox = row.provider === "google" ? mailboxAddress(row.accountRef) : undefined;
      return {
        ...toPipelineScout(row.scout, row.cursor ?? null, row.reauth ?? false),
        syncState: row.syncState ?? null,
        ...(mailbox ? { mailbox } : {}),
      };
    },
    async advanceCursor(scoutId, cursor, state) {
      // Decimal strings without leading zeros order by (length, text): forward-only in one statement.
      const out = await db
        .update(scoutConnections)
        .set({
          historyCursor: cursor,
          ...(state === undefined ? {} : { syncState: state }),
          updatedAt: Date.now(),
        })
        .where(
          and(
            eq(scoutConnections.scoutId, scoutId),
            sql`(${scoutConnections.historyCursor} is null or length(${scoutConnections.historyCursor}) < length(${cursor})
              or (length(${scoutConnections.historyCursor}) = length(${cursor}) and ${scoutConnections.historyCursor} < ${cursor}))`,
          ),
        )
        .returning({ id: scoutConnections.id })
        .all();
      return out.length > 0;
    },
    async saveSyncState(scoutId, state) {
      await db
        .update(scoutConnections)
        .set({ syncState: state, updatedAt: Date.now() })
        .where(eq(scoutConnections.scoutId, scoutId));
    },
    async markRun(scoutId, at) {
      await db.update(scouts).set({ lastRunAt: at }).where(eq(scouts.id, scoutId));
    },
  };
}

/** A Google connection's account ref is its address; anything else is not taken for one. */
function mailboxAddress(ref: string | null): string | undefined {
  return plainAddress(ref) ?? undefined;
}

export function toPipelineScout(
  s: typeof scouts.$inferSelect,
  cursor: string | null,
  connectionReauth: boolean,
): PipelineScout {
  return {
    id: s.id,
    userId: s.userId,
    sourceType: s.sourceType,
    active: s.enabled && s.pausedReason === null,
    autoTrashSpam: s.autoTrashSpam,
    needsReauth: connectionReauth || s.pausedReason === "needs_reauth",
    cursor,
  };
}

export function createLedgerStore(db: ScoutsDb): LedgerStore {
  return {
    async hasAction(scoutId, action, targetRef) {
      const row = await db
        .select({ id: ledgerActions.id })
        .from(ledgerActions)
        .where(
          and(
            eq(ledgerActions.scoutId, scoutId),
            eq(ledgerActions.action, action),
            eq(ledgerActions.targetRef, targetRef),
          ),
        )
        .get();
      return row !== undefined;
    },
    async record(e) {
      // The unique (scout, action, target) index makes a racing second record a no-op.
      await db
        .insert(ledgerActions)
        .values({
          id: e.id,
          userId: e.userId,
          scoutId: e.scoutId,
          action: e.action,
          targetRef: e.targetRef,
          reversal: e.reversal,
          actor: e.actor,
          createdAt: e.createdAt,
        })
        .onConflictDoNothing();
    },
  };
}

const day = 86_400_000;
/** Last sign of life of any of the user's devices (a device never seen counts from pairing). */
const lastDeviceActivity = sql`(select max(coalesce(d.last_seen_at, d.created_at)) from devices d
  where d.user_id = ${scouts.userId} and d.revoked_at is null)`;

export function createCronStore(db: ScoutsDb): CronStore {
  const activeGmail = and(
    eq(scouts.enabled, true),
    sql`${scouts.pausedReason} is null`,
    eq(scouts.sourceType, "gmail"),
    eq(scoutConnections.needsReauth, false),
  );
  return {
    async claimStalePolls(now, limit) {
      const quiet = (col: typeof scouts.lastRunAt | typeof scouts.lastNotificationAt) =>
        sql`coalesce(${col}, 0) < ${now} - ${scouts.pollIntervalSeconds} * 1000`;
      const due = db
        .select({ id: scouts.id })
        .from(scouts)
        .innerJoin(scoutConnections, eq(scoutConnections.scoutId, scouts.id))
        .where(and(activeGmail, quiet(scouts.lastNotificationAt), quiet(scouts.lastRunAt)))
        .limit(limit);
      // One statement claims the whole page (a doubled tick claims each scout once): the cost
      // per tick is one D1 call, not one per scout.
      const won = await db
        .update(scouts)
        .set({ lastRunAt: now })
        .where(and(inArray(scouts.id, due), quiet(scouts.lastRunAt)))
        .returning({ id: scouts.id })
        .all();
      return won.map((w) => w.id);
    },
    async watchIdsExpiringBefore(before, afterId, limit) {
      const rows = await db
        .select({ id: scouts.id })
        .from(scouts)
        .innerJoin(scoutConnections, eq(scoutConnections.scoutId, scouts.id))
        .where(
          and(
            activeGmail,
            gt(scouts.id, afterId),
            sql`(${scoutConnections.watchExpiration} is null or ${scoutConnections.watchExpiration} < ${before})`,
          ),
        )
        .orderBy(scouts.id)
        .limit(limit)
        .all();
      return rows.map((r) => r.id);
    },
    async saveWatch(scoutId, expiration) {
      await db
        .update(scoutConnections)
        .set({ watchExpiration: expiration, updatedAt: Date.now() })
        .where(eq(scoutConnections.scoutId, scoutId));
    },
    async pauseInactive(now) {
      const out = await db
        .update(scouts)
        .set({ pausedReason: "device_inactive" })
        .where(
          and(
            eq(scouts.enabled, true),
            sql`${scouts.pausedReason} is null`,
            sql`max(coalesce(${lastDeviceActivity}, 0), ${scouts.createdAt}) < ${now} - ${scouts.deviceInactivityPauseDays} * ${day}`,
          ),
        )
        .returning({ id: scouts.id })
        .all();
      return out.length;
    },
    async unpauseActive(now, userId) {
      const out = await db
        .update(scouts)
        .set({ pausedReason: null })
        .where(
          and(
            eq(scouts.pausedReason, "device_inactive"),
            userId ? eq(scouts.userId, userId) : undefined,
            sql`coalesce(${lastDeviceActivity}, 0) >= ${now} - ${scouts.deviceInactivityPauseDays} * ${day}`,
          ),
        )
        .returning({ id: scouts.id })
        .all();
      return out.length;
    },
  };
}
