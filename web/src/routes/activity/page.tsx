import type { LedgerEntry, UndoRequest } from "@scouts/core/protocol/local-api";
import { useEffect, useState } from "react";
import { useConnection } from "../../app/connection.tsx";
import { Empty, ErrorState, NeedsSource } from "../../app/states.tsx";
import { ago, useAsync } from "../../lib/use-async.ts";

const WINDOWS = [
  ["15 min", 15 * 60_000],
  ["1 hour", 3_600_000],
  ["24 hours", 86_400_000],
] as const;

/** The ledger: every automated action, undo per action, per run and per time window. */
export function ActivityPage() {
  const { source } = useConnection();
  const [notice, setNotice] = useState("");
  const { state, reload } = useAsync(async () => (source ? source.ledger({ limit: 200 }) : null), [source]);
  useEffect(() => {
    if (!source) return;
    return source.subscribe((e) => (e.type === "ledger.appended" || e.type === "ledger.updated") && reload());
  }, [source, reload]);
  if (!source) return <NeedsSource what="Activity" />;
  const undo = async (
    label: string,
    f: () => Promise<{ undone: string[]; skipped: { reason: string }[] }>,
  ) => {
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
  const runs = [...new Set(items.map((e) => e.runId).filter((r): r is string => !!r))];
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
      <p className="notice" role="status" aria-live="polite">
        {notice}
      </p>
      {state.status === "error" && <ErrorState error={state.error} retry={reload} />}
      {state.status === "ready" && items.length === 0 && (
        <Empty title="No actions yet">
          <p>Every action the assistant or you take on a mailbox shows up here, with its undo.</p>
        </Empty>
      )}
      <ul className="ledger">
        {items.map((e) => (
          <LedgerRow
            key={e.id}
            e={e}
            onUndo={() => undo("Undo", () => source.undoOne(e.id))}
            onUndoRun={
              e.runId && runs.includes(e.runId)
                ? () => undoWindow({ runId: e.runId ?? "" }, "Undo run")
                : null
            }
          />
        ))}
      </ul>
    </section>
  );
}

function LedgerRow(props: { e: LedgerEntry; onUndo: () => void; onUndoRun: (() => void) | null }) {
  const { e } = props;
  const canUndo = e.reversible && e.status === "applied" && e.actor !== "undo";
  return (
    <li className={`ledger-row ledger-${e.status}`}>
      <div>
        <strong>{e.action.replace("_", " ")}</strong> <span className="muted">by {e.actor}</span>
        <span className={"badge status-badge"}>{e.status}</span>
        {e.error && <span className="error-text">{e.error}</span>}
      </div>
      <div className="muted">
        <time dateTime={new Date(e.createdAt).toISOString()}>{ago(e.createdAt)}</time>
        {e.runId && <> · run {e.runId.slice(0, 8)}</>}
      </div>
      <div className="actions">
        {canUndo && (
          <button type="button" onClick={props.onUndo} aria-label={`Undo ${e.action} ${ago(e.createdAt)}`}>
            Undo
          </button>
        )}
        {canUndo && props.onUndoRun && (
          <button type="button" onClick={props.onUndoRun}>
            Undo whole run
          </button>
        )}
      </div>
    </li>
  );
}
