import type { SenderVolume } from "@scouts/core/assistant/cleanup";
import type { UnsubscribePlan } from "@scouts/core/protocol/local-api";
import { useEffect, useRef, useState } from "react";
import type { SuggestionSource } from "../../data/source.ts";
import { planHost } from "../suggestions/unsubscribe-dialog.tsx";

type Plan =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; plan: UnsubscribePlan };

/**
 * Confirms a sender's clean-up. Unsubscribing cannot be undone, so the plan is shown first (one
 * click to which host, by email, or by hand); archiving can, and says so.
 */
export function CleanupDialog(props: {
  sender: SenderVolume | null;
  source: SuggestionSource;
  busy: boolean;
  onConfirm: (unsubscribe: boolean) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [plan, setPlan] = useState<Plan>({ status: "loading" });
  const { sender, source } = props;
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (sender && !d.open) d.showModal();
    if (!sender && d.open) d.close();
  }, [sender]);
  useEffect(() => {
    if (!sender?.newestId || !source.unsubscribePlan) {
      setPlan({ status: "error", message: "no message of theirs here can be unsubscribed from" });
      return;
    }
    let live = true;
    setPlan({ status: "loading" });
    source
      .unsubscribePlan(sender.newestId)
      .then((p) => live && setPlan({ status: "ready", plan: p }))
      .catch((e: Error) => live && setPlan({ status: "error", message: e.message }));
    return () => {
      live = false;
    };
  }, [sender, source]);
  const p = plan.status === "ready" ? plan.plan : null;
  const oneClick = p?.method === "one_click" && Boolean(source.unsubscribe);
  const n = sender?.inbox.length ?? 0;
  const archiveText = `${n} message${n === 1 ? "" : "s"}`;
  return (
    <dialog
      ref={ref}
      className="unsubscribe"
      aria-labelledby="cleanup-title"
      aria-describedby="cleanup-plan"
      onClose={props.onClose}
    >
      <h2 id="cleanup-title">Clean up {sender?.from}?</h2>
      <div id="cleanup-plan" aria-live="polite" aria-busy={plan.status === "loading"}>
        <p>
          Archives the {archiveText} from {sender?.address} still in your inbox, as one action you can undo.
        </p>
        {plan.status === "loading" && <p>Checking how this sender lets you leave…</p>}
        {plan.status === "error" && <p>Unsubscribe is not possible here: {plan.message}.</p>}
        {p && oneClick && (
          <p>
            And unsubscribes: one request to <strong>{planHost(p)}</strong>. That part cannot be undone.
          </p>
        )}
        {p?.method === "mailto" && (
          <p>
            To unsubscribe, send the email this list asks for:{" "}
            <a href={p.mailto ?? undefined}>{p.mailto?.replace(/^mailto:/i, "")}</a>
          </p>
        )}
        {p?.method === "ask" && (
          <p>This sender gives no unsubscribe address Scouts can use: leave on their site.</p>
        )}
        {p && p.reasons.length > 0 && (
          <ul className="plan-why" aria-label="Why">
            {p.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="actions">
        {oneClick && (
          <button
            type="button"
            className="primary danger"
            disabled={props.busy}
            onClick={() => props.onConfirm(true)}
          >
            Unsubscribe and archive {archiveText}
          </button>
        )}
        <button
          type="button"
          className={oneClick ? undefined : "primary"}
          disabled={props.busy || n === 0}
          onClick={() => props.onConfirm(false)}
        >
          Archive {archiveText}
        </button>
        <button type="button" onClick={props.onClose}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
