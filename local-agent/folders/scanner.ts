import path from "node:path";
import { CoreError } from "@scouts/core/errors";
import { computeDelta } from "@scouts/core/folders/delta";
import { tierFileLimits } from "@scouts/core/folders/kinds";
import { checkRelativePath } from "@scouts/core/folders/path-safety";
import type { Clock, Logger } from "@scouts/core/ports";
import type { FoldersDb } from "./db.ts";
import { commitScanBatch, type FileRow, loadManifestEntries } from "./files-repo.ts";
import type { ScanProgressHub } from "./progress.ts";
import { getFolder } from "./projects-repo.ts";
import { acquireScanLease, newLeaseOwner, releaseScanLease } from "./scan-lease.ts";
import type { Summarizer } from "./summarize.ts";
import { walkFolder } from "./walk.ts";

export interface ScanCtx {
  db: FoldersDb;
  clock: Clock;
  logger: Logger;
  summarize: Summarizer;
  progress: ScanProgressHub;
  /** Scans running in this process, so concurrent callers join instead of racing. */
  running: Map<string, Promise<ScanResult>>;
  leaseTtlMs?: number;
  batchSize?: number;
  /** Aborted when the agent shuts down: the scan stops at the next batch boundary. */
  signal?: AbortSignal;
  /** Summaries in flight at once (default 4). */
  concurrency?: number;
  /** A project's synced metadata changed (the agent republishes it to the user's other devices). */
  onProjectChanged?: (projectId: string) => Promise<void> | void;
}

export interface ScanResult {
  projectId: string;
  listed: number;
  added: number;
  changed: number;
  unchanged: number;
  deleted: number;
  omittedByLimit: number;
  /** Sub-folders that could not be listed (permission); their files count as deleted. */
  unreadableDirs: number;
  durationMs: number;
}

/**
 * Scans a linked project's folder: walk + `stat`, delta against the manifest, summarize only new
 * and changed files, delete vanished rows, committing in small batches so a crash resumes from
 * the delta. One scan per project: a concurrent call in this process joins the running scan;
 * one in another process gets `conflict`.
 * @example const { scan } = startScan({ ctx, input: { projectId } }); await scan
 */
export function startScan({ ctx, input }: { ctx: ScanCtx; input: { projectId: string } }): {
  scan: Promise<ScanResult>;
  alreadyRunning: boolean;
} {
  const existing = ctx.running.get(input.projectId);
  if (existing) return { scan: existing, alreadyRunning: true };
  const scan = runScan(ctx, input.projectId).finally(() => ctx.running.delete(input.projectId));
  ctx.running.set(input.projectId, scan);
  return { scan, alreadyRunning: false };
}

async function runScan(ctx: ScanCtx, projectId: string): Promise<ScanResult> {
  const started = ctx.clock.now();
  const folder = await getFolder(ctx.db, projectId);
  if (!folder) throw new CoreError("conflict", "this project has no linked folder: link one first");
  const { owner, done } = newLeaseOwner();
  const ttl = ctx.leaseTtlMs ?? 60_000;
  const lease = await acquireScanLease(ctx.db, { projectId, owner, now: started, ttlMs: ttl });
  if (!lease.acquired) {
    done();
    throw new CoreError("conflict", "a scan of this project is already running in another process", {
      details: { heldBy: lease.heldBy },
    });
  }
  let omittedByLimit = 0;
  try {
    ctx.progress.emit({ projectId, phase: "listing", processed: 0, total: 0, error: null });
    const walked = await walkFolder(folder.path, { limit: tierFileLimits[folder.tier] });
    omittedByLimit = walked.omittedByLimit;
    const delta = computeDelta(await loadManifestEntries(ctx.db, projectId), walked.files);
    const kinds = new Map(walked.files.map((f) => [f.relativePath, f.kind]));
    const work = [...delta.added, ...delta.changed];
    const total = work.length;
    let processed = 0;
    let batch: FileRow[] = [];
    let pendingDeletes = delta.deleted;
    const flush = async () => {
      const now = ctx.clock.now();
      const owned = await commitScanBatch(ctx.db, {
        projectId,
        owner,
        rows: batch,
        deleted: pendingDeletes,
        processed,
        total,
        leaseUntil: now + ttl,
        now,
      });
      if (!owned)
        throw new CoreError(
          "conflict",
          "the scan was stopped: the folder was unlinked or rescanned elsewhere",
        );
      batch = [];
      pendingDeletes = [];
      ctx.progress.emit({ projectId, phase: "indexing", processed, total, error: null });
    };
    await flush();
    const batchSize = ctx.batchSize ?? 25;
    const summarizeOne = (file: (typeof work)[number]): Promise<FileRow> => {
      const safe = checkRelativePath(file.relativePath);
      if (!safe.ok) {
        const reason = `name not served: ${safe.reason}`;
        return Promise.resolve({
          ...file,
          kind: "skipped",
          status: "skipped",
          summary: "",
          reason,
          summarizer: null,
        });
      }
      return ctx.summarize({
        root: folder.path,
        absolutePath: path.join(folder.path, file.relativePath),
        relativePath: file.relativePath,
        kind: kinds.get(file.relativePath)!,
        size: file.size,
        mtimeMs: file.mtimeMs,
      });
    };
    // A few summaries in flight overlap file reads with parsing; each batch commits as a unit.
    const concurrency = ctx.concurrency ?? 4;
    for (let at = 0; at < work.length; at += batchSize) {
      if (ctx.signal?.aborted) {
        throw new CoreError(
          "disabled",
          "the scan was stopped because the agent is shutting down; the next scan resumes it",
        );
      }
      const slice = work.slice(at, at + batchSize);
      const rows: FileRow[] = new Array(slice.length);
      let next = 0;
      const lane = async () => {
        for (let i = next++; i < slice.length; i = next++) rows[i] = await summarizeOne(slice[i]!);
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, slice.length) }, lane));
      batch = rows;
      processed += rows.length;
      await flush();
    }
    const finished = ctx.clock.now();
    await releaseScanLease(ctx.db, {
      projectId,
      owner,
      now: finished,
      outcome: "ok",
      error: null,
      omittedByLimit,
    });
    ctx.progress.emit({ projectId, phase: "done", processed, total, error: null });
    // File count and last scan time go to the other devices; never the manifest itself.
    await ctx.onProjectChanged?.(projectId);
    const result: ScanResult = {
      projectId,
      listed: walked.files.length,
      added: delta.added.length,
      changed: delta.changed.length,
      unchanged: delta.unchanged.length,
      deleted: delta.deleted.length,
      omittedByLimit,
      unreadableDirs: walked.unreadableDirs.length,
      durationMs: finished - started,
    };
    ctx.logger.log("info", "folders.scan.done", { ...result });
    return result;
  } catch (e) {
    const message = scanErrorMessage(e);
    await releaseScanLease(ctx.db, {
      projectId,
      owner,
      now: ctx.clock.now(),
      outcome: "failed",
      error: message,
      omittedByLimit,
    });
    ctx.progress.emit({ projectId, phase: "failed", processed: 0, total: 0, error: message });
    ctx.logger.log("warn", "folders.scan.failed", {
      projectId,
      code: (e as NodeJS.ErrnoException).code ?? "error",
    });
    throw e;
  } finally {
    done();
  }
}

function scanErrorMessage(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "the linked folder no longer exists";
  if (code === "EACCES" || code === "EPERM") return "the linked folder cannot be read (permission denied)";
  if (code === "ENOTDIR") return "the linked path is not a folder";
  return e instanceof Error ? e.message : String(e);
}
