import type { InStatement } from "@libsql/client";
import type { FilesQuery, ManifestFile } from "@scouts/core/folders/api";
import type { ManifestEntry } from "@scouts/core/folders/delta";
import type { FileKind } from "@scouts/core/folders/kinds";
import { and, count, desc, eq } from "drizzle-orm";
import type { FoldersDb } from "./db.ts";
import { projectFolderFiles } from "./schema.ts";

/** One summarized file ready to be written to the manifest. */
export interface FileRow {
  relativePath: string;
  kind: FileKind;
  size: number;
  mtimeMs: number;
  summary: string;
  status: "indexed" | "skipped" | "error";
  reason: string | null;
  summarizer: string | null;
}

/** The delta's view of the manifest; raw SQL because it runs on every scan over every row. */
export async function loadManifestEntries(db: FoldersDb, projectId: string): Promise<ManifestEntry[]> {
  const rs = await db.$client.execute({
    sql: "SELECT relative_path, size, mtime_ms FROM project_folder_files WHERE project_id = ?",
    args: [projectId],
  });
  return rs.rows.map((r) => ({
    relativePath: String(r.relative_path),
    size: Number(r.size),
    mtimeMs: Number(r.mtime_ms),
  }));
}

const stillOwned = "EXISTS (SELECT 1 FROM project_folders WHERE project_id = ? AND scan_owner = ?)";

/**
 * Commits one batch of a scan atomically, and only while this scanner still holds the lease
 * (an unlink or a stolen lease mid-scan makes the batch a no-op). Returns false when not owned.
 */
export async function commitScanBatch(
  db: FoldersDb,
  input: {
    projectId: string;
    owner: string;
    rows: readonly FileRow[];
    deleted: readonly string[];
    processed: number;
    total: number;
    leaseUntil: number;
    now: number;
  },
): Promise<boolean> {
  const { projectId, owner } = input;
  const stmts: InStatement[] = [
    {
      sql: "UPDATE project_folders SET scan_processed = ?, scan_total = ?, scan_lease_until = ? WHERE project_id = ? AND scan_owner = ?",
      args: [input.processed, input.total, input.leaseUntil, projectId, owner],
    },
  ];
  for (const r of input.rows) {
    stmts.push({
      sql: `INSERT INTO project_folder_files (project_id, relative_path, kind, size, mtime_ms, summary, status, reason, summarizer, indexed_at)
            SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${stillOwned}
            ON CONFLICT (project_id, relative_path) DO UPDATE SET kind = excluded.kind, size = excluded.size,
              mtime_ms = excluded.mtime_ms, summary = excluded.summary, status = excluded.status,
              reason = excluded.reason, summarizer = excluded.summarizer, indexed_at = excluded.indexed_at`,
      args: [
        projectId,
        r.relativePath,
        r.kind,
        r.size,
        r.mtimeMs,
        r.summary,
        r.status,
        r.reason,
        r.summarizer,
        input.now,
        projectId,
        owner,
      ],
    });
  }
  for (const p of input.deleted) {
    stmts.push({
      sql: `DELETE FROM project_folder_files WHERE project_id = ? AND relative_path = ? AND ${stillOwned}`,
      args: [projectId, p, projectId, owner],
    });
  }
  const results = await db.$client.batch(stmts, "write");
  return results[0]?.rowsAffected === 1;
}

const toManifestFile = (r: typeof projectFolderFiles.$inferSelect): ManifestFile => ({
  relativePath: r.relativePath,
  kind: r.kind,
  size: r.size,
  mtimeMs: r.mtimeMs,
  summary: r.summary,
  status: r.status,
  reason: r.reason,
});

/** Manifest rows, most recently modified first, optionally one kind, paged. */
export async function listManifestFiles(
  db: FoldersDb,
  projectId: string,
  query: FilesQuery,
): Promise<{ items: ManifestFile[]; total: number }> {
  const where =
    query.kind === "all"
      ? eq(projectFolderFiles.projectId, projectId)
      : and(eq(projectFolderFiles.projectId, projectId), eq(projectFolderFiles.kind, query.kind));
  const rows = await db
    .select()
    .from(projectFolderFiles)
    .where(where)
    .orderBy(desc(projectFolderFiles.mtimeMs), projectFolderFiles.relativePath)
    .limit(query.limit)
    .offset(query.offset);
  const [c] = await db.select({ n: count() }).from(projectFolderFiles).where(where);
  return { items: rows.map(toManifestFile), total: c?.n ?? 0 };
}

/** Every manifest row, most recent first (for the prompt block and staleness checks). */
export async function allManifestFiles(db: FoldersDb, projectId: string): Promise<ManifestFile[]> {
  const rows = await db
    .select()
    .from(projectFolderFiles)
    .where(eq(projectFolderFiles.projectId, projectId))
    .orderBy(desc(projectFolderFiles.mtimeMs), projectFolderFiles.relativePath);
  return rows.map(toManifestFile);
}
