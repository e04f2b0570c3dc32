import { type Dirent, lstatSync, readdirSync } from "node:fs";
import path from "node:path";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import type { ListedFile } from "@scouts/core/folders/delta";
import { type ContentKind, ignoredDirectories, kindForName } from "@scouts/core/folders/kinds";

export interface WalkedFile extends ListedFile {
  kind: ContentKind;
}

export interface WalkResult {
  files: WalkedFile[];
  /** Whitelisted files past the files-per-folder limit (not indexed). */
  omittedByLimit: number;
  /** Directories that could not be listed (permission), relative paths. */
  unreadableDirs: string[];
}

/**
 * Lists the whitelisted regular files under `root` with one `lstat` each, in path order, skipping
 * ignored directories and every symbolic link (a link may point outside the folder). Stops
 * keeping files after `limit` and counts the rest. Each directory is read synchronously (about
 * twice as fast as 10,000 promises) and the loop yields between directories.
 * @example await walkFolder("/home/me/site", { limit: 200 })
 */
export async function walkFolder(root: string, opts: { limit: number }): Promise<WalkResult> {
  const files: WalkedFile[] = [];
  const unreadableDirs: string[] = [];
  let omittedByLimit = 0;
  const visit = async (relDir: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = readdirSync(path.join(root, relDir), { withFileTypes: true });
    } catch (e) {
      if (relDir === "") throw e;
      unreadableDirs.push(relDir);
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const here: { rel: string; kind: ContentKind }[] = [];
    const subdirs: string[] = [];
    for (const e of entries) {
      const rel = relDir ? `${relDir}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!ignoredDirectories.has(e.name)) subdirs.push(rel);
      } else if (e.isFile()) {
        const kind = kindForName(e.name);
        if (kind) here.push({ rel, kind });
      }
    }
    for (const f of here) {
      const st = lstatSync(path.join(root, f.rel), { throwIfNoEntry: false });
      if (!st?.isFile()) continue;
      if (files.length >= opts.limit) omittedByLimit++;
      else files.push({ relativePath: f.rel, kind: f.kind, size: st.size, mtimeMs: st.mtimeMs });
    }
    await yieldToLoop();
    for (const d of subdirs) await visit(d);
  };
  await visit("");
  return { files, omittedByLimit, unreadableDirs };
}
