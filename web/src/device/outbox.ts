import { isTransient } from "@scouts/core/errors";
import type { ControlState, LedgerEntry } from "@scouts/core/protocol/local-api";
import type { CloudApi } from "./cloud-api.ts";
import type { DeviceStore } from "./store-types.ts";

export interface OutboxCtx {
  store: DeviceStore;
  cloud: CloudApi;
  /** A ledger entry changed (applied, failed): the source turns it into a `ledger.updated` event. */
  onLedger?: (entry: LedgerEntry) => void;
}

export type FlushResult = { sent: number; stoppedBy: string | null };
const flushing = new WeakMap<DeviceStore, Promise<FlushResult>>();

/**
 * Sends queued cloud calls strictly in order, each with its outbox id as Idempotency-Key, so a
 * replay after a lost answer is applied once by the cloud. Stops at the first transient failure
 * (order kept, retried on the next flush); a permanent refusal marks that call failed and moves on.
 * One flush per store at a time.
 *
 * @example await flushOutbox({ store, cloud }) // { sent: 3, stoppedBy: null }
 */
export function flushOutbox(ctx: OutboxCtx): Promise<FlushResult> {
  const running = flushing.get(ctx.store);
  if (running) return running.then(() => flushOutbox(ctx));
  const p = run(ctx).finally(() => flushing.delete(ctx.store));
  flushing.set(ctx.store, p);
  return p;
}

async function settle(ctx: OutboxCtx, ledgerId: string | null, patch: Partial<LedgerEntry>) {
  const entry = ledgerId ? await ctx.store.ledgerGet(ledgerId) : undefined;
  if (!entry) return;
  const next = { ...entry, ...patch };
  await ctx.store.ledgerPut(next);
  ctx.onLedger?.(next);
}

async function run(ctx: OutboxCtx): Promise<FlushResult> {
  let sent = 0;
  for (const item of await ctx.store.outboxPending()) {
    if ((await ctx.store.kvGet<ControlState>("control"))?.killed) return { sent, stoppedBy: "kill switch" };
    try {
      let cloudLedgerId: string | null = null;
      if (item.kind === "action") {
        const { proposalId, ...body } = item.payload as { proposalId: string } & Record<string, unknown>;
        const res = await ctx.cloud.post<{ ledgerId: string }>(
          `/api/v1/items/${encodeURIComponent(proposalId)}/actions`,
          body,
          item.id,
        );
        cloudLedgerId = res.ledgerId;
      } else {
        const target = await ctx.store.ledgerGet(String(item.payload.targetLedgerId));
        if (!target?.cloudLedgerId)
          throw Object.assign(new Error("the action to undo never reached the cloud"), { permanent: true });
        const res = await ctx.cloud.post<{ ledgerId?: string }>(
          `/api/v1/ledger/${encodeURIComponent(target.cloudLedgerId)}/undo`,
          {},
          item.id,
        );
        cloudLedgerId = res.ledgerId ?? null;
      }
      await ctx.store.outboxPut({ ...item, status: "done", attempts: item.attempts + 1, lastError: null });
      await settle(ctx, item.ledgerId, { status: "applied", cloudLedgerId, error: null });
      sent++;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const permanent = (e as { permanent?: boolean }).permanent === true || !isTransient(e);
      if (!permanent) {
        await ctx.store.outboxPut({ ...item, attempts: item.attempts + 1, lastError: message });
        return { sent, stoppedBy: message };
      }
      await ctx.store.outboxPut({
        ...item,
        status: "failed",
        attempts: item.attempts + 1,
        lastError: message,
      });
      await settle(ctx, item.ledgerId, { status: "failed", error: message });
    }
  }
  return { sent, stoppedBy: null };
}
