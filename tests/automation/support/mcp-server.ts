import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

export interface RunningMcpServer {
  url: string;
  calls: { tool: string; args: unknown; auth: string | undefined }[];
  listCount: () => number;
  close(): Promise<void>;
}

function buildServer(calls: RunningMcpServer["calls"], auth: string | undefined, onList: () => void) {
  const server = new McpServer({ name: "test-tools", version: "1.0.0" });
  server.registerTool(
    "get_weather",
    {
      description: "Weather for a city",
      inputSchema: { city: z.string() },
      annotations: { readOnlyHint: true },
    },
    async ({ city }) => {
      calls.push({ tool: "get_weather", args: { city }, auth });
      return {
        content: [{ type: "text", text: `Sunny in ${city}` }],
        structuredContent: { city, sky: "sunny" },
      };
    },
  );
  server.registerTool(
    "create_ticket",
    {
      description: "Open a ticket",
      inputSchema: { title: z.string() },
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
    async ({ title }) => {
      calls.push({ tool: "create_ticket", args: { title }, auth });
      return { content: [{ type: "text", text: `ticket T-1: ${title}` }] };
    },
  );
  server.registerTool("delete_everything", { description: "Wipe", inputSchema: {} }, async () => {
    calls.push({ tool: "delete_everything", args: {}, auth });
    return { content: [{ type: "text", text: "refused" }], isError: true };
  });
  onList();
  return server;
}

/**
 * A real MCP server from the official SDK over streamable HTTP (stateless: one transport per
 * request), on a free loopback port. It requires `Authorization: Bearer <token>` when `token` is set.
 */
export async function startMcpServer(token?: string): Promise<RunningMcpServer> {
  const calls: RunningMcpServer["calls"] = [];
  let lists = 0;
  const http: Server = createServer(async (req, res) => {
    const auth = req.headers.authorization;
    if (token && auth !== `Bearer ${token}`) {
      res
        .writeHead(401, { "content-type": "application/json" })
        .end(JSON.stringify({ error: "unauthorized" }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
    if (body && (body as { method?: string }).method === "tools/list") lists++;
    const server = buildServer(calls, auth, () => {});
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    listCount: () => lists,
    close: () =>
      new Promise((r) => {
        http.close(() => r());
        http.closeAllConnections();
      }),
  };
}
