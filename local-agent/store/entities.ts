import { CoreError } from "@scouts/core/errors";
import type { Entity, EntityInput, EntityKind, EntityPatch } from "@scouts/core/protocol/local-api";
import { and, desc, eq, sql } from "drizzle-orm";
import type { AgentDb } from "../db/open.ts";
import { entities } from "../db/schema/index.ts";

type Row = typeof entities.$inferSelect;
const toEntity = (r: Row): Entity => ({ ...r, kind: r.kind as EntityKind });

/** Local tasks, events and notes. */
export function entityStore(db: AgentDb, now: () => number, ids: () => string) {
  // Projects live in FOLDERS' `projects` table (migration 0002); entities only link to them by id.
  async function requireProject(projectId: string | null | undefined): Promise<void> {
    if (!projectId) return;
    const rows = await db.all<{ id: string }>(sql`select id from projects where id = ${projectId}`);
    if (rows.length === 0) throw new CoreError("bad_input", `no project ${projectId}`);
  }
  return {
    async list(kind: EntityKind): Promise<Entity[]> {
      return (
        await db.select().from(entities).where(eq(entities.kind, kind)).orderBy(desc(entities.createdAt))
      ).map(toEntity);
    },
    async get(kind: EntityKind, id: string): Promise<Entity | null> {
      const [r] = await db
        .select()
        .from(entities)
        .where(and(eq(entities.kind, kind), eq(entities.id, id)));
      return r ? toEntity(r) : null;
    },
    async create(kind: EntityKind, input: EntityInput, sourceSuggestionId: string | null): Promise<Entity> {
      await requireProject(input.projectId);
      const at = now();
      const row: Row = {
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
        updatedAt: at,
      };
      await db.insert(entities).values(row);
      return toEntity(row);
    },
    async patch(kind: EntityKind, id: string, patch: EntityPatch): Promise<Entity | null> {
      await requireProject(patch.projectId);
      const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      await db
        .update(entities)
        .set({ ...clean, updatedAt: now() })
        .where(and(eq(entities.kind, kind), eq(entities.id, id)));
      return this.get(kind, id);
    },
    async remove(kind: EntityKind, id: string): Promise<Entity | null> {
      const existing = await this.get(kind, id);
      if (existing) await db.delete(entities).where(eq(entities.id, id));
      return existing;
    },
  };
}
export type EntityStore = ReturnType<typeof entityStore>;
