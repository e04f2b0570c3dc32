import { gateAction } from "@scouts/core/assistant/autonomy";
import { initialControl, type Switches } from "@scouts/core/assistant/control";
import { reversalFor, type UndoSelector, undoLedger } from "@scouts/core/assistant/ledger";
import { defaultPolicies } from "@scouts/core/assistant/policies";
import { CoreError } from "@scouts/core/errors";
import type {
  ActionRequest,
  ActionResponse,
  ControlState,
  LedgerEntry,
  Policies,
  Settings,
  Suggestion,
  UndoResponse,
} from "@scouts/core/protocol/local-api";
import type { CloudApi } from "./cloud-api.ts";
import { flushOutbox } from "./outbox.ts";
import { defaultDeviceSettings } from "./settings.ts";
import type { DeviceStore } from "./store-types.ts";

/** What device actions need: storage, the cloud, ids, time, and where change events go. */
export interface DeviceCtx {
  store: DeviceStore;
  cloud: CloudApi;
  now: () => number;
  ids: () => string;
  sessionId: string;
  emitSuggestion: (s: Suggestion) => void;
  emitLedger: (e: LedgerEntry, created: boolean) => void;
}

export async function readSwitches(store: DeviceStore): Promise<Switches> {
  const settings = (await store.kvGet<Settings>("settings")) ?? defaultDeviceSettings;
  return {
    control: (await store.kvGet<ControlState>("control")) ?? initialControl,
    assistantEnabled: settings.assistantEnabled,
    providers: settings.providers,
  };
}

/** The suggestion after an action (or, with a reversal action, after its undo). */
export function localEffect(
  s: Suggestion,
  action: string,
  p: { label?: string; until?: number; prevStatus?: string },
): Suggestion | null {
  switch (action) {
    case "archive":
    case "trash":
      return { ...s, status: "archived" };
    case "unarchive":
    case "untrash":
    case "unsnooze":
      return { ...s, status: (p.prevStatus as Suggestion["status"]) ?? "new", snoozedUntil: null };
    case "snooze":
      return { ...s, status: "snoozed", snoozedUntil: p.until ?? null };
    case "label":
      return { ...s, labels: [...new Set([...s.labels, p.label ?? ""])] };
    case "unlabel":
      return { ...s, labels: s.labels.filter((l) => l !== p.label) };
    default:
      return null;
  }
}

async function applyLocal(ctx: DeviceCtx, s: Suggestion, action: string, p: Record<string, unknown>) {
  const next = localEffect(s, action, p as { label?: string; until?: number; prevStatus?: string });
  if (!next) return;
  await ctx.store.putSuggestion(next);
  ctx.emitSuggestion(next);
}

/**
 * A mailbox action on a suggestion: gate (kill switch, toggles, autonomy), ledger entry with its
 * reversal, local effect, then the cloud call through the outbox (applied now when online,
 * queued and replayed in order when not).
 *
 * @example await deviceAct(ctx, id, { action: "archive" }) // { status: "applied", ledgerId, ... }
 */
export async function deviceAct(
  ctx: DeviceCtx,
  id: string,
  partial: Partial<ActionRequest> & Pick<ActionRequest, "action">,
  initiator: "person" | "assistant" = "person",
): Promise<ActionResponse> {
  const request = { confirmed: false, ...partial };
  const s = await ctx.store.getSuggestion(id);
  if (!s) throw new CoreError("not_found", `no suggestion ${id}`);
  if (!["archive", "trash", "mark_read", "label", "snooze"].includes(request.action))
    throw new CoreError("bad_input", `${request.action} needs the local agent`);
  if (request.action === "label" && !request.label) throw new CoreError("bad_input", "label needs a label");
  if (request.action === "snooze" && !request.until) throw new CoreError("bad_input", "snooze needs until");
  const policies = (await ctx.store.kvGet<Policies>("policies")) ?? defaultPolicies;
  const gate = gateAction({
    input: {
      action: request.action,
      source: s.source,
      level: policies.levels[s.cohort] ?? policies.levels.default,
      confidence: s.confidence,
      lowConfidenceThreshold: policies.lowConfidenceThreshold,
      initiator,
      confirmed: request.confirmed,
      templateIds: policies.templates.map((t) => t.id),
      now: ctx.now(),
    },
    switches: await readSwitches(ctx.store),
  });
  if (!gate.allowed) {
    const status = gate.mode === "ask" ? "needs_confirmation" : "refused";
    return { status, ledgerId: null, gate, message: gate.reasons.at(-1) ?? "not allowed" };
  }
  const reversal = reversalFor(request.action, { label: request.label });
  const entry: LedgerEntry = {
    id: ctx.ids(),
    suggestionId: s.id,
    scoutId: s.scoutId,
    action: request.action,
    targetRef: s.sourceMsgRef,
    reversal: reversal ? { ...reversal, prevStatus: s.status } : null,
    reversible: reversal !== null,
    actor: initiator === "person" ? "person" : "assistant",
    runId: request.runId ?? null,
    sessionId: ctx.sessionId,
    undoOf: null,
    status: "pending",
    cloudLedgerId: null,
    error: null,
    createdAt: ctx.now(),
    undoneAt: null,
  };
  await ctx.store.ledgerPut(entry);
  ctx.emitLedger(entry, true);
  await applyLocal(ctx, s, request.action, { label: request.label, until: request.until });
  await ctx.store.outboxAdd({
    id: entry.id,
    kind: "action",
    ledgerId: entry.id,
    payload: {
      proposalId: s.id,
      action: request.action,
      ...(request.label ? { label: request.label } : {}),
      ...(request.until ? { until: request.until } : {}),
      ...(request.runId ? { runId: request.runId } : {}),
      sessionId: ctx.sessionId,
    },
    status: "pending",
    attempts: 0,
    lastError: null,
    createdAt: ctx.now(),
  });
  await flushOutbox({ store: ctx.store, cloud: ctx.cloud, onLedger: (e) => ctx.emitLedger(e, false) });
  const after = await ctx.store.ledgerGet(entry.id);
  if (after?.status === "applied")
    return { status: "applied", ledgerId: entry.id, gate, message: `${request.action} done` };
  if (after?.status === "failed")
    return { status: "refused", ledgerId: entry.id, gate, message: after.error ?? "the cloud refused it" };
  return {
    status: "queued",
    ledgerId: entry.id,
    gate,
    message: "offline: queued, sent in order when back online",
  };
}

/**
 * Undo by action, run, session or time window: queued actions are cancelled before they leave,
 * applied ones are reversed through the cloud ledger (queued while offline), each undo recorded.
 */
export async function deviceUndo(ctx: DeviceCtx, selector: UndoSelector): Promise<UndoResponse> {
  const control = (await readSwitches(ctx.store)).control;
  if (control.killed) throw new CoreError("disabled", "kill switch is on: resume first");
  const cancelled: string[] = [];
  for (const e of await ctx.store.ledgerList(selector)) {
    if (e.status !== "pending" || e.actor === "undo") continue;
    const item = await ctx.store.outboxGet(e.id);
    if (item?.status === "pending") await ctx.store.outboxPut({ ...item, status: "cancelled" });
    const next: LedgerEntry = { ...e, status: "cancelled", undoneAt: ctx.now() };
    await ctx.store.ledgerPut(next);
    ctx.emitLedger(next, false);
    const s = e.suggestionId ? await ctx.store.getSuggestion(e.suggestionId) : undefined;
    if (s && e.reversal) await applyLocal(ctx, s, String(e.reversal.action), e.reversal);
    cancelled.push(e.id);
  }
  const result = await undoLedger({
    ctx: {
      store: {
        list: (sel) => ctx.store.ledgerList(sel),
        append: async (entry) => {
          await ctx.store.ledgerPut(entry);
          ctx.emitLedger(entry, true);
        },
        markUndone: async (id, at) => {
          const e = await ctx.store.ledgerGet(id);
          if (!e) return;
          const next: LedgerEntry = { ...e, status: "undone", undoneAt: at };
          await ctx.store.ledgerPut(next);
          ctx.emitLedger(next, false);
        },
      },
      clock: { now: ctx.now },
      ids: ctx.ids,
      sessionId: ctx.sessionId,
      executor: {
        async reverse(target) {
          const s = target.suggestionId ? await ctx.store.getSuggestion(target.suggestionId) : undefined;
          if (s && target.reversal) await applyLocal(ctx, s, String(target.reversal.action), target.reversal);
          await ctx.store.outboxAdd({
            id: `undo-${target.id}`,
            kind: "undo",
            ledgerId: null,
            payload: { targetLedgerId: target.id },
            status: "pending",
            attempts: 0,
            lastError: null,
            createdAt: ctx.now(),
          });
          return { cloudLedgerId: null };
        },
      },
    },
    input: selector,
  });
  await flushOutbox({ store: ctx.store, cloud: ctx.cloud, onLedger: (e) => ctx.emitLedger(e, false) });
  return {
    ...result,
    undone: [...cancelled, ...result.undone],
    skipped: result.skipped.filter((k) => !cancelled.includes(k.id)),
  };
}
