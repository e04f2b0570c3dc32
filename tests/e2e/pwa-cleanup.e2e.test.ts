import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeProblems } from "../support/axe.ts";
import { launchChromium } from "../support/browser.ts";
import { cardsForEveryCohort, screenshots, startPwaGmailStack } from "../support/pwa-gmail-stack.ts";
import { eventually } from "./pipeline-harness.ts";

/**
 * Bulk clean-up on a phone (390×844, touch): senders ranked by volume with how much of their
 * mail the person opened (in Scouts, or in Gmail itself: the UNREAD label gone), and "archive all" from one sender through the agent's
 * outbox and ledger in one step: the fake Gmail inbox loses them all, one Undo brings them back.
 */
let s: Awaited<ReturnType<typeof startPwaGmailStack>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
type Delivered = { msgId: string; s: { id: string } };
let news: Delivered[];
let ann: Delivered;

const inInbox = (d: Delivered) => s.stack.gmail.labelNames(s.stack.email, d.msgId).includes("INBOX");
const newsletter = (n: number) => ({
  from: "Shop News <news@shop.example>",
  subject: `Weekly deals #${n}`,
  body: `This week's deals, issue ${n}. Unsubscribe any time.`,
  headers: {
    "List-Unsubscribe": "<mailto:leave@shop.example?subject=unsubscribe>",
    "List-Id": "<deals.shop.example>",
  },
});

beforeAll(async () => {
  s = await startPwaGmailStack("pwa-cleanup");
  await cardsForEveryCohort(s.local);
  news = await s.deliver(newsletter(1), newsletter(2), newsletter(3));
  ann = (
    await s.deliver({
      from: "Ann Colleague <ann@colleague.example>",
      subject: "Lunch on Thursday?",
      body: "Shall we have lunch on Thursday?",
    })
  )[0] as Delivered;
  browser = await launchChromium({ viewport: { width: 390, height: 844 }, touch: true });
  page = await browser.context.newPage();
  page.on("console", (m) => m.type() === "error" && console.error(`browser: ${m.text()}`));
  await page.goto(`${s.origin}/#agent=${encodeURIComponent(s.agentUrl)}`);
  await page.locator(`article[data-id="${ann.s.id}"]`).waitFor({ timeout: 30_000 });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

const sender = (name: string) => page.getByRole("listitem", { name });

describe("bulk clean-up (phone, touch)", () => {
  it("ranks senders by volume with their read rate (opened in Scouts or in Gmail)", async () => {
    // Delivered unread: the proposal's labels said so.
    expect(s.stack.gmail.labelNames(s.stack.email, news[0]!.msgId)).toContain("UNREAD");
    // The person reads one newsletter in Gmail itself: the label goes, the device learns it on the screen.
    s.stack.gmail.modifyLabels(s.stack.email, news[0]!.msgId, [], ["UNREAD"]);
    // Opening Ann's message in the reading view counts as well.
    await page
      .locator(`article[data-id="${ann.s.id}"]`)
      .getByRole("link", { name: /^Read / })
      .tap();
    await page
      .frameLocator("iframe.message-frame")
      .getByText("Shall we have lunch")
      .waitFor({ timeout: 30_000 });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Clean up" }).tap();
    const list = page.getByRole("list", { name: /^Senders in the last 30 days/ });
    await list.waitFor({ timeout: 30_000 });
    const rows = await list.getByRole("listitem").allTextContents();
    expect(rows[0]).toContain("news@shop.example");
    expect(rows[0]).toContain("3 messages");
    expect(rows[0]).toContain("opened 1 of 3 (33%)");
    expect(await page.getByText("opened in any mail app").count()).toBe(1);
    expect(rows[0]).toContain("3 in your inbox");
    expect(await sender("Ann Colleague <ann@colleague.example>").textContent()).toContain(
      "opened 1 of 1 (100%)",
    );
    await page.getByRole("radio", { name: "Last 7 days" }).tap();
    await page.getByRole("list", { name: /^Senders in the last 7 days/ }).waitFor();
    await page.screenshot({ path: path.join(screenshots, "cleanup-phone.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
  });

  it("archives all of one sender in one step and one Undo brings them back", async () => {
    await page.getByRole("button", { name: "Unsubscribe and archive all from news@shop.example…" }).tap();
    const dialog = page.getByRole("dialog", { name: /^Clean up Shop News/ });
    await dialog.waitFor();
    // No DKIM on the fake's mail: one-click is not allowed, so the dialog offers the email way.
    await expect.poll(() => dialog.textContent(), { timeout: 20_000 }).toContain("leave@shop.example");
    expect(await dialog.getByRole("button", { name: /^Unsubscribe and archive/ }).count()).toBe(0);
    await page.screenshot({ path: path.join(screenshots, "cleanup-dialog-phone.png") });
    expect(await axeProblems(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Archive 3 messages" }).tap();
    await eventually(
      async () => (news.some(inInbox) ? undefined : true),
      30_000,
      "all three archived in Gmail",
    );
    expect(inInbox(ann)).toBe(true);
    const toast = page.getByRole("status", { name: "Last action" });
    await expect
      .poll(() => toast.textContent(), { timeout: 20_000 })
      .toContain("archived 3 from news@shop.example");
    const entries = (await s.local<{ items: { action: string; runId: string | null }[] }>("/ledger?limit=50"))
      .items;
    const runs = new Set(entries.filter((e) => e.action === "archive").map((e) => e.runId));
    expect(runs.size).toBe(1);
    expect([...runs][0]).toMatch(/^cleanup-/);
    await toast.getByRole("button", { name: "Undo" }).tap();
    await eventually(
      async () => (news.every(inInbox) ? true : undefined),
      30_000,
      "all three back in the inbox",
    );
    await expect.poll(() => toast.textContent(), { timeout: 20_000 }).toMatch(/^Undone: /);
  });

  it("desktop: the clean-up screen at 1280×900", async () => {
    const desk = await launchChromium({ viewport: { width: 1280, height: 900 } });
    try {
      const p = await desk.context.newPage();
      await p.goto(`${s.origin}/#agent=${encodeURIComponent(s.agentUrl)}`);
      await p.locator(`article[data-id="${ann.s.id}"]`).waitFor({ timeout: 30_000 });
      await p.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Clean up" }).click();
      await p.getByRole("list", { name: /^Senders in the last 30 days/ }).waitFor({ timeout: 30_000 });
      await p.screenshot({ path: path.join(screenshots, "cleanup-desktop.png"), fullPage: true });
      expect(await axeProblems(p)).toEqual([]);
    } finally {
      await desk.close();
    }
  });
});
