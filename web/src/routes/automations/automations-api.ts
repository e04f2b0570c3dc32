import type { DefinitionChange } from "@scouts/core/automation/authoring/diff";
import type { Review } from "@scouts/core/automation/authoring/review";
import type { RunRecord, StepRecord } from "@scouts/core/automation/executor/types";
import type { AutomationDefinition } from "@scouts/core/automation/schema/definition-types";
import type { SchemaIssue } from "@scouts/core/automation/schema/json-schema";

/** Where the cloud API is and how this browser authenticates (a paired device token, or the session cookie). */
export interface CloudConnection {
  baseUrl: string;
  token?: string;
}

export interface AutomationSummary {
  id: string;
  name: string;
  enabled: boolean;
  version: number;
  concurrency: string;
  lastFiredAt: number | null;
  goal: string | null;
}

export interface CapabilitySummary {
  id: string;
  description: string;
  kind: "tight" | "loose";
  inputSchema: {
    properties?: Record<string, { type?: string | string[]; description?: string }>;
    required?: string[];
  };
  sideEffects: string[];
  expectedDurationMs: number;
  costEstimateUsd: number;
}

export interface RunSummary {
  id: string;
  version: number;
  status: RunRecord["status"];
  triggerType: string;
  attempt: number;
  costUsd: number;
  error: RunRecord["error"];
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

export interface Proposal {
  definition: AutomationDefinition;
  warnings: SchemaIssue[];
  review: Review;
  attempts: number;
  diff?: DefinitionChange[];
}

/** A connected MCP server as `GET /api/v1/automations/mcp/connections` lists it (no credential). */
export interface McpConnectionView {
  id: string;
  name: string;
  url: string;
  status: string;
  lastError: string | null;
  lastHarvestAt: number | null;
}

/** A harvested tool, usable in steps as `mcp.<connection>.<tool>`. */
export interface McpToolView {
  id: string;
  connectionId: string;
  name: string;
  description: string;
  sideEffects: string[];
  sideEffectsOverride: string[] | null;
}

export interface McpHarvest {
  tools?: number;
  refused?: number;
  error?: string;
}

/** Today's runs and spend against the person's daily caps (`GET /api/v1/automations/usage`). */
export interface DailyUsage {
  runsToday: number;
  spendTodayUsd: number;
  limits: { runs: number; spendUsd: number };
  resetsAt: number;
}

export class AutomationApiError extends Error {
  readonly status: number;
  readonly issues: SchemaIssue[];
  constructor(status: number, message: string, issues: SchemaIssue[] = []) {
    super(message);
    this.status = status;
    this.issues = issues;
  }
}

/**
 * Client for `/api/v1/automations/**`.
 * @example const api = automationsApi({ baseUrl: "http://127.0.0.1:8787" }); await api.list();
 */
export function automationsApi(conn: CloudConnection, fetchImpl: typeof fetch = (i, init) => fetch(i, init)) {
  const base = `${conn.baseUrl.replace(/\/+$/, "")}/api/v1/automations`;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = {};
    if (conn.token) headers.authorization = `Bearer ${conn.token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetchImpl(`${base}${path}`, {
      method,
      headers,
      credentials: "include",
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    if (res.status === 204) return undefined as T;
    const json = (await res.json().catch(() => ({}))) as {
      error?: { message?: string; details?: { issues?: SchemaIssue[] } };
    };
    if (!res.ok)
      throw new AutomationApiError(
        res.status,
        json.error?.message ?? `HTTP ${res.status}`,
        json.error?.details?.issues ?? [],
      );
    return json as T;
  };
  return {
    list: () => call<{ automations: AutomationSummary[] }>("GET", "").then((r) => r.automations),
    usage: () => call<DailyUsage>("GET", "/usage"),
    get: (id: string) =>
      call<{ automation: AutomationSummary & { definition: AutomationDefinition }; triggers: unknown[] }>(
        "GET",
        `/${id}`,
      ),
    registry: () =>
      call<{ capabilities: CapabilitySummary[] }>("GET", "/registry").then((r) => r.capabilities),
    validate: (definition: unknown) =>
      call<{ ok: boolean; errors: SchemaIssue[]; warnings: SchemaIssue[] }>("POST", "/validate", {
        definition,
      }),
    create: (definition: unknown) =>
      call<{ automation: AutomationSummary; webhookToken?: string; warnings: SchemaIssue[] }>("POST", "", {
        definition,
      }),
    update: (id: string, expectedVersion: number, definition: unknown) =>
      call<{ automation: AutomationSummary; webhookToken?: string }>("PUT", `/${id}`, {
        definition,
        expectedVersion,
      }),
    setEnabled: (id: string, enabled: boolean) => call<{ ok: true }>("PATCH", `/${id}`, { enabled }),
    remove: (id: string) => call<void>("DELETE", `/${id}`),
    author: (prompt: string, automationId?: string) =>
      call<{ proposal: Proposal; baseVersion: number | null }>("POST", "/author", {
        prompt,
        ...(automationId ? { automationId } : {}),
      }),
    runNow: (id: string) => call<{ runId: string }>("POST", `/${id}/run`),
    mcpConnections: () =>
      call<{ connections: McpConnectionView[] }>("GET", "/mcp/connections").then((r) => r.connections),
    mcpTools: () => call<{ tools: McpToolView[] }>("GET", "/mcp/tools").then((r) => r.tools),
    /** Saves the server and harvests its tools at once (`error` says why a harvest failed). */
    addMcp: (input: { name: string; url: string; credential?: string }) =>
      call<McpHarvest & { id: string }>("POST", "/mcp/connections", input),
    /** Connects again and re-harvests: the connection test. */
    testMcp: (id: string) => call<McpHarvest>("POST", `/mcp/connections/${encodeURIComponent(id)}/harvest`),
    removeMcp: (id: string) => call<{ ok: true }>("DELETE", `/mcp/connections/${encodeURIComponent(id)}`),
    rotateToken: (id: string, revoke = false) =>
      call<{ webhookToken: string | null }>("POST", `/${id}/webhook-token`, { revoke }),
    runs: (id: string) =>
      call<{ runs: RunSummary[] }>("GET", `/runs/by-automation/${id}`).then((r) => r.runs),
    run: (runId: string) => call<{ run: RunRecord; steps: StepRecord[] }>("GET", `/runs/${runId}`),
    cancel: (runId: string) => call<{ ok: true }>("POST", `/runs/${runId}/cancel`),
    /** Approve or deny the run's step that waits for the owner. */
    answerApproval: (runId: string, stepId: string, approved: boolean) =>
      call<{ ok: true }>("POST", `/runs/${runId}/approvals/${stepId}`, { approved }),
  };
}

export type AutomationsApi = ReturnType<typeof automationsApi>;
