import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FakeHandler } from "./handler.ts";

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) for (const item of v) headers.append(k, item);
    else if (v !== undefined) headers.set(k, v);
  }
  const method = req.method ?? "GET";
  return new Request(new URL(req.url ?? "/", origin), {
    method,
    headers,
    body: method === "GET" || method === "HEAD" ? undefined : body,
  });
}

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((v, k) => {
    headers[k] = v;
  });
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * Serves a fake on 127.0.0.1 (a free port) for wrangler-dev e2e tests and benches.
 * @example const gmail = await serveFake(fakeGmail.handler); // gmail.url = "http://127.0.0.1:54321"
 */
export async function serveFake(
  handler: FakeHandler,
  port = 0,
): Promise<{ url: string; close(): Promise<void> }> {
  let origin = "";
  const server = createServer((req, res) => {
    toRequest(req, origin)
      .then(handler)
      .then((response) => writeResponse(res, response))
      .catch((e: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end(`fake failed: ${String(e)}`);
      });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
