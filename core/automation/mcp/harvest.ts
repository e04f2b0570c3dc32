import { CoreError } from "../../errors.ts";
import type { Clock } from "../../ports.ts";
import { schemaProblems } from "../schema/schema-guard.ts";
import type { McpConnect, McpStore } from "./ports.ts";
import { inferSideEffects } from "./side-effects.ts";

export interface HarvestCtx {
  mcp: McpStore;
  connect: McpConnect;
  clock: Clock;
}

/**
 * Connects to an MCP server, reads `tools/list` and replaces the stored tools of the connection
 * (side effects inferred; admin overrides kept by the store). Failures are recorded on the
 * connection and rethrown as `upstream_unavailable`.
 * @example await harvestMcpTools({ ctx, input: { userId, connectionId } }) // { tools: 3 }
 */
export async function harvestMcpTools({
  ctx,
  input,
}: {
  ctx: HarvestCtx;
  input: { userId: string; connectionId: string };
}) {
  const conn = await ctx.mcp.connection(input.userId, input.connectionId);
  if (!conn) throw new CoreError("not_found", "MCP connection not found");
  const at = ctx.clock.now();
  try {
    const session = await ctx.connect({
      url: conn.url,
      headers: conn.credential ? { authorization: `Bearer ${conn.credential}` } : {},
    });
    try {
      const listed = await session.listTools();
      // A tool whose input schema could not run safely (remote or cyclic $ref, a pattern the
      // linear-time engine refuses, …) is left out rather than failing at call time.
      const tools = listed.filter((t) => schemaProblems(t.inputSchema).length === 0);
      await ctx.mcp.replaceTools(
        conn.id,
        conn.userId,
        tools.slice(0, 200).map((t) => ({
          name: t.name,
          description: (t.description ?? "").slice(0, 2000),
          inputSchema: t.inputSchema,
          annotations: t.annotations ?? null,
          sideEffects: inferSideEffects(t.name, t.annotations),
        })),
        at,
      );
      await ctx.mcp.markHarvest(conn.id, { ok: true, at });
      return { tools: tools.length, refused: listed.length - tools.length };
    } finally {
      await session.close().catch(() => {});
    }
  } catch (e) {
    if (e instanceof CoreError) throw e;
    const error = (e instanceof Error ? e.message : String(e)).slice(0, 300);
    await ctx.mcp.markHarvest(conn.id, { ok: false, error, at });
    throw new CoreError("upstream_unavailable", `MCP harvest failed: ${error}`, { cause: e });
  }
}
