import { silentLogger } from "@scouts/core/ports";
import { afterEach, describe, expect, it } from "vitest";
import { createDeviceLink } from "../adapters/device-link.ts";
import { ingestItem } from "../services/ingest.ts";
import { unsubscribe, unsubscribePlan } from "../services/unsubscribe.ts";
import { agentFixture, item } from "./agent-fixture.ts";
import { startFakeCloud } from "./fake-cloud.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const signed = [
  "From: Deals <deals@lists.shop.example>",
  "Subject: Weekly deals",
  "List-Unsubscribe: <https://lists.shop.example/u/abc>, <mailto:leave@lists.shop.example>",
  "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
  "DKIM-Signature: v=1; a=rsa-sha256; d=shop.example; s=k1;",
  "\th=from:subject:list-unsubscribe:list-unsubscribe-post; bh=x; b=SIGSIGSIG",
  "Authentication-Results: mx.google.com; dkim=pass header.d=shop.example header.b=SIGSIG",
  "",
  "body",
].join("\r\n");

async function setup(raw: string) {
  const cloud = await startFakeCloud({ token: "tok" });
  const posts: { url: string; init: RequestInit }[] = [];
  const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
    posts.push({ url: String(url), init: init ?? {} });
    return new Response(null, { status: 200 });
  }) as typeof fetch;
  const fx = await agentFixture({ cloudUrl: cloud.url, fetch: fakeFetch });
  const reads: string[] = [];
  cloud.onDeviceMessage((ws, f) => {
    if (f.type !== "read_item") return;
    const frame = f as unknown as { requestId: string; proposalId: string };
    reads.push(frame.proposalId);
    ws.send(
      JSON.stringify({
        type: "read_item_result",
        requestId: frame.requestId,
        ok: true,
        item: { from: "x", subject: "y", date: 1, raw },
      }),
    );
  });
  const link = createDeviceLink({
    cloudUrl: cloud.url,
    token: () => "tok",
    agentVersion: "t",
    logger: silentLogger,
    onProposal: async () => {},
    baseDelayMs: 10,
  });
  link.start();
  while (!link.connected) await new Promise((r) => setTimeout(r, 10));
  fx.ctx.readItem = (id) => link.readItem(id, 2000);
  cleanups.push(fx.close, cloud.close, link.stop);
  await ingestItem({
    ctx: fx.ctx,
    input: item({ id: "n1", from: "Deals <deals@lists.shop.example>", subject: "Weekly deals" }),
  });
  return { fx, posts, reads };
}

describe("unsubscribe from a cloud suggestion", () => {
  it("reads the headers once through the hub, then sends the RFC 8058 POST and records it", async () => {
    const { fx, posts, reads } = await setup(signed);
    const plan = await unsubscribePlan(fx.ctx, "n1");
    expect(plan).toMatchObject({ method: "one_click", url: "https://lists.shop.example/u/abc" });
    await unsubscribePlan(fx.ctx, "n1");
    expect(reads).toEqual(["n1"]);
    const res = await unsubscribe(fx.ctx, "n1");
    expect(res).toMatchObject({ done: true, httpStatus: 200 });
    expect(posts).toEqual([
      expect.objectContaining({
        url: "https://lists.shop.example/u/abc",
        init: expect.objectContaining({
          method: "POST",
          body: "List-Unsubscribe=One-Click",
          redirect: "manual",
        }),
      }),
    ]);
    const entry = await fx.ctx.stores.ledger.get(res.ledgerId!);
    expect(entry).toMatchObject({ action: "unsubscribe", reversible: false, status: "applied" });
  });

  it("falls back to the mailto (nothing sent) when DKIM does not cover the Post header", async () => {
    const { fx, posts } = await setup(
      signed.replace("list-unsubscribe:list-unsubscribe-post", "list-unsubscribe"),
    );
    const res = await unsubscribe(fx.ctx, "n1");
    expect(res).toMatchObject({
      done: false,
      plan: { method: "mailto", mailto: "mailto:leave@lists.shop.example" },
    });
    expect(posts).toEqual([]);
  });

  it("a list server out of reach is a 503 that names the host and what to do; nothing is recorded", async () => {
    const { fx, posts } = await setup(signed);
    fx.ctx.resolve = async (host) => {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    };
    const err = await unsubscribe(fx.ctx, "n1").catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: "upstream_unavailable",
      message: expect.stringMatching(
        /^the list's server lists\.shop\.example could not be reached \(its name does not resolve\); nothing was sent\. Try again later/,
      ),
    });
    expect(posts).toEqual([]);
    expect(await fx.ctx.stores.ledger.forSuggestion("n1")).toEqual([]);
    expect((await fx.ctx.stores.suggestions.get("n1"))?.status).toBe("new");
  });
});
