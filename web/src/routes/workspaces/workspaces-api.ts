import {
  MeScouts,
  ScanAccepted,
  type ScanSession,
  ScanSession as ScanSessionSchema,
  SpaceList,
  type SpaceView,
  WorkspaceList,
  WorkspaceOne,
  type WorkspaceView,
} from "@scouts/core/workspaces/api";
import type { WorkspaceKind } from "@scouts/core/workspaces/types";

/** Where the cloud API is and how this browser authenticates (a paired device token, or the session cookie). */
export interface CloudConnection {
  baseUrl: string;
  token?: string;
}

export class CloudError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * Typed client for `/api/v1/spaces` and `/api/v1/workspaces` (answers validated with core's schemas).
 * @example const api = workspacesApi({ baseUrl: "http://127.0.0.1:8787", token }); await api.list({ kind: "channel" })
 */
export function workspacesApi(conn: CloudConnection, fetchImpl: typeof fetch = (i, init) => fetch(i, init)) {
  const base = conn.baseUrl.replace(/\/+$/, "");
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const headers: Record<string, string> = {};
    if (conn.token) headers.authorization = `Bearer ${conn.token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetchImpl(`${base}${path}`, {
      method,
      headers,
      credentials: conn.token ? "omit" : "include",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    if (!res.ok) throw new CloudError(res.status, data?.error?.message ?? `cloud answered ${res.status}`);
    return data;
  };
  const q = (params: Record<string, string | undefined>) => {
    const s = new URLSearchParams(
      Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])),
    ).toString();
    return s ? `?${s}` : "";
  };
  const id = encodeURIComponent;
  return {
    /** The person's provider scouts (the sources a scan can read). */
    scanSources: async (): Promise<Array<{ id: string; label: string }>> =>
      MeScouts.parse(await call("GET", "/api/v1/me"))
        .scouts.filter((s) => s.sourceType === "slack" || s.sourceType === "gmail")
        .map((s) => ({
          id: s.id,
          label: `${s.sourceType === "slack" ? "Slack" : "Gmail"} ${s.accountRef ?? ""}`.trim(),
        })),
    spaces: async (): Promise<SpaceView[]> => SpaceList.parse(await call("GET", "/api/v1/spaces")).spaces,
    list: async (opts: { spaceId?: string; kind?: WorkspaceKind } = {}): Promise<WorkspaceView[]> =>
      WorkspaceList.parse(await call("GET", `/api/v1/workspaces${q(opts)}`)).workspaces,
    upsert: async (input: {
      spaceId?: string;
      workspaceKey: string;
      displayName?: string;
    }): Promise<WorkspaceView> =>
      WorkspaceOne.parse(await call("PUT", "/api/v1/workspaces", input)).workspace,
    remove: async (workspaceId: string, spaceId?: string) => {
      await call("DELETE", `/api/v1/workspaces/${id(workspaceId)}${q({ spaceId })}`);
    },
    startScan: async (scoutId: string, spaceId?: string): Promise<ScanSession> =>
      ScanSessionSchema.parse(
        await call("POST", "/api/v1/workspaces/scan", { scoutId, ...(spaceId ? { spaceId } : {}) }),
      ),
    acceptScan: async (sessionId: string, workspaceKeys: string[]) =>
      ScanAccepted.parse(
        await call("POST", `/api/v1/workspaces/scan/${id(sessionId)}/accept`, { workspaceKeys }),
      ),
    cancelScan: async (sessionId: string) => {
      await call("DELETE", `/api/v1/workspaces/scan/${id(sessionId)}`);
    },
  };
}

export type WorkspacesApi = ReturnType<typeof workspacesApi>;
