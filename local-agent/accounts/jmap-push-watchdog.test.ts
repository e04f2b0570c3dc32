import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountError } from "./imap-client.ts";
import { openJmap } from "./jmap-client.ts";

/**
 * A loopback JMAP server whose EventSource stream either pings every second (a live server) or
 * pings once and then goes silent with the connection left open (a half-open link, a hung proxy).
 */
let server: ReturnType<typeof createServer>;
let url = "";
const open: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/.well-known/jmap") {
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          apiUrl: "/api",
          downloadUrl: "/dl/{accountId}/{blobId}/{name}?type={type}",
          eventSourceUrl: `/events/${req.headers["x-mode"] ?? ""}{types}?ping={ping}`,
          accounts: { a1: { accountCapabilities: { "urn:ietf:params:jmap:mail": {} } } },
          primaryAccounts: { "urn:ietf:params:jmap:mail": "a1" },
        }),
      );
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.write("event: ping\ndata: {}\n\n");
    open.push(res);
    if (path.startsWith("/events/live")) {
      const t = setInterval(() => res.write("event: ping\ndata: {}\n\n"), 1000);
      res.on("close", () => clearInterval(t));
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const r of open) r.destroy();
  await new Promise((r) => server.close(r));
});

/** `openJmap` with the event-source mode picked through a header the fake server reads. */
const session = (mode: "silent" | "live") =>
  openJmap({ url, username: "maya", password: "pw" }, (input, init) =>
    fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), "x-mode": mode } }),
  );

describe("the JMAP push stream's watchdog", () => {
  it("a stream that falls silent (no ping for three intervals) ends with a clear error, so the watcher reconnects", async () => {
    const s = await session("silent");
    const ac = new AbortController();
    const stream = await s.events(["Email"], ac.signal, 1);
    const seen: string[] = [];
    const t0 = Date.now();
    const err = await (async () => {
      for await (const ev of stream!) seen.push(ev.type);
    })().catch((e: unknown) => e);
    expect(seen).toEqual(["ping"]);
    expect(err).toBeInstanceOf(AccountError);
    expect((err as AccountError).message).toMatch(/sent nothing on the push stream for 3 s/);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(2900);
    ac.abort();
  });

  it("a live stream that keeps pinging is never cut", async () => {
    const s = await session("live");
    const ac = new AbortController();
    const stream = await s.events(["Email"], ac.signal, 1);
    let pings = 0;
    const run = (async () => {
      for await (const ev of stream!) if (ev.type === "ping" && ++pings >= 6) ac.abort();
    })();
    await run;
    expect(pings).toBeGreaterThanOrEqual(6); // six seconds, twice the silence limit, without an error
  });
});
