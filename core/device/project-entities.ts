import { UpdateProjectRequest } from "../folders/api.ts";
import type { SyncedEntity } from "../protocol/frames.ts";

/**
 * A project as every synced device sees it: the agent's record without anything from the file
 * system except the linked folder's display name (never its path), file count and last scan.
 */
export interface SyncedProject {
  id: string;
  name: string;
  notes: string;
  /** The linked folder's last path segment, or null when no folder is linked. */
  folderName: string | null;
  fileCount: number;
  lastScanAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** What the agent publishes for one of its projects (`putProject`). */
export type ProjectRecord = Omit<SyncedProject, "updatedAt">;

/**
 * What another device may change: name and notes. Linking, unlinking and deleting stay on the
 * agent (a browser has no file system to link).
 */
export const ProjectEdit = UpdateProjectRequest;
export type ProjectEdit = UpdateProjectRequest;

/**
 * The display name of a linked folder: its last segment (POSIX or Windows separators).
 *
 * @example folderDisplayName("/home/me/work/site/") // "site"
 */
export function folderDisplayName(path: string): string {
  const parts = path.split(/[\\/]+/).filter(Boolean);
  return (parts[parts.length - 1] ?? path).slice(0, 255);
}

/** A synced `project` version as the screens see it. */
export function toSyncedProject(e: SyncedEntity): SyncedProject {
  return {
    id: e.id,
    name: e.title,
    notes: e.body,
    folderName: e.project?.folderName ?? null,
    fileCount: e.project?.fileCount ?? 0,
    lastScanAt: e.project?.lastScanAt ?? null,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

/** The entity fields of a project version (task-only fields empty). */
export function projectFields(p: ProjectRecord): Omit<SyncedEntity, "updatedAt" | "writer"> {
  return {
    id: p.id,
    kind: "project",
    title: p.name,
    body: p.notes,
    due: null,
    done: false,
    start: null,
    end: null,
    location: null,
    projectId: null,
    sourceSuggestionId: null,
    createdAt: p.createdAt,
    deleted: false,
    project: { folderName: p.folderName, fileCount: p.fileCount, lastScanAt: p.lastScanAt },
  };
}

/** True when `cur` is a live project version saying exactly what `p` says (nothing to publish). */
export function projectUnchanged(cur: SyncedEntity | undefined, p: ProjectRecord): boolean {
  if (!cur || cur.deleted || cur.kind !== "project") return false;
  const a = toSyncedProject(cur);
  return (
    a.name === p.name &&
    a.notes === p.notes &&
    a.folderName === p.folderName &&
    a.fileCount === p.fileCount &&
    a.lastScanAt === p.lastScanAt &&
    a.createdAt === p.createdAt
  );
}
