import { useState } from "react";

export type LastChange = { text: string; undo: (() => Promise<unknown>) | null };

/** The screen's last change in words, with its Undo (screened and Screener answers are not ledger entries). */
export function useLastChange(after: () => void) {
  const [last, setLast] = useState<LastChange | null>(null);
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<unknown>, done: LastChange) => {
    setBusy(true);
    work()
      .then(
        () => setLast(done),
        (e: unknown) =>
          setLast({ text: `Failed: ${e instanceof Error ? e.message : String(e)}`, undo: null }),
      )
      .finally(() => {
        setBusy(false);
        after();
      });
  };
  const line = (
    <p className="undo-line" role="status">
      {last?.text ?? ""}
      {last?.undo && (
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            const u = last.undo;
            if (u) run(u, { text: "Undone.", undo: null });
          }}
        >
          Undo
        </button>
      )}
    </p>
  );
  return { run, busy, line };
}
