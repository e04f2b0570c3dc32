import type { LedgerItem } from "@scouts/core/protocol/local-api";
import { Link } from "@tanstack/react-router";
import { ago } from "../../lib/use-async.ts";

/** What each recorded action did, in words (undo entries say what they reversed). */
export const ACTION_TEXT: Record<string, string> = {
  archive: "Archived",
  unarchive: "Unarchived",
  trash: "Moved to trash",
  untrash: "Restored from trash",
  mark_read: "Marked read",
  mark_unread: "Marked unread",
  label: "Labelled",
  unlabel: "Label removed",
  snooze: "Snoozed",
  unsnooze: "Woke from snooze (back in the inbox)",
  draft_reply: "Reply draft saved",
  delete_draft: "Reply draft deleted",
  unsubscribe: "Unsubscribed",
};

/** Entries that an undo can still reverse. */
export function canUndo(e: LedgerItem): boolean {
  return e.reversible && e.status === "applied" && e.actor !== "undo";
}

/**
 * One ledger row: what was done, to which message (subject and sender from this device's copy,
 * linked to the suggestion), by whom and when, with its undo and its run's undo.
 */
export function LedgerRow(props: { e: LedgerItem; onUndo: () => void; onUndoRun: (() => void) | null }) {
  const { e } = props;
  const what = ACTION_TEXT[e.action] ?? e.action.replace(/_/g, " ");
  const subject = e.subject === undefined || e.subject === null ? null : e.subject || "(no subject)";
  return (
    <li className={`ledger-row ledger-${e.status}`}>
      <div>
        <strong>{what}</strong>
        {subject !== null && e.suggestionId && (
          <>
            {" "}
            <Link to="/suggestion/$id" params={{ id: e.suggestionId }} className="ledger-subject">
              “{subject}”
            </Link>
            {e.from && <span className="muted"> from {e.from}</span>}
          </>
        )}
        <span className="badge status-badge">{e.status}</span>
        {e.error && <span className="error-text">{e.error}</span>}
      </div>
      <div className="muted">
        by {e.actor} · <time dateTime={new Date(e.createdAt).toISOString()}>{ago(e.createdAt)}</time>
        {e.runId && <> · run {e.runId.slice(0, 8)}</>}
      </div>
      {canUndo(e) && (
        <div className="actions">
          <button
            type="button"
            onClick={props.onUndo}
            aria-label={`Undo ${what.toLowerCase()}${subject ? ` “${subject}”` : ""} ${ago(e.createdAt)}`}
          >
            Undo
          </button>
          {props.onUndoRun && (
            <button type="button" onClick={props.onUndoRun}>
              Undo whole run
            </button>
          )}
        </div>
      )}
    </li>
  );
}
