import { realpath, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CoreError } from "@scouts/core/errors";
import type { Project, UpdateProjectRequest } from "@scouts/core/folders/api";
import type { FolderTier } from "@scouts/core/folders/kinds";
import { credentialPathReason } from "@scouts/core/folders/secrets";
import type { Clock, IdGenerator } from "@scouts/core/ports";
import type { FoldersDb } from "./db.ts";
import {
  deleteProjectRows,
  findProject,
  insertProject,
  projectView,
  removeFolder,
  updateProjectRow,
  upsertFolder,
} from "./projects-repo.ts";

export interface ProjectsCtx {
  db: FoldersDb;
  clock: Clock;
  newId: IdGenerator;
  /** A project was created, linked, edited, unlinked or deleted (the agent republishes it). */
  onProjectChanged?: (projectId: string) => Promise<void> | void;
}

type HookCtx = { db: FoldersDb; onProjectChanged?: ProjectsCtx["onProjectChanged"] };

/**
 * Creates a project by name (names are unique; an existing name is a conflict).
 * @example await createProject({ ctx, input: { name: "Website" } })
 */
export async function createProject({
  ctx,
  input,
}: {
  ctx: ProjectsCtx;
  input: { name: string };
}): Promise<Project> {
  const name = input.name.trim();
  if (!name) throw new CoreError("bad_input", "a project needs a name");
  if (await findProject(ctx.db, name))
    throw new CoreError("conflict", `a project named "${name}" already exists`);
  const now = ctx.clock.now();
  const id = ctx.newId();
  await insertProject(ctx.db, { id, name, createdAt: now, updatedAt: now });
  await ctx.onProjectChanged?.(id);
  return (await projectView(ctx.db, id))!;
}

/**
 * Renames a project and/or edits its notes (names stay unique: a taken name is a conflict).
 * @example await updateProject({ ctx, input: { project: "Website", edit: { name: "Site" } } })
 */
export async function updateProject({
  ctx,
  input,
}: {
  ctx: Omit<ProjectsCtx, "newId">;
  input: { project: string; edit: UpdateProjectRequest };
}): Promise<Project> {
  const p = await requireProject(ctx, input.project);
  const name = input.edit.name?.trim();
  if (name !== undefined && name !== p.name) {
    const other = await findProject(ctx.db, name);
    if (other && other.id !== p.id)
      throw new CoreError("conflict", `a project named "${name}" already exists`);
  }
  await updateProjectRow(ctx.db, p.id, {
    ...(name !== undefined ? { name } : {}),
    ...(input.edit.notes !== undefined ? { notes: input.edit.notes } : {}),
    updatedAt: ctx.clock.now(),
  });
  await ctx.onProjectChanged?.(p.id);
  return (await projectView(ctx.db, p.id))!;
}

/** A project by id or name, or `not_found` naming what was asked for. */
export async function requireProject(ctx: { db: FoldersDb }, idOrName: string) {
  const p = await findProject(ctx.db, idOrName);
  if (!p) throw new CoreError("not_found", `no project named "${idOrName}"`);
  return p;
}

/** System folders: never linked, nor anything inside them. */
const systemFolders = [
  "/bin",
  "/boot",
  "/dev",
  "/etc",
  "/lib",
  "/lib32",
  "/lib64",
  "/proc",
  "/sbin",
  "/sys",
  "/usr",
  "/System",
  "/private/etc",
  "C:\\Windows",
  "C:\\Program Files",
  "C:\\Program Files (x86)",
];
/** Folders that hold other people's or the system's data: not linked themselves (projects inside are fine). */
const sharedParents = [
  "/var",
  "/private",
  "/opt",
  "/srv",
  "/run",
  "/root",
  "/home",
  "/Users",
  "/mnt",
  "/media",
  "/Volumes",
  "/Library",
  "/Applications",
  "C:\\ProgramData",
  "C:\\Users",
];

function within(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/** Why a (real) folder path may not be linked: the file system root, the home folder, system or credential folders. */
async function linkRefusal(real: string): Promise<string | null> {
  if (path.parse(real).root === real) return "the root of the file system cannot be linked";
  const home = await realpath(os.homedir()).catch(() => os.homedir());
  if (real === home) return "the home folder itself cannot be linked: link a project folder inside it";
  if (within(real, home)) return "a folder that contains the home folder cannot be linked";
  for (const sys of systemFolders) {
    const resolved = await realpath(sys).catch(() => sys);
    if (within(resolved, real) || within(real, resolved)) return `${real} is or holds a system folder`;
  }
  for (const shared of sharedParents) {
    const resolved = await realpath(shared).catch(() => shared);
    if (real === resolved) return `${real} is a shared system folder: link a project folder inside it`;
  }
  const inHome = within(home, real) ? path.relative(home, real) : real;
  const credential = credentialPathReason(`${inHome.split(path.sep).join("/")}/x`);
  if (credential) return `the folder is ${credential}`;
  return null;
}

/**
 * Links a local folder to a project (creating the project when `createMissing`). The path must
 * be an absolute (or cwd-relative) existing directory; it is stored as its real path. The file
 * system root, the home folder itself, system and credential folders are refused; relinking
 * elsewhere drops the old manifest.
 * @example await linkFolder({ ctx, input: { project: "Website", path: "/home/me/site", createMissing: true } })
 */
export async function linkFolder({
  ctx,
  input,
}: {
  ctx: ProjectsCtx;
  input: { project: string; path: string; tier: FolderTier; createMissing?: boolean; cwd?: string };
}): Promise<Project> {
  if (input.path.includes("\0")) throw new CoreError("bad_input", "the folder path contains a NUL byte");
  const absolute = path.resolve(input.cwd ?? process.cwd(), input.path);
  const st = await stat(absolute).catch(() => null);
  if (!st) throw new CoreError("bad_input", `no folder at ${absolute}`);
  if (!st.isDirectory()) throw new CoreError("bad_input", `${absolute} is not a folder`);
  // Resolved once, here: later reads confine to this real path and never follow the link again.
  const real = await realpath(absolute);
  const refusal = await linkRefusal(real);
  if (refusal) throw new CoreError("forbidden", `refused: ${refusal}`);
  let project = await findProject(ctx.db, input.project);
  if (!project && input.createMissing) {
    await createProject({ ctx, input: { name: input.project } });
    project = await findProject(ctx.db, input.project);
  }
  if (!project) throw new CoreError("not_found", `no project named "${input.project}"`);
  await upsertFolder(ctx.db, {
    projectId: project.id,
    path: real,
    tier: input.tier,
    now: ctx.clock.now(),
  });
  await ctx.onProjectChanged?.(project.id);
  return (await projectView(ctx.db, project.id))!;
}

/** Unlinks the folder: its manifest rows are deleted, the project stays. */
export async function unlinkFolder({
  ctx,
  input,
}: {
  ctx: HookCtx;
  input: { project: string };
}): Promise<Project> {
  const p = await requireProject(ctx, input.project);
  await removeFolder(ctx.db, p.id);
  await ctx.onProjectChanged?.(p.id);
  return (await projectView(ctx.db, p.id))!;
}

export async function deleteProject({
  ctx,
  input,
}: {
  ctx: HookCtx;
  input: { project: string };
}): Promise<void> {
  const p = await requireProject(ctx, input.project);
  await deleteProjectRows(ctx.db, p.id);
  await ctx.onProjectChanged?.(p.id);
}
