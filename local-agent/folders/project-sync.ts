import type { EntityLog } from "@scouts/core/device/entity-log";
import { folderDisplayName, type ProjectRecord } from "@scouts/core/device/project-entities";
import { isCoreError } from "@scouts/core/errors";
import { UpdateProjectRequest } from "@scouts/core/folders/api";
import type { Logger } from "@scouts/core/ports";
import type { SyncedEntity } from "@scouts/core/protocol/frames";
import type { FoldersDb } from "./db.ts";
import { type ProjectsCtx, updateProject } from "./projects.ts";
import { listProjects, projectView } from "./projects-repo.ts";

/**
 * What the agent tells its other devices about a project, or null when it is gone: the folder's
 * display name (never its path), file count and last scan time; no manifest, no file content.
 */
export async function projectRecord(db: FoldersDb, id: string): Promise<ProjectRecord | null> {
  const p = await projectView(db, id);
  if (!p) return null;
  return {
    id: p.id,
    name: p.name,
    notes: p.notes ?? "",
    folderName: p.folder ? folderDisplayName(p.folder.path) : null,
    fileCount: p.folder?.fileCount ?? 0,
    lastScanAt: p.folder?.scan.finishedAt ?? null,
    createdAt: p.createdAt,
  };
}

/**
 * Projects in the entity log (kind `project`), so a browser-only device sees them. The agent is
 * the authority: it publishes on every change; a name/notes edit from another device is applied
 * to its record; anything else another device says (a delete, an unknown id, stale metadata) is
 * answered with the agent's own newer version.
 *
 * @example const sync = createProjectSync({ ctx, log }); ctx.onProjectChanged = sync.publish; await sync.publishAll();
 */
export function createProjectSync(opts: {
  ctx: Omit<ProjectsCtx, "newId">;
  log: EntityLog;
  logger?: Logger;
}) {
  const { ctx, log } = opts;
  let chain: Promise<unknown> = Promise.resolve();
  // One publish at a time: each reads the record fresh, so the last one written is the newest.
  const serially = (fn: () => Promise<unknown>): Promise<void> => {
    const next = chain.then(fn);
    chain = next.catch((e: unknown) =>
      opts.logger?.log("warn", "project_sync.failed", { error: e instanceof Error ? e.name : "error" }),
    );
    return chain.then(() => {});
  };
  const publishNow = async (id: string) => {
    const r = await projectRecord(ctx.db, id);
    if (r) await log.putProject(r);
    else await log.removeProject(id);
  };

  return {
    /** Writes the project's current state to the entity log (no-op when nothing changed). */
    publish: (id: string) => serially(() => publishNow(id)),
    /** At start: every project (the CLI may have changed some while the agent was off); drops gone ones. */
    publishAll: () =>
      serially(async () => {
        const ids = new Set<string>();
        for (const p of await listProjects(ctx.db)) {
          ids.add(p.id);
          await publishNow(p.id);
        }
        for (const s of await log.projects()) if (!ids.has(s.id)) await log.removeProject(s.id);
      }),
    /** Project versions from other devices that won here: apply name/notes, then republish. */
    applyRemote: (won: SyncedEntity[]) =>
      serially(async () => {
        for (const e of won) {
          if (e.kind !== "project") continue;
          const edit = UpdateProjectRequest.safeParse({ name: e.title, notes: e.body });
          if (!e.deleted && edit.success) {
            await updateProject({
              ctx: { ...ctx, onProjectChanged: undefined },
              input: { project: e.id, edit: edit.data },
            }).catch((err: unknown) => {
              // Unknown project or a taken name: the agent's version below wins instead (so does an invalid edit).
              if (!isCoreError(err)) throw err;
            });
          }
          await publishNow(e.id);
        }
      }),
  };
}
export type ProjectSync = ReturnType<typeof createProjectSync>;
