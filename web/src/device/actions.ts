import { initialControl, type Switches } from "@scouts/core/assistant/control";
import { type UndoSelector, undoLedger } from "@scouts/core/assistant/ledger";
import { parseStoredPolicies } from "@scouts/core/assistant/policies";
import * as steps from "@scouts/core/device/action-steps";
import { undoRowFor } from "@scouts/core/device/outbox-flush";
import { CoreError } from "@scouts/core/errors";
import type { FetchLike } from "@scouts/core/ports";
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
  /** This tab's run of the device (from when it opened Scouts): what "undo this session" undoes. */
  sessionId: string;
  sessionStartedAt?: number;
  /** For a local language model (defaults to the page's fetch). */
  fetch?: FetchLike;
  emitSuggestion: (s: Suggestion) => void;
  emitLedger: (e: LedgerEntry, created: boolean) => void;
}

/** The person's policies (stored ones from before levels had visible effects are upgraded). */
export async function readPolicies(store: DeviceStore): Promise<Policies> {
  return parseStoredPolicies(await store.kvGet<unknown>("policies"));
}

export async function readSwitches(store: DeviceStore): Promise<Switches> {
  return steps.switchesFrom(
    (await store.kvGet<Settings>("settings")) ?? defaultDeviceSettings,
    (await store.kvGet<ControlState>("control")) ?? initialControl,
  );
}

/** An action's (or its reversal's) effect on the stored suggestion, announced as an update. */
export async function applyLocal(ctx: DeviceCtx, s: Suggestion, action: string, p: Record<string, unknown>) {
  const patch = steps.localEffect(s, action, p as { label?: string; until?: number; prevStatus?: string });
  if (!patch) return;
  const next: Suggestion = { ...s, ...patch };
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
  steps.checkActionParams(request);
  const gate = steps.gateSuggestionAction({
    s,
    request,
    initiator,
    policies: await readPolicies(ctx.store),
    switches: await readSwitches(ctx.store),
    now: ctx.now(),
  });
  if (!gate.allowed) return steps.gateRefusal(gate);
  const entry = steps.ledgerEntryFor({
    s,
    request,
    initiator,
    id: ctx.ids(),
    sessionId: ctx.sessionId,
    now: ctx.now(),
  });
  await ctx.store.ledgerPut(entry);
  ctx.emitLedger(entry, true);
  await applyLocal(ctx, s, request.action, { label: request.label, until: request.until });
  await ctx.store.outboxAdd({
    id: entry.id,
    kind: "action",
    ledgerId: entry.id,
    payload: steps.actionPayload(s, request, ctx.sessionId),
    status: "pending",
    attempts: 0,
    lastError: null,
    createdAt: ctx.now(),
  });
  await flushOutbox({ store: ctx.store, cloud: ctx.cloud, onLedger: (e) => ctx.emitLedger(e, false) });
  return steps.outcomeAfterFlush({
    after: await ctx.store.ledgerGet(entry.id),
    entryId: entry.id,
    gate,
    action: request.action,
    queuedMessage: "offline: queued, sent in order when back online",
  });
}

/**
 * Undo by action, run, session or time window: queued actions are cancelled before they leave,
 * applied ones are reversed through the cloud ledger (queued while offline), each undo recorded.
 */
export async function deviceUndo(ctx: DeviceCtx, selector: UndoSelector): Promise<UndoResponse> {
  // The kill switch stops the assistant, not the person: undo works while it is on.
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
        async reverse(target, undoEntryId) {
          const s = target.suggestionId ? await ctx.store.getSuggestion(target.suggestionId) : undefined;
          if (s && target.reversal) await applyLocal(ctx, s, String(target.reversal.action), target.reversal);
          await ctx.store.outboxAdd({
            ...undoRowFor(target, undoEntryId),
            status: "pending",
            attempts: 0,
            lastError: null,
            createdAt: ctx.now(),
          });
          return { cloudLedgerId: null, queued: true };
        },
      },
    },
    input: selector,
  });
  await flushOutbox({
    store: ctx.store,
    cloud: ctx.cloud,
    onLedger: (e) => ctx.emitLedger(e, false),
    onSuggestion: (s) => ctx.emitSuggestion(s),
  });
  return steps.undoOutcome({
    cancelled,
    result,
    undoEntries: await Promise.all(result.undoEntries.map((id) => ctx.store.ledgerGet(id))),
  });
}
