import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Projects the person made in the PWA (or `scouts-agent link` created). */
export const projects = sqliteTable("projects", {
  id: text("id").primaryKey(),
  name: text("name").notNull().unique(),
  /** Free text the person keeps about the project (migration 0005); synced with names. */
  notes: text("notes").notNull().default(""),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/** The one folder a project links, and the state of its scans (one row per linked project). */
export const projectFolders = sqliteTable("project_folders", {
  projectId: text("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  path: text("path").notNull(),
  tier: text("tier", { enum: ["free", "pro", "unlimited"] }).notNull(),
  linkedAt: integer("linked_at").notNull(),
  scanStatus: text("scan_status", { enum: ["never", "scanning", "ok", "failed"] }).notNull(),
  scanStartedAt: integer("scan_started_at"),
  scanFinishedAt: integer("scan_finished_at"),
  scanError: text("scan_error"),
  scanProcessed: integer("scan_processed").notNull(),
  scanTotal: integer("scan_total").notNull(),
  omittedByLimit: integer("omitted_by_limit").notNull(),
  /** Who holds the scan lease and until when: the guard across processes (agent and CLI). */
  scanOwner: text("scan_owner"),
  scanLeaseUntil: integer("scan_lease_until"),
});

/** The manifest: one row per whitelisted file; content never leaves the device. */
export const projectFolderFiles = sqliteTable(
  "project_folder_files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    relativePath: text("relative_path").notNull(),
    kind: text("kind", { enum: ["text", "image", "pdf", "docx", "code", "skipped", "error"] }).notNull(),
    size: integer("size").notNull(),
    /** Float milliseconds as `stat` reports them, compared exactly for the delta. */
    mtimeMs: real("mtime_ms").notNull(),
    summary: text("summary").notNull(),
    status: text("status", { enum: ["indexed", "skipped", "error"] }).notNull(),
    reason: text("reason"),
    summarizer: text("summarizer"),
    indexedAt: integer("indexed_at").notNull(),
  },
  (t) => [
    uniqueIndex("project_folder_files_path_uq").on(t.projectId, t.relativePath),
    index("project_folder_files_recent_idx").on(t.projectId, t.mtimeMs),
  ],
);
