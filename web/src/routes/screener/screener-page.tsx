import type { ScreenerSender } from "@scouts/core/protocol/local-api";
import { useConnection } from "../../app/connection.tsx";
import { Empty, ErrorState, NeedsSource } from "../../app/states.tsx";
import { useAsync } from "../../lib/use-async.ts";
import { useLastChange } from "./last-change.tsx";
import "./screener.css";

const when = (t: number) =>
  new Date(t).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
const plural = (n: number) => `${n} message${n === 1 ? "" : "s"}`;

/** The Screener on/off switch, shared by the Screener screen and Settings. */
export function ScreenerToggle(props: { enabled: boolean; busy: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="toggle">
      <input
        type="checkbox"
        checked={props.enabled}
        disabled={props.busy}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />
      Screen first-time senders (their mail waits here for your yes or no)
    </label>
  );
}

/** `/screener`: first-time senders wait for a yes (their mail comes through) or a no (screened out). */
export function ScreenerPage() {
  const { source } = useConnection();
  const { state, reload } = useAsync(async () => (source?.screener ? source.screener() : null), [source]);
  const { run, busy, line } = useLastChange(reload);
  if (!source) return <NeedsSource what="The Screener" />;
  const { screener, setScreener, answerScreener } = source;
  if (!screener || !setScreener || !answerScreener)
    return (
      <section className="screener-page" aria-labelledby="screener-heading">
        <h1 id="screener-heading">Screener</h1>
        <Empty title="The Screener runs on your local agent">
          <p>This browser is the device: its Screener is not available yet.</p>
        </Empty>
      </section>
    );
  const data = state.data;
  const answer = (s: ScreenerSender, a: "yes" | "no" | null, text: string) =>
    run(() => answerScreener({ accountId: s.accountId, sender: s.sender, answer: a }), {
      text,
      undo: () => answerScreener({ accountId: s.accountId, sender: s.sender, answer: s.answer }),
    });
  return (
    <section className="screener-page" aria-labelledby="screener-heading">
      <h1 id="screener-heading">Screener</h1>
      {data && (
        <ScreenerToggle
          enabled={data.enabled}
          busy={busy}
          onChange={(on) =>
            run(() => setScreener(on), {
              text: on
                ? "The Screener is on."
                : "The Screener is off: new senders go straight to suggestions.",
              undo: () => setScreener(!on),
            })
          }
        />
      )}
      {line}
      {state.status === "error" && <ErrorState error={state.error} retry={reload} />}
      {state.status === "loading" && !data && <p role="status">Loading…</p>}
      {data && (
        <>
          <h2 id="waiting-heading">Waiting for your answer</h2>
          {data.waiting.length === 0 ? (
            <Empty title={data.enabled ? "No new senders waiting" : "The Screener is off"} />
          ) : (
            <ul className="rows" aria-labelledby="waiting-heading">
              {data.waiting.map((s) => (
                <li key={`${s.accountId} ${s.sender}`} className="row" aria-label={s.sender}>
                  <strong>{s.from}</strong>
                  <span>{s.subject}</span>
                  <span className="muted">
                    {plural(s.messages)} · latest {when(s.lastAt)} · {s.accountLabel}
                  </span>
                  <div className="row-actions">
                    <button
                      type="button"
                      disabled={busy}
                      aria-label={`Yes: let mail from ${s.sender} in`}
                      onClick={() => answer(s, "yes", `${s.sender} is let in: their mail is in suggestions.`)}
                    >
                      Yes
                    </button>
                    <button
                      type="button"
                      disabled={busy}
                      aria-label={`No: screen out ${s.sender}`}
                      onClick={() => answer(s, "no", `${s.sender} is screened out, now and later.`)}
                    >
                      No
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <h2 id="answered-heading">Answered</h2>
          {data.answered.length === 0 ? (
            <Empty title="No answers yet" />
          ) : (
            <ul className="rows" aria-labelledby="answered-heading">
              {data.answered.map((s) => (
                <li key={`${s.accountId} ${s.sender}`} className="row" aria-label={s.sender}>
                  <strong>{s.sender}</strong>
                  <span>
                    {s.answer === "yes" ? "Let in" : "Screened out"}
                    {s.decidedAt ? ` on ${when(s.decidedAt)}` : ""} · {s.accountLabel}
                    {s.answer === "no" && s.messages > 0 ? ` · ${plural(s.messages)} held` : ""}
                  </span>
                  <div className="row-actions">
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() =>
                        s.answer === "yes"
                          ? answer(s, "no", `${s.sender} is screened out, now and later.`)
                          : answer(s, "yes", `${s.sender} is let in: their mail is in suggestions.`)
                      }
                    >
                      {s.answer === "yes" ? "Change to No" : "Change to Yes"}
                    </button>
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => answer(s, null, `${s.sender} waits for your answer again.`)}
                    >
                      Ask again
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
