import type { DraftResponse, LedgerEntry, Suggestion } from "../protocol/local-api.ts";

/**
 * The ledger entry for a reply draft about to be saved in Gmail: pending, and reversible only
 * once Gmail names the draft (the outbox then sets reversal `delete_draft`).
 *
 * @example draftLedgerEntry({ s, id: "l1", sessionId, now }).action // "draft_reply"
 */
export function draftLedgerEntry(args: {
  s: Pick<Suggestion, "id" | "scoutId" | "sourceMsgRef">;
  id: string;
  sessionId: string;
  now: number;
}): LedgerEntry {
  return {
    id: args.id,
    suggestionId: args.s.id,
    scoutId: args.s.scoutId,
    action: "draft_reply",
    targetRef: args.s.sourceMsgRef,
    reversal: null,
    reversible: false,
    actor: "person",
    runId: null,
    sessionId: args.sessionId,
    undoOf: null,
    status: "pending",
    cloudLedgerId: null,
    error: null,
    createdAt: args.now,
    undoneAt: null,
  };
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
