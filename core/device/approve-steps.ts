import { proposalFor } from "../assistant/proposal.ts";
import { CoreError } from "../errors.ts";
import type {
  ActionRequest,
  ActionResponse,
  ApprovalOutcome,
  DraftResponse,
  Entity,
  ProposedAction,
  Suggestion,
  UnsubscribeResponse,
} from "../protocol/local-api.ts";

/** How a device runs each kind of approved action (the agent and the browser-as-device). */
export interface ApprovePorts {
  /** A person-initiated mailbox action through the gate, ledger and outbox. */
  act(request: ActionRequest): Promise<ActionResponse>;
  draft(): Promise<DraftResponse>;
  unsubscribe(): Promise<UnsubscribeResponse>;
  task(): Promise<Entity>;
}

/**
 * The action an approval takes: the person's pick, else the proposal for the suggestion now.
 *
 * @example approvalAction(s, undefined, { now, timeZone: "UTC", drafts: false }) // { kind: "archive" }
 */
export function approvalAction(
  s: Suggestion,
  picked: ProposedAction | undefined,
  ctx: { now: number; timeZone: string; drafts: boolean },
): ProposedAction {
  return picked ?? proposalFor(s, ctx).action;
}

/**
 * Runs what an approval does, exactly once: a mailbox action through the ledger and outbox
 * (undoable), a reply draft (never sent), unsubscribe (only once confirmed: it cannot be undone)
 * or a task. A refusal (gate, kill switch, the cloud) throws with its reason, so the suggestion
 * stays as it was.
 *
 * @example await runApproval({ ctx: ports, input: { action: { kind: "archive" }, confirmed: false, now } }) // { status: "applied", ledgerId, ... }
 */
export async function runApproval(args: {
  ctx: ApprovePorts;
  input: { action: ProposedAction; confirmed: boolean; now: number };
}): Promise<ApprovalOutcome> {
  const { ctx, input } = args;
  const { action } = input;
  const base = { action, entityId: null };
  switch (action.kind) {
    case "archive":
    case "label":
    case "snooze":
    case "move": {
      if (action.kind === "snooze" && action.until <= input.now)
        throw new CoreError("bad_input", "that snooze time has passed: pick a later one");
      const r = await ctx.act({
        action: action.kind,
        ...(action.kind === "label" ? { label: action.label } : {}),
        ...(action.kind === "snooze" ? { until: action.until } : {}),
        ...(action.kind === "move" ? { folder: action.folder } : {}),
        confirmed: false,
      });
      if (r.status === "refused" || r.status === "needs_confirmation")
        throw new CoreError("disabled", r.message);
      return { ...base, status: r.status, ledgerId: r.ledgerId, message: r.message };
    }
    case "draft_reply": {
      const r = await ctx.draft();
      const message = r.queued
        ? "offline: the draft is saved to Gmail when back online"
        : r.stored
          ? "reply draft saved in Gmail (never sent)"
          : "reply drafted on this device (this source keeps no drafts)";
      return { ...base, status: r.queued ? "queued" : "applied", ledgerId: r.ledgerId, message };
    }
    case "unsubscribe": {
      if (!input.confirmed)
        throw new CoreError("bad_input", "unsubscribe cannot be undone: see its plan and confirm first");
      const r = await ctx.unsubscribe();
      if (!r.done) throw new CoreError("upstream_rejected", `not unsubscribed: ${r.message}`);
      return { ...base, status: "applied", ledgerId: r.ledgerId, message: r.message };
    }
    case "task": {
      const entity = await ctx.task();
      return { ...base, status: "applied", ledgerId: null, entityId: entity.id, message: "task made" };
    }
  }
}

/** Batch approve takes only what needs no more from the person: never unsubscribe, one draft at a time. */
export function batchApprovalRefusal(action: ProposedAction): string | null {
  if (action.kind === "unsubscribe") return "unsubscribe always asks: approve it on its card";
  if (action.kind === "draft_reply") return "reply drafts are written one at a time: approve it on its card";
  return null;
}
