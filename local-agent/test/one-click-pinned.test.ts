import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { createServer, type LookupFunction, type Server } from "node:net";
import { sendOneClick } from "@scouts/core/assistant/one-click";
import { afterEach, describe, expect, it } from "vitest";
import { createPinnedPost } from "../adapters/pinned-post.ts";

/** A TCP listener on loopback that only counts who connects: what a rebinding host would aim at. */
async function loopbackTarget(): Promise<{ port: number; connections: () => number; server: Server }> {
  let n = 0;
  const server = createServer((s) => {
    n++;
    s.destroy();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return { port: address.port, connections: () => n, server };
}

/** DNS that answers a public address for the check, then 127.0.0.1 (a rebinding attack). */
function rebindingDns() {
  const asked: string[] = [];
  const resolve = async (host: string) => {
    asked.push(host);
    return asked.length === 1 ? ["203.0.113.7"] : ["127.0.0.1"];
  };
  return { asked, resolve };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

const noFetch = async () => {
  throw new Error("the pinned path must not use fetch");
};

describe("one-click POST is pinned to the address that was checked", () => {
  it("a host that resolves to a public IP at check time and 127.0.0.1 at send time never reaches loopback", async () => {
    const target = await loopbackTarget();
    servers.push(target.server);
    const dns = rebindingDns();
    const connectedTo: string[] = [];
    const post = createPinnedPost({
      timeoutMs: 1500,
      // The real node:https request; we only note what its DNS lookup answers the socket.
      request: ((options: { lookup: LookupFunction }, cb: never) => {
        const lookup: LookupFunction = (host, o, done) =>
          options.lookup(host, o, ((err: null, a: string | { address: string }[], f?: number) => {
            connectedTo.push(...(Array.isArray(a) ? a.map((x) => x.address) : [a]));
            (done as (e: null, a: unknown, f?: number) => void)(err, a, f);
          }) as never);
        return httpsRequest({ ...options, lookup } as never, cb);
      }) as never,
    });
    const sent = sendOneClick({
      ctx: { fetch: noFetch, resolve: dns.resolve, pinnedPost: post },
      input: { url: `https://rebind.test:${target.port}/u/abc` },
    });
    await expect(sent).rejects.toMatchObject({ code: "upstream_unavailable" });
    expect(dns.asked).toEqual(["rebind.test"]);
    expect(connectedTo).toEqual(["203.0.113.7"]);
    expect(target.connections()).toBe(0);
  });

  it("the same host is refused outright when it resolves to 127.0.0.1 at check time", async () => {
    const target = await loopbackTarget();
    servers.push(target.server);
    const sent = sendOneClick({
      ctx: { fetch: noFetch, resolve: async () => ["127.0.0.1"], pinnedPost: createPinnedPost() },
      input: { url: `https://rebind.test:${target.port}/u/abc` },
    });
    await expect(sent).rejects.toMatchObject({ code: "forbidden" });
    expect(target.connections()).toBe(0);
  });

  it("the sender itself refuses a forbidden address, whatever it is handed", async () => {
    await expect(
      createPinnedPost()({ url: "https://rebind.test/u", address: "127.0.0.1", headers: {}, body: "x" }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });

  it("control: a sender that asks DNS again when it connects (what a plain fetch does) is rebound to loopback", async () => {
    const target = await loopbackTarget();
    servers.push(target.server);
    const dns = rebindingDns();
    await dns.resolve("rebind.test"); // the check
    const lookup: LookupFunction = (host, options, cb) => {
      void dns.resolve(host).then(([address]) => {
        if (options.all)
          (cb as (e: null, a: { address: string; family: number }[]) => void)(null, [
            { address: address!, family: 4 },
          ]);
        else cb(null, address!, 4);
      });
    };
    await new Promise<void>((resolve) => {
      const req = httpRequest({ hostname: "rebind.test", port: target.port, method: "POST", lookup }, () =>
        resolve(),
      );
      req.on("error", () => resolve());
      req.end("List-Unsubscribe=One-Click");
    });
    expect(target.connections()).toBe(1);
  });
});
