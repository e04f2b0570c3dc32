import type { Suggestion, UnsubscribePlan } from "@scouts/core/protocol/local-api";
import { useEffect, useRef, useState } from "react";
import type { SuggestionSource } from "../../data/source.ts";

type Loaded =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; plan: UnsubscribePlan };

/** The host a one-click URI points at: what the person needs to judge it (the path is a token). */
export function planHost(plan: UnsubscribePlan): string | null {
  try {
    return plan.url ? new URL(plan.url).host : null;
  } catch {
    return null;
  }
}

const METHOD_TEXT: Record<UnsubscribePlan["method"], string> = {
  one_click: "One-click unsubscribe (RFC 8058)",
  mailto: "Unsubscribe by email",
  ask: "Unsubscribe by hand",
};

/**
 * Unsubscribe, irreversible, so it always asks: the plan is fetched first and shown (how, to
 * which host, and why one-click is or is not allowed), then the person confirms. A modal dialog:
 * focus moves in, Escape or Cancel closes, focus returns to the card.
 */
export function UnsubscribeDialog(props: {
  s: Suggestion | null;
  /** Opened by Approve: confirming approves the suggestion with unsubscribe as its action. */
  approve?: boolean;
  source: SuggestionSource | null;
  onClose: () => void;
  /** Done, or refused/failed: the caller says a failure on the card, where the person is looking. */
  onDone: (result: { ok: true; message: string } | { ok: false; id: string; error: unknown }) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [sending, setSending] = useState(false);
  const { s, source } = props;
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (s && !d.open) d.showModal();
    if (!s && d.open) d.close();
  }, [s]);
  useEffect(() => {
    if (!s || !source?.unsubscribePlan) return;
    let live = true;
    setLoaded({ status: "loading" });
    source
      .unsubscribePlan(s.id)
      .then((plan) => live && setLoaded({ status: "ready", plan }))
      .catch((e: Error) => live && setLoaded({ status: "error", message: e.message }));
    return () => {
      live = false;
    };
  }, [s, source]);

  const confirm = async () => {
    if (!s || !source?.unsubscribe) return;
    setSending(true);
    try {
      if (props.approve) {
        await source.decide(s.id, { decision: "approve", action: { kind: "unsubscribe" }, confirmed: true });
        props.onDone({ ok: true, message: `Unsubscribed from ${s.from} and approved.` });
        return;
      }
      const r = await source.unsubscribe(s.id);
      props.onDone(
        r.done
          ? { ok: true, message: `Unsubscribed from ${s.from}.` }
          : { ok: false, id: s.id, error: new Error(r.message) },
      );
    } catch (e) {
      props.onDone({ ok: false, id: s.id, error: e });
    } finally {
      setSending(false);
      props.onClose();
    }
  };

  const plan = loaded.status === "ready" ? loaded.plan : null;
  const host = plan ? planHost(plan) : null;
  return (
    <dialog
      ref={ref}
      className="unsubscribe"
      aria-labelledby="unsub-title"
      aria-describedby="unsub-plan"
      onClose={props.onClose}
    >
      <h2 id="unsub-title">Unsubscribe from {s?.from}?</h2>
      <div id="unsub-plan" aria-live="polite" aria-busy={loaded.status === "loading"}>
        {loaded.status === "loading" && <p>Checking how this list lets you leave…</p>}
        {loaded.status === "error" && (
          <p role="alert">Could not read the unsubscribe options: {loaded.message}</p>
        )}
        {plan && (
          <>
            <p className="plan-method">
              <strong>{METHOD_TEXT[plan.method]}</strong>
            </p>
            {plan.method === "one_click" && (
              <p>
                Scouts sends one request to <strong className="plan-host">{host}</strong>, nothing else: no
                cookies, no sign-in, no redirects followed. This cannot be undone.
              </p>
            )}
            {plan.method === "mailto" && (
              <p>
                This list does not allow one-click unsubscribe. To leave, send the email it asks for:{" "}
                <a href={plan.mailto ?? undefined}>{plan.mailto?.replace(/^mailto:/i, "")}</a>
              </p>
            )}
            {plan.method === "ask" && (
              <p>
                This message gives no unsubscribe address Scouts can use. Unsubscribe on the sender’s site.
              </p>
            )}
            <h3 className="plan-why-title">Why</h3>
            <ul className="plan-why">
              {plan.reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </>
        )}
      </div>
      <div className="actions">
        {plan?.method === "one_click" && (
          <button type="button" className="primary danger" onClick={() => void confirm()} disabled={sending}>
            {sending ? "Unsubscribing…" : `Unsubscribe from ${host ?? "this list"}`}
          </button>
        )}
        <button type="button" onClick={props.onClose}>
          {plan?.method === "one_click" ? "Cancel" : "Close"}
        </button>
      </div>
    </dialog>
  );
}
