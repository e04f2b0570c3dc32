import { describe, expect, it } from "vitest";
import { imageSize, sniffImage } from "./image-sniff.ts";
import { fetchRemoteImage, imageSourcesOf, type PinnedGet } from "./remote-image.ts";

const GIF_1X1 = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (c) =>
  c.charCodeAt(0),
);
function png(width: number, height: number): Uint8Array {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
}
const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

type Answer = Awaited<ReturnType<PinnedGet>>;
const ok = (body: Uint8Array, contentType = "image/png"): Answer => ({
  status: 200,
  location: null,
  contentType,
  body,
  tooLarge: false,
});
const redirect = (location: string): Answer => ({
  status: 302,
  location,
  contentType: null,
  body: new Uint8Array(),
  tooLarge: false,
});

/** A fake network: names resolve per `dns`; each GET answers by URL; every call is recorded. */
function net(dns: Record<string, string[]>, answers: Record<string, Answer>) {
  const calls: { url: string; address: string; maxBytes: number; timeoutMs: number }[] = [];
  const get: PinnedGet = async (i) => {
    calls.push(i);
    const a = answers[i.url];
    if (!a) throw new Error(`unexpected GET ${i.url}`);
    return a;
  };
  const resolve = async (host: string) => {
    const a = dns[host];
    if (!a) throw new Error(`ENOTFOUND ${host}`);
    return a;
  };
  return { calls, ctx: { get, resolve, now: () => 1_000 } };
}

const load = (n: ReturnType<typeof net>, url: string, extra: string[] = [], allowOrigin?: string) =>
  fetchRemoteImage({
    ctx: { ...n.ctx, ...(allowOrigin ? { allowOrigin } : {}) },
    input: { url, messageImages: new Set([url, ...extra]) },
  });

describe("sniffing pictures by their bytes", () => {
  it("knows PNG, JPEG, GIF, WebP and AVIF, and nothing else", () => {
    expect(sniffImage(png(2, 3))).toBe("image/png");
    expect(sniffImage(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImage(GIF_1X1)).toBe("image/gif");
    expect(sniffImage(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    const avif = new Uint8Array(24);
    avif.set([0, 0, 0, 24], 0);
    avif.set(new TextEncoder().encode("ftypmif1\0\0\0\0avifmif1"), 4);
    expect(sniffImage(avif)).toBe("image/avif");
    expect(sniffImage(SVG)).toBeNull();
    expect(sniffImage(new TextEncoder().encode("<html><script>x</script>"))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });

  it("reads the size from the header", () => {
    expect(imageSize(GIF_1X1, "image/gif")).toEqual({ width: 1, height: 1 });
    expect(imageSize(png(640, 480), "image/png")).toEqual({ width: 640, height: 480 });
    const jpeg = Uint8Array.from([
      0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 20, 0, 30, 3, 0,
    ]);
    expect(imageSize(jpeg, "image/jpeg")).toEqual({ width: 30, height: 20 });
  });
});

describe("the image sources of a message", () => {
  it("takes each <img> src as a browser reads it, and nothing from links or text", () => {
    const html =
      `<p>see https://text.example/a.png <a href="https://link.example/b.png">b</a></p>` +
      `<IMG alt="x" SRC="https://a.example/p.png?a=1&amp;b=2"><img src='http://b.example/q.gif'>` +
      `<img src=https://c.example/r.webp width=1>`;
    expect([...imageSourcesOf(html)]).toEqual([
      "https://a.example/p.png?a=1&b=2",
      "http://b.example/q.gif",
      "https://c.example/r.webp",
    ]);
  });
});

describe("fetching a message's remote image", () => {
  const pub = { "img.example": ["93.184.216.34"] };

  it("loads a public image over a connection pinned to the checked address", async () => {
    const n = net(pub, { "https://img.example/a.png": ok(png(64, 32)) });
    const img = await load(n, "https://img.example/a.png");
    expect(img).toMatchObject({ contentType: "image/png", width: 64, height: 32, trackingPixel: false });
    expect(n.calls).toEqual([
      {
        url: "https://img.example/a.png",
        address: "93.184.216.34",
        maxBytes: 5 * 1024 * 1024,
        timeoutMs: 10_000,
      },
    ]);
  });

  it("notes a 1×1 picture as a tracking pixel", async () => {
    const n = net(pub, { "https://img.example/o.gif": ok(GIF_1X1, "image/gif") });
    expect(await load(n, "https://img.example/o.gif")).toMatchObject({ trackingPixel: true, width: 1 });
  });

  it("is no open proxy: a URL that is not an <img> of the message is refused before any lookup", async () => {
    const n = net(pub, {});
    await expect(
      fetchRemoteImage({
        ctx: n.ctx,
        input: {
          url: "https://img.example/other.png",
          messageImages: new Set(["https://img.example/a.png"]),
        },
      }),
    ).rejects.toMatchObject({ code: "forbidden", message: "this address is not an image of this message" });
    expect(n.calls).toEqual([]);
  });

  it.each([
    ["file:///etc/passwd", /only http and https/],
    ["ftp://img.example/a.png", /only http and https/],
    ["https://user:pw@img.example/a.png", /password/],
    ["http://localhost:8788/local/v1/status", /private host name/],
    ["http://metadata.google.internal/x", /private host name/],
    ["http://127.0.0.1:8788/x.png", /127\.0\.0\.1 is a private address/],
    ["http://169.254.169.254/latest/meta-data", /private address/],
    ["http://10.0.0.5/a.png", /private address/],
    ["http://[::1]/a.png", /private address/],
    ["http://[::ffff:192.168.1.1]/a.png", /private address/],
    ["http://[2002:c0a8:101::1]/a.png", /private address/],
    ["http://[64:ff9b::a00:1]/a.png", /private address/],
  ])("refuses %s", async (url, why) => {
    const n = net(pub, {});
    await expect(load(n, url)).rejects.toThrow(why);
    expect(n.calls).toEqual([]);
  });

  it("refuses a name that resolves to a private address (any of them), and one that does not resolve", async () => {
    const n = net({ "rebind.example": ["93.184.216.34", "192.168.0.10"] }, {});
    await expect(load(n, "https://rebind.example/a.png")).rejects.toThrow(
      "rebind.example resolves to a private address (192.168.0.10)",
    );
    await expect(load(n, "https://nowhere.example/a.png")).rejects.toThrow(
      "nowhere.example could not be resolved",
    );
    expect(n.calls).toEqual([]);
  });

  it("follows at most 3 redirects, checking each hop, and never one to a private address", async () => {
    const n = net(
      { ...pub, "cdn.example": ["93.184.216.35"] },
      {
        "https://img.example/a.png": redirect("https://cdn.example/b.png"),
        "https://cdn.example/b.png": redirect("/c.png"),
        "https://cdn.example/c.png": ok(png(2, 2)),
        "https://img.example/inside.png": redirect("http://10.1.2.3/secret.png"),
        "https://img.example/loop.png": redirect("https://img.example/loop.png"),
      },
    );
    expect(await load(n, "https://img.example/a.png")).toMatchObject({ width: 2 });
    expect(n.calls.map((c) => c.address)).toEqual(["93.184.216.34", "93.184.216.35", "93.184.216.35"]);
    await expect(load(n, "https://img.example/inside.png")).rejects.toThrow("10.1.2.3 is a private address");
    expect(n.calls.some((c) => c.url.includes("10.1.2.3"))).toBe(false);
    n.calls.length = 0;
    await expect(load(n, "https://img.example/loop.png")).rejects.toThrow("more than 3 redirects");
    expect(n.calls).toHaveLength(4);
  });

  it("refuses what is not a picture: SVG, HTML called an image, a declared non-image, too large, an error", async () => {
    const n = net(pub, {
      "https://img.example/s.svg": ok(SVG, "image/svg+xml"),
      "https://img.example/h.png": ok(new TextEncoder().encode("<html>hi</html>"), "image/png"),
      "https://img.example/t.png": ok(png(2, 2), "text/html"),
      "https://img.example/big.png": { ...ok(png(2, 2)), tooLarge: true },
      "https://img.example/404.png": { ...ok(new Uint8Array()), status: 404 },
    });
    await expect(load(n, "https://img.example/s.svg")).rejects.toThrow("SVG images are not shown");
    await expect(load(n, "https://img.example/h.png")).rejects.toThrow("not a PNG, JPEG, GIF, WebP or AVIF");
    await expect(load(n, "https://img.example/t.png")).rejects.toThrow(
      "not an image (the server says text/html)",
    );
    await expect(load(n, "https://img.example/big.png")).rejects.toMatchObject({ code: "payload_too_large" });
    await expect(load(n, "https://img.example/404.png")).rejects.toThrow("the image server answered 404");
  });

  it("gives the whole chain one 10 s budget", async () => {
    let t = 0;
    const n = net(pub, { "https://img.example/a.png": redirect("https://img.example/b.png") });
    const get: PinnedGet = async (i) => {
      t += 10_000;
      return n.ctx.get(i);
    };
    await expect(
      fetchRemoteImage({
        ctx: { ...n.ctx, get, now: () => t },
        input: { url: "https://img.example/a.png", messageImages: new Set(["https://img.example/a.png"]) },
      }),
    ).rejects.toMatchObject({ code: "timeout" });
    expect(n.calls.map((c) => c.timeoutMs)).toEqual([10_000]);
  });

  it("a DNS lookup that hangs ends within the budget", async () => {
    const n = net(pub, {});
    const times = [0, 9_950];
    const t0 = Date.now();
    await expect(
      fetchRemoteImage({
        ctx: { ...n.ctx, now: () => times.shift() ?? 9_950, resolve: () => new Promise<string[]>(() => {}) },
        input: { url: "https://slow.example/a.png", messageImages: new Set(["https://slow.example/a.png"]) },
      }),
    ).rejects.toThrow("slow.example did not resolve in time");
    expect(Date.now() - t0).toBeLessThan(1_000);
  });

  it("the test allowance admits exactly its loopback origin, nothing beside it", async () => {
    const n = net(pub, {
      "http://127.0.0.1:4321/a.png": ok(png(1, 2)),
      "http://127.0.0.1:4321/away.png": redirect("http://127.0.0.1:4322/b.png"),
    });
    const allow = "http://127.0.0.1:4321";
    expect(await load(n, "http://127.0.0.1:4321/a.png", [], allow)).toMatchObject({ height: 2 });
    await expect(load(n, "http://127.0.0.1:4322/a.png", [], allow)).rejects.toThrow("private address");
    await expect(load(n, "http://127.0.0.1:4321/away.png", [], allow)).rejects.toThrow("private address");
    await expect(load(n, "http://127.0.0.1:4321/a.png")).rejects.toThrow("private address");
  });
});
