import type { Project, ScanState } from "@scouts/core/folders/api";
import type { FolderTier } from "@scouts/core/folders/kinds";
import { and, count, eq, ne } from "drizzle-orm";
import type { FoldersDb } from "./db.ts";
import { ownerIsDead } from "./scan-lease.ts";
import { projectFolderFiles, projectFolders, projects } from "./schema.ts";

type ProjectRow = typeof projects.$inferSelect;
export type FolderRow = typeof projectFolders.$inferSelect;

/** Scan state for display; a "scanning" row whose holder died or whose lease ran out was interrupted. */
export function scanStateOf(f: FolderRow, now = Date.now()): ScanState {
  const interrupted =
    f.scanStatus === "scanning" &&
    (!f.scanOwner || (f.scanLeaseUntil ?? 0) < now || ownerIsDead(f.scanOwner));
  return {
    status: interrupted ? "failed" : f.scanStatus,
    startedAt: f.scanStartedAt,
    finishedAt: f.scanFinishedAt,
    processed: f.scanProcessed,
    total: f.scanTotal,
    error: interrupted ? "the last scan was interrupted; the next scan resumes it" : f.scanError,
    omittedByLimit: f.omittedByLimit,
  };
}

async function toProject(db: FoldersDb, p: ProjectRow): Promise<Project> {
  const f = await getFolder(db, p.id);
  if (!f) return { id: p.id, name: p.name, notes: p.notes, createdAt: p.createdAt, folder: null };
  const [c] = await db
    .select({ n: count() })
    .from(projectFolderFiles)
    .where(and(eq(projectFolderFiles.projectId, p.id), ne(projectFolderFiles.status, "error")));
  return {
    id: p.id,
    name: p.name,
    notes: p.notes,
    createdAt: p.createdAt,
    folder: { path: f.path, tier: f.tier, linkedAt: f.linkedAt, fileCount: c?.n ?? 0, scan: scanStateOf(f) },
  };
}

export async function listProjects(db: FoldersDb): Promise<Project[]> {
  const rows = await db.select().from(projects).orderBy(projects.name);
  return Promise.all(rows.map((p) => toProject(db, p)));
}

/** A project by id, or by its exact name (the CLI takes names). */
export async function findProject(db: FoldersDb, idOrName: string): Promise<ProjectRow | undefined> {
  const [byId] = await db.select().from(projects).where(eq(projects.id, idOrName));
  if (byId) return byId;
  const [byName] = await db.select().from(projects).where(eq(projects.name, idOrName));
  return byName;
}

export async function projectView(db: FoldersDb, id: string): Promise<Project | undefined> {
  const [p] = await db.select().from(projects).where(eq(projects.id, id));
  return p ? toProject(db, p) : undefined;
}

export async function insertProject(db: FoldersDb, row: typeof projects.$inferInsert): Promise<void> {
  await db.insert(projects).values(row);
}

/** Renames a project and/or sets its notes. */
export async function updateProjectRow(
  db: FoldersDb,
  id: string,
  set: { name?: string; notes?: string; updatedAt: number },
): Promise<void> {
  await db.update(projects).set(set).where(eq(projects.id, id));
}

export async function deleteProjectRows(db: FoldersDb, id: string): Promise<void> {
  await db.delete(projectFolderFiles).where(eq(projectFolderFiles.projectId, id));
  await db.delete(projectFolders).where(eq(projectFolders.projectId, id));
  await db.delete(projects).where(eq(projects.id, id));
}

export async function getFolder(db: FoldersDb, projectId: string): Promise<FolderRow | undefined> {
  const [f] = await db.select().from(projectFolders).where(eq(projectFolders.projectId, projectId));
  return f;
}

export async function listFolders(db: FoldersDb): Promise<FolderRow[]> {
  return db.select().from(projectFolders);
}

/** Links (or relinks) a folder; a different path drops the old manifest. */
export async function upsertFolder(
  db: FoldersDb,
  input: { projectId: string; path: string; tier: FolderTier; now: number },
): Promise<void> {
  const existing = await getFolder(db, input.projectId);
  if (existing && existing.path === input.path) {
    await db
      .update(projectFolders)
      .set({ tier: input.tier })
      .where(eq(projectFolders.projectId, input.projectId));
    return;
  }
  await db.delete(projectFolderFiles).where(eq(projectFolderFiles.projectId, input.projectId));
  await db.delete(projectFolders).where(eq(projectFolders.projectId, input.projectId));
  await db.insert(projectFolders).values({
    projectId: input.projectId,
    path: input.path,
    tier: input.tier,
    linkedAt: input.now,
    scanStatus: "never",
    scanProcessed: 0,
    scanTotal: 0,
    omittedByLimit: 0,
  });
}

/** Unlink: the folder row and every manifest row go; the project stays. */
export async function removeFolder(db: FoldersDb, projectId: string): Promise<void> {
  await db.delete(projectFolderFiles).where(eq(projectFolderFiles.projectId, projectId));
  await db.delete(projectFolders).where(eq(projectFolders.projectId, projectId));
}
