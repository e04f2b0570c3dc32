import { reversalFor } from "@scouts/core/assistant/ledger";
import { isTransient } from "@scouts/core/errors";
import type { AgentCtx } from "./context.ts";

type FlushResult = { sent: number; stoppedBy: string | null };
const flushing = new WeakMap<AgentCtx, Promise<FlushResult>>();

/**
 * Sends queued cloud calls strictly in order, each with its id as Idempotency-Key, so a replay
 * after a lost answer is applied once by the cloud. Stops at the first transient failure (order is
 * kept); a permanent refusal marks that call failed and moves on. One flush at a time.
 *
 * @example await flushOutbox(ctx) // { sent: 3, stoppedBy: null }
 */
export function flushOutbox(ctx: AgentCtx): Promise<FlushResult> {
  const running = flushing.get(ctx);
  if (running) return running.then(() => flushOutbox(ctx));
  const p = run(ctx).finally(() => flushing.delete(ctx));
  flushing.set(ctx, p);
  return p;
}

async function run(ctx: AgentCtx): Promise<FlushResult> {
  let sent = 0;
  for (const item of await ctx.stores.outbox.pending()) {
    const control = await ctx.stores.settings.control();
    if (control.killed) return { sent, stoppedBy: "kill switch" };
    try {
      let cloudLedgerId: string | null = null;
      let draft: Record<string, unknown> = {};
      if (item.kind === "draft") {
        const { proposalId, ...body } = item.payload as { proposalId: string } & Record<string, unknown>;
        const res = await ctx.cloud.post<{ draftId: string; ledgerId: string }>(
          `/api/v1/items/${encodeURIComponent(proposalId)}/draft`,
          body,
          item.id,
        );
        cloudLedgerId = res.ledgerId;
        // Undo becomes possible only now that Gmail named the draft.
        draft = { reversal: reversalFor("draft_reply", { draftId: res.draftId }), reversible: true };
        const s = await ctx.stores.suggestions.update(proposalId, { draftId: res.draftId });
        if (s) ctx.bus.emit({ type: "suggestion.updated", suggestion: s });
      } else if (item.kind === "action") {
        const { proposalId, ...body } = item.payload as { proposalId: string } & Record<string, unknown>;
        const res = await ctx.cloud.post<{ ledgerId: string }>(
          `/api/v1/items/${encodeURIComponent(proposalId)}/actions`,
          body,
          item.id,
        );
        cloudLedgerId = res.ledgerId;
      } else {
        const target = await ctx.stores.ledger.get(String(item.payload.targetLedgerId));
        if (!target?.cloudLedgerId)
          throw Object.assign(new Error("the action to undo never reached the cloud"), { permanent: true });
        const res = await ctx.cloud.post<{ ledgerId?: string; undoEntries?: string[] }>(
          `/api/v1/ledger/${encodeURIComponent(target.cloudLedgerId)}/undo`,
          {},
          item.id,
        );
        cloudLedgerId = res.ledgerId ?? res.undoEntries?.[0] ?? null;
      }
      await ctx.stores.outbox.finish(item.id, "done");
      if (item.ledgerId) {
        const entry = await ctx.stores.ledger.update(item.ledgerId, {
          status: "applied",
          cloudLedgerId,
          error: null,
          ...draft,
        });
        if (entry) ctx.bus.emit({ type: "ledger.updated", entry });
      }
      sent++;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const permanent = (e as { permanent?: boolean }).permanent === true || !isTransient(e);
      if (!permanent) {
        await ctx.stores.outbox.attempted(item.id, message);
        return { sent, stoppedBy: message };
      }
      await ctx.stores.outbox.finish(item.id, "failed", message);
      if (item.ledgerId) {
        const entry = await ctx.stores.ledger.update(item.ledgerId, { status: "failed", error: message });
        if (entry) ctx.bus.emit({ type: "ledger.updated", entry });
      }
    }
  }
  return { sent, stoppedBy: null };
}
