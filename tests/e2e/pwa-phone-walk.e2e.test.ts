import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../support/browser.ts";
import { screenshots, startPwaStack } from "../support/pwa-stack.ts";

/**
 * What a newcomer meets on a phone (390×844, touch) with `npm start`'s stack: wrangler dev, a
 * dev-paired agent and the demo scout's mail. The list opens at its top (banners in view), a
 * refused action says why on the card that was tapped, the undo toast is readable at phone width,
 * and the cloud screens say where to sign in instead of the Worker's raw refusal.
 */
type Sugg = { id: string; subject: string; status: string };
let stack: Awaited<ReturnType<typeof startPwaStack>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
const VIEW = { width: 390, height: 844 };

const list = async (status: string) =>
  (await stack.agent<{ items: Sugg[] }>(`/suggestions?status=${status}&limit=200`)).items;
const control = (command: "kill" | "resume") =>
  stack.agent("/control", { method: "POST", body: JSON.stringify({ command }) });
const cards = () => page.locator("article.card");
/** The element's box lies inside the phone's viewport. */
const inView = (box: { y: number; height: number } | null) =>
  box !== null && box.y >= 0 && box.y + box.height <= VIEW.height;

beforeAll(async () => {
  stack = await startPwaStack({ email: "walk@scouts.local", emit: 6, ready: 5 });
  browser = await launchChromium({ viewport: VIEW, touch: true });
  page = await browser.context.newPage();
  page.on("console", (m) => m.type() === "error" && console.error(`browser: ${m.text()}`));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe("the PWA on a phone, as a newcomer meets it", () => {
  it("a refused action says why on its own card, in view; the banner above the list is not scrolled away", async () => {
    await control("kill");
    // The pairing link the agent's CLI gives: the agent's address (the dev token is found there).
    await page.goto(`${stack.origin}/#agent=${encodeURIComponent(stack.agentUrl)}`);
    await expect.poll(() => cards().count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    await expect
      .poll(() => page.getByRole("status", { name: "Assistant state" }).textContent())
      .toMatch(/kill switch/i);
    // Opening the list keeps the page at its top: the kill-switch banner is what the person sees.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(inView(await page.getByRole("status", { name: "Assistant state" }).boundingBox())).toBe(true);

    const third = cards().nth(2);
    const id = (await third.getAttribute("data-id")) ?? "";
    await third.getByRole("button", { name: "Archive", exact: true }).scrollIntoViewIfNeeded();
    await third.getByRole("button", { name: "Archive", exact: true }).tap();
    const why = third.getByRole("alert");
    await expect
      .poll(() => why.textContent(), { timeout: 15_000 })
      .toBe("Could not archive: kill switch is on");
    expect(inView(await why.boundingBox())).toBe(true);
    await page.screenshot({ path: path.join(screenshots, "phone-walk-refused-on-card.png") });
    // Nothing changed, and a reload shows it still waiting.
    expect((await list("new")).map((s) => s.id)).toContain(id);
    await page.reload();
    await expect.poll(() => page.locator(`article[data-id="${id}"]`).count(), { timeout: 30_000 }).toBe(1);
  });

  it("the undo toast is readable at phone width, offers Undo without a keyboard hint, and undo survives a reload", async () => {
    await control("resume");
    await page.goto(`${stack.origin}/suggestions`);
    await expect.poll(() => cards().count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    const first = cards().first();
    const id = (await first.getAttribute("data-id")) ?? "";
    await first.getByRole("button", { name: /^Approve/ }).tap();
    await expect
      .poll(async () => (await list("approved")).map((s) => s.id), { timeout: 20_000 })
      .toContain(id);
    const toast = page.getByRole("status", { name: "Last action" });
    await expect.poll(() => toast.textContent(), { timeout: 15_000 }).toMatch(/^Done: /);
    // A phone has no u key to press.
    expect(await toast.textContent()).not.toMatch(/press u/i);
    const text = await toast.locator(".undo-text").boundingBox();
    const box = await toast.boundingBox();
    // Not squeezed into half the screen, one word a line: the toast spans most of the width.
    expect(box?.width ?? 0).toBeGreaterThan(VIEW.width * 0.8);
    expect(text?.width ?? 0).toBeGreaterThan(VIEW.width * 0.5);
    expect(inView(box)).toBe(true);
    await page.screenshot({ path: path.join(screenshots, "phone-walk-toast.png") });
    await page.reload();
    await expect.poll(() => page.locator(`article[data-id="${id}"]`).count(), { timeout: 30_000 }).toBe(0);

    await page.locator(`article.card`).first().waitFor();
    const next = cards().first();
    const nextId = (await next.getAttribute("data-id")) ?? "";
    await next.getByRole("button", { name: "Reject", exact: true }).tap();
    await expect
      .poll(async () => (await list("rejected")).map((s) => s.id), { timeout: 20_000 })
      .toContain(nextId);
    await toast.getByRole("button", { name: "Undo" }).tap();
    await expect
      .poll(async () => (await list("new")).map((s) => s.id), { timeout: 20_000 })
      .toContain(nextId);
    await page.reload();
    await expect
      .poll(() => page.locator(`article[data-id="${nextId}"]`).count(), { timeout: 30_000 })
      .toBe(1);
  });

  it("the agent stops mid-session: Approve says the agent did not answer, nothing is lost, and it works once the agent is back", async () => {
    await page.goto(`${stack.origin}/suggestions`);
    await expect.poll(() => cards().count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    const card = cards().nth(1);
    const id = (await card.getAttribute("data-id")) ?? "";
    await stack.stopAgent();
    try {
      await card.getByRole("button", { name: /^Approve/ }).tap();
      await expect
        .poll(() => card.getByRole("alert").textContent(), { timeout: 15_000 })
        .toMatch(/^Could not approve: your local agent did not answer \(has it stopped\?\)/);
      expect(await card.getByRole("alert").textContent()).not.toContain("Failed to fetch");
      expect(inView(await card.getByRole("alert").boundingBox())).toBe(true);
      await page.screenshot({ path: path.join(screenshots, "phone-walk-agent-stopped.png") });
    } finally {
      await stack.startAgent();
    }
    expect((await list("new")).map((s) => s.id)).toContain(id);
    await card.getByRole("button", { name: /^Approve/ }).tap();
    await expect
      .poll(async () => (await list("approved")).map((s) => s.id), { timeout: 20_000 })
      .toContain(id);
    await expect.poll(() => page.locator(`article[data-id="${id}"]`).count(), { timeout: 15_000 }).toBe(0);
  });

  it("Projects fits the phone: create a project, link a folder with the form, and the reload shows its files", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "scouts-walk-folder-"));
    try {
      await writeFile(path.join(folder, "plan.md"), "# Launch plan\n\nShip on Friday.\n");
      await page.goto(`${stack.origin}/projects`);
      await page.getByLabel("New project").fill("Launch");
      await page.getByRole("button", { name: "Create" }).tap();
      const detail = page.getByRole("article", { name: "Project Launch" });
      await detail.getByLabel("Folder on this device").waitFor({ timeout: 15_000 });
      // No sideways scrolling: the list and the project stack in one column.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEW.width);
      await detail.getByLabel("Folder on this device").fill(folder);
      await detail.getByRole("button", { name: "Link folder" }).tap();
      await expect
        .poll(() => detail.getByTitle("Linked folder").textContent(), { timeout: 20_000 })
        .toBe(folder);
      await page.reload();
      await expect
        .poll(() => page.getByRole("article", { name: "Project Launch" }).getByText("plan.md").count(), {
          timeout: 20_000,
        })
        .toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEW.width);
      await page.screenshot({ path: path.join(screenshots, "phone-walk-projects.png") });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("the nav shows where you are: the current screen's link is scrolled into the phone's nav", async () => {
    for (const [route, name] of [
      ["/settings", "Settings"],
      ["/workspaces", "Workspaces"],
      ["/brief", "Brief"],
    ] as const) {
      await page.goto(`${stack.origin}${route}`);
      const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
      await expect.poll(() => link.getAttribute("aria-current"), { timeout: 15_000 }).toBe("page");
      await expect
        .poll(async () => {
          const box = await link.boundingBox();
          // Sub-pixel text widths: the last link may end a fraction of a pixel past the edge.
          return box !== null && box.x >= 0 && box.x + box.width <= VIEW.width + 1;
        })
        .toBe(true);
    }
  });

  it("signed out, Automations and Workspaces say where to sign in; signed in, they work", async () => {
    for (const [route, title] of [
      ["/automations", "Sign in to see your automations"],
      ["/workspaces", "Sign in to see the workspaces your scouts have heard from"],
    ] as const) {
      await page.goto(`${stack.origin}${route}`);
      await expect
        .poll(() => page.locator("main .state-title").textContent(), { timeout: 15_000 })
        .toBe(title);
      expect(await page.locator("main").textContent()).not.toContain("send a device token");
      expect(await page.locator("main").getByRole("link", { name: "Scouts" }).getAttribute("href")).toBe(
        "/scouts",
      );
      await page.screenshot({
        path: path.join(screenshots, `phone-walk-signed-out${route.replace("/", "-")}.png`),
      });
    }
    const res = await page.request.post(`${stack.origin}/api/v1/dev/signin`, {
      data: { email: "walk@scouts.local" },
    });
    expect(res.status()).toBeLessThan(300);
    await page.getByRole("button", { name: "I have signed in" }).tap();
    await expect.poll(() => page.getByText("Add by key").count(), { timeout: 15_000 }).toBe(1);
    await page.goto(`${stack.origin}/automations`);
    await expect
      .poll(() => page.getByRole("button", { name: "New automation" }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await page.locator("main").textContent()).not.toContain("send a device token");
  });
});
