import { stoppedReason } from "@scouts/core/assistant/control";
import type { LocalScoutKind } from "@scouts/core/protocol/local-api";
import type { Stage1Classifier } from "@scouts/core/triage/stage1-contract";
import { localSentFolder } from "../accounts/sent-contacts.ts";
import { switches } from "../services/actions.ts";
import type { AgentCtx } from "../services/context.ts";
import { scanLocalMailbox } from "./local-mail.ts";
import { mailboxMarker } from "./mailbox-reader.ts";
import { scanWatchedDirectory } from "./watched-dir.ts";

/** What the last tick did for one local scout (kept in memory, shown on the Scouts screen). */
export interface LocalScoutRun {
  lastScanAt: number | null;
  lastError: string | null;
}
export type LocalScoutRuns = Record<LocalScoutKind, LocalScoutRun>;

/** Calls `run` every `ms` until the returned function is called. */
export type Every = (run: () => Promise<void>, ms: number) => () => void;

const realEvery: Every = (run, ms) => {
  const timer = setInterval(() => void run(), ms);
  timer.unref();
  return () => clearInterval(timer);
};

export const LOCAL_SCOUT_INTERVAL_MS = 5_000;

/**
 * Runs the local scouts every `intervalMs` (default 5 s, so turning one off stops it by the next
 * tick): the watched directory and the local mailbox, each only when configured and when neither
 * the kill switch, pause, the master switch nor its own provider toggle stops it. Turning one off
 * keeps what it already made. The mailbox is re-read only when its size or mtime changed.
 *
 * @example const scouts = startLocalScouts(ctx); ctx.localScoutRuns = scouts.runs; scouts.stop();
 */
export function startLocalScouts(
  ctx: AgentCtx,
  opts: { intervalMs?: number; every?: Every; stage1?: Stage1Classifier } = {},
) {
  let marker = "";
  let busy = false;
  const runs: LocalScoutRuns = {
    local_dir: { lastScanAt: null, lastError: null },
    local_mail: { lastScanAt: null, lastError: null },
  };
  // One scout failing (a folder removed, a mailbox unreadable) never holds the other back.
  async function attempt(kind: LocalScoutKind, scan: () => Promise<void>): Promise<void> {
    try {
      await scan();
      runs[kind] = { lastScanAt: ctx.clock.now(), lastError: null };
    } catch (e) {
      const error = e instanceof Error ? e.message.slice(0, 200) : "scan failed";
      runs[kind] = { lastScanAt: ctx.clock.now(), lastError: error };
      ctx.logger.log("warn", "local_scouts.failed", { kind, error: error.slice(0, 120) });
    }
  }
  async function tick(): Promise<void> {
    if (busy) return;
    busy = true;
    try {
      const settings = await ctx.stores.settings.settings();
      const sw = await switches(ctx);
      const dir = settings.watchedDirectory;
      if (dir && stoppedReason(sw, "local_dir") === null)
        await attempt("local_dir", async () => {
          await scanWatchedDirectory({
            ctx,
            input: { dir, autoEntities: settings.watchedDirectoryAutoEntities },
          });
        });
      const mailbox = settings.localMailbox;
      const format = settings.localMailboxFormat;
      if (mailbox && format && stoppedReason(sw, "local_mail") === null)
        await attempt("local_mail", async () => {
          // The Sent folder beside it counts too: mail the person sent teaches the reader context.
          const sent = await localSentFolder(mailbox, format);
          const next = `${await mailboxMarker(mailbox, format)}#${sent ? await mailboxMarker(sent, format) : "-"}`;
          if (next === marker) return;
          await scanLocalMailbox({
            ctx,
            input: { location: mailbox, format },
            ...(opts.stage1 ? { stage1: opts.stage1 } : {}),
          });
          marker = next;
        });
    } catch (e) {
      ctx.logger.log("warn", "local_scouts.failed", {
        error: e instanceof Error ? e.message.slice(0, 120) : "error",
      });
    } finally {
      busy = false;
    }
  }
  const intervalMs = opts.intervalMs ?? LOCAL_SCOUT_INTERVAL_MS;
  const stop = (opts.every ?? realEvery)(tick, intervalMs);
  return { tick, stop, intervalMs, runs: (): LocalScoutRuns => runs };
}
