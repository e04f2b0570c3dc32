import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../support/browser.ts";
import { screenshots, startPwaStack } from "../support/pwa-stack.ts";

/**
 * The forms a newcomer meets on a phone (390×844, touch): Move to…, the automations editor, the
 * Workspaces space picker, and a card's badges. Checked by boxes and overflow, never pixels.
 */
let stack: Awaited<ReturnType<typeof startPwaStack>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
const VIEW = { width: 390, height: 844 };
const cards = () => page.locator("article.card");
const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth);

/** The label sits directly above its control, left edges aligned: never beside it or a line apart. */
async function labelAbove(label: Locator, control: Locator) {
  const l = await label.boundingBox();
  const c = await control.boundingBox();
  if (!l || !c) return `no box (label ${Boolean(l)}, control ${Boolean(c)})`;
  const gap = c.y - (l.y + l.height);
  if (gap < -1 || gap > 12) return `label→control gap ${gap.toFixed(1)}px`;
  if (Math.abs(l.x - c.x) > 2) return `label x ${l.x.toFixed(1)} vs control x ${c.x.toFixed(1)}`;
  if (c.x + c.width > VIEW.width) return `control ends at ${(c.x + c.width).toFixed(1)}px`;
  return "ok";
}

beforeAll(async () => {
  stack = await startPwaStack({ email: "forms@scouts.local", emit: 6, ready: 5 });
  browser = await launchChromium({ viewport: VIEW, touch: true });
  page = await browser.context.newPage();
  page.on("console", (m) => m.type() === "error" && console.error(`browser: ${m.text()}`));
  await page.goto(`${stack.origin}/#agent=${encodeURIComponent(stack.agentUrl)}`);
  await cards().nth(4).waitFor({ timeout: 30_000 });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe("forms and badges at phone size", () => {
  it("a card's bucket and priority score read differently; the score is a meter with a name", async () => {
    const n = await cards().count();
    for (let i = 0; i < n; i++) {
      const card = cards().nth(i);
      const texts = (await card.locator(".badges .badge").allTextContents()).map((t) => t.trim().toLowerCase());
      expect(new Set(texts).size, `card ${i}: ${texts.join(" | ")}`).toBe(texts.length);
      // "Low priority" is the bucket's words only; the score never says it.
      expect(texts.filter((t) => t.includes("low priority")).length).toBeLessThanOrEqual(1);
      const meter = card.getByRole("meter", { name: "Priority score" });
      expect(await meter.count(), `card ${i}: ${texts.join(" | ")}`).toBe(1);
      expect(await meter.getAttribute("aria-valuetext")).toMatch(/^(High|Medium|Low), \d{1,3} of 100$/);
    }
  });

  it("Move to…: each label sits above its own dropdown and the form fits 390 px", async () => {
    const card = cards().first();
    await card.getByRole("button", { name: /^Move to…/ }).tap();
    const form = card.getByRole("form", { name: /^Move / });
    await form.waitFor();
    for (const name of ["Bucket", "Cohort"]) {
      const label = form.locator("label", { hasText: name });
      expect(await labelAbove(label, form.getByLabel(name, { exact: true })), name).toBe("ok");
    }
    const box = await form.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? VIEW.width + 1)).toBeLessThanOrEqual(VIEW.width);
    for (const name of ["Move", "Cancel"]) {
      const b = await form.getByRole("button", { name, exact: true }).boundingBox();
      expect(b !== null && b.x >= 0 && b.x + b.width <= VIEW.width, name).toBe(true);
    }
    expect(await noSidewaysScroll()).toBeLessThanOrEqual(VIEW.width);
    await page.screenshot({ path: path.join(screenshots, "phone-forms-move.png") });
    await form.getByRole("button", { name: "Cancel" }).tap();
  });
});
