import { mergeEntity, stampLocal, tombstone } from "@scouts/core/device/entity-merge";
import type { EntitySyncStore } from "@scouts/core/device/entity-sync";
import { CoreError } from "@scouts/core/errors";
import { SyncedEntity } from "@scouts/core/protocol/frames";
import type { Entity, EntityInput, EntityKind, EntityPatch } from "@scouts/core/protocol/local-api";
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { AgentDb } from "../db/open.ts";
import { agentSettings, entities } from "../db/schema/index.ts";

type Row = typeof entities.$inferSelect;
const toEntity = ({ deleted: _d, writer: _w, syncSeq: _s, ...r }: Row): Entity => ({
  ...r,
  kind: r.kind as EntityKind,
});
const toSynced = ({ syncSeq: _s, ...r }: Row): SyncedEntity => ({ ...r, kind: r.kind as EntityKind });
const cursorsKey = "entity_sync_cursors";

/**
 * Local tasks, events and notes, and this device's entity change log for device-to-device sync:
 * every version that wins here (a local write, or a merge of another device's) gets the next
 * `sync_seq`; a delete is a tombstone. `writer` names this device in versions it writes.
 *
 * @example const store = entityStore(db, now, ids, () => deviceId); await store.create("task", { title: "Pay" }, null);
 */
export function entityStore(db: AgentDb, now: () => number, ids: () => string, writer: () => string) {
  // One write at a time: sequence numbers must be unique and increasing for cursors to be exact.
  let lock: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = lock.then(fn);
    lock = run.catch(() => {});
    return run;
  };
  const listeners = new Set<() => void>();

  async function nextSeq(): Promise<number> {
    const [r] = await db.select({ max: sql<number>`coalesce(max(${entities.syncSeq}), 0)` }).from(entities);
    return Number(r?.max ?? 0) + 1;
  }
  async function row(id: string): Promise<Row | undefined> {
    return (await db.select().from(entities).where(eq(entities.id, id)))[0];
  }
  async function save(v: SyncedEntity): Promise<void> {
    const values = { ...v, syncSeq: await nextSeq() };
    await db.insert(entities).values(values).onConflictDoUpdate({ target: entities.id, set: values });
  }
  async function writeLocal(v: SyncedEntity): Promise<void> {
    await save(v);
    for (const l of listeners) l();
  }
  // Projects live in FOLDERS' `projects` table (migration 0002); entities only link to them by id.
  async function requireProject(projectId: string | null | undefined): Promise<void> {
    if (!projectId) return;
    const rows = await db.all<{ id: string }>(sql`select id from projects where id = ${projectId}`);
    if (rows.length === 0) throw new CoreError("bad_input", `no project ${projectId}`);
  }

  const sync: EntitySyncStore = {
    async changesSince(after, limit) {
      const rows = await db
        .select()
        .from(entities)
        .where(gt(entities.syncSeq, after))
        .orderBy(asc(entities.syncSeq))
        .limit(limit);
      return rows.map((r) => ({ seq: r.syncSeq, entity: toSynced(r) }));
    },
    apply: (changes) =>
      exclusive(async () => {
        const won: SyncedEntity[] = [];
        for (const c of changes) {
          const cur = await row(c.id);
          const w = mergeEntity(cur ? toSynced(cur) : undefined, SyncedEntity.parse(c));
          if (!w) continue;
          await save(w);
          won.push(w);
        }
        return won;
      }),
    lastSeq: async () => (await nextSeq()) - 1,
    async cursors() {
      const [r] = await db.select().from(agentSettings).where(eq(agentSettings.key, cursorsKey));
      return (r?.value as Record<string, number> | undefined) ?? {};
    },
    async setCursor(peer, cursor) {
      const value = { ...(await this.cursors()), [peer]: cursor };
      await db
        .insert(agentSettings)
        .values({ key: cursorsKey, value, updatedAt: now() })
        .onConflictDoUpdate({ target: agentSettings.key, set: { value, updatedAt: now() } });
    },
  };

  return {
    sync,
    /** Called after every local write (the sync pushes it to the other devices). */
    onLocalWrite(fn: () => void): () => void {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    async list(kind: EntityKind): Promise<Entity[]> {
      return (
        await db
          .select()
          .from(entities)
          .where(and(eq(entities.kind, kind), eq(entities.deleted, false)))
          .orderBy(desc(entities.createdAt))
      ).map(toEntity);
    },
    async get(kind: EntityKind, id: string): Promise<Entity | null> {
      const r = await row(id);
      return r && r.kind === kind && !r.deleted ? toEntity(r) : null;
    },
    create(kind: EntityKind, input: EntityInput, sourceSuggestionId: string | null): Promise<Entity> {
      return exclusive(async () => {
        await requireProject(input.projectId);
        const at = now();
        const v = stampLocal(
          undefined,
          {
            id: ids(),
            kind,
            title: input.title,
            body: input.body ?? "",
            due: input.due ?? null,
            done: input.done ?? false,
            start: input.start ?? null,
            end: input.end ?? null,
            location: input.location ?? null,
            projectId: input.projectId ?? null,
            sourceSuggestionId,
            createdAt: at,
            deleted: false,
          },
          writer(),
          at,
        );
        await writeLocal(v);
        return toEntity({ ...v, syncSeq: 0 });
      });
    },
    patch(kind: EntityKind, id: string, patch: EntityPatch): Promise<Entity | null> {
      return exclusive(async () => {
        await requireProject(patch.projectId);
        const cur = await row(id);
        if (!cur || cur.kind !== kind || cur.deleted) return null;
        const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
        const prev = toSynced(cur);
        const v = stampLocal(prev, { ...prev, ...clean }, writer(), now());
        await writeLocal(v);
        return toEntity({ ...v, syncSeq: 0 });
      });
    },
    remove(kind: EntityKind, id: string): Promise<Entity | null> {
      return exclusive(async () => {
        const cur = await row(id);
        if (!cur || cur.kind !== kind || cur.deleted) return null;
        await writeLocal(tombstone(toSynced(cur), writer(), now()));
        return toEntity(cur);
      });
    },
  };
}
export type EntityStore = ReturnType<typeof entityStore>;
