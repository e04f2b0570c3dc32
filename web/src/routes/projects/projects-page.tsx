import type { Project, ScanProgressEvent } from "@scouts/core/folders/api";
import { useCallback, useEffect, useState } from "react";
import { FilesTab } from "./files-tab.tsx";
import { FolderChip } from "./folder-chip.tsx";
import type { ProjectsApi } from "./projects-api.ts";

/** Follows one project's scan progress while the page is open; ends a scan with a refresh. */
function useScanProgress(api: ProjectsApi, project: Project | null, onDone: () => void) {
  const [live, setLive] = useState<ScanProgressEvent | null>(null);
  const projectId = project?.folder ? project.id : null;
  useEffect(() => {
    setLive(null);
    if (!projectId) return;
    const abort = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const follow = () =>
      api
        .progress(
          projectId,
          (e) => {
            setLive(e);
            if (e.phase === "done" || e.phase === "failed") onDone();
          },
          abort.signal,
        )
        .catch(() => {
          if (!abort.signal.aborted) retry = setTimeout(follow, 3000);
        });
    follow();
    return () => {
      abort.abort();
      clearTimeout(retry);
    };
  }, [api, projectId, onDone]);
  return live;
}

function ProjectDetail(props: { api: ProjectsApi; project: Project; onChanged: () => void; now: number }) {
  const { api, project } = props;
  const [path, setPath] = useState("");
  const [error, setError] = useState<string | null>(null);
  const live = useScanProgress(api, project, props.onChanged);
  const act = (fn: () => Promise<unknown>) => () => {
    setError(null);
    fn()
      .then(props.onChanged)
      .catch((e: Error) => setError(e.message));
  };
  return (
    <article aria-label={`Project ${project.name}`}>
      <header style={{ display: "flex", gap: 12, alignItems: "center", flexWrap: "wrap" }}>
        <h2 style={{ margin: 0 }}>{project.name}</h2>
        <FolderChip project={project} live={live} now={props.now} />
        {project.folder && (
          <>
            <code title="Linked folder">{project.folder.path}</code>
            <button type="button" onClick={act(() => api.rescan(project.id))}>
              Rescan
            </button>
            <button type="button" onClick={act(() => api.unlink(project.id))}>
              Unlink
            </button>
          </>
        )}
      </header>
      {error && <p role="alert">{error}</p>}
      {!project.folder && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            act(() => api.link(project.id, path))();
          }}
          className="link-folder"
        >
          <label>
            Folder on this device{" "}
            <input
              value={path}
              onChange={(e) => setPath(e.target.value)}
              placeholder="/home/me/projects/site"
              required
            />
          </label>
          <button type="submit">Link folder</button>
          <small>or run: scouts-agent link "{project.name}" &lt;path&gt;</small>
        </form>
      )}
      {project.folder && project.folder.scan.omittedByLimit > 0 && (
        <p>
          {project.folder.scan.omittedByLimit} files are over this plan's files-per-folder limit and not
          indexed.
        </p>
      )}
      {project.folder && (
        <FilesTab
          api={api}
          projectId={project.id}
          version={(project.folder.scan.finishedAt ?? 0) + project.folder.linkedAt}
        />
      )}
    </article>
  );
}

/**
 * Projects and their linked folders (served by the local agent): create, link, rescan, unlink,
 * and the Files tab. File content stays on the device; only the manifest is shown.
 * @example <ProjectsPage api={projectsApi({ baseUrl, token })} />
 */
export function ProjectsPage(props: { api: ProjectsApi }) {
  const { api } = props;
  const [projects, setProjects] = useState<Project[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const refresh = useCallback(() => {
    api
      .list()
      .then((list) => {
        setProjects(list);
        setNow(Date.now());
      })
      .catch((e: Error) => setError(`The local agent is not reachable: ${e.message}`));
  }, [api]);
  useEffect(() => {
    refresh();
    const t = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(t);
  }, [refresh]);
  const current = projects?.find((p) => p.id === selected) ?? projects?.[0] ?? null;
  return (
    <section aria-labelledby="projects-title">
      <h1 id="projects-title">Projects</h1>
      <div className="projects-grid">
        <nav aria-label="Project list">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              api
                .create(name)
                .then((p) => {
                  setName("");
                  setSelected(p.id);
                  refresh();
                })
                .catch((err: Error) => setError(err.message));
            }}
          >
            <label>
              New project{" "}
              <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
            </label>
            <button type="submit">Create</button>
          </form>
          {error && <p role="alert">{error}</p>}
          <ul style={{ listStyle: "none", padding: 0 }}>
            {projects?.map((p) => (
              <li key={p.id} style={{ margin: "6px 0" }}>
                <button type="button" aria-current={current?.id === p.id} onClick={() => setSelected(p.id)}>
                  {p.name}
                </button>{" "}
                <FolderChip project={p} now={now} />
              </li>
            ))}
          </ul>
          {projects?.length === 0 && <p>No projects yet.</p>}
        </nav>
        {current && <ProjectDetail api={api} project={current} onChanged={refresh} now={now} />}
      </div>
    </section>
  );
}
