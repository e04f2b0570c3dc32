import type { UndoRequest, UndoResponse } from "@scouts/core/protocol/local-api";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useConnection } from "../../app/connection.tsx";
import { Empty, ErrorState, NeedsSource } from "../../app/states.tsx";
import { useAsync } from "../../lib/use-async.ts";
import "./activity.css";
import { LedgerRow } from "./ledger-row.tsx";
import { UndoRange } from "./undo-range.tsx";

const WINDOWS = [
  ["15 min", 15 * 60_000],
  ["1 hour", 3_600_000],
  ["24 hours", 86_400_000],
] as const;

/** What a session is, in the words of the mode the PWA runs in. */
function sessionWords(mode: string): string {
  return mode === "device"
    ? "when this browser tab opened Scouts"
    : "when your local agent started (actions from this app and the scouts-agent CLI both count)";
}

/** The ledger: every action on your mail, undo per action, per run, per session and per time window. */
export function ActivityPage() {
  const { source, mode } = useConnection();
  const [notice, setNotice] = useState("");
  const { state, reload } = useAsync(async () => (source ? source.ledger({ limit: 200 }) : null), [source]);
  const status = useAsync(async () => (source ? source.status() : null), [source]);
  useEffect(() => {
    if (!source) return;
    return source.subscribe((e) => (e.type === "ledger.appended" || e.type === "ledger.updated") && reload());
  }, [source, reload]);
  if (!source) return <NeedsSource what="Activity" />;
  const undo = async (label: string, f: () => Promise<UndoResponse>) => {
    try {
      const r = await f();
      setNotice(
        `${label}: undid ${r.undone.length}${r.skipped.length ? `, skipped ${r.skipped.length} (${r.skipped[0]?.reason})` : ""}.`,
      );
      reload();
    } catch (e) {
      setNotice(`${label} failed: ${(e as Error).message}`);
    }
  };
  const undoWindow = (r: UndoRequest, label: string) => undo(label, () => source.undo(r));
  const items = state.data?.items ?? [];
  const runs = new Set(items.map((e) => e.runId).filter((r): r is string => !!r));
  const session = status.state.data?.session;
  return (
    <section aria-labelledby="act-title">
      <h1 id="act-title">Activity</h1>
      <fieldset className="toolbar">
        <legend className="sr-only">Undo a time window</legend>
        {WINDOWS.map(([label, ms]) => (
          <button
            key={label}
            type="button"
            onClick={() => undoWindow({ since: Date.now() - ms }, `Undo last ${label}`)}
          >
            Undo last {label}
          </button>
        ))}
      </fieldset>
      <div className="undo-panels">
        <section className="undo-session" aria-labelledby="session-title">
          <h2 id="session-title">This session</h2>
          {session ? (
            <>
              <p>
                Started{" "}
                <time dateTime={new Date(session.startedAt).toISOString()}>
                  {new Date(session.startedAt).toLocaleString()}
                </time>
                , {sessionWords(mode)}. Undoing it reverses every action since then, yours and the
                assistant’s, newest first.
              </p>
              <button
                type="button"
                onClick={() => undoWindow({ sessionId: session.id }, "Undo this session")}
              >
                Undo this session
              </button>
            </>
          ) : (
            <p className="muted">Loading the session…</p>
          )}
        </section>
        <UndoRange onUndo={(r, label) => void undoWindow(r, label)} />
      </div>
      <p className="notice" role="status" aria-live="polite">
        {notice}
      </p>
      {state.status === "error" && <ErrorState error={state.error} retry={reload} />}
      {state.status === "ready" && items.length === 0 && (
        <Empty title="No actions yet">
          <p>
            Every action the assistant or you take on a mailbox shows up here, with its undo. Archive, snooze
            or label a suggestion in <Link to="/suggestions">Suggestions</Link>, or let a cohort act on its
            own in <Link to="/policies">Policies</Link>.
          </p>
        </Empty>
      )}
      <ul className="ledger" aria-label="Actions, newest first">
        {items.map((e) => (
          <LedgerRow
            key={e.id}
            e={e}
            onUndo={() => void undo("Undo", () => source.undoOne(e.id))}
            onUndoRun={
              e.runId && runs.has(e.runId)
                ? () => void undoWindow({ runId: e.runId ?? "" }, "Undo run")
                : null
            }
          />
        ))}
      </ul>
    </section>
  );
}
