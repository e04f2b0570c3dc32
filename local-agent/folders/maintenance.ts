import type { Logger } from "@scouts/core/ports";
import { listFolders, scanStateOf } from "./projects-repo.ts";
import { type ScanCtx, startScan } from "./scanner.ts";

export const dailyMs = 24 * 60 * 60 * 1000;

/**
 * Starts scans that are due: never scanned, interrupted, or last finished over 24 h ago.
 * Returns the project ids it started.
 * @example await runDueScans({ ctx })
 */
export async function runDueScans({ ctx }: { ctx: ScanCtx }): Promise<string[]> {
  const now = ctx.clock.now();
  const started: string[] = [];
  for (const f of await listFolders(ctx.db)) {
    const state = scanStateOf(f, now);
    const due =
      state.status === "never" ||
      (state.status === "failed" && f.scanStatus === "scanning") ||
      (state.status !== "scanning" && (f.scanFinishedAt ?? 0) < now - dailyMs);
    if (!due || ctx.running.has(f.projectId)) continue;
    const { scan } = startScan({ ctx, input: { projectId: f.projectId } });
    scan.catch(() => {});
    started.push(f.projectId);
  }
  return started;
}

/**
 * The agent's background loop: checks for due scans now and then every `intervalMs` (15 min).
 * @example const stop = startFolderMaintenance({ ctx }); stop()
 */
export function startFolderMaintenance({
  ctx,
  intervalMs = 15 * 60 * 1000,
  logger,
}: {
  ctx: ScanCtx;
  intervalMs?: number;
  logger?: Logger;
}): () => void {
  const tick = () =>
    runDueScans({ ctx }).catch((e) =>
      logger?.log("warn", "folders.maintenance.failed", { message: String(e) }),
    );
  void tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
