import type { SpaceView, WorkspaceView } from "@scouts/core/workspaces/api";
import type { WorkspaceKind } from "@scouts/core/workspaces/types";
import { useCallback, useEffect, useState } from "react";
import { KIND_LABELS, sortForDisplay, workspaceLabel } from "./labels.ts";
import { ScanPanel } from "./scan-panel.tsx";
import { SpacePicker } from "./space-picker.tsx";
import { CloudError, type WorkspacesApi } from "./workspaces-api.ts";

const KINDS: Array<WorkspaceKind | "all"> = ["all", "channel", "group", "dm", "list"];

/** One row of the directory: name, kind, members, last heard from, and a delete button. */
export function WorkspaceRow(props: { w: WorkspaceView; now: number; onDelete: () => void }) {
  const { w } = props;
  const days = Math.max(0, Math.floor((props.now - w.lastSeenAt) / 86_400_000));
  return (
    <tr>
      <td>
        {workspaceLabel(w)} {w.archived && <small>(archived)</small>}
      </td>
      <td>{KIND_LABELS[w.kind]}</td>
      <td>{w.memberCount ?? "—"}</td>
      <td>{days === 0 ? "today" : `${days} d ago`}</td>
      <td>
        <code>{w.workspaceKey}</code>
      </td>
      <td>
        <button type="button" onClick={props.onDelete} aria-label={`Remove ${workspaceLabel(w)}`}>
          Remove
        </button>
      </td>
    </tr>
  );
}

/**
 * The workspace directory of the active space: the Slack channels and mailing lists the scouts
 * have heard from, filtered by kind, with a manual add (rare) and the explicit onboarding scan.
 */
export function DirectoryPage(props: { api: WorkspacesApi; now?: number }) {
  const { api } = props;
  const [spaces, setSpaces] = useState<SpaceView[] | null>(null);
  const [spacesError, setSpacesError] = useState<string | null>(null);
  const [spaceId, setSpaceId] = useState<string>("");
  const [kind, setKind] = useState<WorkspaceKind | "all">("all");
  const [items, setItems] = useState<WorkspaceView[] | null>(null);
  // null until loaded; a failed load is said as such, never as "nothing connected".
  const [sources, setSources] = useState<Array<{ id: string; label: string }> | null>(null);
  const [sourcesError, setSourcesError] = useState<string | null>(null);
  const [newKey, setNewKey] = useState("");
  const [error, setError] = useState<string | null>(null);

  const loadSpaces = useCallback(() => {
    setSpacesError(null);
    setSpaces(null);
    api
      .spaces()
      .then((s) => {
        setSpaces(s);
        setSpaceId((cur) => cur || (s.find((x) => x.kind === "personal") ?? s[0])?.id || "");
      })
      // A network failure reads "Failed to fetch": say what it means instead.
      .catch((e: Error) =>
        setSpacesError(e instanceof CloudError ? e.message : "the cloud did not answer (are you offline?)"),
      );
  }, [api]);
  useEffect(() => {
    loadSpaces();
    api.scanSources().then(setSources, (e: Error) => setSourcesError(e.message));
  }, [api, loadSpaces]);

  const reload = useCallback(() => {
    if (!spaceId) return;
    api
      .list({ spaceId, ...(kind === "all" ? {} : { kind }) })
      .then(setItems)
      .catch((e: Error) => setError(e.message));
  }, [api, spaceId, kind]);
  useEffect(reload, [reload]);

  const act = (fn: () => Promise<unknown>) => {
    setError(null);
    fn()
      .then(reload)
      .catch((e: Error) => setError(e.message));
  };
  const now = props.now ?? Date.now();
  return (
    <section aria-label="Workspaces">
      <h1>Workspaces</h1>
      <p>Places your scouts have heard from. Only names and counts are kept — never members or messages.</p>
      <div style={{ display: "flex", gap: 12, flexWrap: "wrap" }}>
        <SpacePicker
          spaces={spaces}
          error={spacesError}
          value={spaceId}
          onChange={setSpaceId}
          onRetry={loadSpaces}
        />
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ position: "absolute", left: -9999 }}>Kind</legend>
          {KINDS.map((k) => (
            <button key={k} type="button" aria-pressed={kind === k} onClick={() => setKind(k)}>
              {k === "all" ? "All" : KIND_LABELS[k]}
            </button>
          ))}
        </fieldset>
      </div>
      {error && <p role="alert">{error}</p>}
      {items === null ? (
        !error && !spacesError && <p role="status">Loading…</p>
      ) : items.length === 0 ? (
        <p>
          No workspaces yet: they appear when a scout hears from a channel or a mailing list, or after a scan.
        </p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Kind</th>
              <th scope="col">Members</th>
              <th scope="col">Last heard</th>
              <th scope="col">Key</th>
              <th scope="col">
                <span style={{ position: "absolute", left: -9999 }}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sortForDisplay(items).map((w) => (
              <WorkspaceRow
                key={w.id}
                w={w}
                now={now}
                onDelete={() => act(() => api.remove(w.id, spaceId))}
              />
            ))}
          </tbody>
        </table>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          act(async () => {
            await api.upsert({ spaceId, workspaceKey: newKey.trim() });
            setNewKey("");
          });
        }}
      >
        <div className="field">
          <label htmlFor="workspace-add-key">Add by key</label>
          <input
            id="workspace-add-key"
            value={newKey}
            onChange={(e) => setNewKey(e.target.value)}
            placeholder="slack://channel/C024BE91L"
          />
        </div>
        <button type="submit" disabled={!newKey.trim() || !spaceId}>
          Add
        </button>
      </form>
      {sourcesError ? (
        <p role="alert">Could not load your connected accounts to scan: {sourcesError}</p>
      ) : (
        spaceId && sources && <ScanPanel api={api} spaceId={spaceId} scouts={sources} onKept={reload} />
      )}
    </section>
  );
}
