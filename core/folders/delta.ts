/** What the manifest remembers about a file, enough to decide whether to read it again. */
export interface ManifestEntry {
  relativePath: string;
  size: number;
  mtimeMs: number;
}

/** One `stat` result from the walk. */
export interface ListedFile {
  relativePath: string;
  size: number;
  mtimeMs: number;
}

export interface FolderDelta {
  added: ListedFile[];
  changed: ListedFile[];
  unchanged: ListedFile[];
  deleted: string[];
}

/**
 * Splits a walk's listing against the manifest by size and mtime, so unchanged files cost only
 * the `stat` already done; a file the manifest lacks (new, or not reached before a crash) is added.
 * @example computeDelta([{ relativePath: "a.md", size: 1, mtimeMs: 5 }], [{ relativePath: "a.md", size: 2, mtimeMs: 6 }])
 * // { added: [], changed: [{ relativePath: "a.md", ... }], unchanged: [], deleted: [] }
 */
export function computeDelta(
  manifest: readonly ManifestEntry[],
  listing: readonly ListedFile[],
): FolderDelta {
  const known = new Map<string, ManifestEntry>();
  for (const entry of manifest) known.set(entry.relativePath, entry);
  const delta: FolderDelta = { added: [], changed: [], unchanged: [], deleted: [] };
  const seen = new Set<string>();
  for (const file of listing) {
    seen.add(file.relativePath);
    const before = known.get(file.relativePath);
    if (!before) delta.added.push(file);
    else if (before.size !== file.size || before.mtimeMs !== file.mtimeMs) delta.changed.push(file);
    else delta.unchanged.push(file);
  }
  for (const entry of manifest) if (!seen.has(entry.relativePath)) delta.deleted.push(entry.relativePath);
  return delta;
}
