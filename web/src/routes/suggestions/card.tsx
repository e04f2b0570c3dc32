import type {
  Bucket,
  Cohort,
  ConvertTarget,
  ProposedAction,
  Suggestion,
} from "@scouts/core/protocol/local-api";
import { useCallback, useState } from "react";
import { useSourceStatus } from "../../app/status.tsx";
import { ApproveBar } from "./approve-bar.tsx";
import { agentFolderSource } from "./folder-picker.tsx";
import { SWIPE_DISTANCE, useSwipe } from "./swipe.ts";
import "./suggestions.css";

export const BUCKET_TEXT: Record<Bucket, string> = {
  urgent: "Urgent",
  actionable: "Actionable",
  informational: "Informational",
  low_priority: "Low priority",
};

export const COHORT_TEXT: Record<Cohort, string> = {
  vips: "VIPs",
  first_contact: "First contact",
  intra_org: "Your organisation",
  cross_org: "Other organisations",
  transactional: "Transactional",
  newsletters: "Newsletters",
  social: "Social",
  default: "Everyone else",
};

/** "High/Medium/Low" from the 0..1 priority; null before stage 2 ran. */
export function priorityLabel(p: number | null): string {
  if (p === null) return "Unscored";
  return p >= 0.7 ? "High" : p >= 0.4 ? "Medium" : "Low";
}

/**
 * The priority score as its own labelled meter ("Score: low"), so it never reads like the
 * bucket's "Low priority" badge beside it.
 */
function PriorityScore(props: { p: number | null }) {
  const level = priorityLabel(props.p);
  if (props.p === null) return <span className="badge prio prio-unscored">Not scored yet</span>;
  return (
    <span className={`badge prio prio-${level.toLowerCase()}`}>
      Score: {level.toLowerCase()}{" "}
      <meter
        min={0}
        max={1}
        value={props.p}
        aria-label="Priority score"
        aria-valuetext={`${level}, ${Math.round(props.p * 100)} of 100`}
      />
    </span>
  );
}

export type CardAction =
  | { kind: "approve"; action?: ProposedAction }
  | { kind: "reject" | "archive" | "snooze" | "draft" }
  | { kind: "convert"; to: ConvertTarget }
  | { kind: "label"; label: string }
  | { kind: "move"; bucket?: Bucket; cohort?: Cohort };

/** One suggestion: bucket, speech act, priority and why, with its decisions. */
export function SuggestionCard(props: {
  s: Suggestion;
  selected: boolean;
  labelling: boolean;
  /** The "Move to…" form is open on this card. */
  moving: boolean;
  /** What the last correction on this card taught ("Next time mail from … goes to …"). */
  learned?: string | null;
  /** Why the last action on this card was refused (kill switch, the cloud, a gone message). */
  failure?: string | null;
  readOnly: boolean;
  /** The person's time zone (snooze choices) and the time the list was read. */
  timeZone: string;
  now: number;
  /** Why reply drafts are off (no local language model), or null when they work. */
  draftOff?: string | null;
  /** One-click unsubscribe (newsletters), confirmed by the person; absent when the source cannot. */
  onUnsubscribe?: () => void;
  /** The link that opens the message itself (the list passes it; it needs the router). */
  readLink?: React.ReactNode;
  onAction: (a: CardAction) => void;
  onSelect: () => void;
  onLabelDone: () => void;
  onMove: (open: boolean) => void;
}) {
  const { s } = props;
  const killed = useSourceStatus().status?.control.killed ?? false;
  // A failure is said where the person looks: scrolled clear of the undo toast (its scroll margin).
  const showFailure = useCallback((el: HTMLParagraphElement | null) => {
    el?.scrollIntoView({ block: "nearest" });
  }, []);
  const [label, setLabel] = useState("");
  const titleId = `s-${s.id}-title`;
  const swipe = useSwipe({
    left: () => !props.readOnly && props.onAction({ kind: "archive" }),
    right: () => !props.readOnly && props.onAction({ kind: "snooze" }),
  });
  const hint =
    swipe.offset <= -SWIPE_DISTANCE / 2 ? "Archive" : swipe.offset >= SWIPE_DISTANCE / 2 ? "Snooze" : null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the list handles j/k; click only moves the selection
    <article
      className={`card${props.selected ? " selected" : ""} status-${s.status}`}
      aria-labelledby={titleId}
      aria-current={props.selected ? "true" : undefined}
      data-id={s.id}
      tabIndex={props.selected ? 0 : -1}
      onClick={props.onSelect}
      {...swipe.handlers}
      style={swipe.offset ? { transform: `translateX(${swipe.offset}px)` } : undefined}
      data-swipe={hint ?? undefined}
    >
      {hint && (
        <p className="swipe-hint" aria-hidden="true">
          {hint === "Archive" ? "← Archive" : "Snooze until tomorrow morning →"}
        </p>
      )}
      <div className="badges">
        <span className={`badge bucket-${s.bucket ?? "none"}`}>
          {s.bucket ? BUCKET_TEXT[s.bucket] : "Unprocessed"}
        </span>
        {s.speechAct && <span className="badge">{s.speechAct}</span>}
        <PriorityScore p={s.priority} />
        <span className="badge cohort">{COHORT_TEXT[s.cohort]}</span>
        {s.corrected && <span className="badge learned-badge">Sorted by your correction</span>}
        {s.status !== "new" && <span className="badge status-badge">{s.status}</span>}
      </div>
      <h2 id={titleId} className="card-title">
        {s.subject || "(no subject)"}
      </h2>
      <p className="from">{s.from}</p>
      {s.snippet && <p className="snippet">{s.snippet}</p>}
      {props.readLink && <p className="read-link">{props.readLink}</p>}
      {s.why.length > 0 && (
        <p className="why">
          <span className="why-label">Why: </span>
          {s.why.join(" · ")}
        </p>
      )}
      {!props.readOnly && (
        <ApproveBar
          s={s}
          timeZone={props.timeZone}
          now={props.now}
          draftOff={props.draftOff ?? null}
          canUnsubscribe={Boolean(props.onUnsubscribe) && s.source === "gmail"}
          folders={agentFolderSource(s)}
          killed={killed}
          onApprove={(action) => props.onAction({ kind: "approve", action })}
        />
      )}
      {props.readOnly && s.proposal && (
        <p className="proposal">
          <span className="proposal-label">Proposed: </span>
          {s.proposal.why}
        </p>
      )}
      {!props.readOnly && (
        <div className="actions">
          <button type="button" onClick={() => props.onAction({ kind: "reject" })}>
            Reject
          </button>
          <button type="button" aria-keyshortcuts="e" onClick={() => props.onAction({ kind: "archive" })}>
            Archive
          </button>
          <button
            type="button"
            aria-keyshortcuts="s"
            title="Until tomorrow morning (other times: Instead)"
            onClick={() => props.onAction({ kind: "snooze" })}
          >
            Snooze
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
            <button
              type="button"
              onClick={props.onUnsubscribe}
              aria-haspopup="dialog"
              aria-label={`Unsubscribe from ${s.from}…`}
            >
              Unsubscribe…
            </button>
          )}
          <button
            type="button"
            aria-expanded={props.moving}
            aria-keyshortcuts="m"
            aria-label={`Move to… “${s.subject || "(no subject)"}”: another bucket or cohort`}
            onClick={() => props.onMove(!props.moving)}
          >
            Move to…
          </button>
          <ConvertForm s={s} onConvert={(to) => props.onAction({ kind: "convert", to })} />
        </div>
      )}
      {props.failure && (
        <p className="error-text card-failure" role="alert" ref={showFailure}>
          {props.failure}
        </p>
      )}
      {!props.readOnly && props.draftOff && props.selected && (
        <p className="muted" id={`${titleId}-draft-off`}>
          {props.draftOff}
        </p>
      )}
      {props.moving && (
        <MoveForm
          s={s}
          onCancel={() => props.onMove(false)}
          onMove={(m) => props.onAction({ kind: "move", ...m })}
        />
      )}
      {props.learned && (
        <p className="learned" role="note">
          {props.learned}
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

/**
 * "Convert to…": a picker and a button, so moving through the options (arrow keys, a phone's
 * wheel) never converts anything; only the button does.
 */
function ConvertForm(props: { s: Suggestion; onConvert: (to: ConvertTarget) => void }) {
  const [to, setTo] = useState<ConvertTarget | "">("");
  const id = `convert-${props.s.id}`;
  return (
    <span className="convert">
      <label htmlFor={id} className="sr-only">
        Convert “{props.s.subject || "(no subject)"}” to
      </label>
      <select id={id} value={to} onChange={(e) => setTo(e.target.value as ConvertTarget | "")}>
        <option value="">Convert to…</option>
        <option value="task">Task</option>
        <option value="event">Event</option>
        <option value="note">Note</option>
        <option value="actionable_only">Actionable only</option>
      </select>
      <button type="button" disabled={!to} onClick={() => to && props.onConvert(to)}>
        Convert
      </button>
    </span>
  );
}

/**
 * "Move to…": another bucket and/or cohort for this suggestion. The correction is kept for the
 * sender, so their next message lands there too. Opens with focus on the bucket; Escape cancels.
 */
function MoveForm(props: {
  s: Suggestion;
  onCancel: () => void;
  onMove: (m: { bucket?: Bucket; cohort?: Cohort }) => void;
}) {
  const { s } = props;
  const [bucket, setBucket] = useState<Bucket | "">(s.bucket ?? "");
  const [cohort, setCohort] = useState<Cohort>(s.cohort);
  const [error, setError] = useState("");
  const id = `move-${s.id}`;
  return (
    <form
      className="move-form"
      aria-label={`Move “${s.subject || "(no subject)"}”`}
      onKeyDown={(e) => {
        if (e.key !== "Escape") return;
        e.stopPropagation();
        props.onCancel();
      }}
      onSubmit={(e) => {
        e.preventDefault();
        const change = {
          ...(bucket && bucket !== s.bucket ? { bucket } : {}),
          ...(cohort !== s.cohort ? { cohort } : {}),
        };
        if (!change.bucket && !change.cohort) return setError("Pick another bucket or cohort first.");
        props.onMove(change);
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-bucket`}>Bucket</label>
        <select
          id={`${id}-bucket`}
          // biome-ignore lint/a11y/noAutofocus: opened by "Move to…" or the m key; focus belongs here
          autoFocus
          value={bucket}
          onChange={(e) => setBucket(e.target.value as Bucket)}
        >
          {!s.bucket && <option value="">Unprocessed</option>}
          {(Object.keys(BUCKET_TEXT) as Bucket[]).map((b) => (
            <option key={b} value={b}>
              {BUCKET_TEXT[b]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-cohort`}>Cohort</label>
        <select id={`${id}-cohort`} value={cohort} onChange={(e) => setCohort(e.target.value as Cohort)}>
          {(Object.keys(COHORT_TEXT) as Cohort[]).map((c) => (
            <option key={c} value={c}>
              {COHORT_TEXT[c]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="primary">
        Move
      </button>
      <button type="button" onClick={props.onCancel}>
        Cancel
      </button>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
