import type { Entity, EntityCollection } from "@scouts/core/protocol/local-api";
import { useEffect, useRef, useState } from "react";
import { useConnection } from "../../app/connection.tsx";
import { Empty, ErrorState, NeedsSource } from "../../app/states.tsx";
import { useAsync } from "../../lib/use-async.ts";
import { EntityRow } from "./entity-row.tsx";

const COLLECTIONS: [EntityCollection, string][] = [
  ["tasks", "Tasks"],
  ["events", "Events"],
  ["notes", "Notes"],
];

/** Tasks, events and notes made from suggestions: edit, tick off, delete, back to the source. */
export function EntitiesPage() {
  const { source } = useConnection();
  const [notice, setNotice] = useState("");
  const projectNames = useRef(new Map<string, string>());
  const { state, reload } = useAsync(async () => {
    if (!source?.entities) return null;
    const lists = await Promise.all(COLLECTIONS.map(([c]) => source.entities?.(c)));
    // Project names for linked entities; without them the rows still show (names are a nicety).
    const projects = (await source.syncedProjects?.().catch(() => [])) ?? [];
    projectNames.current = new Map(projects.map((p) => [p.id, p.name]));
    return COLLECTIONS.map(([c, label], i) => ({ c, label, items: lists[i]?.items ?? [] }));
  }, [source]);
  useEffect(() => source?.subscribe((e) => e.type === "entity.changed" && reload()), [source, reload]);
  useEffect(() => source?.subscribeProjects?.(reload), [source, reload]);
  if (!source) return <NeedsSource what="Tasks and notes" />;
  if (!source.entities) return <NeedsSource what="Tasks and notes" />;
  const groups = state.data;
  const total = groups?.reduce((n, g) => n + g.items.length, 0) ?? 0;
  const run = async (what: string, op: () => Promise<unknown>) => {
    try {
      await op();
      setNotice(what);
      reload();
    } catch (e) {
      setNotice(`Could not ${what.toLowerCase()}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  return (
    <section aria-labelledby="entities-title">
      <h1 id="entities-title">Tasks, events and notes</h1>
      <p role="status" className="notice" aria-live="polite">
        {notice}
      </p>
      {state.status === "error" && <ErrorState error={state.error} retry={reload} />}
      {!groups && state.status === "loading" && <p role="status">Loading tasks, events and notes…</p>}
      {groups && total === 0 && (
        <Empty title="No tasks, events or notes yet">
          <p>Convert a suggestion to a task, event or note and it shows up here.</p>
        </Empty>
      )}
      {groups &&
        total > 0 &&
        groups.map((g) => (
          <section key={g.c} aria-labelledby={`ent-${g.c}`}>
            <h2 id={`ent-${g.c}`}>
              {g.label} <span className="count">{g.items.length}</span>
            </h2>
            {g.items.length === 0 ? (
              <p className="muted">None.</p>
            ) : (
              <ul className="ledger">
                {g.items.map((e: Entity) => (
                  <EntityRow
                    key={e.id}
                    entity={e}
                    projectName={e.projectId ? (projectNames.current.get(e.projectId) ?? null) : null}
                    onPatch={(patch) => run("Saved", () => source.patchEntity?.(g.c, e.id, patch) ?? none())}
                    onDelete={() => run("Deleted", () => source.deleteEntity?.(g.c, e.id) ?? none())}
                  />
                ))}
              </ul>
            )}
          </section>
        ))}
    </section>
  );
}

const none = () => Promise.reject(new Error("this source cannot edit tasks"));
