import { actionText } from "@scouts/core/assistant/proposal";
import { snoozeChoices, snoozeOnDay } from "@scouts/core/assistant/snooze-choices";
import type { Proposal, ProposedAction } from "@scouts/core/protocol/local-api";
import { useState } from "react";
import { FolderPicker, type FolderSource } from "./folder-picker.tsx";

/** The choices of the "Instead" picker; `proposed` is the assistant's own. */
type Choice =
  | "proposed"
  | "archive"
  | "label"
  | "later_today"
  | "tomorrow_morning"
  | "next_week"
  | "snooze_date"
  | "draft_reply"
  | "unsubscribe"
  | "task"
  | "move";

/** The kinds of action the "Instead" picker can offer. */
export type InsteadKind = "archive" | "label" | "move" | "snooze" | "draft_reply" | "unsubscribe" | "task";
const ALL_KINDS: readonly InsteadKind[] = [
  "archive",
  "label",
  "move",
  "snooze",
  "draft_reply",
  "unsubscribe",
  "task",
];

/**
 * What Approve does on this card: the assistant's proposal and why, a picker for another action
 * (archive, a label, a snooze time or date, a reply draft, unsubscribe, a task, and for IMAP/JMAP
 * mail a folder of the account's own server), and the Approve
 * button saying the action it takes. Changing the picker never acts; only Approve does.
 * The desktop card and the phone's relay card (`kinds`: what the computer does from a phone) share it.
 */
export function ApproveBar(props: {
  s: { id: string; proposal?: Proposal | null };
  timeZone: string;
  now: number;
  draftOff: string | null;
  canUnsubscribe: boolean;
  /** Where "Move to a folder…" reads the folders; null: not a mail account, no Move. */
  folders: FolderSource | null;
  /** The other actions offered (all by default). */
  kinds?: readonly InsteadKind[];
  /** Whether the page's `a` shortcut approves this card. */
  shortcut?: boolean;
  /** A decision on this card is under way: Approve waits. */
  busy?: boolean;
  /** The kill switch is on: the bar says what Approve can still do. */
  killed?: boolean;
  onApprove: (action: ProposedAction | undefined) => void;
}) {
  const { s, timeZone } = props;
  const offer = new Set(props.kinds ?? ALL_KINDS);
  const [choice, setChoice] = useState<Choice>("proposed");
  const [label, setLabel] = useState("");
  const [day, setDay] = useState("");
  const [folder, setFolder] = useState("");
  const [error, setError] = useState("");
  const id = `approve-${s.id}`;
  const snoozes = snoozeChoices(props.now, timeZone);
  const proposal = s.proposal;

  /** The action the current choice stands for, or why it cannot run yet. */
  const chosen = (): ProposedAction | string | undefined => {
    switch (choice) {
      case "proposed":
        return proposal?.action;
      case "archive":
      case "draft_reply":
      case "unsubscribe":
      case "task":
        return { kind: choice };
      case "label":
        return label.trim() ? { kind: "label", label: label.trim() } : "Type a label name first.";
      case "move":
        return folder ? { kind: "move", folder } : "Pick a folder first.";
      case "snooze_date":
        try {
          return { kind: "snooze", until: snoozeOnDay(day, timeZone, Date.now()) };
        } catch (e) {
          return day ? `${(e as Error).message}.` : "Pick a date first.";
        }
      default: {
        const c = snoozes.find((x) => x.id === choice);
        return c ? { kind: "snooze", until: c.until } : "That snooze time has passed.";
      }
    }
  };
  const current = chosen();
  const buttonText =
    current === undefined
      ? "Approve"
      : typeof current === "object"
        ? `Approve: ${actionText(current, timeZone)}`
        : choice === "label"
          ? "Approve: Label"
          : choice === "move"
            ? "Approve: Move"
            : "Approve: Snooze";
  // The kill switch stops what is done to the mail; a task stays on this device, so it is still made.
  const held =
    !props.killed || typeof current !== "object"
      ? null
      : current.kind === "task"
        ? "Allowed with the kill switch on: a task stays on this device and changes nothing in your mail."
        : "The kill switch is on: nothing is done to your mail until you resume it in Settings. Make a task still works.";
  const describedBy = [proposal ? `${id}-proposal` : "", held ? `${id}-held` : ""].filter(Boolean).join(" ");

  return (
    <div className="approve-bar">
      {proposal && (
        <p className="proposal" id={`${id}-proposal`}>
          <span className="proposal-label">Proposed: </span>
          <strong>{actionText(proposal.action, timeZone)}</strong>
          <span className="proposal-why"> — {proposal.why}</span>
        </p>
      )}
      <div className="approve-row">
        <button
          type="button"
          className="primary"
          disabled={props.busy}
          aria-keyshortcuts={props.shortcut === false ? undefined : "a"}
          aria-describedby={describedBy || undefined}
          onClick={(e) => {
            e.stopPropagation();
            if (typeof current === "string") return setError(current);
            setError("");
            props.onApprove(choice === "proposed" ? undefined : current);
          }}
        >
          {buttonText}
        </button>
        <label className="instead" htmlFor={`${id}-instead`}>
          Instead
        </label>
        <select
          id={`${id}-instead`}
          value={choice}
          onChange={(e) => {
            setError("");
            setChoice(e.target.value as Choice);
          }}
        >
          <option value="proposed">{proposal ? "As proposed" : "Approve only"}</option>
          {offer.has("archive") && <option value="archive">Archive</option>}
          {offer.has("label") && <option value="label">Label…</option>}
          {offer.has("move") && props.folders && <option value="move">Move to a folder…</option>}
          {offer.has("snooze") &&
            snoozes.map((c) => (
              <option key={c.id} value={c.id}>
                Snooze: {c.label}
              </option>
            ))}
          {offer.has("snooze") && <option value="snooze_date">Snooze until a date…</option>}
          {offer.has("draft_reply") && (
            <option value="draft_reply" disabled={Boolean(props.draftOff)}>
              Draft a reply{props.draftOff ? " (needs a local model)" : ""}
            </option>
          )}
          {offer.has("unsubscribe") && props.canUnsubscribe && (
            <option value="unsubscribe">Unsubscribe…</option>
          )}
          {offer.has("task") && <option value="task">Make a task</option>}
        </select>
        {choice === "label" && (
          <input
            aria-label="Label name"
            value={label}
            maxLength={100}
            onChange={(e) => setLabel(e.target.value)}
            onClick={(e) => e.stopPropagation()}
          />
        )}
        {choice === "move" && props.folders && (
          <FolderPicker source={props.folders} value={folder} onChange={setFolder} />
        )}
        {choice === "snooze_date" && (
          <input
            type="date"
            aria-label="Snooze until"
            value={day}
            onChange={(e) => setDay(e.target.value)}
            onClick={(e) => e.stopPropagation()}
          />
        )}
      </div>
      {held && (
        <p className="hint" id={`${id}-held`}>
          {held}
        </p>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
