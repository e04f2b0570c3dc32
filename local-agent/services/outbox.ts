import { redoEffect } from "@scouts/core/device/action-steps";
import {
  type FlushResult,
  flushOutboxRows,
  type OutboxRow,
  singleFlight,
} from "@scouts/core/device/outbox-flush";
import type { AgentCtx } from "./context.ts";

/**
 * Sends queued cloud calls strictly in order through the shared device outbox loop
 * (`core/device/outbox-flush.ts`): Idempotency-Key = row id, stop at the first transient failure
 * or the kill switch, a permanent refusal fails that call. One flush at a time.
 *
 * @example await flushOutbox(ctx) // { sent: 3, stoppedBy: null }
 */
export const flushOutbox: (ctx: AgentCtx) => Promise<FlushResult> = singleFlight((ctx: AgentCtx) =>
  flushOutboxRows({
    cloud: ctx.cloud,
    port: {
      pending: async () =>
        (await ctx.stores.outbox.pending()).map((r) => ({ ...r, kind: r.kind as OutboxRow["kind"] })),
      killed: async () => (await ctx.stores.settings.control()).killed,
      done: (item) => ctx.stores.outbox.finish(item.id, "done"),
      enqueue: (row) => ctx.stores.outbox.enqueue(row),
      attempted: (item, message) => ctx.stores.outbox.attempted(item.id, message),
      failed: async (item, message) => void (await ctx.stores.outbox.finish(item.id, "failed", message)),
      ledgerGet: (id) => ctx.stores.ledger.get(id),
      async settle(ledgerId, patch) {
        const entry = await ctx.stores.ledger.update(ledgerId, patch);
        if (entry) ctx.bus.emit({ type: "ledger.updated", entry });
      },
      async undoRefused(targetLedgerId, patch) {
        const target = await ctx.stores.ledger.update(targetLedgerId, patch);
        if (!target) return;
        ctx.bus.emit({ type: "ledger.updated", entry: target });
        const s = target.suggestionId ? await ctx.stores.suggestions.get(target.suggestionId) : null;
        const redo = s ? redoEffect(s, target) : null;
        const updated = s && redo ? await ctx.stores.suggestions.update(s.id, redo as never) : null;
        if (updated) ctx.bus.emit({ type: "suggestion.updated", suggestion: updated });
      },
      async draftSaved(proposalId, draftId) {
        const s = await ctx.stores.suggestions.update(proposalId, { draftId });
        if (s) ctx.bus.emit({ type: "suggestion.updated", suggestion: s });
      },
    },
  }),
);
