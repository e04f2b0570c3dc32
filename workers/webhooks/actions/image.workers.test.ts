import { env } from "cloudflare:test";
import { RemoteImage } from "@scouts/core/protocol/remote-image";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeGmail } from "../../../tests/fakes/gmail/index.ts";
import type { createFakeGoogleOAuth } from "../../../tests/fakes/google-oauth.ts";
import type { toFetch } from "../../../tests/fakes/handler.ts";
import type { createMemoryLogger } from "../../shared/logger.ts";
import { GMAIL_VARS, gmailWorld, seedGmailProposal } from "../../test/gmail-proposal-fixture.ts";
import { callApp, devEnv, LOCAL } from "../../test/harness.ts";

const VARS = GMAIL_VARS;
const GIF_1X1 = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (c) =>
  c.charCodeAt(0),
);
const PNG = new Uint8Array(33);
PNG.set([
  0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 40, 0, 0, 0, 20,
]);

let imageRequests: { url: string; headers: Record<string, string> }[] = [];
const imageServer = async (req: Request) => {
  imageRequests.push({ url: req.url, headers: Object.fromEntries(req.headers) });
  const path = new URL(req.url).pathname;
  if (path === "/chart.png") return new Response(PNG, { headers: { "content-type": "image/png" } });
  if (path === "/open.gif") return new Response(GIF_1X1, { headers: { "content-type": "image/gif" } });
  if (path === "/hop.png")
    return new Response(null, { status: 302, headers: { location: "http://169.254.169.254/" } });
  if (path === "/huge.png")
    return new Response(new Uint8Array(6 * 1024 * 1024), { headers: { "content-type": "image/png" } });
  if (path === "/logo.svg")
    return new Response("<svg xmlns='http://www.w3.org/2000/svg'><script>x()</script></svg>", {
      headers: { "content-type": "image/svg+xml" },
    });
  return new Response("no", { status: 404 });
};
let gmail: FakeGmail;
let fetchFake: ReturnType<typeof toFetch>;
let oauth: ReturnType<typeof createFakeGoogleOAuth>;
let logger: ReturnType<typeof createMemoryLogger>;
let consoleLines: string[];

beforeEach(() => {
  imageRequests = [];
  ({ gmail, oauth, fetchFake, logger, consoleLines } = gmailWorld("img.shop.example", imageServer));
});
afterEach(() => vi.restoreAllMocks());

const IMG = "https://img.shop.example";
const html =
  `<p>Our new chart</p><img src="${IMG}/chart.png?a=1&amp;b=2" alt="chart"><img src="${IMG}/open.gif">` +
  `<img src="https://intranet.shop.example/x.png"><img src="${IMG}/hop.png"><img src="${IMG}/huge.png">` +
  `<img src="${IMG}/logo.svg"><a href="${IMG}/linked.png">linked</a>`;
const raw =
  `From: Shop <news@shop.example>\r\nTo: me@example.com\r\nSubject: CANARY-subject-img\r\n` +
  `Date: Tue, 24 Nov 2026 09:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${html}\r\n`;

/** A paired device whose Gmail scout (connected to the fake) has one proposal with images. */
async function setup(tag: string) {
  const { device, proposalId } = await seedGmailProposal(
    { gmail, oauth, fetchFake, logger, consoleLines },
    tag,
    raw,
  );
  const image = (url: string, id = proposalId, token: string | null = device.token) =>
    callApp(
      { env: devEnv(VARS), options: { fetch: fetchFake, logger } },
      `${LOCAL}/api/v1/items/${id}/image?url=${encodeURIComponent(url)}`,
      { headers: token ? { authorization: `Bearer ${token}` } : {} },
    );
  const error = async (r: Response) => ((await r.json()) as { error: { message: string } }).error.message;
  return { proposalId, image, error };
}

describe("Load images for a browser device, through the Worker (memory only)", () => {
  it("returns an image of the item's message as sniffed bytes; a 1×1 is flagged; never cached", async () => {
    const t = await setup("img");
    const res = await t.image(`${IMG}/chart.png?a=1&b=2`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = RemoteImage.parse(await res.json());
    expect(body).toMatchObject({ contentType: "image/png", width: 40, height: 20, trackingPixel: false });
    expect(Uint8Array.from(atob(body.base64), (c) => c.charCodeAt(0))).toEqual(PNG);
    const pixel = RemoteImage.parse(await (await t.image(`${IMG}/open.gif`)).json());
    expect(pixel.trackingPixel).toBe(true);
    for (const r of imageRequests) {
      expect(r.headers).not.toHaveProperty("cookie");
      expect(r.headers).not.toHaveProperty("referer");
      expect(r.headers).not.toHaveProperty("authorization");
    }
  });

  it("is no open proxy and keeps users apart", async () => {
    const t = await setup("proxy");
    const other = await setup("other");
    const linked = await t.image(`${IMG}/linked.png`);
    expect(linked.status).toBe(403);
    expect(await t.error(linked)).toBe("this address is not an image of this message");
    expect((await t.image(`${IMG}/chart.png?a=1&b=2`, other.proposalId)).status).toBe(404);
    expect((await t.image(`${IMG}/chart.png?a=1&b=2`, t.proposalId, null)).status).toBe(401);
    expect((await t.image("")).status).toBe(400);
    expect(imageRequests).toEqual([]);
  });

  it("refuses private addresses (by DNS or by redirect), 6 MB and SVG, saying why", async () => {
    const t = await setup("refuse");
    const inside = await t.image("https://intranet.shop.example/x.png");
    expect(inside.status).toBe(403);
    expect(await t.error(inside)).toBe("intranet.shop.example resolves to a private address (10.0.0.7)");
    const hop = await t.image(`${IMG}/hop.png`);
    expect(await t.error(hop)).toBe("169.254.169.254 is a private address");
    expect((await t.image(`${IMG}/huge.png`)).status).toBe(413);
    expect(await t.error(await t.image(`${IMG}/logo.svg`))).toMatch(/SVG images are not shown/);
    expect(imageRequests.map((r) => new URL(r.url).pathname).sort()).toEqual([
      "/hop.png",
      "/huge.png",
      "/logo.svg",
    ]);
  });

  it("keeps nothing: no subject or image address in D1 or in the logs", async () => {
    const t = await setup("keep");
    await t.image(`${IMG}/chart.png?a=1&b=2`);
    await t.image("https://intranet.shop.example/x.png");
    const tables = await env.DB.prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%'",
    ).all<{ name: string }>();
    let text = "";
    for (const { name } of tables.results)
      text += JSON.stringify((await env.DB.prepare(`select * from "${name}"`).all()).results);
    const logs = JSON.stringify(logger.lines) + consoleLines.join("\n");
    for (const secret of ["CANARY-subject-img", "img.shop.example", "intranet.shop.example", "chart.png"]) {
      expect(text).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
  });
});
