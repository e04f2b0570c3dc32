import { wakeDueSnoozes } from "@scouts/core/device/snooze-wake";
import type { ControlState, Suggestion } from "@scouts/core/protocol/local-api";
import type { DeviceCtx } from "./actions.ts";
import { flushOutbox } from "./outbox.ts";

/** How often the browser device looks for snoozes to wake (the agent's scheduler ticks each minute too). */
export const WAKE_EVERY_MS = 60_000;

/**
 * Wakes this browser's snoozes whose time has come: back in the list, and the message back in the
 * Gmail inbox through the outbox (recorded `unsnooze`, sent once, queued while offline). Same
 * logic as the agent's (`core/device/snooze-wake.ts`).
 *
 * @example await deviceWakeSnoozes(ctx) // the suggestions that woke
 */
export async function deviceWakeSnoozes(ctx: DeviceCtx): Promise<Suggestion[]> {
  const { store } = ctx;
  const { woken, entries } = await wakeDueSnoozes({
    ctx: {
      now: ctx.now(),
      killed: (await store.kvGet<ControlState>("control"))?.killed === true,
      port: {
        async due(now) {
          return (await store.allSuggestions()).filter(
            (s) => s.status === "snoozed" && s.snoozedUntil !== null && s.snoozedUntil <= now,
          );
        },
        async entriesFor(id) {
          return (await store.ledgerList()).filter((e) => e.suggestionId === id);
        },
        async record(entry, row) {
          const standing = await store.ledgerGet(entry.id);
          if (!standing) await store.ledgerPut(entry);
          if (row && !(await store.outboxGet(row.id)))
            await store.outboxAdd({
              ...row,
              status: "pending",
              attempts: 0,
              lastError: null,
              createdAt: ctx.now(),
            });
          return standing ?? entry;
        },
        async woke(s) {
          await store.putSuggestion(s);
        },
      },
    },
  });
  for (const e of entries) ctx.emitLedger(e, true);
  for (const s of woken) ctx.emitSuggestion(s);
  if (entries.some((e) => e.status === "pending"))
    await flushOutbox({ store, cloud: ctx.cloud, onLedger: (e) => ctx.emitLedger(e, false) });
  return woken;
}
