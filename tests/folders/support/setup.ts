import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createFoldersContext, type FoldersCtx } from "../../../local-agent/folders/context.ts";
import { openFoldersDb } from "../../../local-agent/folders/db.ts";
import { createLocalSummarizer, type FileToSummarize } from "../../../local-agent/folders/summarize.ts";

/** A fresh temp directory; `cleanup` removes it. */
export async function tempDir(
  prefix = "scouts-folders-",
): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Writes `files` (relative path → content) under `root`, creating folders. */
export async function writeTree(root: string, files: Record<string, string | Uint8Array>): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    const full = path.join(root, rel);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, content);
  }
}

/** Sets a file's mtime (seconds since epoch) so deltas do not depend on timing. */
export async function touch(file: string, seconds: number): Promise<void> {
  await utimes(file, seconds, seconds);
}

/**
 * A real libSQL file DB under `home` and a folders context whose summarizer records every file
 * it is asked about (the real on-device summarizer does the work).
 */
export async function foldersFixture(home: string, overrides: Partial<FoldersCtx> = {}) {
  const { db, client } = await openFoldersDb(`file:${path.join(home, "agent.db")}`);
  const summarized: string[] = [];
  const real = createLocalSummarizer();
  const ctx = createFoldersContext({
    db,
    overrides: {
      summarize: async (f: FileToSummarize) => {
        summarized.push(f.relativePath);
        return real(f);
      },
      ...overrides,
    },
  });
  return { db, client, ctx, summarized, close: () => client.close() };
}
