import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import type { FetchLike } from "../../ports.ts";
import type { McpConnect, McpToolInfo } from "./ports.ts";

/**
 * Connects with the official MCP SDK over streamable HTTP. Schema checks use the cfworker
 * validator (no code generation, so it runs inside Workers).
 * @example const session = await sdkConnect(fetch)({ url, headers: { authorization: `Bearer ${key}` } });
 */
export function sdkConnect(fetchImpl?: FetchLike): McpConnect {
  return async ({ url, headers }) => {
    const client = new Client(
      { name: "scouts-automations", version: "1.0.0" },
      { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
    );
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers },
      ...(fetchImpl ? { fetch: fetchImpl as typeof fetch } : {}),
    });
    await client.connect(transport);
    return {
      async listTools() {
        const out: McpToolInfo[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 20; page++) {
          const res = await client.listTools(cursor ? { cursor } : {});
          for (const t of res.tools) {
            out.push({
              name: t.name,
              ...(t.description ? { description: t.description } : {}),
              inputSchema: t.inputSchema as Record<string, unknown>,
              ...(t.annotations ? { annotations: t.annotations } : {}),
            });
          }
          cursor = res.nextCursor;
          if (!cursor) break;
        }
        return out;
      },
      async callTool(name, args, signal) {
        const res = await client.callTool({ name, arguments: args }, undefined, signal ? { signal } : {});
        return res as { content: unknown[]; structuredContent?: unknown; isError?: boolean };
      },
      close: () => client.close(),
    };
  };
}
