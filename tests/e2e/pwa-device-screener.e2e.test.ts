import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rfc822 } from "../fakes/gmail/index.ts";
import { axeProblems } from "../support/axe.ts";
import { launchChromium } from "../support/browser.ts";
import { freePort } from "../support/processes.ts";
import { spamMessage } from "../support/pwa-gmail-stack.ts";
import { screenshots, servePwa } from "../support/pwa-stack.ts";
import { eventually, type PipelineStack, startPipelineStack } from "./pipeline-harness.ts";

/**
 * Screened and the Screener on a phone with no agent (390×844, touch): the browser is the device.
 * Gmail spam that the cloud's stage 1 dropped is listed through the hub (ids from the cloud,
 * sender and subject read on demand, kept in IndexedDB); "Not spam" brings it in (undoable) and
 * holds for the sender's later spam; the Screener (off by default) holds a first-time sender (not
 * one the person wrote to, as Gmail's Sent says through the cloud's transient lookup)
 * until Yes or No. Real `wrangler dev`, fake Gmail, the built PWA, Chromium.
 */
let stack: PipelineStack;
let pwa: Awaited<ReturnType<typeof servePwa>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;

const SPAM_SUBJECT = "URGENT WINNER!!! Claim your $5,000,000 casino bonus NOW";
const LATER_SPAM = "FINAL NOTICE!!! Your $5,000,000 casino bonus EXPIRES";
const NEWBIE = "newbie@first.example";
const PAT = "pat@written-to.example";
const nav = (name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).tap();
const status = () => page.locator(".undo-line");
const cards = () => page.getByRole("region", { name: "Suggestion list" }).getByRole("article");
const card = (text: string) => cards().filter({ hasText: text });
const screenedRow = (subject: string) =>
  page.getByRole("list", { name: "Screened mail, newest first" }).getByRole("listitem", { name: subject });

function gmail(raw: string) {
  const msg = stack.gmail.addMessage(stack.email, { raw });
  return msg.id;
}
async function push() {
  expect(await stack.push()).toBe(204);
}
const mail = (from: string, subject: string) =>
  rfc822({ to: stack.email, from, subject, body: `About ${subject}.` });

/**
 * Opens `screen` again (by way of Suggestions) until `target` shows: what the cloud drops or the
 * Screener holds leaves no card, so the screen is read afresh. Names what the page said on failure.
 */
async function revisitUntil(screen: string, target: () => Locator, what: string, ms = 120_000) {
  await eventually(
    async () => {
      await nav("Suggestions");
      await nav(screen);
      return (await target()
        .waitFor({ timeout: 8_000 })
        .then(() => true)
        .catch(() => undefined))
        ? true
        : undefined;
    },
    ms,
    what,
  ).catch(async (e: unknown) => {
    throw new Error(
      `${(e as Error).message}\npage: ${(await page.locator("main").textContent())?.slice(0, 1500)}`,
    );
  });
}

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
  gmail(mail("Ann Colleague <ann@colleague.example>", "Lunch on Thursday?"));
  await push();
  await card("Lunch on Thursday?").waitFor({ timeout: 90_000 });
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await pwa?.close();
  await stack?.stop();
});

describe("Screened on the browser device (phone, touch)", () => {
  it("lists Gmail's screened mail; Not spam brings it in, undoable; it holds for the sender's later spam", async () => {
    const spamId = gmail(spamMessage({ subject: SPAM_SUBJECT, to: stack.email, messageId: "d1" }));
    await push();
    await revisitUntil("Screened", () => screenedRow(SPAM_SUBJECT), "the Gmail spam in Screened");
    const row = screenedRow(SPAM_SUBJECT);
    const text = (await row.textContent()) ?? "";
    expect(text).toContain("winner@prize-claims.example");
    expect(text).toContain("Gmail");
    expect(text).toMatch(/Why: \S/);
    await page.screenshot({ path: path.join(screenshots, "device-screened-phone.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    expect(await card(SPAM_SUBJECT).count()).toBe(0);

    await row.getByRole("button", { name: "Not spam" }).tap();
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toMatch(/is back in suggestions/);
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain("Back in suggestions");
    await status().getByRole("button", { name: "Undo" }).tap();
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toBe("Undone.");
    await row.getByRole("button", { name: "Not spam" }).waitFor();

    await row.getByRole("button", { name: "Not spam" }).tap();
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toMatch(/is back in suggestions/);
    await nav("Suggestions");
    await card(SPAM_SUBJECT).waitFor({ timeout: 30_000 });
    expect(stack.gmail.labelNames(stack.email, spamId)).toContain("INBOX");

    // The same sender's later spam: the cloud drops it again (it keeps no sender), this browser
    // brings it back by itself when it next connects, without a second "Not spam".
    gmail(spamMessage({ subject: LATER_SPAM, to: stack.email, messageId: "d2" }));
    await push();
    // A reload is a new connection (the device syncs on connect); the minute tick catches it later.
    await page.reload();
    await revisitUntil(
      "Suggestions",
      () => card(LATER_SPAM),
      "the later spam back in suggestions by itself",
      180_000,
    );
    await nav("Screened");
    await expect
      .poll(() => screenedRow(LATER_SPAM).textContent(), { timeout: 30_000 })
      .toContain("Back in suggestions");
    await page.screenshot({
      path: path.join(screenshots, "device-screened-restored-phone.png"),
      fullPage: true,
    });
  });
});

describe("Screener on the browser device (phone, touch)", () => {
  it("off by default; on, a first-time sender waits; Yes lets in (undoable), No screens out later mail too", async () => {
    await nav("Screener");
    const toggle = page.getByRole("checkbox", { name: /Screen first-time senders/ });
    await toggle.waitFor({ timeout: 30_000 });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.tap();
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toMatch(/^The Screener is on\./);

    // Pat never mailed the person before, but the person once wrote to Pat (Gmail's Sent): the
    // cloud's sent-mail lookup rides the proposal, and the browser lets Pat's first mail in.
    stack.gmail.addMessage(stack.email, {
      raw: rfc822({ from: stack.email, to: `Pat <${PAT}>`, subject: "Contract", body: "Draft attached." }),
      labels: ["SENT"],
    });
    gmail(mail(`Newbie <${NEWBIE}>`, "Hello from a stranger"));
    gmail(mail("Ann Colleague <ann@colleague.example>", "Lunch again on Friday?"));
    gmail(mail(`Pat <${PAT}>`, "Re: Contract, signed"));
    await push();
    const waiting = () => page.getByRole("listitem", { name: NEWBIE });
    await revisitUntil("Screener", waiting, "the new sender waiting in the Screener");
    expect(await waiting().textContent()).toContain("Hello from a stranger");
    expect(await page.getByRole("listitem", { name: PAT }).count()).toBe(0);
    await page.screenshot({ path: path.join(screenshots, "device-screener-phone.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    await nav("Suggestions");
    await card("Lunch again on Friday?").waitFor({ timeout: 60_000 });
    await card("Re: Contract, signed").waitFor({ timeout: 20_000 });
    expect(await card("Hello from a stranger").count()).toBe(0);

    await nav("Screener");
    await waiting()
      .getByRole("button", { name: `Yes: let mail from ${NEWBIE} in` })
      .tap();
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toMatch(/is let in/);
    await status().getByRole("button", { name: "Undo" }).tap();
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toBe("Undone.");
    await waiting()
      .getByRole("button", { name: `Yes: let mail from ${NEWBIE} in` })
      .tap();
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toMatch(/is let in/);
    await nav("Suggestions");
    await card("Hello from a stranger").waitFor({ timeout: 20_000 });
    await nav("Screener");
    await page
      .getByRole("list", { name: "Answered" })
      .getByRole("listitem", { name: NEWBIE })
      .waitFor({ timeout: 20_000 });
    await page.getByRole("listitem", { name: NEWBIE }).getByRole("button", { name: "Change to No" }).tap();
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toMatch(/screened out/);
    await nav("Suggestions");
    await expect.poll(() => card("Hello from a stranger").count(), { timeout: 20_000 }).toBe(0);

    gmail(mail(`Newbie <${NEWBIE}>`, "Are you there?"));
    await push();
    await nav("Screener");
    const answered = () =>
      page.getByRole("list", { name: "Answered" }).getByRole("listitem", { name: NEWBIE });
    await revisitUntil(
      "Screener",
      () => answered().filter({ hasText: "2 messages held" }),
      "the sender's later mail screened out",
    );
    expect(await answered().textContent()).toMatch(/Screened out/);
    await page.screenshot({
      path: path.join(screenshots, "device-screener-answered-phone.png"),
      fullPage: true,
    });
    expect(await axeProblems(page)).toEqual([]);
    await nav("Suggestions");
    await card("Lunch again on Friday?").waitFor({ timeout: 20_000 });
    expect(await card("Are you there?").count()).toBe(0);

    await page.setViewportSize({ width: 1280, height: 900 });
    await nav("Screener");
    await answered().waitFor({ timeout: 20_000 });
    await page.screenshot({ path: path.join(screenshots, "device-screener-desktop.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    await nav("Screened");
    await screenedRow(SPAM_SUBJECT).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: path.join(screenshots, "device-screened-desktop.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
  });
});
