import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  content?: string | null;
  toolCalls?: { id: string; name: string; arguments: string }[];
  usage?: { prompt_tokens: number; completion_tokens: number };
}

export interface FakeLlm {
  baseUrl: string;
  requests: {
    messages: { role: string; content: string }[];
    tools?: unknown[];
    model: string;
    authorization?: string;
  }[];
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible chat-completions server on loopback that answers from a script, in order,
 * and records every request (so tests can check what the model was shown).
 */
export async function startFakeLlm(script: FakeReply[]): Promise<FakeLlm> {
  const requests: FakeLlm["requests"] = [];
  let next = 0;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    requests.push({ ...body, authorization: req.headers.authorization });
    const r = script[next++] ?? { status: 500, content: "script exhausted" };
    if (r.status && r.status !== 200) {
      res
        .writeHead(r.status, { "content-type": "application/json", ...r.headers })
        .end(JSON.stringify({ error: { message: "fake error" } }));
      return;
    }
    const message = {
      role: "assistant",
      content: r.content ?? null,
      ...(r.toolCalls
        ? {
            tool_calls: r.toolCalls.map((t) => ({
              id: t.id,
              type: "function",
              function: { name: t.name, arguments: t.arguments },
            })),
          }
        : {}),
    };
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        id: "cmpl",
        object: "chat.completion",
        choices: [{ index: 0, message, finish_reason: "stop" }],
        usage: r.usage ?? { prompt_tokens: 1000, completion_tokens: 500 },
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
