import { actionText } from "@scouts/core/assistant/proposal";
import type { RelayedSuggestion } from "@scouts/core/protocol/account-relay";
import { useEffect, useState } from "react";
import type { ComputerAccounts, ComputerDecision } from "../../device/account-relay.ts";
import { ApproveBar, type InsteadKind } from "./approve-bar.tsx";
import type { FolderSource } from "./folder-picker.tsx";

/** What the computer does when asked from a phone (drafts, unsubscribe and the rest need it in person). */
const PHONE_KINDS: readonly InsteadKind[] = ["archive", "move", "snooze"];

const ERROR_TEXT: Record<string, string> = {
  agent_offline: "Your computer is offline, so nothing was done. Try again when it is back.",
  offline: "This phone is offline, so nothing was done.",
  timeout: "Your computer did not answer in time. Trying again is safe: it is never done twice.",
};

/**
 * Device mode: suggestions from the mail accounts the person's computer reads itself (IMAP,
 * JMAP, its local mailbox), relayed by the hub. Approve, Reject and Undo are sent to the computer,
 * which does them on the mail server; when it is offline nothing is queued and the page says so.
 * Approve has the desktop card's picker: Archive, Move to a folder (the computer lists them), Snooze.
 */
export function ComputerAccountsSection(props: {
  accounts: ComputerAccounts;
  timeZone: string;
  now: number;
}) {
  const { accounts } = props;
  const [state, setState] = useState(accounts.state());
  const [busy, setBusy] = useState<string | null>(null);
  const [note, setNote] = useState<{
    id: string;
    text: string;
    undo?: string;
    /** A decision that got no answer, to send again (same request: done at most once). */
    retry?: { d: ComputerDecision; done: string };
  } | null>(null);
  useEffect(() => {
    const stop = accounts.subscribe(setState);
    accounts.refresh();
    return stop;
  }, [accounts]);

  const run = async (s: RelayedSuggestion, d: ComputerDecision, done: string) => {
    setBusy(s.id);
    const r = await accounts.decide(s.id, d);
    setBusy(null);
    if (!r.ok)
      setNote({
        id: s.id,
        text: ERROR_TEXT[r.error ?? ""] ?? `Not done: ${r.error ?? "refused"}`,
        ...(r.retryId ? { retry: { d: { ...d, requestId: r.retryId }, done } } : {}),
      });
    else setNote({ id: s.id, text: done, ...(r.ledgerId ? { undo: r.ledgerId } : {}) });
  };

  const folderSourceOf = (s: RelayedSuggestion): FolderSource | null =>
    s.account && s.source !== "local_mail"
      ? { accountId: s.account, here: s.folder ?? null, read: accounts.folders }
      : null;

  const shown = state.items.filter((s) => s.status === "new" || s.id === note?.id);
  if (state.agentOnline === null && shown.length === 0) return null;
  return (
    <section className="computer-accounts" aria-labelledby="computer-accounts-title">
      <h2 id="computer-accounts-title">From your computer’s mail accounts</h2>
      {state.agentOnline === false && (
        <p role="status" className="muted">
          Your computer is offline: its mail accounts can’t be acted on from here until it is back. Nothing is
          queued.
        </p>
      )}
      {state.agentOnline && shown.length === 0 && <p className="muted">Nothing new there.</p>}
      {note && !shown.some((s) => s.id === note.id) && (
        <p role="status" className="muted">
          {note.text}
        </p>
      )}
      {shown.map((s) => {
        const action = s.proposal?.action;
        const titleId = `computer-${s.id}`;
        return (
          <article key={s.id} className={`card status-${s.status}`} aria-labelledby={titleId} data-id={s.id}>
            <div className="badges">
              <span className={`badge bucket-${s.bucket ?? "none"}`}>{s.bucket ?? "unsorted"}</span>
              <span className="badge">
                {s.source === "local_mail" ? "local mailbox" : s.source.toUpperCase()}
              </span>
              {s.status !== "new" && <span className="badge status-badge">{s.status}</span>}
            </div>
            <h3 id={titleId}>{s.subject}</h3>
            <p className="from">{s.from}</p>
            {s.snippet && <p className="snippet">{s.snippet}</p>}
            {note?.id === s.id && (
              <p role="status">
                {note.text}{" "}
                {note.retry && (
                  <button
                    type="button"
                    disabled={busy === s.id}
                    onClick={() => note.retry && void run(s, note.retry.d, note.retry.done)}
                  >
                    Try again
                  </button>
                )}
                {note.undo && (
                  <button
                    type="button"
                    disabled={busy === s.id}
                    onClick={() => void run(s, { op: "undo", ledgerId: note.undo }, "Undone")}
                  >
                    Undo
                  </button>
                )}
              </p>
            )}
            {s.status === "new" && (
              <ApproveBar
                s={s}
                timeZone={props.timeZone}
                now={props.now}
                draftOff={null}
                canUnsubscribe={false}
                folders={folderSourceOf(s)}
                kinds={PHONE_KINDS}
                shortcut={false}
                busy={busy === s.id}
                onApprove={(picked) => {
                  const done = picked ?? action;
                  void run(
                    s,
                    { op: "approve", ...(picked ? { action: picked } : {}) },
                    done ? `${actionText(done, props.timeZone)} “${s.subject}”: done` : "Done",
                  );
                }}
              />
            )}
            {s.status === "new" && (
              <div className="actions">
                <button
                  type="button"
                  disabled={busy === s.id}
                  onClick={() => void run(s, { op: "reject" }, "Rejected")}
                >
                  Reject
                </button>
                {action?.kind !== "archive" && (
                  <button
                    type="button"
                    disabled={busy === s.id}
                    onClick={() =>
                      void run(s, { op: "approve", action: { kind: "archive" } }, `Archived “${s.subject}”`)
                    }
                  >
                    Archive
                  </button>
                )}
              </div>
            )}
          </article>
        );
      })}
    </section>
  );
}
