import type { Clock, IdGenerator } from "../ports.ts";
import type { LedgerEntry, MailboxAction } from "../protocol/local-api.ts";

/** The provider operation that reverses an action; null when nothing can reverse it. */
export type Reversal = { action: string; label?: string; labelId?: string; draftId?: string } & Record<
  string,
  unknown
>;

/**
 * The reversal recorded with every write.
 *
 * @example reversalFor("label", { label: "Receipts" }) // { action: "unlabel", label: "Receipts" }
 */
export function reversalFor(
  action: MailboxAction | string,
  params: { label?: string; draftId?: string } = {},
): Reversal | null {
  switch (action) {
    case "archive":
      return { action: "unarchive" };
    case "label":
      return { action: "unlabel", label: params.label ?? "" };
    case "snooze":
      return { action: "unsnooze" };
    case "move":
      return { action: "unmove" };
    // A snooze's wake put the message back in the inbox; undoing the wake archives it again.
    case "unsnooze":
      return { action: "archive" };
    case "mark_read":
      return { action: "mark_unread" };
    case "trash":
      return { action: "untrash" };
    case "draft_reply":
      return params.draftId ? { action: "delete_draft", draftId: params.draftId } : null;
    default:
      return null;
  }
}

/**
 * Why undo skips an action the kill switch (or an earlier undo of a queued call) cancelled before
 * it reached the mailbox: there is nothing to reverse, which is not a failed undo.
 */
export const CANCELLED_NOTHING_TO_UNDO = "cancelled — nothing to undo";

/** Undo one action, a run, a session or a time window. */
export type UndoSelector =
  | { ledgerId: string }
  | { runId: string }
  | { sessionId: string }
  | { since: number; until?: number };

/**
 * The entries a selector undoes, newest first so later writes unwind before earlier ones, and
 * the ones it must skip (already undone, irreversible, themselves undos, not applied).
 */
export function selectUndoable(
  entries: readonly LedgerEntry[],
  selector: UndoSelector,
): { targets: LedgerEntry[]; skipped: { id: string; reason: string }[] } {
  const matches = entries.filter((e) => {
    if ("ledgerId" in selector) return e.id === selector.ledgerId;
    if ("runId" in selector) return e.runId === selector.runId;
    if ("sessionId" in selector) return e.sessionId === selector.sessionId;
    return e.createdAt >= selector.since && (selector.until === undefined || e.createdAt <= selector.until);
  });
  const targets: LedgerEntry[] = [];
  const skipped: { id: string; reason: string }[] = [];
  for (const e of matches) {
    if (e.actor === "undo" || e.undoOf) continue;
    if (e.undoneAt !== null || e.status === "undone") skipped.push({ id: e.id, reason: "already undone" });
    else if (e.status === "cancelled") skipped.push({ id: e.id, reason: CANCELLED_NOTHING_TO_UNDO });
    else if (!e.reversible || !e.reversal) skipped.push({ id: e.id, reason: "irreversible" });
    else if (e.status !== "applied") skipped.push({ id: e.id, reason: `not applied (${e.status})` });
    else targets.push(e);
  }
  targets.sort((a, b) => b.createdAt - a.createdAt || (b.id < a.id ? -1 : 1));
  return { targets, skipped };
}

/** Storage the ledger logic needs (the agent's libSQL file, the PWA's IndexedDB). */
export interface LedgerStore {
  list(selector: UndoSelector): Promise<LedgerEntry[]>;
  append(entry: LedgerEntry): Promise<void>;
  markUndone(id: string, at: number): Promise<void>;
}

/**
 * Runs a reversal at the provider (through the cloud API); returns the cloud's ledger id, or
 * `queued` when the reversal waits in the outbox (its undo entry stays pending until it is sent).
 * `undoEntryId` is the id the undo's own ledger entry gets.
 */
export interface ReversalExecutor {
  reverse(
    entry: LedgerEntry,
    undoEntryId: string,
  ): Promise<{ cloudLedgerId: string | null; queued?: boolean }>;
}

/** The error a refused undo leaves on the entry it meant to reverse (which stays applied, retryable). */
export const UNDO_REFUSED = "undo refused: ";

/**
 * Undoes what `selector` names through the provider and records each undo in the ledger.
 *
 * @example await undoLedger({ ctx: { store, executor, clock, ids }, input: { runId: "run-1" } })
 */
export async function undoLedger(args: {
  ctx: { store: LedgerStore; executor: ReversalExecutor; clock: Clock; ids: IdGenerator; sessionId?: string };
  input: UndoSelector;
}): Promise<{ undone: string[]; undoEntries: string[]; skipped: { id: string; reason: string }[] }> {
  const { ctx, input } = args;
  const { targets, skipped } = selectUndoable(await ctx.store.list(input), input);
  const undone: string[] = [];
  const undoEntries: string[] = [];
  for (const target of targets) {
    try {
      const id = ctx.ids();
      const { cloudLedgerId, queued } = await ctx.executor.reverse(target, id);
      const now = ctx.clock.now();
      const entry: LedgerEntry = {
        id,
        suggestionId: target.suggestionId,
        scoutId: target.scoutId,
        action: String(target.reversal?.action ?? "undo"),
        targetRef: target.targetRef,
        reversal: null,
        reversible: false,
        actor: "undo",
        runId: target.runId,
        sessionId: ctx.sessionId ?? null,
        undoOf: target.id,
        status: queued ? "pending" : "applied",
        cloudLedgerId,
        error: null,
        createdAt: now,
        undoneAt: null,
      };
      await ctx.store.append(entry);
      await ctx.store.markUndone(target.id, now);
      undone.push(target.id);
      undoEntries.push(entry.id);
    } catch (e) {
      skipped.push({ id: target.id, reason: e instanceof Error ? e.message : String(e) });
    }
  }
  return { undone, undoEntries, skipped };
}
