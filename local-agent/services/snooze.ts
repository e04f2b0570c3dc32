import { standingSnooze, wakeDueSnoozes } from "@scouts/core/device/snooze-wake";
import { CoreError } from "@scouts/core/errors";
import type { Suggestion } from "@scouts/core/protocol/local-api";
import type { AgentCtx } from "./context.ts";
import { flushOutbox } from "./outbox.ts";

/** Mail accounts the agent reads itself: a snooze parked the message in their Snoozed folder. */
const ACCOUNT_SOURCES = new Set(["imap", "jmap"]);

/**
 * Wakes the snoozes whose time has come (scheduler tick): the suggestion is back in the list and
 * the message back in the inbox, through the outbox for Gmail (recorded `unsnooze`, sent once,
 * queued while offline) or on an IMAP/JMAP account's own server first (a server that cannot be
 * reached leaves the snooze due, so the next tick, in this run or after a restart, tries again).
 * Shared logic: `core/device/snooze-wake.ts`.
 *
 * @example await wakeSnoozes(ctx) // the suggestions that woke
 */
export async function wakeSnoozes(ctx: AgentCtx): Promise<Suggestion[]> {
  /** What each account wake did on the server, for its ledger entry's reversal. */
  const onServer = new Map<string, Record<string, unknown>>();
  const { woken, entries } = await wakeDueSnoozes({
    ctx: {
      now: ctx.clock.now(),
      killed: (await ctx.stores.settings.control()).killed,
      port: {
        async due(now) {
          const ready: Suggestion[] = [];
          for (const s of await ctx.stores.suggestions.dueSnoozed(now)) {
            if (!ACCOUNT_SOURCES.has(s.source)) {
              ready.push(s);
              continue;
            }
            // The CLI's offline store has no server access: the running agent wakes these.
            if (!ctx.mailActions) continue;
            try {
              const snooze = standingSnooze(await ctx.stores.ledger.forSuggestion(s.id));
              const extra = await ctx.mailActions.wake(s, snooze);
              if (extra) onServer.set(s.id, extra);
              else ctx.logger.log("info", "mail.wake_gone", { suggestionId: s.id });
              ready.push(s);
            } catch (e) {
              // The account was removed meanwhile: nothing left to move, the suggestion still wakes.
              if (e instanceof CoreError && e.code === "not_found") {
                ready.push(s);
                continue;
              }
              ctx.logger.log("warn", "mail.wake_failed", {
                suggestionId: s.id,
                // The code only ("unreachable", "auth_failed"): server words may quote folder names.
                code: String((e as { code?: unknown }).code ?? (e instanceof Error ? e.name : "error")),
              });
            }
          }
          return ready;
        },
        entriesFor: (id) => ctx.stores.ledger.forSuggestion(id),
        async record(entry, row) {
          const extra = entry.suggestionId ? onServer.get(entry.suggestionId) : undefined;
          const standing = await ctx.stores.ledger.appendIfAbsent(
            extra && entry.reversal ? { ...entry, reversal: { ...entry.reversal, ...extra } } : entry,
          );
          if (row) await ctx.stores.outbox.enqueue(row);
          return standing;
        },
        async woke(s) {
          await ctx.stores.suggestions.update(s.id, { status: s.status, snoozedUntil: null });
        },
      },
    },
  });
  for (const entry of entries) ctx.bus.emit({ type: "ledger.appended", entry });
  // Re-read: a wake on a mail server also moved the suggestion's place (sourceMsgRef).
  const fresh = await Promise.all(woken.map(async (s) => (await ctx.stores.suggestions.get(s.id)) ?? s));
  for (const suggestion of fresh) ctx.bus.emit({ type: "suggestion.updated", suggestion });
  if (entries.some((e) => e.status === "pending")) await flushOutbox(ctx);
  return fresh;
}
