import { z } from "zod";
import { fileKinds } from "./kinds.ts";

/** Zod contract of the agent's `/local/v1/projects` routes (FOLDERS), shared with the PWA. */

export const FileKind = z.enum(fileKinds);
export const FolderTier = z.enum(["free", "pro", "unlimited"]);

export const ScanStatus = z.enum(["never", "scanning", "ok", "failed"]);

export const ScanState = z.object({
  status: ScanStatus,
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  processed: z.number().int(),
  total: z.number().int(),
  error: z.string().nullable(),
  /** Whitelisted files beyond the tier's files-per-folder limit, not indexed. */
  omittedByLimit: z.number().int(),
});
export type ScanState = z.infer<typeof ScanState>;

export const ProjectFolder = z.object({
  path: z.string(),
  tier: FolderTier,
  linkedAt: z.number(),
  fileCount: z.number().int(),
  scan: ScanState,
});
export type ProjectFolder = z.infer<typeof ProjectFolder>;

export const Project = z.object({
  id: z.string(),
  name: z.string(),
  /** The person's notes about the project (synced with the name to their other devices). */
  notes: z.string().optional(),
  createdAt: z.number(),
  folder: ProjectFolder.nullable(),
});
export type Project = z.infer<typeof Project>;

export const ProjectList = z.object({ items: z.array(Project) });
export type ProjectList = z.infer<typeof ProjectList>;

export const CreateProjectRequest = z.object({ name: z.string().trim().min(1).max(200) });
export type CreateProjectRequest = z.infer<typeof CreateProjectRequest>;

/** `PATCH /projects/:project`: rename and/or edit notes (also what other devices may change). */
export const UpdateProjectRequest = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    notes: z.string().max(4000).optional(),
  })
  .strict();
export type UpdateProjectRequest = z.infer<typeof UpdateProjectRequest>;

export const LinkFolderRequest = z.object({
  path: z.string().min(1).max(4096),
  tier: FolderTier.optional(),
  /** Start the first scan right away (default true). */
  scan: z.boolean().optional(),
});
export type LinkFolderRequest = z.infer<typeof LinkFolderRequest>;

export const ManifestFile = z.object({
  relativePath: z.string(),
  kind: FileKind,
  size: z.number().int(),
  mtimeMs: z.number(),
  summary: z.string(),
  status: z.enum(["indexed", "skipped", "error"]),
  reason: z.string().nullable(),
});
export type ManifestFile = z.infer<typeof ManifestFile>;

export const FilesQuery = z.object({
  kind: z.enum(["all", "text", "image", "pdf", "docx", "code", "skipped", "error"]).default("all"),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});
export type FilesQuery = z.infer<typeof FilesQuery>;

export const FilesPage = z.object({ items: z.array(ManifestFile), total: z.number().int() });
export type FilesPage = z.infer<typeof FilesPage>;

export const ManifestResponse = z.object({
  projectId: z.string(),
  block: z.string(),
  fileCount: z.number().int(),
  /** A tracked file's mtime differed from the manifest when it was read; a rescan was started. */
  stale: z.boolean(),
  scan: ScanState,
});
export type ManifestResponse = z.infer<typeof ManifestResponse>;

export const ScanResponse = z.object({ started: z.boolean(), alreadyRunning: z.boolean(), scan: ScanState });
export type ScanResponse = z.infer<typeof ScanResponse>;

export const ReadFileRequest = z.object({ relativePath: z.string().min(1).max(4096) });
export type ReadFileRequest = z.infer<typeof ReadFileRequest>;

export const ReadFileResponse = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("text"),
    relativePath: z.string(),
    content: z.string(),
    truncated: z.boolean(),
    size: z.number().int(),
  }),
  z.object({
    type: z.literal("image"),
    relativePath: z.string(),
    mime: z.enum(["image/png", "image/jpeg"]),
    base64: z.string(),
    size: z.number().int(),
  }),
]);
export type ReadFileResponse = z.infer<typeof ReadFileResponse>;

/** SSE `GET /projects/:id/progress` data (event name `scan.progress`). */
export const ScanProgressEvent = z.object({
  projectId: z.string(),
  phase: z.enum(["listing", "indexing", "done", "failed"]),
  processed: z.number().int(),
  total: z.number().int(),
  error: z.string().nullable(),
});
export type ScanProgressEvent = z.infer<typeof ScanProgressEvent>;
