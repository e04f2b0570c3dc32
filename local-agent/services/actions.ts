import { type UndoSelector, undoLedger } from "@scouts/core/assistant/ledger";
import * as steps from "@scouts/core/device/action-steps";
import { undoRowFor } from "@scouts/core/device/outbox-flush";
import { CoreError } from "@scouts/core/errors";
import type {
  ActionRequest,
  ActionResponse,
  LedgerEntry,
  Suggestion,
  UndoResponse,
} from "@scouts/core/protocol/local-api";
import type { AgentCtx } from "./context.ts";
import { flushOutbox } from "./outbox.ts";

/** Mail accounts the agent reads itself: their actions run on the person's own server, from the device. */
const ACCOUNT_SOURCES = new Set(["imap", "jmap"]);

const cloudSources = new Set(["gmail", "slack", "demo"]);

export async function switches(ctx: AgentCtx) {
  return steps.switchesFrom(await ctx.stores.settings.settings(), await ctx.stores.settings.control());
}

/** Applies (or, with a reversal action, restores) an action's effect on the local suggestion. */
export async function applyLocal(
  ctx: AgentCtx,
  s: Suggestion,
  action: string,
  params: { label?: string; until?: number; prevStatus?: string },
) {
  const patch = steps.localEffect(s, action, params);
  if (!patch) return;
  const updated = await ctx.stores.suggestions.update(s.id, patch as never);
  if (updated) ctx.bus.emit({ type: "suggestion.updated", suggestion: updated });
}

/**
 * Runs a mailbox action on a suggestion: gate (kill switch, toggles, autonomy), record it in the
 * ledger with its reversal, then send it through the outbox (applied now when online, queued
 * when not). Local scouts' items are applied on the device only.
 *
 * @example await performAction({ ctx, input: { suggestionId, request: { action: "archive", confirmed: false }, initiator: "person" } })
 */
export async function performAction(args: {
  ctx: AgentCtx;
  input: {
    suggestionId: string;
    request: ActionRequest;
    initiator: "person" | "assistant";
    templateId?: string;
  };
}): Promise<ActionResponse> {
  const { ctx, input } = args;
  const { request } = input;
  const s = await ctx.stores.suggestions.get(input.suggestionId);
  if (!s) throw new CoreError("not_found", `no suggestion ${input.suggestionId}`);
  if (request.action === "unsubscribe")
    throw new CoreError("bad_input", "use the unsubscribe endpoint: it shows its plan first");
  if (request.action === "draft_reply" && input.initiator === "person")
    throw new CoreError("bad_input", "use the draft endpoint: drafts come from the local language model");
  steps.checkActionParams(request);
  if (request.action === "move" && !ACCOUNT_SOURCES.has(s.source))
    throw new CoreError("bad_input", "move to a folder is for IMAP and JMAP accounts (use archive or label)");
  const gate = steps.gateSuggestionAction({
    s,
    request,
    initiator: input.initiator,
    templateId: input.templateId,
    policies: await ctx.stores.settings.policies(),
    switches: await switches(ctx),
    now: ctx.clock.now(),
  });
  if (!gate.allowed) return steps.gateRefusal(gate);
  const entry = steps.ledgerEntryFor({
    s,
    request,
    initiator: input.initiator,
    id: ctx.ids(),
    sessionId: ctx.sessionId,
    now: ctx.clock.now(),
  });
  await ctx.stores.ledger.append(entry);
  ctx.bus.emit({ type: "ledger.appended", entry });
  // Mail accounts the agent reads itself: the action runs on their own server, now or not at all.
  if (ACCOUNT_SOURCES.has(s.source)) {
    let after: LedgerEntry | null;
    try {
      if (!ctx.mailActions) throw new CoreError("disabled", "mail account actions need the running agent");
      const extra = await ctx.mailActions.run(s, request.action, {
        ...(request.label ? { label: request.label } : {}),
        ...(request.folder ? { folder: request.folder } : {}),
      });
      after = await ctx.stores.ledger.update(entry.id, {
        status: "applied",
        reversal: entry.reversal ? { ...entry.reversal, ...extra } : null,
      });
      await applyLocal(ctx, s, request.action, { label: request.label, until: request.until });
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      after = await ctx.stores.ledger.update(entry.id, { status: "failed", error });
    }
    if (after) ctx.bus.emit({ type: "ledger.updated", entry: after });
    return steps.outcomeAfterFlush({
      after,
      entryId: entry.id,
      gate,
      action: request.action,
      queuedMessage: "",
    });
  }
  await applyLocal(ctx, s, request.action, { label: request.label, until: request.until });
  if (!cloudSources.has(s.source)) {
    const done = await ctx.stores.ledger.update(entry.id, { status: "applied" });
    if (done) ctx.bus.emit({ type: "ledger.updated", entry: done });
    return { status: "applied", ledgerId: entry.id, gate, message: `${request.action} done on the device` };
  }
  await ctx.stores.outbox.enqueue({
    id: entry.id,
    kind: "action",
    ledgerId: entry.id,
    payload: steps.actionPayload(s, request, ctx.sessionId),
  });
  await flushOutbox(ctx);
  return steps.outcomeAfterFlush({
    after: await ctx.stores.ledger.get(entry.id),
    entryId: entry.id,
    gate,
    action: request.action,
    queuedMessage: "offline: queued, will be sent in order when back online",
  });
}

/**
 * Undoes by action, run, session or time window: queued actions are cancelled, applied ones are
 * reversed through the cloud (queued while offline), local state is restored, each undo recorded.
 */
export async function undo(args: { ctx: AgentCtx; input: UndoSelector }): Promise<UndoResponse> {
  const { ctx, input } = args;
  // The kill switch stops the assistant, not the person: undo works while it is on.
  const cancelled: string[] = [];
  for (const e of await ctx.stores.ledger.list(input)) {
    if (e.status !== "pending" || e.actor === "undo") continue;
    await ctx.stores.outbox.finish(e.id, "cancelled");
    const updated = await ctx.stores.ledger.update(e.id, { status: "cancelled", undoneAt: ctx.clock.now() });
    const s = e.suggestionId ? await ctx.stores.suggestions.get(e.suggestionId) : null;
    if (s && e.reversal) await applyLocal(ctx, s, String(e.reversal.action), e.reversal as never);
    if (updated) ctx.bus.emit({ type: "ledger.updated", entry: updated });
    cancelled.push(e.id);
  }
  const result = await undoLedger({
    ctx: {
      store: ctx.stores.ledger,
      clock: ctx.clock,
      ids: ctx.ids,
      sessionId: ctx.sessionId,
      executor: {
        async reverse(target, undoEntryId) {
          const s = target.suggestionId ? await ctx.stores.suggestions.get(target.suggestionId) : null;
          // On the IMAP server first: if that fails, the entry stays applied and is reported skipped.
          if (s && ACCOUNT_SOURCES.has(s.source)) {
            if (!ctx.mailActions)
              throw new CoreError("disabled", "mail account undo needs the running agent");
            await ctx.mailActions.reverse(target);
          }
          if (s && target.reversal)
            await applyLocal(ctx, s, String(target.reversal.action), target.reversal as never);
          if (!s || !cloudSources.has(s.source)) return { cloudLedgerId: null };
          await ctx.stores.outbox.enqueue(undoRowFor(target, undoEntryId));
          return { cloudLedgerId: null, queued: true };
        },
      },
    },
    input,
  });
  for (const id of result.undoEntries) {
    const entry = await ctx.stores.ledger.get(id);
    if (entry) ctx.bus.emit({ type: "ledger.appended", entry });
  }
  await flushOutbox(ctx);
  return steps.undoOutcome({
    cancelled,
    result,
    undoEntries: await Promise.all(result.undoEntries.map((id) => ctx.stores.ledger.get(id))),
  });
}
