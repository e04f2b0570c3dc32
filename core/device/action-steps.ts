import { gateAction } from "@scouts/core/assistant/autonomy";
import type { Switches } from "@scouts/core/assistant/control";
import { reversalFor } from "@scouts/core/assistant/ledger";
import { CoreError } from "@scouts/core/errors";
import type {
  ActionRequest,
  ActionResponse,
  ControlState,
  GateDecision,
  LedgerEntry,
  Policies,
  Settings,
  Suggestion,
} from "@scouts/core/protocol/local-api";

/** The steps of a device action shared by the local agent and the browser-as-device. */
export type Initiator = "person" | "assistant";

/**
 * The gate's switches from stored settings and control state.
 *
 * @example switchesFrom(settings, initialControl) // { control, assistantEnabled, providers }
 */
export function switchesFrom(settings: Settings, control: ControlState): Switches {
  return { control, assistantEnabled: settings.assistantEnabled, providers: settings.providers };
}

/**
 * The suggestion's local change after an action (or, with a reversal action, after its undo).
 *
 * @example localEffect(s, "snooze", { until: 1 }) // { status: "snoozed", snoozedUntil: 1 }
 */
export function localEffect(
  s: Suggestion,
  action: string,
  params: { label?: string; until?: number; prevStatus?: string; draftId?: string },
): Partial<Suggestion> | null {
  switch (action) {
    case "archive":
    case "trash":
    case "move":
      return { status: "archived" };
    case "unarchive":
    case "untrash":
    case "unmove":
    case "unsnooze":
      return { status: (params.prevStatus as Suggestion["status"]) ?? "new", snoozedUntil: null };
    case "snooze":
      return { status: "snoozed", snoozedUntil: params.until ?? null };
    case "mark_read":
      return { unread: false };
    case "mark_unread":
      return { unread: true };
    case "label":
      return { labels: [...new Set([...s.labels, params.label ?? ""])] };
    case "unlabel":
      return { labels: s.labels.filter((l) => l !== params.label) };
    case "delete_draft":
      // A newer draft of the same reply stays on the suggestion.
      return s.draftId === params.draftId ? { draftId: null } : null;
    default:
      return null;
  }
}

/** Throws bad_input when an action lacks the parameter it needs. */
export function checkActionParams(request: ActionRequest): void {
  if (request.action === "label" && !request.label) throw new CoreError("bad_input", "label needs a label");
  if (request.action === "snooze" && !request.until) throw new CoreError("bad_input", "snooze needs until");
  if (request.action === "move" && !request.folder) throw new CoreError("bad_input", "move needs a folder");
}

/**
 * Gates an action on a suggestion by the cohort's autonomy level, confidence and switches.
 *
 * @example gateSuggestionAction({ s, request, initiator: "person", policies, switches, now: 0 }).allowed
 */
export function gateSuggestionAction(args: {
  s: Suggestion;
  request: ActionRequest;
  initiator: Initiator;
  templateId?: string;
  policies: Policies;
  switches: Switches;
  now: number;
}): GateDecision {
  const { s, request, policies } = args;
  return gateAction({
    input: {
      action: request.action,
      source: s.source,
      level: policies.levels[s.cohort] ?? policies.levels.default,
      confidence: s.confidence,
      lowConfidenceThreshold: policies.lowConfidenceThreshold,
      initiator: args.initiator,
      confirmed: request.confirmed,
      templateId: args.templateId,
      templateIds: policies.templates.map((t) => t.id),
      now: args.now,
    },
    switches: args.switches,
  });
}

/** The response for an action the gate did not allow. */
export function gateRefusal(gate: GateDecision): ActionResponse {
  const status = gate.mode === "ask" ? "needs_confirmation" : "refused";
  return { status, ledgerId: null, gate, message: gate.reasons.at(-1) ?? "not allowed" };
}

/**
 * The pending ledger entry for an allowed action, with its reversal and the status to restore.
 *
 * @example ledgerEntryFor({ s, request, initiator: "person", id: "l1", sessionId, now }).status // "pending"
 */
export function ledgerEntryFor(args: {
  s: Suggestion;
  request: ActionRequest;
  initiator: Initiator;
  id: string;
  sessionId: string;
  now: number;
}): LedgerEntry {
  const { s, request } = args;
  const reversal = reversalFor(request.action, { label: request.label });
  return {
    id: args.id,
    suggestionId: s.id,
    scoutId: s.scoutId,
    action: request.action,
    targetRef: s.sourceMsgRef,
    // `until` lets a refused undo of a snooze put the snooze back as it was.
    reversal: reversal
      ? { ...reversal, prevStatus: s.status, ...(request.until ? { until: request.until } : {}) }
      : null,
    reversible: reversal !== null,
    actor: args.initiator === "person" ? "person" : "assistant",
    runId: request.runId ?? null,
    sessionId: args.sessionId,
    undoOf: null,
    status: "pending",
    cloudLedgerId: null,
    error: null,
    createdAt: args.now,
    undoneAt: null,
  };
}

/** The outbox payload that asks the cloud to run the action on the source. */
export function actionPayload(s: Suggestion, request: ActionRequest, sessionId: string) {
  return {
    proposalId: s.id,
    action: request.action,
    ...(request.label ? { label: request.label } : {}),
    ...(request.until ? { until: request.until } : {}),
    ...(request.runId ? { runId: request.runId } : {}),
    sessionId,
  };
}

/** The response once the outbox was flushed: applied, refused by the cloud, or still queued. */
export function outcomeAfterFlush(args: {
  after: LedgerEntry | null | undefined;
  entryId: string;
  gate: GateDecision;
  action: string;
  queuedMessage: string;
}): ActionResponse {
  const { after, entryId: ledgerId, gate } = args;
  if (after?.status === "applied")
    return { status: "applied", ledgerId, gate, message: `${args.action} done` };
  if (after?.status === "failed")
    return { status: "refused", ledgerId, gate, message: after.error ?? "the cloud refused it" };
  return { status: "queued", ledgerId, gate, message: args.queuedMessage };
}

/**
 * An undo's answer once the outbox was flushed: a reversal the cloud refused for good is not
 * "undone" but skipped with the cloud's reason (its entry is applied again and can be retried).
 *
 * @example undoOutcome({ cancelled: [], result, undoEntries }) // { undone: [], skipped: [{ id, reason: "the cloud refused the undo: …" }] }
 */
export function undoOutcome(args: {
  cancelled: string[];
  result: { undone: string[]; undoEntries: string[]; skipped: { id: string; reason: string }[] };
  undoEntries: readonly (LedgerEntry | null | undefined)[];
}): { undone: string[]; undoEntries: string[]; skipped: { id: string; reason: string }[] } {
  const refused = new Map<string, string>();
  for (const e of args.undoEntries)
    if (e?.status === "failed" && e.undoOf) refused.set(e.undoOf, e.error ?? "no reason given");
  return {
    undone: [...args.cancelled, ...args.result.undone.filter((id) => !refused.has(id))],
    undoEntries: args.result.undoEntries,
    skipped: [
      ...args.result.skipped.filter((k) => !args.cancelled.includes(k.id)),
      ...[...refused].map(([id, why]) => ({ id, reason: `the cloud refused the undo: ${why}` })),
    ],
  };
}

/**
 * The suggestion's local change when a refused undo puts an action back (the mailbox still has it).
 *
 * @example redoEffect(s, { action: "archive", reversal: { action: "unarchive" } }) // { status: "archived" }
 */
export function redoEffect(
  s: Suggestion,
  target: Pick<LedgerEntry, "action" | "reversal">,
): Partial<Suggestion> | null {
  const r = (target.reversal ?? {}) as { label?: string; until?: number; draftId?: string };
  if (target.action === "draft_reply") return r.draftId ? { draftId: r.draftId } : null;
  return localEffect(s, target.action, { label: r.label, until: r.until });
}
