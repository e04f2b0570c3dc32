import { createEntityLog, type EntityRows, unknownProject } from "@scouts/core/device/entity-log";
import type { SyncedEntity } from "@scouts/core/protocol/frames";
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { AgentDb } from "../db/open.ts";
import { agentSettings, entities } from "../db/schema/index.ts";

type Row = typeof entities.$inferSelect;
const toSynced = ({ syncSeq: _s, ...r }: Row): SyncedEntity => ({
  ...r,
  kind: r.kind as SyncedEntity["kind"],
});
const cursorsKey = "entity_sync_cursors";

/** The `entities` table (migration 0004 adds deleted, writer, sync_seq) as `EntityRows`. */
function entityRows(db: AgentDb, now: () => number): EntityRows {
  return {
    async get(id) {
      const [r] = await db.select().from(entities).where(eq(entities.id, id));
      return r ? toSynced(r) : undefined;
    },
    async put(entity, seq) {
      const values = { ...entity, project: entity.project ?? null, syncSeq: seq };
      await db.insert(entities).values(values).onConflictDoUpdate({ target: entities.id, set: values });
    },
    async since(after, limit) {
      const rows = await db
        .select()
        .from(entities)
        .where(gt(entities.syncSeq, after))
        .orderBy(asc(entities.syncSeq))
        .limit(limit);
      return rows.map((r) => ({ seq: r.syncSeq, entity: toSynced(r) }));
    },
    async maxSeq() {
      const [r] = await db.select({ max: sql<number>`coalesce(max(${entities.syncSeq}), 0)` }).from(entities);
      return Number(r?.max ?? 0);
    },
    async list(kind) {
      const rows = await db
        .select()
        .from(entities)
        .where(and(eq(entities.kind, kind), eq(entities.deleted, false)))
        .orderBy(desc(entities.createdAt));
      return rows.map(toSynced);
    },
    async cursors() {
      const [r] = await db.select().from(agentSettings).where(eq(agentSettings.key, cursorsKey));
      return (r?.value as Record<string, number> | undefined) ?? {};
    },
    async setCursors(value) {
      await db
        .insert(agentSettings)
        .values({ key: cursorsKey, value, updatedAt: now() })
        .onConflictDoUpdate({ target: agentSettings.key, set: { value, updatedAt: now() } });
    },
  };
}

/**
 * Local tasks, events and notes (libSQL) and their change log for device-to-device sync
 * (`core/device/entity-log.ts`); `writer` is this agent's device id.
 *
 * @example const store = entityStore(db, now, ids, () => deviceId); await store.create("task", { title: "Pay" }, null);
 */
export function entityStore(db: AgentDb, now: () => number, ids: () => string, writer: () => string) {
  return createEntityLog({
    rows: entityRows(db, now),
    now,
    ids,
    writer,
    // Projects live in FOLDERS' `projects` table (migration 0002); entities only link to them by id.
    async checkProject(projectId) {
      const rows = await db.all<{ id: string }>(sql`select id from projects where id = ${projectId}`);
      if (rows.length === 0) throw unknownProject(projectId);
    },
  });
}
export type EntityStore = ReturnType<typeof entityStore>;
