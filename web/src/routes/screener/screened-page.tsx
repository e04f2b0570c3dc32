import type { ScreenedItem } from "@scouts/core/protocol/local-api";
import { useConnection } from "../../app/connection.tsx";
import { Empty, ErrorState, NeedsSource } from "../../app/states.tsx";
import { useAsync } from "../../lib/use-async.ts";
import { useLastChange } from "./last-change.tsx";
import "./screener.css";

const when = (t: number) =>
  new Date(t).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** `/screened`: what stage 1 set aside on this device, newest first, with "Not spam" as a correction. */
export function ScreenedPage() {
  const { source } = useConnection();
  const { state, reload } = useAsync(async () => (source?.screened ? source.screened() : null), [source]);
  const { run, busy, line } = useLastChange(reload);
  if (!source) return <NeedsSource what="Screened" />;
  if (!source.screened || !source.notSpam || !source.undoNotSpam)
    return (
      <section className="screener-page" aria-labelledby="screened-heading">
        <h1 id="screened-heading">Screened</h1>
        <Empty title="Screened mail is kept by your local agent">
          <p>This browser is the device: it does not read mail itself, so it has nothing screened to show.</p>
        </Empty>
      </section>
    );
  const { notSpam, undoNotSpam } = source;
  const items = state.data?.items ?? [];
  const notSpamOne = (i: ScreenedItem) =>
    run(() => notSpam(i.id), {
      text: `“${i.subject}” is back in suggestions; later mail from this sender is not screened.`,
      undo: () => undoNotSpam(i.id),
    });
  return (
    <section className="screener-page" aria-labelledby="screened-heading">
      <h1 id="screened-heading">Screened</h1>
      <p className="muted">
        What the spam check set aside, on this device and in the cloud (Gmail). Nothing here is deleted.
      </p>
      {line}
      {state.status === "error" && <ErrorState error={state.error} retry={reload} />}
      {state.status === "loading" && !state.data && <p role="status">Loading…</p>}
      {state.data && items.length === 0 && <Empty title="Nothing screened" />}
      {items.length > 0 && (
        <ol className="rows" aria-label="Screened mail, newest first">
          {items.map((i) => (
            <li key={i.id} className="row" aria-label={i.subject}>
              <strong>{i.subject}</strong>
              <span>{i.from}</span>
              <span className="muted">
                Screened {when(i.screenedAt)} · {i.accountLabel}
              </span>
              <span>Why: {i.why?.length ? i.why.join("; ") : i.reason}</span>
              <div className="row-actions">
                {i.restoredAt === null ? (
                  <button type="button" disabled={busy} onClick={() => notSpamOne(i)}>
                    Not spam
                  </button>
                ) : (
                  <>
                    <span>Back in suggestions</span>
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() =>
                        run(() => undoNotSpam(i.id), {
                          text: `“${i.subject}” is screened again.`,
                          undo: null,
                        })
                      }
                    >
                      Screen again
                    </button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {state.data?.missing.map((m) => (
        <p key={m.source} className="muted">
          Not listed here — {m.source}: {m.reason}.
        </p>
      ))}
    </section>
  );
}
