import { reversalFor } from "@scouts/core/assistant/ledger";
import type { GmailConnector } from "@scouts/core/connectors/gmail/connector";
import type { SourceConnector } from "@scouts/core/connectors/source-connector";
import { CoreError } from "@scouts/core/errors";
import {
  claimLedgerRow,
  deleteLedgerRow,
  findProposalForUser,
  setLedgerReversal,
} from "@scouts/db/repos/ledger";
import type { LedgerDeps } from "./ledger-service.ts";

type DraftCapable = Pick<GmailConnector, "createDraft" | "deleteDraft" | "replyContext">;

function draftCapable(c: SourceConnector): DraftCapable {
  const d = c as SourceConnector & Partial<DraftCapable>;
  if (c.source !== "gmail" || !d.createDraft || !d.deleteDraft || !d.replyContext)
    throw new CoreError("bad_input", `drafts are stored in Gmail only, not ${c.source}`);
  return d as DraftCapable;
}

export interface DraftInput {
  userId: string;
  proposalId: string;
  /** The reply text: passes through to Gmail, never stored or logged here. */
  body: string;
  runId?: string;
  sessionId?: string;
  actor: string;
  idempotencyKey?: string;
}

/**
 * Saves a reply to the user's own proposal as a Gmail draft in its thread (never sent) and
 * records it in the ledger with reversal `delete_draft`. A replayed Idempotency-Key returns the
 * first draft without creating another.
 * @example await createReplyDraft(deps, { userId, proposalId, body: "Yes, Friday works.", actor: "person" })
 */
export async function createReplyDraft(
  deps: LedgerDeps,
  input: DraftInput,
): Promise<{ draftId: string; ledgerId: string; replayed: boolean }> {
  const proposal = await findProposalForUser(deps.db, input.userId, input.proposalId);
  if (!proposal) throw new CoreError("not_found", "no such item");
  if (proposal.sourceType !== "gmail")
    throw new CoreError("bad_input", `drafts are stored in Gmail only, not ${proposal.sourceType}`);
  const { row, created } = await claimLedgerRow(deps.db, {
    id: deps.ids(),
    userId: input.userId,
    scoutId: proposal.scoutId,
    action: "draft_reply",
    targetRef: proposal.sourceMsgRef,
    // Known only once Gmail answers with the draft id (set below).
    reversal: null,
    runId: input.runId ?? null,
    sessionId: input.sessionId ?? null,
    actor: input.actor,
    undoOf: null,
    createdAt: deps.clock.now(),
    undoneAt: null,
    proposalId: proposal.id,
    idempotencyKey: input.idempotencyKey ?? null,
  });
  if (!created) {
    const draftId = (row.reversal as { draftId?: string } | null)?.draftId;
    if (!draftId) throw new CoreError("conflict", "this draft is still being saved");
    return { draftId, ledgerId: row.id, replayed: true };
  }
  let draftId: string;
  try {
    const gmail = draftCapable(await deps.connectorFor(proposal.scoutId));
    const ref = {
      source: "gmail" as const,
      id: proposal.sourceMsgRef,
      ...(proposal.threadRef ? { threadId: proposal.threadRef } : {}),
    };
    const reply = await gmail.replyContext(ref);
    ({ draftId } = await gmail.createDraft({
      threadId: reply.threadId,
      to: reply.to,
      subject: reply.subject,
      body: input.body,
      inReplyTo: reply.messageId,
      references: reply.references,
    }));
  } catch (e) {
    // No draft exists: forget the claim so a retry can save it.
    await deleteLedgerRow(deps.db, row.id);
    throw e;
  }
  await setLedgerReversal(deps.db, row.id, reversalFor("draft_reply", { draftId })!);
  return { draftId, ledgerId: row.id, replayed: false };
}

/** Undo of a draft: deletes it in Gmail (already gone counts as done). */
export async function deleteDraftReversal(connector: SourceConnector, draftId: unknown): Promise<void> {
  if (typeof draftId !== "string" || !draftId) throw new CoreError("conflict", "the draft id is missing");
  await draftCapable(connector).deleteDraft(draftId);
}
