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

  it("search operators and cohort rules, on the phone and the desktop", async () => {
    const boundary = "b1";
    const bill = stack.gmail.addMessage(stack.email, {
      raw: [
        "From: Bill Partner <bill@partner.example>",
        `To: ${stack.email}`,
        "Cc: Legal <legal@partner.example>",
        "Subject: Contract for signature",
        `Message-ID: <contract-${Date.now()}@partner.example>`,
        "MIME-Version: 1.0",
        `Content-Type: multipart/mixed; boundary="${boundary}"`,
        "",
        `--${boundary}`,
        "Content-Type: text/plain; charset=UTF-8",
        "",
        "The signed contract is attached; could you countersign by Thursday?",
        `--${boundary}`,
        'Content-Type: application/pdf; name="contract.pdf"',
        'Content-Disposition: attachment; filename="contract.pdf"',
        "Content-Transfer-Encoding: base64",
        "",
        "JVBERi0xLjQK",
        `--${boundary}--`,
        "",
      ].join("\r\n"),
    });
    expect(bill.id).toBeTruthy();
    expect(await stack.push()).toBe(204);
    const billCard = () => list().getByRole("article").filter({ hasText: "Contract for signature" });
    await nav("Suggestions");
    await billCard().waitFor({ timeout: 90_000 });

    const search = async (q: string) => {
      await page.getByPlaceholder("Search (/)").fill(q);
      await page.getByRole("button", { name: "Search", exact: true }).tap();
    };
    await search("has:attachment to:legal from:bill");
    await expect.poll(() => list().getByRole("article").count(), { timeout: 15_000 }).toBe(1);
    await billCard().waitFor();
    await page.screenshot({ path: path.join(screenshots, "search-operators-phone.png"), fullPage: true });
    await search("from:ann has:attachment");
    await expect.poll(() => list().getByRole("article").count(), { timeout: 15_000 }).toBe(0);
    await search("bucket:soon");
    await page
      .getByRole("alert")
      .filter({ hasText: "bucket:soon — one of urgent" })
      .waitFor({ timeout: 15_000 });
    expect(await axeProblems(page)).toEqual([]);

    await nav("Policies");
    const rules = page.getByRole("group", { name: "Cohort rules" });
    await rules.waitFor({ timeout: 15_000 });
    await rules.getByLabel("Rule on").selectOption("domain");
    await rules.getByLabel("Value").fill("not a domain");
    await rules.getByRole("button", { name: "Add rule" }).tap();
    await rules.getByRole("alert").filter({ hasText: "is not a domain" }).waitFor();
    await rules.getByLabel("Value").fill("partner.example");
    await rules.getByLabel("Cohort").selectOption("vips");
    await rules.getByRole("button", { name: "Add rule" }).tap();
    await rules
      .getByRole("list", { name: "Your cohort rules" })
      .getByText("Domain partner.example → VIPs")
      .first()
      .waitFor();
    await page.getByRole("button", { name: "Save policies" }).tap();
    await page.getByText("Policies saved.").waitFor({ timeout: 15_000 });
    await page.screenshot({
      path: path.join(screenshots, "policies-cohort-rules-phone.png"),
      fullPage: true,
    });
    expect(await axeProblems(page)).toEqual([]);
    await page.reload();
    await page
      .getByRole("group", { name: "Cohort rules" })
      .getByText("Domain partner.example → VIPs")
      .first()
      .waitFor({ timeout: 30_000 });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({
      path: path.join(screenshots, "policies-cohort-rules-desktop.png"),
      fullPage: true,
    });
    expect(await axeProblems(page)).toEqual([]);
    await nav("Ask");
    await page.getByLabel("Your question").fill("what did I promise?");
    await page.getByRole("button", { name: "Ask", exact: true }).tap();
    const answer = page.getByRole("region", { name: "Answer" });
    await answer.getByText(/waiting for your answer|Nothing open/).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(screenshots, "ask-promises-desktop.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    await nav("Suggestions");
    await billCard().waitFor({ timeout: 15_000 });
    await page.screenshot({
      path: path.join(screenshots, "offline-suggestions-desktop.png"),
      fullPage: true,
    });
  });
});
