import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { silentLogger } from "@scouts/core/ports";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountSuggestionId } from "../../local-agent/accounts/account-ingest.ts";
import { openOfflineAgent } from "../../local-agent/accounts/accounts.ts";
import { type RunningAgent, startAgent } from "../../local-agent/agent.ts";
import { readAgentConfig } from "../../local-agent/config.ts";
import { startCyrus, until } from "../support/cyrus.ts";

type Cyrus = Awaited<ReturnType<typeof startCyrus>>;

/**
 * Push for Cyrus: Debian's Cyrus answers its EventSource URL with 204 (built without WebSockets),
 * so this loopback front adds the RFC 8620 §7.3 stream: every request goes through to the real
 * Cyrus, the session names this front's EventSource URL, and a `state` event is sent when the
 * account's Email state on Cyrus changes (asked every 100 ms with the caller's own credentials).
 */
async function pushFront(cy: Cyrus) {
  const target = `http://127.0.0.1:${cy.httpPort}`;
  const streams = new Set<ServerResponse>();
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
        methodCalls: [["Email/get", { accountId: "maya", ids: [], properties: ["id"] }, "0"]],
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
    const timer = setInterval(async () => {
      const now = await emailState(auth).catch(() => null);
      if (now === null || now === last || res.writableEnded) return;
      last = now;
      res.write(
        `event: state\ndata: ${JSON.stringify({ "@type": "StateChange", changed: { maya: { Email: now } } })}\n\n`,
      );
    }, 100);
    res.on("close", () => {
      clearInterval(timer);
      streams.delete(res);
    });
  };
  const server: Server = createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const done = req.url?.startsWith("/push") ? push(req, res) : forward(req, res, base);
    done.catch(() => res.writeHead(502).end());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jmap`,
    streams: () => streams.size,
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

describe("JMAP push over EventSource (real Cyrus behind an RFC 8620 §7.3 stream)", () => {
  let cy: Cyrus;
  let front: Awaited<ReturnType<typeof pushFront>>;
  let home: string;
  let agent: RunningAgent;
  let accountId = "";
  let n = 0;
  const arrive = async (subject: string, ms: number) => {
    const messageId = `jmap-push-${++n}-${Date.now()}@example.org`;
    await cy.deliver(
      "maya",
      `From: Ana Souza <ana.souza@example.org>\r\nSubject: ${subject}\r\nMessage-ID: <${messageId}>\r\n\r\nCould you check the numbers in the budget sheet before Tuesday?\r\n`,
    );
    const id = accountSuggestionId("jmap", accountId, messageId, "");
    return until(`the suggestion for ${subject}`, () => agent.ctx.stores.suggestions.get(id), ms);
  };
  const health = () => agent.ctx.mailWatch?.health().find((a) => a.id === accountId);

  beforeAll(async () => {
    cy = await startCyrus({ users: { maya: "correct horse battery" } });
    front = await pushFront(cy);
    home = await mkdtemp(path.join(os.tmpdir(), "scouts-jmap-push-"));
    const offline = await openOfflineAgent(home, { stage2: null });
    try {
      accountId = (
        await offline.accounts.addJmap({ url: front.url, user: "maya", password: "correct horse battery" })
      ).id;
    } finally {
      offline.close();
    }
    agent = await startAgent(
      readAgentConfig({ SCOUTS_HOME: home, SCOUTS_AGENT_PORT: "0", SCOUTS_CLOUD_URL: "http://127.0.0.1:9" }),
      // Polling every 10 minutes: within these tests only a push can explain an arrival.
      {
        logger: silentLogger,
        stage2: null,
        connect: false,
        mailWatch: { backoffMs: 100, maxBackoffMs: 400, pollMs: 600_000, checkEveryMs: 600_000 },
      },
    );
  }, 60_000);
  afterAll(async () => {
    await agent?.stop();
    await front?.close();
    await cy?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("a state event makes the new mail a suggestion at once, with no polling", async () => {
    await until("the push stream", async () => front.streams() === 1 && health()?.state === "watching");
    const s = await arrive("pushed", 5_000);
    expect(s.source).toBe("jmap");
  }, 30_000);

  it("a dropped push stream reconnects (backoff) and the next mail is still pushed", async () => {
    front.drop();
    await until(
      "the stream to come back",
      async () => front.streams() === 1 && health()?.state === "watching",
    );
    const s = await arrive("after the drop", 5_000);
    expect(s.status).toBe("new");
  }, 30_000);
});
