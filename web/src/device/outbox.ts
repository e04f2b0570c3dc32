import { redoEffect } from "@scouts/core/device/action-steps";
import { type FlushResult, flushOutboxRows, singleFlight } from "@scouts/core/device/outbox-flush";
import type { ControlState, LedgerEntry, Suggestion } from "@scouts/core/protocol/local-api";
import type { CloudApi } from "./cloud-api.ts";
import type { DeviceStore } from "./store-types.ts";

export interface OutboxCtx {
  store: DeviceStore;
  cloud: CloudApi;
  /** A ledger entry changed (applied, failed): the source turns it into a `ledger.updated` event. */
  onLedger?: (entry: LedgerEntry) => void;
  /** A suggestion changed (a saved draft's id). */
  onSuggestion?: (s: Suggestion) => void;
}

export type { FlushResult };

const flushStore = singleFlight((key: { ctx: OutboxCtx }) => {
  const { store, cloud, onLedger, onSuggestion } = key.ctx;
  return flushOutboxRows({
    cloud,
    port: {
      pending: () => store.outboxPending(),
      killed: async () => (await store.kvGet<ControlState>("control"))?.killed === true,
      async done(item) {
        // Undo or the kill switch may have cancelled the row while its call was in flight.
        if ((await store.outboxGet(item.id))?.status !== "pending") return false;
        await store.outboxPut({ ...item, status: "done", attempts: item.attempts + 1, lastError: null });
        return true;
      },
      enqueue: (row) =>
        store.outboxAdd({ ...row, status: "pending", attempts: 0, lastError: null, createdAt: Date.now() }),
      attempted: (item, lastError) => store.outboxPut({ ...item, attempts: item.attempts + 1, lastError }),
      failed: (item, lastError) =>
        store.outboxPut({ ...item, status: "failed", attempts: item.attempts + 1, lastError }),
      ledgerGet: (id) => store.ledgerGet(id),
      async settle(ledgerId, patch) {
        const entry = await store.ledgerGet(ledgerId);
        if (!entry) return;
        const next = { ...entry, ...patch };
        await store.ledgerPut(next);
        onLedger?.(next);
      },
      async undoRefused(targetLedgerId, patch) {
        const entry = await store.ledgerGet(targetLedgerId);
        if (!entry) return;
        const target = { ...entry, ...patch };
        await store.ledgerPut(target);
        onLedger?.(target);
        const s = target.suggestionId ? await store.getSuggestion(target.suggestionId) : undefined;
        const redo = s ? redoEffect(s, target) : null;
        if (!s || !redo) return;
        const next = { ...s, ...redo };
        await store.putSuggestion(next);
        onSuggestion?.(next);
      },
      async draftSaved(proposalId, draftId) {
        const s = await store.getSuggestion(proposalId);
        if (!s) return;
        const next = { ...s, draftId };
        await store.putSuggestion(next);
        onSuggestion?.(next);
      },
    },
  });
});
const keys = new WeakMap<DeviceStore, { ctx: OutboxCtx }>();

/**
 * Sends queued cloud calls strictly in order through the shared device outbox loop
 * (`core/device/outbox-flush.ts`): Idempotency-Key = outbox id, so a replay after a lost answer is
 * applied once by the cloud; stops at the first transient failure. One flush per store at a time.
 *
 * @example await flushOutbox({ store, cloud }) // { sent: 3, stoppedBy: null }
 */
export function flushOutbox(ctx: OutboxCtx): Promise<FlushResult> {
  const key = keys.get(ctx.store) ?? { ctx };
  keys.set(ctx.store, key);
  key.ctx = ctx;
  return flushStore(key);
}
