import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeProblems } from "../support/axe.ts";
import { launchChromium } from "../support/browser.ts";
import {
  cardsForEveryCohort,
  type PwaGmailStack,
  screenshots,
  startPwaGmailStack,
} from "../support/pwa-gmail-stack.ts";
import { eventually } from "./pipeline-harness.ts";

/**
 * A newcomer's first session, on a phone (390×844, touch) and on a desktop (1280×800), against
 * the real stack with the fake Gmail: read a suggestion and its Why, Approve, Undo, Reject,
 * Convert, Move to…, the kill switch and travel mode, the daily brief, unsubscribe. Each step is
 * checked by its effect (the Gmail labels, the agent's list, its tasks), not by a status word.
 */
type Sugg = { id: string; sourceMsgRef: string; status: string; bucket: string | null; subject: string };
type Delivered = { msgId: string; s: Sugg };
let s: PwaGmailStack;
let phone: Awaited<ReturnType<typeof launchChromium>>;
let desktop: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
let mail: Record<"ann" | "bill" | "cara" | "dora" | "list" | "eve", Delivered>;
const before = new Map<string, string[]>();
const PHONE = { width: 390, height: 844 };

const local = <T>(p: string, init: RequestInit = {}) => s.local<T>(p, init);
const agentSugg = async (id: string) =>
  (await local<{ items: Sugg[] }>("/suggestions?limit=200")).items.find((x) => x.id === id);
const tasks = async () =>
  (await local<{ items: { sourceSuggestionId: string | null }[] }>("/entities/tasks")).items;
const labels = (d: Delivered) => s.stack.gmail.labelNames(s.stack.email, d.msgId);
const card = (d: Delivered) => page.locator(`article[data-id="${d.s.id}"]`);
const toast = () => page.getByRole("status", { name: "Last action" });
const assistantState = () => page.getByRole("status", { name: "Assistant state" }).textContent();
const nav = (name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).tap();
/** Where focus is: a card (its id), somewhere else in main, or lost to the page body. */
const focusAt = () =>
  page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return "body";
    const c = a.closest("article.card");
    return c ? `card:${c.getAttribute("data-id")}` : a.closest("main") ? "main" : a.tagName.toLowerCase();
  });

/** Every visible control inside `scope` smaller than a 44×44 px touch target, named. */
async function smallTargets(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const out: string[] = [];
    for (const el of root.querySelectorAll<HTMLElement>("button, select, input, a[href], summary")) {
      if (el.closest(".sr-only")) continue;
      // A box or a radio is tapped through its label: the label is the target.
      const box = el.matches("input[type=checkbox], input[type=radio]") ? (el.closest("label") ?? el) : el;
      const r = box.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // A link inside running text is exempt (WCAG 2.5.8 "inline").
      if (el.tagName === "A" && el.closest("p") && !el.classList.contains("button")) continue;
      const name = el.getAttribute("aria-label") ?? box.textContent?.trim() ?? el.tagName;
      if (r.height < 44 || r.width < 44)
        out.push(`${name.slice(0, 30)} ${r.width.toFixed(0)}×${r.height.toFixed(0)}`);
    }
    return out;
  });
}

/** Elements in `scope` whose text is cut off (wider than their box, with overflow hidden or clipped). */
async function cutOff(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>("*")]
      .filter((el) => {
        const st = getComputedStyle(el);
        return (
          el.children.length === 0 &&
          !el.closest(".sr-only") &&
          (el.textContent ?? "").trim() !== "" &&
          // Text spilling out of a button is cut at its edge or over its neighbour.
          (st.overflowX !== "visible" || el.tagName === "BUTTON") &&
          el.tagName !== "SELECT" &&
          el.tagName !== "OPTION" &&
          el.scrollWidth > el.clientWidth + 1
        );
      })
      .map((el) => (el.textContent ?? "").trim().slice(0, 40)),
  );
}

beforeAll(async () => {
  s = await startPwaGmailStack("pwa-newcomer-walk");
  await cardsForEveryCohort(s.local);
  const [ann, bill, cara, dora, list, eve] = (await s.deliver<Sugg>(
    {
      from: "Ann Colleague <ann@example.org>",
      subject: "Can we meet on Friday about the garden plans?",
      body: "Would Friday at 10 work for a short review of the draft garden plan for the community plot?",
    },
    {
      from: "Bill Partner <bill@partner.example>",
      subject: "Draft contract for review",
      body: "Please find the draft contract attached; could you review section 4 by Thursday?",
    },
    {
      from: "Cara Ortega <cara@colleague.example>",
      subject: "Travel receipts from the Berlin trip",
      body: "Hi,\n\nI have collected the travel receipts from the Berlin trip in one folder. Could you file them with the expense report?\n\nThanks,\nCara",
    },
    {
      from: "Dora Lind <dora@studio.example>",
      subject: "Photos from Saturday",
      body: "Hi! The photos from Saturday are up in the shared album now. No rush at all, just enjoy.\n\nDora",
    },
    {
      from: "Shop Deals <news@lists.shop.example>",
      subject: "Weekend deals inside",
      body: "This weekend only: our best deals.",
      headers: {
        "List-Unsubscribe": "<https://lists.shop.example/u/abc>, <mailto:leave@lists.shop.example>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "DKIM-Signature":
          "v=1; a=rsa-sha256; d=shop.example; s=k1; h=from:subject:list-unsubscribe:list-unsubscribe-post; bh=x; b=SIGSIGSIG",
        "Authentication-Results": "mx.google.com; dkim=pass header.d=shop.example header.b=SIGSIG",
      },
    },
    {
      from: "Eve Marsh <eve@school.example>",
      subject: "Parents evening on the 4th",
      body: "Dear parents, parents evening is on the 4th from 6pm. Please book a slot with the form by Monday.",
    },
  )) as Delivered[];
  mail = { ann: ann!, bill: bill!, cara: cara!, dora: dora!, list: list!, eve: eve! };
  for (const d of Object.values(mail)) before.set(d.msgId, labels(d));
  phone = await launchChromium({ viewport: PHONE, touch: true });
  desktop = await launchChromium({ viewport: { width: 1280, height: 800 } });
  page = await phone.context.newPage();
  page.on("console", (m) => m.type() === "error" && console.error(`browser: ${m.text()}`));
  await page.goto(`${s.origin}/#agent=${encodeURIComponent(s.agentUrl)}`);
  await card(mail.ann).waitFor({ timeout: 30_000 });
}, 300_000);

afterAll(async () => {
  await phone?.close();
  await desktop?.close();
  await s?.stop();
});

describe("a newcomer's first session on a phone", () => {
  it("reads a suggestion and its Why: nothing cut off, every control a 44 px touch target", async () => {
    const c = card(mail.ann);
    expect(await c.locator(".why").textContent()).toMatch(/^Why: \S/);
    expect(await cutOff(c)).toEqual([]);
    expect(await smallTargets(c)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // "Instead" reads as the label of its dropdown: above it, not beside the Approve button.
    const instead = c.locator("label.instead");
    const pick = c.getByLabel("Instead");
    const l = await instead.boundingBox();
    const p = await pick.boundingBox();
    expect(l !== null && p !== null && p.y >= l.y + l.height - 1 && Math.abs(l.x - p.x) <= 2).toBe(true);
    await c.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshots, "newcomer-phone-card.png") });
    // The message itself, then back to the list.
    await c.getByRole("link", { name: /^Read message/ }).tap();
    // The body is in its sandboxed frame, named by the subject.
    const body = page.frameLocator('iframe[title^="Message: Can we meet on Friday"]').locator("body");
    await expect.poll(() => body.textContent(), { timeout: 20_000 }).toContain("community plot");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.goBack();
    await card(mail.ann).waitFor({ timeout: 15_000 });
  });

  it("Approve archives in Gmail and the card leaves; focus stays in the list; Undo puts both back", async () => {
    const c = card(mail.cara);
    await c.getByLabel("Instead").selectOption("archive");
    await c.getByRole("button", { name: "Approve: Archive" }).tap();
    await eventually(
      async () => (labels(mail.cara).includes("INBOX") ? undefined : true),
      20_000,
      "archived",
    );
    await expect.poll(() => c.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => toast().textContent(), { timeout: 20_000 }).toMatch(/^Done: /);
    expect(await focusAt()).not.toBe("body");
    await toast().getByRole("button", { name: "Undo" }).tap();
    await expect.poll(() => toast().textContent(), { timeout: 20_000 }).toMatch(/^Undone: /);
    await eventually(
      async () =>
        JSON.stringify(labels(mail.cara)) === JSON.stringify(before.get(mail.cara.msgId)) ? true : undefined,
      20_000,
      "Cara's message back as it was",
    );
    await expect.poll(() => c.count(), { timeout: 15_000 }).toBe(1);
    expect((await agentSugg(mail.cara.s.id))?.status).toBe("new");
    expect(await focusAt()).not.toBe("body");
  });

  it("Reject: the card leaves, Gmail is untouched, focus moves to the next card", async () => {
    await card(mail.dora).getByRole("button", { name: "Reject", exact: true }).tap();
    await expect.poll(() => card(mail.dora).count(), { timeout: 15_000 }).toBe(0);
    expect((await agentSugg(mail.dora.s.id))?.status).toBe("rejected");
    expect(labels(mail.dora)).toEqual(before.get(mail.dora.msgId));
    await expect.poll(focusAt).toMatch(/^card:/);
  });

  it("Convert to a task: the task exists at the agent and the card leaves", async () => {
    const c = card(mail.bill);
    await c.getByLabel(/^Convert “Draft contract for review” to/).selectOption("task");
    await c.getByRole("button", { name: "Convert", exact: true }).tap();
    await eventually(
      async () => ((await tasks()).some((t) => t.sourceSuggestionId === mail.bill.s.id) ? true : undefined),
      20_000,
      "the task from Bill's mail",
    );
    await expect.poll(() => c.count(), { timeout: 15_000 }).toBe(0);
    expect(labels(mail.bill)).toEqual(before.get(mail.bill.msgId));
  });

  it("Move to… another bucket: the agent's suggestion and the card both say the new bucket", async () => {
    const c = card(mail.eve);
    await c.getByRole("button", { name: /^Move to…/ }).tap();
    const form = c.getByRole("form", { name: /^Move / });
    await form.getByLabel("Bucket").selectOption("urgent");
    await form.getByRole("button", { name: "Move", exact: true }).tap();
    await expect
      .poll(async () => (await agentSugg(mail.eve.s.id))?.bucket, { timeout: 15_000 })
      .toBe("urgent");
    await expect.poll(() => c.getByRole("note").textContent(), { timeout: 15_000 }).toMatch(/^Learned: /);
    expect(await smallTargets(c)).toEqual([]);
  });

  it("the kill switch and travel mode from Settings: the banner says so and an archive is refused", async () => {
    await nav("Settings");
    const controls = page.getByRole("region", { name: "Controls" });
    await controls.waitFor({ timeout: 15_000 });
    expect(await smallTargets(controls)).toEqual([]);
    await controls.getByRole("button", { name: "Kill switch: stop everything now" }).tap();
    await page
      .getByRole("dialog", { name: "Stop everything now?" })
      .getByRole("button", { name: "Stop everything" })
      .tap();
    await expect.poll(assistantState, { timeout: 15_000 }).toMatch(/^Stopped by kill switch/);
    expect((await local<{ control: { killed: boolean } }>("/status")).control.killed).toBe(true);
    await nav("Suggestions");
    const c = card(mail.ann);
    await c.getByRole("button", { name: "Archive", exact: true }).tap();
    await expect
      .poll(() => c.getByRole("alert").textContent(), { timeout: 15_000 })
      .toBe("Could not archive: kill switch is on");
    expect(labels(mail.ann)).toEqual(before.get(mail.ann.msgId));
    await page.getByRole("status", { name: "Assistant state" }).getByRole("link", { name: "Controls" }).tap();
    await controls.getByRole("button", { name: "Resume" }).tap();
    await expect.poll(assistantState, { timeout: 15_000 }).toBe("");
    const back = new Date();
    back.setDate(back.getDate() + 7);
    const iso = `${back.getFullYear()}-${String(back.getMonth() + 1).padStart(2, "0")}-${String(back.getDate()).padStart(2, "0")}`;
    await controls.getByLabel("Back on").fill(iso);
    await controls.getByRole("button", { name: "Start travel mode" }).tap();
    await expect.poll(assistantState, { timeout: 15_000 }).toMatch(/^Travelling until /);
    expect((await local<{ control: { travelUntil: number | null } }>("/status")).control.travelUntil).toBe(
      new Date(back.getFullYear(), back.getMonth(), back.getDate()).getTime(),
    );
    await page.screenshot({ path: path.join(screenshots, "newcomer-phone-travel.png") });
    await controls.getByRole("button", { name: "End travel mode" }).tap();
    await expect.poll(assistantState, { timeout: 15_000 }).toBe("");
  });

  it("the daily brief opens, says what is waiting and finishes loading", async () => {
    await nav("Brief");
    const main = page.locator("main");
    await expect.poll(() => main.getByText(/^Loading/).count(), { timeout: 30_000 }).toBe(0);
    expect(await main.locator("h1").count()).toBe(1);
    expect(await main.getByRole("alert").allTextContents()).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await cutOff(main)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, "newcomer-phone-brief.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
  });

  it("unsubscribe from a list: the plan first, then an answer in words; nothing spins forever", async () => {
    await nav("Suggestions");
    const c = card(mail.list);
    await c.getByRole("button", { name: /^Unsubscribe from Shop Deals/ }).tap();
    const dialog = page.getByRole("dialog", { name: /^Unsubscribe from Shop Deals/ });
    await expect.poll(() => dialog.textContent(), { timeout: 20_000 }).toContain("One-click unsubscribe");
    expect(await smallTargets(dialog)).toEqual([]);
    await dialog.getByRole("button", { name: "Unsubscribe from lists.shop.example" }).tap();
    // The list's host is outside this machine: the agent cannot reach it, and the card says so.
    const said = c.getByRole("alert");
    await expect.poll(() => said.count(), { timeout: 30_000 }).toBe(1);
    // Which server, that nothing was sent, and what to do (it read "internal error").
    expect(await said.textContent()).toMatch(
      /^Could not unsubscribe: the list's server lists\.shop\.example could not be reached \(.+\); nothing was sent\. Try again later/,
    );
    expect(await said.textContent()).not.toMatch(/Failed to fetch|undefined|\[object/);
    expect(await dialog.isVisible()).toBe(false);
    const box = await said.boundingBox();
    expect(box !== null && box.y >= 0 && box.y + box.height <= PHONE.height).toBe(true);
    // Not under the undo toast of the last action, which stays at the bottom of the screen.
    const t = await toast().boundingBox();
    expect(t === null || (box !== null && box.y + box.height <= t.y), "the failure is under the toast").toBe(
      true,
    );
    if (t) expect(await cutOff(toast())).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, "newcomer-phone-unsubscribe.png") });
    expect((await agentSugg(mail.list.s.id))?.status).toBe("new");
    expect(labels(mail.list)).toEqual(before.get(mail.list.msgId));
  });
});

describe("the same newcomer on a desktop", () => {
  it("keyboard: j/k select, a approves (archive in Gmail), u undoes; focus follows the list", async () => {
    page = await desktop.context.newPage();
    page.on("console", (m) => m.type() === "error" && console.error(`browser: ${m.text()}`));
    await page.goto(`${s.origin}/#agent=${encodeURIComponent(s.agentUrl)}`);
    const c = card(mail.cara);
    await c.waitFor({ timeout: 30_000 });
    await c.getByLabel("Instead").selectOption("archive");
    await c.getByRole("heading").click();
    await expect
      .poll(() => page.locator('article[aria-current="true"]').getAttribute("data-id"))
      .toBe(mail.cara.s.id);
    await page.keyboard.press("a");
    await eventually(
      async () => (labels(mail.cara).includes("INBOX") ? undefined : true),
      20_000,
      "archived",
    );
    await expect.poll(() => c.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(focusAt).toMatch(/^card:/);
    await page.keyboard.press("u");
    await eventually(
      async () =>
        JSON.stringify(labels(mail.cara)) === JSON.stringify(before.get(mail.cara.msgId)) ? true : undefined,
      20_000,
      "Cara's message back",
    );
    await expect.poll(() => c.count(), { timeout: 15_000 }).toBe(1);
    expect(await cutOff(page.locator("main"))).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, "newcomer-desktop-list.png") });
    expect(await axeProblems(page)).toEqual([]);
  });
});
