import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPinnedGet } from "../adapters/pinned-get.ts";

/** A real HTTP server on loopback, reached through a host name DNS never sees (the pinned address). */
let server: Server;
let port = 0;
const seen: { host?: string; headers: IncomingHttpHeaders }[] = [];
const routes: Record<string, (res: ServerResponse) => void> = {
  "/a.png": (res) => {
    res.writeHead(200, { "content-type": "image/png", "set-cookie": "track=1" });
    res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  },
  "/moved": (res) => {
    res.writeHead(302, { location: "http://10.0.0.1/secret.png" });
    res.end();
  },
  "/big": (res) => {
    res.writeHead(200, { "content-type": "image/png" });
    res.write(Buffer.alloc(600));
    res.end(Buffer.alloc(600));
  },
  "/declared-big": (res) => {
    res.writeHead(200, { "content-type": "image/png", "content-length": "999999" });
    res.write(Buffer.alloc(10));
  },
  "/slow": () => {},
};

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ ...(req.headers.host ? { host: req.headers.host } : {}), headers: req.headers });
    (routes[req.url ?? ""] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const a = server.address();
  if (!a || typeof a === "string") throw new Error("no port");
  port = a.port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const get = createPinnedGet();
const at = (p: string, o: { maxBytes?: number; timeoutMs?: number } = {}) =>
  get({
    url: `http://img.never-resolved.example:${port}${p}`,
    address: "127.0.0.1",
    maxBytes: o.maxBytes ?? 1000,
    timeoutMs: o.timeoutMs ?? 2000,
  });

describe("the agent's pinned image GET", () => {
  it("connects to the checked address with the URL's host, sending no cookie and no referrer", async () => {
    const r = await at("/a.png");
    expect(r).toMatchObject({ status: 200, contentType: "image/png", tooLarge: false, location: null });
    expect([...r.body]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const last = seen.at(-1);
    expect(last?.host).toBe(`img.never-resolved.example:${port}`);
    expect(Object.keys(last?.headers ?? {}).sort()).toEqual(["accept", "connection", "host", "user-agent"]);
  });

  it("returns a redirect instead of following it", async () => {
    const before = seen.length;
    expect(await at("/moved")).toMatchObject({ status: 302, location: "http://10.0.0.1/secret.png" });
    expect(seen.length).toBe(before + 1);
  });

  it("stops reading past the cap, by header or by count", async () => {
    const r = await at("/big");
    expect(r.tooLarge).toBe(true);
    expect(r.body.length).toBeLessThanOrEqual(1000);
    expect((await at("/declared-big")).tooLarge).toBe(true);
  });

  it("gives up at the timeout", async () => {
    const t0 = Date.now();
    await expect(at("/slow", { timeoutMs: 300 })).rejects.toMatchObject({ code: "timeout" });
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it("refuses an address that is not an IP and a scheme other than http(s)", async () => {
    await expect(
      get({ url: "http://x.example/", address: "x.example", maxBytes: 10, timeoutMs: 100 }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      get({ url: "ftp://x.example/", address: "93.184.216.34", maxBytes: 10, timeoutMs: 100 }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });
});
