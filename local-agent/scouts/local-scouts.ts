import { switches } from "../services/actions.ts";
import type { AgentCtx } from "../services/context.ts";
import { scanLocalMailbox } from "./local-mail.ts";
import { mailboxMarker } from "./mailbox-reader.ts";
import { scanWatchedDirectory } from "./watched-dir.ts";

/**
 * Runs the local scouts every `intervalMs` (default 5 s, so turning one off stops it within 5 s):
 * the watched directory and the local mailbox, each only when configured, enabled and not paused.
 * The mailbox is re-read only when its size or mtime changed.
 */
export function startLocalScouts(ctx: AgentCtx, opts: { intervalMs?: number } = {}) {
  let marker = "";
  let busy = false;
  async function tick(): Promise<void> {
    if (busy) return;
    busy = true;
    try {
      const settings = await ctx.stores.settings.settings();
      const sw = await switches(ctx);
      if (sw.control.paused || sw.control.killed) return;
      if (settings.watchedDirectory && settings.providers.local_dir)
        await scanWatchedDirectory({
          ctx,
          input: { dir: settings.watchedDirectory, autoEntities: settings.watchedDirectoryAutoEntities },
        });
      if (settings.localMailbox && settings.localMailboxFormat && settings.providers.local_mail) {
        const next = await mailboxMarker(settings.localMailbox, settings.localMailboxFormat);
        if (next !== marker) {
          await scanLocalMailbox({
            ctx,
            input: { location: settings.localMailbox, format: settings.localMailboxFormat },
          });
          marker = next;
        }
      }
    } catch (e) {
      ctx.logger.log("warn", "local_scouts.failed", {
        error: e instanceof Error ? e.message.slice(0, 120) : "error",
      });
    } finally {
      busy = false;
    }
  }
  const timer = setInterval(() => void tick(), opts.intervalMs ?? 5_000);
  timer.unref();
  return {
    tick,
    stop: () => clearInterval(timer),
  };
}
