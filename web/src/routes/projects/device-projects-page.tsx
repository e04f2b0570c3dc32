import type { SyncedProject } from "@scouts/core/device/project-entities";
import { type FormEvent, useEffect, useState } from "react";
import type { SuggestionSource } from "../../data/source.ts";
import { useAsync } from "../../lib/use-async.ts";

/** One synced project: what the agent shares about it, with name and notes editable here. */
function SyncedProjectRow(props: { project: SyncedProject; onSave: (name: string, notes: string) => void }) {
  const p = props.project;
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(p.name);
  const [notes, setNotes] = useState(p.notes);
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    props.onSave(name.trim(), notes);
    setEditing(false);
  };
  const tag = `project-${p.id}`;
  return (
    <li className="ledger-row synced-project" data-id={p.id} aria-label={`Project ${p.name}`}>
      {editing ? (
        <form onSubmit={save} aria-label={`Edit ${p.name}`}>
          <label htmlFor={`${tag}-name`}>Name</label>
          <input id={`${tag}-name`} value={name} maxLength={200} onChange={(x) => setName(x.target.value)} />
          <label htmlFor={`${tag}-notes`}>Notes</label>
          <textarea
            id={`${tag}-notes`}
            value={notes}
            rows={3}
            maxLength={4000}
            onChange={(x) => setNotes(x.target.value)}
          />
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
            <strong>{p.name}</strong>
            <span className="muted">
              {p.folderName
                ? ` · folder “${p.folderName}” on your agent · ${p.fileCount} files`
                : " · no folder linked"}
              {p.lastScanAt !== null && ` · scanned ${new Date(p.lastScanAt).toLocaleString()}`}
            </span>
          </div>
          {p.notes && <p className="muted">{p.notes}</p>}
          <div className="actions">
            <button
              type="button"
              onClick={() => {
                setName(p.name);
                setNotes(p.notes);
                setEditing(true);
              }}
              aria-label={`Edit ${p.name}`}
            >
              Edit
            </button>
          </div>
        </>
      )}
    </li>
  );
}

/**
 * Projects on a browser-only device: synced from the agent through the hub (name, notes, folder
 * name, file count, last scan). Name and notes edits go back to the agent; folders, manifests and
 * files stay there (a browser has no file system to link).
 * @example <DeviceProjectsPage source={deviceSource} />
 */
export function DeviceProjectsPage(props: { source: SuggestionSource }) {
  const { source } = props;
  const [notice, setNotice] = useState("");
  const { state, reload } = useAsync(async () => (await source.syncedProjects?.()) ?? [], [source]);
  useEffect(() => source.subscribeProjects?.(reload), [source, reload]);
  const projects = state.data;
  return (
    <section aria-labelledby="device-projects-title">
      <h1 id="device-projects-title">Projects</h1>
      <p className="note">
        Synced from your local agent. The linked folders, their files and manifests live on the agent and
        never leave it: link, scan or unlink folders there. Here you can rename a project or edit its notes.
      </p>
      <p role="status" className="notice" aria-live="polite">
        {notice}
      </p>
      {state.status === "error" && <p role="alert">{String(state.error)}</p>}
      {projects && projects.length === 0 && <p>No projects synced yet. Create them on your local agent.</p>}
      <ul className="ledger">
        {projects?.map((p) => (
          <SyncedProjectRow
            key={`${p.id}-${p.updatedAt}`}
            project={p}
            onSave={(name, notes) =>
              source
                .patchSyncedProject?.(p.id, { name, notes })
                .then(() => {
                  setNotice("Saved; it reaches your agent when both are online.");
                  reload();
                })
                .catch((e: Error) => setNotice(`Could not save: ${e.message}`))
            }
          />
        ))}
      </ul>
    </section>
  );
}
