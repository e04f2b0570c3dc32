import type { DraftResponse, LedgerEntry, Suggestion } from "../protocol/local-api.ts";
import { ledgerEntryFor } from "./action-steps.ts";

/**
 * The ledger entry for a reply draft about to be saved in Gmail: pending, and reversible only
 * once Gmail names the draft (the outbox then sets reversal `delete_draft`).
 *
 * @example draftLedgerEntry({ s, id: "l1", sessionId, now }).action // "draft_reply"
 */
export function draftLedgerEntry(args: {
  s: Suggestion;
  id: string;
  sessionId: string;
  now: number;
}): LedgerEntry {
  const request = { action: "draft_reply", confirmed: true } as const;
  // No reversal yet: known only once Gmail answers with the draft id.
  return { ...ledgerEntryFor({ ...args, request, initiator: "person" }), reversal: null, reversible: false };
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
