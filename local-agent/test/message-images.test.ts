import { createServer, type Server } from "node:http";
import { RemoteImage } from "@scouts/core/protocol/remote-image";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPinnedGet } from "../adapters/pinned-get.ts";
import { createLocalApi } from "../api/app.ts";
import { createLocalAuth } from "../api/auth.ts";
import { messageImageRoutes } from "../api/images.routes.ts";
import { readAgentConfig } from "../config.ts";
import { ingestItem } from "../services/ingest.ts";
import { agentFixture, item } from "./agent-fixture.ts";

const GIF_1X1 = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const PNG = Buffer.alloc(33);
PNG.set([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
PNG.writeUInt32BE(40, 16);
PNG.writeUInt32BE(20, 20);

/** The "sender's image server": a real HTTP server on loopback, counting what it was asked. */
let server: Server;
let origin = "";
const asked: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? "");
    if (req.url === "/chart.png") res.writeHead(200, { "content-type": "image/png" }).end(PNG);
    else if (req.url === "/open.gif") res.writeHead(200, { "content-type": "image/gif" }).end(GIF_1X1);
    else if (req.url === "/hop.png")
      res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    else if (req.url === "/huge.png")
      res
        .writeHead(200, { "content-type": "image/png" })
        .end(Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]));
    else if (req.url === "/page.png")
      res.writeHead(200, { "content-type": "image/png" }).end("<html><script>x()</script>");
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const a = server.address();
  if (!a || typeof a === "string") throw new Error("no port");
  origin = `http://127.0.0.1:${a.port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  asked.length = 0;
});

const raw = (html: string) =>
  `From: Bo <bo@example.com>\r\nTo: me@example.com\r\nSubject: Chart\r\nDate: Tue, 24 Nov 2026 09:00:00 +0000\r\n` +
  `MIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${html}\r\n`;

async function setup(opts: { allow: boolean }) {
  const fx = await agentFixture();
  cleanups.push(fx.close);
  const html =
    `<p>Numbers:</p><img src="${origin}/chart.png" alt="chart"><img src="${origin}/open.gif" width="1">` +
    `<img src="http://10.0.0.7/inside.png"><a href="${origin}/link.png">link</a>` +
    ["hop", "huge", "page"].map((n) => `<img src="${origin}/${n}.png">`).join("");
  let hubReads = 0;
  fx.ctx.readItemAnswer = async () => {
    hubReads++;
    return { item: { from: "Bo <bo@example.com>", subject: "Chart", date: fx.now(), raw: raw(html) } };
  };
  await ingestItem({ ctx: fx.ctx, input: item({ id: "p-img" }) });
  const auth = createLocalAuth(fx.ctx.db, () => Date.now());
  const app = createLocalApi({
    ctx: fx.ctx,
    auth,
    pwaOrigins: ["http://127.0.0.1:5173"],
    devPair: false,
    images: messageImageRoutes({
      ctx: fx.ctx,
      get: createPinnedGet(),
      allowOrigin: opts.allow ? origin : null,
    }),
  });
  const token = await auth.issue("test");
  const image = (id: string, url: string, t: string | null = token) =>
    app.request(`http://127.0.0.1:8788/local/v1/suggestions/${id}/image?url=${encodeURIComponent(url)}`, {
      headers: t ? { authorization: `Bearer ${t}` } : {},
    });
  const error = async (r: Response) => ((await r.json()) as { error: { message: string } }).error.message;
  return { image, error, hubReads: () => hubReads };
}

describe("GET /local/v1/suggestions/:id/image", () => {
  it("answers only with the device token", async () => {
    const { image } = await setup({ allow: true });
    expect((await image("p-img", `${origin}/chart.png`, null)).status).toBe(401);
    expect((await image("p-img", `${origin}/chart.png`, "sla_forged")).status).toBe(401);
    expect(asked).toEqual([]);
  });

  it("returns an image of the message as sniffed bytes, never cached, reading the message once", async () => {
    const { image, hubReads } = await setup({ allow: true });
    const res = await image("p-img", `${origin}/chart.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = RemoteImage.parse(await res.json());
    expect(body).toMatchObject({ contentType: "image/png", width: 40, height: 20, trackingPixel: false });
    expect(Buffer.from(body.base64, "base64").equals(PNG)).toBe(true);
    const pixel = RemoteImage.parse(await (await image("p-img", `${origin}/open.gif`)).json());
    expect(pixel).toMatchObject({ contentType: "image/gif", trackingPixel: true });
    expect(hubReads()).toBe(1);
  });

  it("is no open proxy: a link of the message, another address or another suggestion is refused", async () => {
    const { image, error } = await setup({ allow: true });
    const link = await image("p-img", `${origin}/link.png`);
    expect(link.status).toBe(403);
    expect(await error(link)).toBe("this address is not an image of this message");
    expect((await image("p-img", "https://elsewhere.example/x.png")).status).toBe(403);
    const other = await image("p-other", `${origin}/chart.png`);
    expect(other.status).toBe(404);
    expect((await image("p-img", "")).status).toBe(400);
    expect(asked).toEqual([]);
  });

  it("refuses a private address of the message, saying why", async () => {
    const { image, error } = await setup({ allow: true });
    const res = await image("p-img", "http://10.0.0.7/inside.png");
    expect(res.status).toBe(403);
    expect(await error(res)).toBe("10.0.0.7 is a private address");
  });

  it("through the real adapter: a redirect to the metadata address, 6 MB, HTML called a PNG are refused", async () => {
    const { image, error } = await setup({ allow: true });
    const hop = await image("p-img", `${origin}/hop.png`);
    expect(hop.status).toBe(403);
    expect(await error(hop)).toBe("169.254.169.254 is a private address");
    const huge = await image("p-img", `${origin}/huge.png`);
    expect(huge.status).toBe(413);
    expect(await error(huge)).toBe("the image is larger than 5 MB");
    const page = await image("p-img", `${origin}/page.png`);
    expect(page.status).toBe(400);
    expect(await error(page)).toBe("the bytes are not a PNG, JPEG, GIF, WebP or AVIF picture");
    expect(asked.sort()).toEqual(["/hop.png", "/huge.png", "/page.png"]);
  });

  it("without the test allowance, loopback is as private as any", async () => {
    const { image, error } = await setup({ allow: false });
    const res = await image("p-img", `${origin}/chart.png`);
    expect(res.status).toBe(403);
    expect(await error(res)).toBe("127.0.0.1 is a private address");
    expect(asked).toEqual([]);
  });
});

describe("SCOUTS_TEST_IMAGE_ORIGIN is a test-only allowance", () => {
  it("is taken only with dev pairing, and only as one exact loopback origin", () => {
    expect(
      readAgentConfig({ SCOUTS_DEV_PAIR: "true", SCOUTS_TEST_IMAGE_ORIGIN: "http://127.0.0.1:4321" })
        .testImageOrigin,
    ).toBe("http://127.0.0.1:4321");
    expect(readAgentConfig({}).testImageOrigin).toBeNull();
    expect(() => readAgentConfig({ SCOUTS_TEST_IMAGE_ORIGIN: "http://127.0.0.1:4321" })).toThrow(
      "SCOUTS_TEST_IMAGE_ORIGIN: a test-only setting: allowed only with SCOUTS_DEV_PAIR=true",
    );
    for (const bad of [
      "http://10.0.0.1:80",
      "http://127.0.0.1",
      "https://127.0.0.1:1",
      "http://127.0.0.1:1/x",
    ])
      expect(() => readAgentConfig({ SCOUTS_DEV_PAIR: "true", SCOUTS_TEST_IMAGE_ORIGIN: bad })).toThrow(
        "exactly http://127.0.0.1:PORT",
      );
  });
});
