import {
  type FilesPage,
  FilesPage as FilesPageSchema,
  type Project,
  ProjectList,
  Project as ProjectSchema,
  type ScanProgressEvent,
  ScanProgressEvent as ScanProgressSchema,
  ScanResponse,
} from "@scouts/core/folders/api";

/** Where the local agent listens and the token it paired us with. */
export interface AgentConnection {
  baseUrl: string;
  token: string;
}

export type FileFilter = "all" | "text" | "image" | "pdf";

/** The agent's error body, surfaced with its message. */
export class AgentError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * Typed client for the agent's `/local/v1/projects` routes (answers validated with the shared zod schemas).
 * @example const api = projectsApi({ baseUrl: "http://127.0.0.1:8788", token }); await api.list()
 */
export function projectsApi(conn: AgentConnection) {
  const base = `${conn.baseUrl.replace(/\/+$/, "")}/local/v1/projects`;
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${conn.token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    if (!res.ok) throw new AgentError(res.status, data?.error?.message ?? `agent answered ${res.status}`);
    return data;
  };
  const id = encodeURIComponent;
  return {
    list: async (): Promise<Project[]> => ProjectList.parse(await call("GET", "")).items,
    get: async (projectId: string): Promise<Project> =>
      ProjectSchema.parse(await call("GET", `/${id(projectId)}`)),
    create: async (name: string): Promise<Project> => ProjectSchema.parse(await call("POST", "", { name })),
    link: async (projectId: string, path: string): Promise<Project> =>
      ProjectSchema.parse(await call("PUT", `/${id(projectId)}/folder`, { path })),
    unlink: async (projectId: string): Promise<Project> =>
      ProjectSchema.parse(await call("DELETE", `/${id(projectId)}/folder`)),
    rescan: async (projectId: string) => ScanResponse.parse(await call("POST", `/${id(projectId)}/scan`)),
    files: async (projectId: string, filter: FileFilter, offset: number, limit: number): Promise<FilesPage> =>
      FilesPageSchema.parse(
        await call("GET", `/${id(projectId)}/files?kind=${filter}&offset=${offset}&limit=${limit}`),
      ),
    /** Scan progress over SSE via fetch (EventSource cannot send the Authorization header). */
    async progress(
      projectId: string,
      onEvent: (e: ScanProgressEvent) => void,
      signal: AbortSignal,
    ): Promise<void> {
      const res = await fetch(`${base}/${id(projectId)}/progress`, {
        headers: { authorization: `Bearer ${conn.token}`, accept: "text/event-stream" },
        signal,
      });
      if (!res.ok || !res.body) throw new AgentError(res.status, "progress stream unavailable");
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buf = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += value;
        for (let i = buf.indexOf("\n\n"); i >= 0; i = buf.indexOf("\n\n")) {
          const data = buf
            .slice(0, i)
            .split("\n")
            .find((l) => l.startsWith("data: "));
          buf = buf.slice(i + 2);
          if (data) onEvent(ScanProgressSchema.parse(JSON.parse(data.slice(6))));
        }
      }
    },
  };
}
export type ProjectsApi = ReturnType<typeof projectsApi>;
