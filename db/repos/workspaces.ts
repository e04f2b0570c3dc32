import type { MergeOutcome } from "@scouts/core/workspaces/merge";
import type { WorkspaceStore } from "@scouts/core/workspaces/store";
import type { WorkspaceKind, WorkspaceObservation, WorkspaceRecord } from "@scouts/core/workspaces/types";
import { and, asc, eq, sql } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import { workspaces } from "../schema/workspaces.ts";

export type WorkspaceRow = typeof workspaces.$inferSelect;

export function toRecord(row: WorkspaceRow): WorkspaceRecord {
  return {
    workspaceKey: row.workspaceKey,
    kind: row.kind,
    displayName: row.displayName,
    displayNameAt: row.displayNameAt,
    memberCount: row.memberCount,
    archived: row.archived,
    archivedAt: row.archivedAt,
    tags: JSON.parse(row.tags) as string[],
    firstSeenAt: row.firstSeenAt,
    lastSeenAt: row.lastSeenAt,
  };
}

// The same rules as core's mergeWorkspace, applied in one statement so concurrent events cannot
// lose a write. SET expressions see the row as it was before this update.
const newerName = sql`excluded.display_name IS NOT NULL AND (workspaces.display_name_at IS NULL
  OR excluded.display_name_at > workspaces.display_name_at
  OR (excluded.display_name_at = workspaces.display_name_at AND excluded.display_name > workspaces.display_name))`;
const newerArchived = sql`excluded.archived_at IS NOT NULL AND (workspaces.archived_at IS NULL
  OR excluded.archived_at > workspaces.archived_at
  OR (excluded.archived_at = workspaces.archived_at AND excluded.archived = 1))`;

async function findByKey(db: ScoutsDb, spaceId: string, key: string): Promise<WorkspaceRow | undefined> {
  return db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.spaceId, spaceId), eq(workspaces.workspaceKey, key)))
    .get();
}

/**
 * The D1/libSQL WorkspaceStore: an atomic merge-upsert keyed by (space_id, workspace_key); a
 * kind change matches no row (setWhere) and is reported as rejected.
 * @example await harvestFromSlackEvent({ ctx: { store: createWorkspaceStore(db), clock, logger }, input })
 */
export function createWorkspaceStore(
  db: ScoutsDb,
  newId: () => string = () => crypto.randomUUID(),
): WorkspaceStore {
  return {
    async upsert(spaceId: string, obs: WorkspaceObservation): Promise<MergeOutcome> {
      const prior = await findByKey(db, spaceId, obs.workspaceKey);
      const name = obs.displayName?.trim() ? obs.displayName.trim().slice(0, 200) : null;
      const tags = JSON.stringify([...new Set(obs.tags ?? [])].sort().slice(0, 32));
      const row = await db
        .insert(workspaces)
        .values({
          id: newId(),
          spaceId,
          workspaceKey: obs.workspaceKey,
          kind: obs.kind,
          displayName: name,
          displayNameAt: name ? obs.seenAt : null,
          memberCount: obs.metadata.memberCount ?? null,
          archived: obs.metadata.archived ?? false,
          archivedAt: obs.metadata.archived === undefined ? null : obs.seenAt,
          tags,
          firstSeenAt: obs.seenAt,
          lastSeenAt: obs.seenAt,
        })
        .onConflictDoUpdate({
          target: [workspaces.spaceId, workspaces.workspaceKey],
          set: {
            displayName: sql`CASE WHEN ${newerName} THEN excluded.display_name ELSE workspaces.display_name END`,
            displayNameAt: sql`CASE WHEN ${newerName} THEN excluded.display_name_at ELSE workspaces.display_name_at END`,
            memberCount: sql`CASE WHEN excluded.member_count IS NULL THEN workspaces.member_count
              ELSE max(coalesce(workspaces.member_count, 0), excluded.member_count) END`,
            archived: sql`CASE WHEN ${newerArchived} THEN excluded.archived ELSE workspaces.archived END`,
            archivedAt: sql`CASE WHEN ${newerArchived} THEN excluded.archived_at ELSE workspaces.archived_at END`,
            tags: sql`(SELECT json_group_array(value) FROM (SELECT value FROM json_each(workspaces.tags)
              UNION SELECT value FROM json_each(excluded.tags) ORDER BY value LIMIT 32))`,
            firstSeenAt: sql`min(workspaces.first_seen_at, excluded.first_seen_at)`,
            lastSeenAt: sql`max(workspaces.last_seen_at, excluded.last_seen_at)`,
          },
          setWhere: sql`workspaces.kind = excluded.kind`,
        })
        .returning()
        .get();
      if (!row) return { status: "rejected", reason: "kind_change", record: toRecord(prior!) };
      const record = toRecord(row);
      if (!prior) return { status: "created", record };
      const same = JSON.stringify(toRecord(prior)) === JSON.stringify(record);
      return { status: same ? "unchanged" : "updated", record };
    },
  };
}

export async function listWorkspaces(
  db: ScoutsDb,
  input: { spaceId: string; kind?: WorkspaceKind },
): Promise<WorkspaceRow[]> {
  const where = input.kind
    ? and(eq(workspaces.spaceId, input.spaceId), eq(workspaces.kind, input.kind))
    : eq(workspaces.spaceId, input.spaceId);
  return db.select().from(workspaces).where(where).orderBy(asc(workspaces.workspaceKey)).all();
}

export async function findWorkspace(db: ScoutsDb, input: { spaceId: string; id: string }) {
  return db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.spaceId, input.spaceId), eq(workspaces.id, input.id)))
    .get();
}

/** Deletes one entry of a space's directory; false when it is not in that space. */
export async function deleteWorkspace(
  db: ScoutsDb,
  input: { spaceId: string; id: string },
): Promise<boolean> {
  const gone = await db
    .delete(workspaces)
    .where(and(eq(workspaces.spaceId, input.spaceId), eq(workspaces.id, input.id)))
    .returning({ id: workspaces.id })
    .all();
  return gone.length > 0;
}
