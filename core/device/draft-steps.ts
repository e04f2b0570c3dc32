import type { DraftResponse, LedgerEntry, Suggestion } from "../protocol/local-api.ts";
import { type Initiator, ledgerEntryFor } from "./action-steps.ts";

/**
 * The ledger entry for a reply draft about to be saved in Gmail: pending, and reversible only
 * once Gmail names the draft (the outbox then sets reversal `delete_draft`). L5 template drafts
 * are the assistant's, under the scheduled triage's run id.
 *
 * @example draftLedgerEntry({ s, id: "l1", sessionId, now }).action // "draft_reply"
 */
export function draftLedgerEntry(args: {
  s: Suggestion;
  id: string;
  sessionId: string;
  now: number;
  initiator?: Initiator;
  runId?: string;
}): LedgerEntry {
  const request = {
    action: "draft_reply",
    confirmed: true,
    ...(args.runId ? { runId: args.runId } : {}),
  } as const;
  const initiator = args.initiator ?? "person";
  // No reversal yet: known only once Gmail answers with the draft id.
  return { ...ledgerEntryFor({ ...args, request, initiator }), reversal: null, reversible: false };
}

/** The outbox payload that saves a reply as a Gmail draft in the thread (never sent). */
export function draftPayload(s: Suggestion, body: string, sessionId: string, runId?: string) {
  return { proposalId: s.id, body, sessionId, ...(runId ? { runId } : {}) };
}

/** What the person is told after the outbox tried to save the draft (stored, queued offline, or not). */
export function draftOutcome(
  text: string,
  entryId: string,
  after: LedgerEntry | null | undefined,
): DraftResponse {
  if (after?.status === "applied") {
    const draftId = String(after.reversal?.draftId ?? "") || null;
    return { text, stored: draftId !== null, ledgerId: entryId, draftId };
  }
  return { text, stored: false, ledgerId: entryId, draftId: null, queued: after?.status === "pending" };
}
