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

/** One task/event/note: done toggle, inline edit of title, notes and due date, delete, source link. */
export function EntityRow(props: {
  entity: Entity;
  onPatch: (patch: EntityPatch) => void;
  onDelete: () => void;
}) {
  const e = props.entity;
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(e.title);
  const [body, setBody] = useState(e.body);
  const [due, setDue] = useState(toDateInput(e.due));
  const save = (ev: FormEvent) => {
    ev.preventDefault();
    if (!title.trim()) return;
    props.onPatch({ title: title.trim(), body, due: fromDateInput(due) });
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
          <label htmlFor={`${tag}-due`}>Due date</label>
          <input id={`${tag}-due`} type="date" value={due} onChange={(x) => setDue(x.target.value)} />
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
