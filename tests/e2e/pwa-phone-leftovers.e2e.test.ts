import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeProblems } from "../support/axe.ts";
import { launchChromium } from "../support/browser.ts";
import { labelAbove, PHONE } from "../support/phone-layout.ts";
import {
  cardsForEveryCohort,
  type PwaGmailStack,
  screenshots,
  startPwaGmailStack,
} from "../support/pwa-gmail-stack.ts";
import { eventually } from "./pipeline-harness.ts";

/**
 * What a newcomer still tripped on at phone size (390×844, touch), against the real stack with the
 * fake Gmail: the automation editor's Action list while it loads or fails, Workspaces' "Add by key"
 * and "Scan" fields, and what Approve does under the kill switch. Boxes and overflow, never pixels.
 */
let s: PwaGmailStack;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
const VIEW = PHONE;
type Sugg = { id: string; sourceMsgRef: string; status: string };
const tasks = async () =>
  (await s.local<{ items: { sourceSuggestionId: string | null }[] }>("/entities/tasks")).items;
const control = (command: "kill" | "resume") =>
  s.local("/control", { method: "POST", body: JSON.stringify({ command }) });
const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth);

beforeAll(async () => {
  s = await startPwaGmailStack("pwa-phone-leftovers");
  // L3 everywhere: each message is a card; the assistant itself acts on none.
  await cardsForEveryCohort(s.local);
  browser = await launchChromium({ viewport: VIEW, touch: true });
  page = await browser.context.newPage();
  page.on("console", (m) => m.type() === "error" && console.error(`browser: ${m.text()}`));
  // The cloud screens use a Worker session on the PWA's origin (the account Gmail connected).
  const res = await page.request.post(`${s.origin}/api/v1/dev/signin`, { data: { email: s.stack.email } });
  expect(res.status()).toBe(200);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

describe("leftovers at phone size", () => {
  it("the automation editor's Action list is never empty: Loading… while it loads, the reason and Try again when it fails", async () => {
    const registryUrl = `${s.origin}/api/v1/automations/registry`;
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route(registryUrl, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${s.origin}/automations`);
    await page.getByRole("button", { name: "New automation" }).tap({ timeout: 15_000 });
    const form = page.getByRole("form", { name: "automation definition" });
    const action = form.getByRole("combobox", { name: "Action", exact: true });
    await action.waitFor({ timeout: 15_000 });
    expect(await action.isDisabled()).toBe(true);
    expect(await action.locator("option").allTextContents()).toEqual(["Loading…"]);
    release();
    await expect.poll(() => action.isDisabled(), { timeout: 15_000 }).toBe(false);
    expect(await action.inputValue()).toBe("notification");
    expect((await action.locator("option").allTextContents()).length).toBeGreaterThan(1);
    await page.unroute(registryUrl);

    // The cloud out of reach: disabled, the reason in words under it (not "Failed to fetch"), Try again.
    await page.route(registryUrl, (route) => route.abort("internetdisconnected"));
    await page.reload();
    await page.getByRole("button", { name: "New automation" }).tap({ timeout: 15_000 });
    const why = form.getByRole("alert").filter({ hasText: "Could not load the actions" });
    await why.waitFor({ timeout: 15_000 });
    expect(await why.textContent()).toMatch(/^Could not load the actions: the cloud did not answer/);
    expect(await action.isDisabled()).toBe(true);
    expect(await action.locator("option").allTextContents()).toEqual(["Unavailable"]);
    expect(await action.getAttribute("aria-describedby")).toBe(await why.getAttribute("id"));
    const a = await action.boundingBox();
    const w = await why.boundingBox();
    expect(a !== null && w !== null && w.y >= a.y + a.height && w.y - (a.y + a.height) < 24).toBe(true);
    await why.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshots, "phone-leftovers-action-failed.png") });
    expect(await axeProblems(page)).toEqual([]);
    await page.unroute(registryUrl);
    await why.getByRole("button", { name: "Try again" }).tap();
    await expect.poll(() => action.isDisabled(), { timeout: 15_000 }).toBe(false);
    expect(await action.inputValue()).toBe("notification");
    expect(await noSidewaysScroll()).toBeLessThanOrEqual(VIEW.width);
  });

  it("Workspaces: 'Add by key' and 'Scan' sit above their fields, inside 390 px", async () => {
    await page.goto(`${s.origin}/workspaces`);
    const key = page.getByRole("textbox", { name: "Add by key", exact: true });
    await key.waitFor({ timeout: 15_000 });
    const scan = page.getByRole("combobox", { name: "Scan", exact: true });
    await scan.waitFor({ timeout: 15_000 });
    expect(await scan.locator("option").allTextContents()).toContain(`Gmail ${s.stack.email}`);
    const main = page.locator("main");
    expect(await labelAbove(main.locator("label", { hasText: "Add by key" }), key)).toBe("ok");
    expect(await labelAbove(main.locator("label", { hasText: /^Scan$/ }), scan)).toBe("ok");
    for (const name of ["Add", "Scan now"]) {
      const b = await page.getByRole("button", { name, exact: true }).boundingBox();
      expect(b !== null && b.x >= 0 && b.x + b.width <= VIEW.width, name).toBe(true);
    }
    expect(await noSidewaysScroll()).toBeLessThanOrEqual(VIEW.width);
    await scan.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshots, "phone-leftovers-workspaces.png") });
    expect(await axeProblems(page)).toEqual([]);
  });

  it("under the kill switch the card says a task is still made and why; it is made and Gmail is untouched", async () => {
    const [d] = await s.deliver<Sugg>({
      from: "Dana Builder <dana@builder.example>",
      subject: "Quote for the kitchen",
      body: "Hi,\n\nCould you look over the attached quote for the kitchen and tell me by Monday whether it works?\n\nDana",
    });
    const before = s.stack.gmail.labelNames(s.stack.email, d!.msgId);
    await control("kill");
    try {
      await page.goto(`${s.origin}/#agent=${encodeURIComponent(s.agentUrl)}`);
      const card = page.locator(`article[data-id="${d!.s.id}"]`);
      await card.waitFor({ timeout: 30_000 });
      await expect
        .poll(() => page.getByRole("status", { name: "Assistant state" }).textContent(), { timeout: 15_000 })
        .toMatch(
          /^Stopped by kill switch: nothing is done to your mail.*a task you make stays on this device/,
        );
      // A mailbox action: the card says before the tap that it will not go through.
      await card.getByLabel("Instead").selectOption("archive");
      const approve = card.getByRole("button", { name: /^Approve: / });
      const said = async () =>
        page.locator(`#${((await approve.getAttribute("aria-describedby")) ?? "").split(" ").at(-1)}`);
      await expect
        .poll(async () => (await said()).textContent())
        .toMatch(/^The kill switch is on: nothing is done to your mail until you resume it/);
      // A task: allowed, and the card says why, named by the button.
      await card.getByLabel("Instead").selectOption("task");
      await expect
        .poll(async () => (await said()).textContent())
        .toBe(
          "Allowed with the kill switch on: a task stays on this device and changes nothing in your mail.",
        );
      const note = await (await said()).boundingBox();
      expect(note !== null && note.x >= 0 && note.x + note.width <= VIEW.width).toBe(true);
      await (await said()).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(screenshots, "phone-leftovers-kill-task.png") });
      expect(await axeProblems(page)).toEqual([]);
      await approve.tap();
      await eventually(
        async () => ((await tasks()).some((t) => t.sourceSuggestionId === d!.s.id) ? true : undefined),
        20_000,
        "the task made under the kill switch",
      );
      expect(s.stack.gmail.labelNames(s.stack.email, d!.msgId)).toEqual(before);
    } finally {
      await control("resume");
    }
  });
});
