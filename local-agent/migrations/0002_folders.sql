-- Project folders (FOLDERS): projects, their linked folder with scan state, and the manifest.
CREATE TABLE IF NOT EXISTS projects (
  id TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS project_folders (
  project_id TEXT PRIMARY KEY NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  path TEXT NOT NULL,
  tier TEXT NOT NULL,
  linked_at INTEGER NOT NULL,
  scan_status TEXT NOT NULL,
  scan_started_at INTEGER,
  scan_finished_at INTEGER,
  scan_error TEXT,
  scan_processed INTEGER NOT NULL,
  scan_total INTEGER NOT NULL,
  omitted_by_limit INTEGER NOT NULL,
  scan_owner TEXT,
  scan_lease_until INTEGER
);

CREATE TABLE IF NOT EXISTS project_folder_files (
  id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  relative_path TEXT NOT NULL,
  kind TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  summary TEXT NOT NULL,
  status TEXT NOT NULL,
  reason TEXT,
  summarizer TEXT,
  indexed_at INTEGER NOT NULL
);

CREATE UNIQUE INDEX IF NOT EXISTS project_folder_files_path_uq ON project_folder_files (project_id, relative_path);
CREATE INDEX IF NOT EXISTS project_folder_files_recent_idx ON project_folder_files (project_id, mtime_ms);
