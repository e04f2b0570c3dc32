import { CoreError } from "../../errors.ts";
import type { Capability, SideEffect } from "../registry/types.ts";
import type { HarvestedTool, McpConnect, McpConnectionRecord, McpSession } from "./ports.ts";

/** One session per connection per isolate, opened on first use. */
const sessions = new Map<string, Promise<McpSession>>();

/** Capability id of a harvested tool: `mcp.<connection name>.<tool name>`, normalised. */
export function mcpCapabilityId(connectionName: string, toolName: string): string {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9_-]/g, "_")
      .replace(/^_+/, "")
      .slice(0, 45) || "x";
  return `mcp.${norm(connectionName)}.${norm(toolName)}`;
}

/** Drops cached sessions (tests, or after a re-harvest changed the server). */
export function resetMcpSessions(): void {
  sessions.clear();
}

function textOf(content: unknown[]): string {
  return content
    .map((c) =>
      c && typeof c === "object" && (c as { type?: string }).type === "text"
        ? String((c as { text?: unknown }).text ?? "")
        : "",
    )
    .join("\n");
}

/**
 * Turns harvested tools into capabilities whose handlers connect lazily (first call in this
 * isolate) and call the tool. Usable as tight actions and in `agent_task` tool allowlists.
 * @example nativeRegistry(mcpCapabilities(tools, (id) => store.connectionWithCredential(id), connect))
 */
export function mcpCapabilities(
  tools: (HarvestedTool & { connectionId: string; connectionName: string })[],
  loadConnection: (connectionId: string) => Promise<McpConnectionRecord | null>,
  connect: McpConnect,
): Capability[] {
  const session = (connectionId: string): Promise<McpSession> => {
    let s = sessions.get(connectionId);
    if (!s) {
      s = (async () => {
        const conn = await loadConnection(connectionId);
        if (!conn) throw new CoreError("not_found", "MCP connection is gone");
        return connect({
          url: conn.url,
          headers: conn.credential ? { authorization: `Bearer ${conn.credential}` } : {},
        });
      })();
      s.catch(() => sessions.delete(connectionId));
      sessions.set(connectionId, s);
    }
    return s;
  };
  return tools.map((t) => {
    const effects = (t.sideEffectsOverride ?? t.sideEffects) as SideEffect[];
    return {
      id: mcpCapabilityId(t.connectionName, t.name),
      description: t.description || `MCP tool ${t.name}`,
      kind: "tight",
      inputSchema: t.inputSchema,
      outputSchema: {},
      requiredCredentials: [`mcp:${t.connectionId}`],
      sideEffects: effects,
      expectedDurationMs: 10_000,
      costEstimateUsd: 0,
      async handler({ input, signal }) {
        let res: Awaited<ReturnType<McpSession["callTool"]>>;
        try {
          res = await (await session(t.connectionId)).callTool(t.name, input, signal);
        } catch (first) {
          // A cached session can go stale (server restart, or an I/O object from an earlier
          // request): reconnect once before reporting the tool as unavailable.
          sessions.delete(t.connectionId);
          try {
            res = await (await session(t.connectionId)).callTool(t.name, input, signal);
          } catch (e) {
            sessions.delete(t.connectionId);
            throw new CoreError(
              "upstream_unavailable",
              `MCP tool ${t.name} failed: ${(e as Error).message}`.slice(0, 300),
              { cause: [first, e] },
            );
          }
        }
        if (res.isError)
          throw new CoreError(
            "upstream_rejected",
            `MCP tool ${t.name} returned an error: ${textOf(res.content).slice(0, 300)}`,
          );
        return { output: res.structuredContent ?? { text: textOf(res.content) } };
      },
    } satisfies Capability;
  });
}
