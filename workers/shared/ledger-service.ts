import { reversalFor } from "@scouts/core/assistant/ledger";
import { type MailboxOp, runMailboxOp } from "@scouts/core/assistant/mailbox-actions";
import type { SourceConnector } from "@scouts/core/connectors/source-connector";
import { CoreError } from "@scouts/core/errors";
import type { Clock, IdGenerator } from "@scouts/core/ports";
import type { ScoutsDb } from "@scouts/db";
import {
  claimLedgerRow,
  clearLedgerUndone,
  deleteLedgerRow,
  findLedgerRow,
  findProposalForUser,
  findUndoOf,
  type LedgerRow,
  markLedgerUndone,
  setLedgerReversal,
} from "@scouts/db/repos/ledger";
import { deleteDraftReversal } from "./draft-service.ts";

export interface LedgerDeps {
  db: ScoutsDb;
  clock: Clock;
  ids: IdGenerator;
  connectorFor: (scoutId: string) => Promise<SourceConnector>;
}

export interface ActionInput {
  userId: string;
  proposalId: string;
  action: string;
  label?: string;
  until?: number;
  runId?: string;
  sessionId?: string;
  actor: string;
  idempotencyKey?: string;
}

function refFor(p: { sourceType: string; sourceMsgRef: string; threadRef: string | null }) {
  return {
    source: p.sourceType as "gmail",
    id: p.sourceMsgRef,
    ...(p.threadRef ? { threadId: p.threadRef } : {}),
  };
}

/** What devices may ask for: actions, plus the wake of a snooze (it unarchives). */
const DEVICE_ACTIONS = new Set(["archive", "trash", "mark_read", "label", "snooze", "unsnooze"]);

/**
 * Applies a mailbox action on the user's own proposal through its scout's connector and records
 * it in the ledger with its reversal. A label's reversal holds the Gmail label id it resolved to
 * (never the name: ids only in the cloud). A replayed Idempotency-Key returns the first ledger id
 * without touching the mailbox again.
 */
export async function applyAction(
  deps: LedgerDeps,
  input: ActionInput,
): Promise<{ ledgerId: string; replayed: boolean; labelId?: string }> {
  if (!DEVICE_ACTIONS.has(input.action))
    throw new CoreError("bad_input", `${input.action} is not an action devices can run here`);
  if (input.action === "label" && !input.label?.trim())
    throw new CoreError("bad_input", "label needs a label name");
  const proposal = await findProposalForUser(deps.db, input.userId, input.proposalId);
  if (!proposal) throw new CoreError("not_found", "no such item");
  // A label is reversible once its id is known (after the provider answered), like a draft.
  const reversal = input.action === "label" ? null : reversalFor(input.action);
  const { row, created } = await claimLedgerRow(deps.db, {
    id: deps.ids(),
    userId: input.userId,
    scoutId: proposal.scoutId,
    action: input.action,
    targetRef: proposal.sourceMsgRef,
    reversal,
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
    const labelId = (row.reversal as { labelId?: string } | null)?.labelId;
    return { ledgerId: row.id, replayed: true, ...(labelId ? { labelId } : {}) };
  }
  let out: { labelId?: string };
  try {
    const connector = await deps.connectorFor(proposal.scoutId);
    out = await runMailboxOp({
      ctx: { connector },
      input: { ref: refFor(proposal), op: input.action as MailboxOp, label: input.label },
    });
  } catch (e) {
    // Nothing happened at the provider: forget the claim so a retry can apply it.
    await deleteLedgerRow(deps.db, row.id);
    throw e;
  }
  if (input.action === "label")
    await setLedgerReversal(deps.db, row.id, { action: "unlabel", labelId: out.labelId ?? null });
  return { ledgerId: row.id, replayed: false, ...(out.labelId ? { labelId: out.labelId } : {}) };
}

/**
 * Undoes one ledger entry through the connector and records the undo (itself in the ledger).
 * Undoing twice returns the first undo.
 */
export async function undoEntry(
  deps: LedgerDeps,
  input: { userId: string; ledgerId: string; sessionId?: string },
): Promise<{ ledgerId: string; undone: string }> {
  const entry = await findLedgerRow(deps.db, input.userId, input.ledgerId);
  if (!entry) throw new CoreError("not_found", "no such ledger entry");
  if (entry.undoOf)
    throw new CoreError("bad_input", "an undo cannot itself be undone; apply the action again");
  const previous = await findUndoOf(deps.db, input.userId, entry.id);
  if (previous) return { ledgerId: previous.id, undone: entry.id };
  const reversal = entry.reversal as {
    action?: string;
    label?: string;
    labelId?: string;
    draftId?: string;
  } | null;
  if (!reversal?.action) throw new CoreError("conflict", `${entry.action} cannot be undone`);
  const now = deps.clock.now();
  if (!(await markLedgerUndone(deps.db, entry.id, now))) {
    const won = await findUndoOf(deps.db, input.userId, entry.id);
    if (won) return { ledgerId: won.id, undone: entry.id };
    throw new CoreError("conflict", "undo already in progress");
  }
  const proposal = entry.proposalId
    ? await findProposalForUser(deps.db, input.userId, entry.proposalId)
    : null;
  try {
    const connector = await deps.connectorFor(entry.scoutId ?? "");
    const ref = proposal ? refFor(proposal) : { source: "gmail" as const, id: entry.targetRef };
    if (reversal.action === "delete_draft") await deleteDraftReversal(connector, reversal.draftId);
    else
      await runMailboxOp({
        ctx: { connector },
        input: { ref, op: reversal.action as MailboxOp, label: reversal.label, labelId: reversal.labelId },
      });
  } catch (e) {
    await clearLedgerUndone(deps.db, entry.id);
    throw e;
  }
  const { row } = await claimLedgerRow(deps.db, {
    id: deps.ids(),
    userId: input.userId,
    scoutId: entry.scoutId,
    action: reversal.action,
    targetRef: entry.targetRef,
    reversal: null,
    runId: entry.runId,
    sessionId: input.sessionId ?? null,
    actor: "undo",
    undoOf: entry.id,
    createdAt: now,
    undoneAt: null,
    proposalId: entry.proposalId,
    idempotencyKey: null,
  });
  return { ledgerId: row.id, undone: entry.id };
}

/** Undoes a set of entries newest first; entries already undone, irreversible or undos are skipped. */
export async function undoMany(
  deps: LedgerDeps,
  input: { userId: string; entries: LedgerRow[]; sessionId?: string },
): Promise<{ undone: string[]; undoEntries: string[]; skipped: { id: string; reason: string }[] }> {
  const out = {
    undone: [] as string[],
    undoEntries: [] as string[],
    skipped: [] as { id: string; reason: string }[],
  };
  const sorted = [...input.entries].sort((a, b) => b.createdAt - a.createdAt || (b.id < a.id ? -1 : 1));
  for (const e of sorted) {
    if (e.undoOf) continue;
    if (e.undoneAt !== null) out.skipped.push({ id: e.id, reason: "already undone" });
    else if (!(e.reversal as { action?: string } | null)?.action)
      out.skipped.push({ id: e.id, reason: "irreversible" });
    else {
      try {
        const r = await undoEntry(deps, { userId: input.userId, ledgerId: e.id, sessionId: input.sessionId });
        out.undone.push(r.undone);
        out.undoEntries.push(r.ledgerId);
      } catch (err) {
        out.skipped.push({ id: e.id, reason: err instanceof Error ? err.message : "failed" });
      }
    }
  }
  return out;
}
