import type { ToolAnnotations } from "./side-effects.ts";

export interface McpToolInfo {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  annotations?: ToolAnnotations;
}

export interface McpCallResult {
  content: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
}

/** A live MCP session (streamable HTTP in production, the official SDK client). */
export interface McpSession {
  listTools(): Promise<McpToolInfo[]>;
  callTool(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<McpCallResult>;
  close(): Promise<void>;
}

export type McpConnect = (input: { url: string; headers: Record<string, string> }) => Promise<McpSession>;

export interface McpConnectionRecord {
  id: string;
  userId: string;
  name: string;
  url: string;
  /** Decrypted only when connecting; never logged or returned by the API. */
  credential: string | null;
}

export interface HarvestedTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: ToolAnnotations | null;
  sideEffects: string[];
  sideEffectsOverride: string[] | null;
}

/** MCP persistence: connections (credential decrypted by the adapter) and harvested tools. */
export interface McpStore {
  connection(userId: string, id: string): Promise<McpConnectionRecord | null>;
  replaceTools(
    connectionId: string,
    userId: string,
    tools: Omit<HarvestedTool, "sideEffectsOverride">[],
    at: number,
  ): Promise<void>;
  markHarvest(
    connectionId: string,
    result: { ok: true; at: number } | { ok: false; error: string; at: number },
  ): Promise<void>;
  toolsForUser(userId: string): Promise<(HarvestedTool & { connectionId: string; connectionName: string })[]>;
}
