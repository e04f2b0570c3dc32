import type { SenderVolume } from "@scouts/core/assistant/cleanup";
import type { Undoable } from "../../app/undo.tsx";
import type { SuggestionSource } from "../../data/source.ts";

export interface CleanupResult {
  undo: Undoable;
  archived: number;
  /** What unsubscribing did, in words; null when it was not asked for. */
  unsubscribed: string | null;
  failed: string[];
}

/**
 * "Unsubscribe and archive all" for one sender: the unsubscribe first (irreversible, the person
 * confirmed it), then every message of theirs still in the inbox archived through the outbox and
 * ledger under one run id, so one Undo (or Activity's "undo run") brings them all back.
 *
 * @example await runCleanup(source, sender, { unsubscribe: true, runId: crypto.randomUUID() })
 */
export async function runCleanup(
  source: SuggestionSource,
  sender: SenderVolume,
  opts: { unsubscribe: boolean; runId: string },
): Promise<CleanupResult> {
  let unsubscribed: string | null = null;
  if (opts.unsubscribe && sender.newestId && source.unsubscribe) {
    // A refused or failed unsubscribe is said, and the archiving the person asked for still happens.
    try {
      const r = await source.unsubscribe(sender.newestId);
      unsubscribed = r.done ? "unsubscribed" : `not unsubscribed: ${r.message}`;
    } catch (e) {
      unsubscribed = `could not unsubscribe: ${e instanceof Error ? e.message : String(e)}`;
    }
  }
  const ledgerIds: string[] = [];
  const failed: string[] = [];
  for (const id of sender.inbox) {
    try {
      const r = await source.act(id, { action: "archive", runId: opts.runId });
      if (r.status !== "applied" && r.status !== "queued") failed.push(r.message);
      else if (r.ledgerId) ledgerIds.push(r.ledgerId);
    } catch (e) {
      failed.push(e instanceof Error ? e.message : String(e));
    }
  }
  return {
    undo: { what: `archive ${ledgerIds.length} from ${sender.address}`, ledgerIds, taskIds: [], reopen: [] },
    archived: ledgerIds.length,
    unsubscribed,
    failed,
  };
}
