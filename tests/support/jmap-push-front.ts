import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { startCyrus } from "./cyrus.ts";

type Cyrus = Awaited<ReturnType<typeof startCyrus>>;

/**
 * Push for Cyrus: Debian's Cyrus answers its EventSource URL with 204 (built without WebSockets),
 * so this loopback front adds the RFC 8620 §7.3 stream: every request goes through to the real
 * Cyrus, the session names this front's EventSource URL, and a `state` event is sent when the
 * account's Email state on Cyrus changes (asked every 100 ms with the caller's own credentials).
 * When Cyrus cannot be reached, or has gone down since the stream opened (stopped, restarted:
 * `cy.generation()`, so a restart quicker than one poll is not missed), the open streams end, as a
 * real server's would. It counts the requests it passed on and the streams it opened.
 */
export async function pushFront(cy: Cyrus, user = "maya") {
  const target = `http://127.0.0.1:${cy.httpPort}`;
  const streams = new Set<ServerResponse>();
  let opened = 0;
  let requests = 0;
  const forward = async (req: IncomingMessage, res: ServerResponse, base: string) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const upstream = await fetch(`${target}${req.url}`, {
      method: req.method ?? "GET",
      headers: {
        authorization: req.headers.authorization ?? "",
        "content-type": req.headers["content-type"] ?? "",
      },
      redirect: "manual",
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    });
    let body = Buffer.from(await upstream.arrayBuffer());
    if (
      req.url?.startsWith("/jmap") &&
      upstream.headers.get("content-type")?.includes("json") &&
      req.method === "GET"
    ) {
      const session = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
      session.eventSourceUrl = `${base}/push?types={types}&closeafter={closeafter}&ping={ping}`;
      body = Buffer.from(JSON.stringify(session));
    }
    const headers: Record<string, string> = {
      "content-type": upstream.headers.get("content-type") ?? "text/plain",
    };
    const location = upstream.headers.get("location");
    if (location) headers.location = location.replace(target, base);
    res.writeHead(upstream.status, headers).end(body);
  };
  const emailState = async (auth: string) => {
    const r = await fetch(`${target}/jmap/`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/json" },
      body: JSON.stringify({
        using: ["urn:ietf:params:jmap:core", "urn:ietf:params:jmap:mail"],
        methodCalls: [["Email/get", { accountId: user, ids: [], properties: ["id"] }, "0"]],
      }),
    });
    if (!r.ok) return null;
    return ((await r.json()) as { methodResponses: [string, { state: string }][] }).methodResponses[0]![1]
      .state;
  };
  const push = async (req: IncomingMessage, res: ServerResponse) => {
    const auth = req.headers.authorization ?? "";
    let last = await emailState(auth);
    if (last === null) return res.writeHead(401).end();
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" }).flushHeaders();
    streams.add(res);
    opened++;
    const born = cy.generation();
    const timer = setInterval(async () => {
      // A stream of a server that went down since (even for less than one poll) ends, as it would.
      const now = cy.generation() !== born ? "down" : await emailState(auth).catch(() => "down" as const);
      if (now === "down") {
        res.destroy();
        return;
      }
      if (now === null || now === last || res.writableEnded) return;
      last = now;
      res.write(
        `event: state\ndata: ${JSON.stringify({ "@type": "StateChange", changed: { [user]: { Email: now } } })}\n\n`,
      );
    }, 100);
    res.on("close", () => {
      clearInterval(timer);
      streams.delete(res);
    });
  };
  const server: Server = createServer((req, res) => {
    requests++;
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const done = req.url?.startsWith("/push") ? push(req, res) : forward(req, res, base);
    done.catch(() => res.writeHead(502).end());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jmap`,
    streams: () => streams.size,
    /** Push streams opened so far (a reconnect opens another). */
    opened: () => opened,
    /** Requests the agent made of it so far (session, API calls, push streams). */
    requests: () => requests,
    /** Ends every open push stream, as a dropped connection would. */
    drop: () => {
      for (const s of streams) s.destroy();
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of streams) s.destroy();
        server.close(() => r());
      }),
  };
}
