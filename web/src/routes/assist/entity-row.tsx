import type { Entity, EntityPatch } from "@scouts/core/protocol/local-api";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";

/** yyyy-mm-dd in local time for an `<input type="date">`, and back to epoch ms (local midnight). */
export const toDateInput = (ms: number | null) => {
  if (ms === null) return "";
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};
export const fromDateInput = (v: string): number | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime() : null;
};

const pad = (n: number) => String(n).padStart(2, "0");
/** yyyy-mm-ddThh:mm in local time for an `<input type="datetime-local">`, and back to epoch ms. */
export const toDateTimeInput = (ms: number | null) => {
  if (ms === null) return "";
  const d = new Date(ms);
  return `${toDateInput(ms)}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
export const fromDateTimeInput = (v: string): number | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(v);
  return m
    ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])).getTime()
    : null;
};

/**
 * One task/event/note: done toggle, inline edit (title and notes; a task's due date; an event's
 * start, end and place), delete, source link.
 */
export function EntityRow(props: {
  entity: Entity;
  /** The linked project's name (synced from the agent), when known. */
  projectName?: string | null;
  onPatch: (patch: EntityPatch) => void;
  onDelete: () => void;
}) {
  const e = props.entity;
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(e.title);
  const [body, setBody] = useState(e.body);
  const [due, setDue] = useState(toDateInput(e.due));
  const [start, setStart] = useState(toDateTimeInput(e.start));
  const [end, setEnd] = useState(toDateTimeInput(e.end));
  const [location, setLocation] = useState(e.location ?? "");
  const [problem, setProblem] = useState("");
  const save = (ev: FormEvent) => {
    ev.preventDefault();
    if (!title.trim()) return setProblem("A title is needed.");
    const base = { title: title.trim(), body };
    if (e.kind === "event") {
      const [s, t] = [fromDateTimeInput(start), fromDateTimeInput(end)];
      if (s !== null && t !== null && t < s) return setProblem("The end is before the start.");
      props.onPatch({ ...base, start: s, end: t, location: location.trim() || null });
    } else if (e.kind === "task") props.onPatch({ ...base, due: fromDateInput(due) });
    else props.onPatch(base);
    setProblem("");
    setEditing(false);
  };
  const tag = `entity-${e.id}`;
  return (
    <li className={`ledger-row entity entity-${e.kind}${e.done ? " entity-done" : ""}`} data-id={e.id}>
      {editing ? (
        <form onSubmit={save} aria-label={`Edit ${e.title}`}>
          <label htmlFor={`${tag}-title`}>Title</label>
          <input
            id={`${tag}-title`}
            value={title}
            maxLength={500}
            onChange={(x) => setTitle(x.target.value)}
          />
          <label htmlFor={`${tag}-body`}>Notes</label>
          <textarea id={`${tag}-body`} value={body} rows={3} onChange={(x) => setBody(x.target.value)} />
          {e.kind === "task" && (
            <>
              <label htmlFor={`${tag}-due`}>Due date</label>
              <input id={`${tag}-due`} type="date" value={due} onChange={(x) => setDue(x.target.value)} />
            </>
          )}
          {e.kind === "event" && (
            <>
              <label htmlFor={`${tag}-start`}>Starts</label>
              <input
                id={`${tag}-start`}
                type="datetime-local"
                value={start}
                onChange={(x) => setStart(x.target.value)}
              />
              <label htmlFor={`${tag}-end`}>Ends</label>
              <input
                id={`${tag}-end`}
                type="datetime-local"
                value={end}
                onChange={(x) => setEnd(x.target.value)}
              />
              <label htmlFor={`${tag}-location`}>Place</label>
              <input
                id={`${tag}-location`}
                value={location}
                maxLength={500}
                onChange={(x) => setLocation(x.target.value)}
              />
            </>
          )}
          {problem && (
            <p role="alert" className="error">
              {problem}
            </p>
          )}
          <div className="actions">
            <button type="submit">Save</button>
            <button type="button" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <div>
            <label>
              <input type="checkbox" checked={e.done} onChange={() => props.onPatch({ done: !e.done })} />{" "}
              <strong>{e.title}</strong>
            </label>
            {e.due !== null && <span className="muted"> · due {new Date(e.due).toLocaleDateString()}</span>}
            {e.start !== null && <span className="muted"> · {new Date(e.start).toLocaleString()}</span>}
            {e.end !== null && <span className="muted"> – {new Date(e.end).toLocaleString()}</span>}
            {e.location && <span className="muted"> · {e.location}</span>}
            {props.projectName && (
              <span className="muted entity-project"> · project {props.projectName}</span>
            )}
          </div>
          {e.body && <p className="muted">{e.body}</p>}
          <div className="actions">
            <button type="button" onClick={() => setEditing(true)} aria-label={`Edit ${e.title}`}>
              Edit
            </button>
            <button type="button" onClick={props.onDelete} aria-label={`Delete ${e.title}`}>
              Delete
            </button>
            {e.sourceSuggestionId && (
              <Link to="/suggestion/$id" params={{ id: e.sourceSuggestionId }}>
                From suggestion
              </Link>
            )}
          </div>
        </>
      )}
    </li>
  );
}
