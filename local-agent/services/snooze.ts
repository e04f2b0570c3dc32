import { wakeDueSnoozes } from "@scouts/core/device/snooze-wake";
import type { Suggestion } from "@scouts/core/protocol/local-api";
import type { AgentCtx } from "./context.ts";
import { flushOutbox } from "./outbox.ts";

/**
 * Wakes the snoozes whose time has come (scheduler tick): the suggestion is back in the list and
 * the message back in the Gmail inbox through the outbox (recorded `unsnooze`, sent once, queued
 * while offline). Shared logic: `core/device/snooze-wake.ts`.
 *
 * @example await wakeSnoozes(ctx) // the suggestions that woke
 */
export async function wakeSnoozes(ctx: AgentCtx): Promise<Suggestion[]> {
  const { woken, entries } = await wakeDueSnoozes({
    ctx: {
      now: ctx.clock.now(),
      killed: (await ctx.stores.settings.control()).killed,
      port: {
        due: (now) => ctx.stores.suggestions.dueSnoozed(now),
        entriesFor: (id) => ctx.stores.ledger.forSuggestion(id),
        async record(entry, row) {
          const standing = await ctx.stores.ledger.appendIfAbsent(entry);
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
  for (const suggestion of woken) ctx.bus.emit({ type: "suggestion.updated", suggestion });
  if (entries.some((e) => e.status === "pending")) await flushOutbox(ctx);
  return woken;
}
