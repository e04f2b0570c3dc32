import { stoppedReason } from "@scouts/core/assistant/control";
import type { LocalScout, LocalScoutKind, LocalScoutList } from "@scouts/core/protocol/local-api";
import { switches } from "../services/actions.ts";
import type { AgentCtx } from "../services/context.ts";
import { LOCAL_SCOUT_INTERVAL_MS } from "./local-scouts.ts";

/**
 * The watched directory and the local mailbox as the Scouts screen lists them: what each watches,
 * whether it runs now and, when not, why in words.
 *
 * @example (await describeLocalScouts(ctx)).items[0].state // "running"
 */
export async function describeLocalScouts(ctx: AgentCtx): Promise<LocalScoutList> {
  const settings = await ctx.stores.settings.settings();
  const sw = await switches(ctx);
  const runs = ctx.localScouts?.runs();
  const describe = async (
    kind: LocalScoutKind,
    location: string | null,
    format: LocalScout["format"],
  ): Promise<LocalScout> => {
    const run = runs?.[kind] ?? { lastScanAt: null, lastError: null };
    const configured = location !== null && (kind === "local_dir" || format !== null);
    const state: LocalScout["state"] = !configured
      ? "not_configured"
      : sw.control.killed
        ? "stopped"
        : sw.control.paused
          ? "paused"
          : stoppedReason(sw, kind)
            ? "off"
            : run.lastError
              ? "error"
              : "running";
    const detail = {
      not_configured: `no ${kind === "local_dir" ? "folder" : "mailbox"} set (Settings → Sources on this computer)`,
      stopped: "the kill switch is on",
      paused: "the assistant is paused",
      off: sw.assistantEnabled ? "its switch is off (Settings → Controls)" : "the master switch is off",
      error: run.lastError,
      running: null,
    }[state];
    return {
      kind,
      location,
      format,
      enabled: sw.providers[kind],
      state,
      detail,
      lastScanAt: run.lastScanAt,
      suggestions: await ctx.stores.suggestions.countBySource(kind),
      intervalSeconds: (ctx.localScouts?.intervalMs ?? LOCAL_SCOUT_INTERVAL_MS) / 1000,
    };
  };
  return {
    items: [
      await describe("local_dir", settings.watchedDirectory, null),
      await describe("local_mail", settings.localMailbox, settings.localMailboxFormat),
    ],
  };
}
