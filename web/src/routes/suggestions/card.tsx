import type { ConvertTarget, Suggestion } from "@scouts/core/protocol/local-api";
import { useState } from "react";

const BUCKET_TEXT: Record<string, string> = {
  urgent: "Urgent",
  actionable: "Actionable",
  informational: "Informational",
  low_priority: "Low priority",
};

/** "High/Medium/Low" from the 0..1 priority; null before stage 2 ran. */
export function priorityLabel(p: number | null): string {
  if (p === null) return "Unscored";
  return p >= 0.7 ? "High" : p >= 0.4 ? "Medium" : "Low";
}

export type CardAction =
  | { kind: "approve" | "reject" | "archive" | "snooze" | "draft" }
  | { kind: "convert"; to: ConvertTarget }
  | { kind: "label"; label: string };

/** One suggestion: bucket, speech act, priority and why, with its decisions. */
export function SuggestionCard(props: {
  s: Suggestion;
  selected: boolean;
  labelling: boolean;
  readOnly: boolean;
  /** Why reply drafts are off (no local language model), or null when they work. */
  draftOff?: string | null;
  /** One-click unsubscribe (newsletters), confirmed by the person; absent when the source cannot. */
  onUnsubscribe?: () => void;
  onAction: (a: CardAction) => void;
  onSelect: () => void;
  onLabelDone: () => void;
}) {
  const { s } = props;
  const [label, setLabel] = useState("");
  const titleId = `s-${s.id}-title`;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the list handles j/k; click only moves the selection
    <article
      className={`card${props.selected ? " selected" : ""} status-${s.status}`}
      aria-labelledby={titleId}
      aria-current={props.selected ? "true" : undefined}
      data-id={s.id}
      tabIndex={props.selected ? 0 : -1}
      onClick={props.onSelect}
    >
      <div className="badges">
        <span className={`badge bucket-${s.bucket ?? "none"}`}>
          {s.bucket ? BUCKET_TEXT[s.bucket] : "Unprocessed"}
        </span>
        {s.speechAct && <span className="badge">{s.speechAct}</span>}
        <span className={`badge prio prio-${priorityLabel(s.priority).toLowerCase()}`}>
          {priorityLabel(s.priority)} priority
        </span>
        <span className="badge cohort">{s.cohort.replace("_", " ")}</span>
        {s.status !== "new" && <span className="badge status-badge">{s.status}</span>}
      </div>
      <h3 id={titleId}>{s.subject || "(no subject)"}</h3>
      <p className="from">{s.from}</p>
      {s.snippet && <p className="snippet">{s.snippet}</p>}
      {s.why.length > 0 && (
        <p className="why">
          <span className="why-label">Why: </span>
          {s.why.join(" · ")}
        </p>
      )}
      {!props.readOnly && (
        <div className="actions">
          <button type="button" className="primary" onClick={() => props.onAction({ kind: "approve" })}>
            Approve
          </button>
          <button type="button" onClick={() => props.onAction({ kind: "reject" })}>
            Reject
          </button>
          <button
            type="button"
            onClick={() => props.onAction({ kind: "draft" })}
            disabled={Boolean(props.draftOff)}
            title={
              props.draftOff ??
              "Draft a reply with your local language model (saved as a Gmail draft, never sent)"
            }
            aria-describedby={props.draftOff && props.selected ? `${titleId}-draft-off` : undefined}
          >
            Draft reply
          </button>
          {props.onUnsubscribe && s.cohort === "newsletters" && (
            <button type="button" onClick={props.onUnsubscribe} aria-label={`Unsubscribe from ${s.from}`}>
              Unsubscribe…
            </button>
          )}
          <label className="convert">
            <span className="sr-only">Convert {s.subject}</span>
            <select
              value=""
              onChange={(e) =>
                e.target.value && props.onAction({ kind: "convert", to: e.target.value as ConvertTarget })
              }
            >
              <option value="">Convert to…</option>
              <option value="task">Task</option>
              <option value="event">Event</option>
              <option value="note">Note</option>
              <option value="actionable_only">Actionable only</option>
            </select>
          </label>
        </div>
      )}
      {!props.readOnly && props.draftOff && props.selected && (
        <p className="muted" id={`${titleId}-draft-off`}>
          {props.draftOff}
        </p>
      )}
      {props.labelling && (
        <form
          className="label-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (label.trim()) props.onAction({ kind: "label", label: label.trim() });
            props.onLabelDone();
          }}
        >
          <label>
            Label
            <input
              // biome-ignore lint/a11y/noAutofocus: opened by the l key; focus belongs here
              autoFocus
              value={label}
              onChange={(e) => setLabel(e.target.value)}
              onKeyDown={(e) => e.key === "Escape" && props.onLabelDone()}
            />
          </label>
          <button type="submit">Apply</button>
        </form>
      )}
    </article>
  );
}
