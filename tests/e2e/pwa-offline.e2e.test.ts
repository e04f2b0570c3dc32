import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rfc822 } from "../fakes/gmail/index.ts";
import { axeProblems } from "../support/axe.ts";
import { launchChromium } from "../support/browser.ts";
import { freePort } from "../support/processes.ts";
import { screenshots, servePwa } from "../support/pwa-stack.ts";
import { eventually, type PipelineStack, startPipelineStack } from "./pipeline-harness.ts";

/**
 * A phone with no agent, opened offline: the PWA is still the device. From its IndexedDB it lists
 * the suggestions, Approve queues in its outbox, Ask answers from its copy; back online the queued
 * action reaches the fake Gmail mailbox exactly once (real `wrangler dev`, built PWA, Chromium).
 */
let stack: PipelineStack;
let pwa: Awaited<ReturnType<typeof servePwa>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
let annMsg = "";

const labels = (id: string) => stack.gmail.labelNames(stack.email, id);
const modifies = () => stack.gmail.calls.filter((c) => c.call === "modify" && c.status === 200).length;
const list = () => page.getByRole("region", { name: "Suggestion list" });
const annCard = () => list().getByRole("article").filter({ hasText: "Can we meet on Friday?" });
const nav = (name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).tap();

beforeAll(async () => {
  stack = await startPipelineStack({ agent: false });
  pwa = await servePwa({ cloudUrl: stack.worker.url });
  await mkdir(screenshots, { recursive: true });
  browser = await launchChromium({ viewport: { width: 390, height: 844 }, touch: true });
  page = await browser.context.newPage();
  page.on("console", (m) => m.type() === "error" && console.error(`browser: ${m.text()}`));
  // A remembered agent where nothing listens (a phone), and a dev pairing link for this browser.
  const nowhere = `http://127.0.0.1:${await freePort()}`;
  await page.goto(
    `${pwa.origin}/suggestions#agent=${encodeURIComponent(nowhere)}&token=none&devEmail=${encodeURIComponent(stack.email)}`,
  );
  await page.getByText("This browser", { exact: true }).first().waitFor({ timeout: 60_000 });
  await stack.connectGmail();
  const ann = stack.gmail.addMessage(stack.email, {
    raw: rfc822({
      to: stack.email,
      from: "Ann Colleague <ann@example.org>",
      subject: "Can we meet on Friday?",
      body: "Would Friday at 10 work for a short review of the draft plan?",
    }),
  });
  annMsg = ann.id;
  expect(await stack.push()).toBe(204);
  await annCard().waitFor({ timeout: 90_000 });
  // The shell and the model are precached before the browser goes offline.
  await eventually(
    () => page.evaluate(async () => ((await navigator.serviceWorker.ready).active ? true : undefined)),
    30_000,
    "the service worker",
  );
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await pwa?.close();
  await stack?.stop();
});

describe("offline on a phone with no agent (390×844, touch)", () => {
  it("opened offline it lists, approves (queued) and answers; back online Gmail changes once", async () => {
    await browser.context.setOffline(true);
    await page.reload();
    const chip = page.getByRole("status", { name: "Connection" });
    await expect.poll(() => chip.textContent(), { timeout: 30_000 }).toBe("This browser · offline");
    await page.getByText("this browser works from its own copy", { exact: false }).waitFor();
    await annCard().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: path.join(screenshots, "offline-suggestions-phone.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);

    const before = modifies();
    expect(labels(annMsg)).toContain("INBOX");
    await annCard().getByLabel("Instead").selectOption("archive");
    await annCard()
      .getByRole("button", { name: /^Approve: / })
      .tap();
    const said = async () =>
      `${await page.getByRole("status", { name: "Last action" }).textContent()} ${await page.locator("p.notice").textContent()}`;
    await expect.poll(said, { timeout: 20_000 }).toMatch(/^Queued: Archive/);
    // Nothing reached Gmail while offline.
    expect(modifies()).toBe(before);
    expect(labels(annMsg)).toContain("INBOX");

    await nav("Ask");
    await page.getByLabel("Your question").fill("anything from Ann this week?");
    await page.getByRole("button", { name: "Ask", exact: true }).tap();
    const answer = page.getByRole("region", { name: "Answer" });
    await answer.getByRole("link", { name: /Can we meet on Friday\?/ }).waitFor({ timeout: 15_000 });
    await answer.getByText("From your local data").waitFor();
    await page.screenshot({ path: path.join(screenshots, "offline-ask-phone.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);

    await browser.context.setOffline(false);
    await eventually(
      async () => (labels(annMsg).includes("INBOX") ? undefined : true),
      60_000,
      "the queued archive replayed to Gmail",
    );
    // Reconnecting (the shell retries, the device flushes on "online" and on the hub's welcome)
    // must not send it twice.
    await page.reload();
    await expect.poll(() => chip.textContent(), { timeout: 30_000 }).toBe("This browser");
    await new Promise((r) => setTimeout(r, 3000));
    expect(modifies() - before).toBe(1);
  });
});
