import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rfc822 } from "../fakes/gmail/index.ts";
import { axeProblems } from "../support/axe.ts";
import { launchChromium } from "../support/browser.ts";
import {
  cardsForEveryCohort,
  screenshots,
  spamMessage,
  startPwaGmailStack,
} from "../support/pwa-gmail-stack.ts";
import { eventually } from "./pipeline-harness.ts";

/**
 * The Screened view and the Screener for new senders on a phone (390×844, touch) against the real
 * stack (wrangler dev, fake Gmail, the agent, Chromium): the local mailbox's spam is listed with
 * stage 1's reason and "Not spam" brings it into suggestions (undoable); with the Screener on, a
 * first-time Gmail sender waits until Yes (let in, undoable) or No (screened out, later mail too).
 */
let s: Awaited<ReturnType<typeof startPwaGmailStack>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
let mailDir: string;

const SPAM_SUBJECT = "CONGRATULATIONS!!! You WON $1,000,000 - CLAIM NOW";
const spam = spamMessage({ subject: SPAM_SUBJECT });
const NEWBIE = "newbie@first.example";
type Listed = { id: string; sourceMsgRef: string; subject: string };
const listed = async () => (await s.local<{ items: Listed[] }>("/suggestions?limit=200")).items;
const nav = (name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name }).tap();
const status = () => page.locator(".undo-line");

/** A Gmail message into the fake mailbox and a push; held mail never shows as a suggestion, so no wait here. */
async function gmailFrom(from: string, subject: string) {
  const msg = s.stack.gmail.addMessage(s.stack.email, {
    raw: rfc822({ to: s.stack.email, from, subject, body: `About ${subject}.` }),
  });
  expect(await s.stack.push()).toBe(204);
  return msg.id;
}

beforeAll(async () => {
  s = await startPwaGmailStack("pwa-screener");
  await cardsForEveryCohort(s.local);
  await s.deliver({
    from: "Ann Colleague <ann@colleague.example>",
    subject: "Lunch?",
    body: "Lunch on Thursday?",
  });
  mailDir = await mkdtemp(path.join(tmpdir(), "scouts-screener-mail-"));
  await writeFile(path.join(mailDir, "inbox.mbox"), spam);
  await s.local("/settings", {
    method: "PATCH",
    body: JSON.stringify({ localMailbox: path.join(mailDir, "inbox.mbox"), localMailboxFormat: "mbox" }),
  });
  await eventually(
    async () =>
      (await s.local<{ items: { subject: string }[] }>("/screened")).items.some(
        (i) => i.subject === SPAM_SUBJECT,
      )
        ? true
        : undefined,
    60_000,
    "the local mailbox's spam in /screened",
  );
  browser = await launchChromium({ viewport: { width: 390, height: 844 }, touch: true });
  page = await browser.context.newPage();
  page.on("console", (m) => m.type() === "error" && console.error(`browser: ${m.text()}`));
  await page.goto(`${s.origin}/#agent=${encodeURIComponent(s.agentUrl)}`);
  await page.getByRole("navigation", { name: "Main" }).waitFor({ timeout: 30_000 });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await s?.stop();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

describe("Screened view (phone, touch)", () => {
  it("lists what stage 1 set aside, with sender, date and reason; Not spam is undoable", async () => {
    await nav("Screened");
    const row = page.getByRole("list", { name: "Screened mail, newest first" }).getByRole("listitem", {
      name: SPAM_SUBJECT,
    });
    await row.waitFor({ timeout: 30_000 });
    const text = (await row.textContent()) ?? "";
    expect(text).toContain("winner@prize-claims.example");
    expect(text).toContain("Local mailbox");
    expect(text).toMatch(/Why: \S/);
    expect(text).toMatch(/Screened .*2026/);
    await page.screenshot({ path: path.join(screenshots, "screened-phone.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);

    await row.getByRole("button", { name: "Not spam" }).tap();
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toMatch(/is back in suggestions/);
    const back = await eventually(
      async () => (await listed()).find((x) => x.subject === SPAM_SUBJECT),
      20_000,
      "the screened message as a suggestion",
    );
    expect(back.id).toMatch(/^local-mail:/);
    await expect.poll(() => row.textContent()).toContain("Back in suggestions");

    await status().getByRole("button", { name: "Undo" }).tap();
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toBe("Undone.");
    expect((await listed()).some((x) => x.subject === SPAM_SUBJECT)).toBe(false);
    await row.getByRole("button", { name: "Not spam" }).waitFor();
  });
});

const GMAIL_SPAM_SUBJECT = "URGENT WINNER!!! Claim your $5,000,000 casino bonus NOW";

describe("Screened view: Gmail (phone, touch)", () => {
  it("shows a Gmail message stage 1 dropped in the cloud; Not spam brings it into suggestions, undoable", async () => {
    // The spam's own shape, into the fake Gmail: the cloud's stage 1 drops it (an id-only row).
    const raw = spamMessage({ subject: GMAIL_SPAM_SUBJECT, to: s.stack.email });
    const msg = s.stack.gmail.addMessage(s.stack.email, { raw });
    expect(await s.stack.push()).toBe(204);
    await eventually(
      async () =>
        (await s.local<{ items: { subject: string; accountLabel: string }[] }>("/screened")).items.find(
          (i) => i.subject === GMAIL_SPAM_SUBJECT && i.accountLabel === "Gmail",
        ),
      60_000,
      "the Gmail spam in /screened",
    );
    expect((await listed()).some((x) => x.sourceMsgRef === msg.id)).toBe(false);
    await nav("Suggestions");
    await nav("Screened");
    const row = page.getByRole("list", { name: "Screened mail, newest first" }).getByRole("listitem", {
      name: GMAIL_SPAM_SUBJECT,
    });
    await row.waitFor({ timeout: 30_000 });
    const text = (await row.textContent()) ?? "";
    expect(text).toContain("winner@prize-claims.example");
    expect(text).toContain("Gmail");
    expect(text).toMatch(/Why: \S/);
    expect(await page.getByText(/Not listed here — gmail/).count()).toBe(0);

    await row.getByRole("button", { name: "Not spam" }).tap();
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toMatch(/is back in suggestions/);
    const back = await eventually(
      async () => (await listed()).find((x) => x.sourceMsgRef === msg.id),
      30_000,
      "the Gmail message as a suggestion, delivered by the hub",
    );
    expect(back.subject).toBe(GMAIL_SPAM_SUBJECT);
    await nav("Suggestions");
    await page.getByText(GMAIL_SPAM_SUBJECT).first().waitFor({ timeout: 30_000 });
    await page.screenshot({
      path: path.join(screenshots, "screened-gmail-restored-phone.png"),
      fullPage: true,
    });
    await nav("Screened");
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain("Back in suggestions");

    await row.getByRole("button", { name: "Screen again" }).tap();
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toMatch(/is screened again/);
    expect((await listed()).some((x) => x.sourceMsgRef === msg.id)).toBe(false);
    await row.getByRole("button", { name: "Not spam" }).waitFor();
  });
});

describe("Screener for new senders (phone, touch)", () => {
  it("is off by default; on, a first-time sender waits while a known one comes through", async () => {
    await nav("Screener");
    const toggle = page.getByRole("checkbox", { name: /Screen first-time senders/ });
    await toggle.waitFor({ timeout: 30_000 });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.tap();
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toMatch(/^The Screener is on\./);
    // The line shows as soon as the agent answers; the switch follows when the screen has read again.
    await expect.poll(() => toggle.isChecked(), { timeout: 10_000 }).toBe(true);

    const held = await gmailFrom(`Newbie <${NEWBIE}>`, "Hello from a stranger");
    const [ann] = await s.deliver({
      from: "Ann Colleague <ann@colleague.example>",
      subject: "Lunch again?",
      body: "Friday?",
    });
    expect(ann?.s.id).toBeTruthy();
    await eventually(
      async () =>
        (await s.local<{ waiting: { sender: string }[] }>("/screener")).waiting.some(
          (w) => w.sender === NEWBIE,
        )
          ? true
          : undefined,
      60_000,
      "the new sender waiting in the Screener",
    );
    expect((await listed()).some((x) => x.sourceMsgRef === held)).toBe(false);
    await page.reload();
    const row = page.getByRole("listitem", { name: NEWBIE });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain("Hello from a stranger");
    await page.screenshot({ path: path.join(screenshots, "screener-phone.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);

    await row.getByRole("button", { name: `Yes: let mail from ${NEWBIE} in` }).tap();
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toMatch(/is let in/);
    await eventually(
      async () => ((await listed()).some((x) => x.sourceMsgRef === held) ? true : undefined),
      20_000,
      "the let-in message among suggestions",
    );
    await status().getByRole("button", { name: "Undo" }).tap();
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toBe("Undone.");
    expect((await listed()).some((x) => x.sourceMsgRef === held)).toBe(false);

    await page
      .getByRole("listitem", { name: NEWBIE })
      .getByRole("button", { name: `No: screen out ${NEWBIE}` })
      .tap();
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toMatch(/screened out/);
    const later = await gmailFrom(`Newbie <${NEWBIE}>`, "Are you there?");
    await eventually(
      async () =>
        (await s.local<{ answered: { sender: string; messages: number }[] }>("/screener")).answered.find(
          (a) => a.sender === NEWBIE && a.messages === 2,
        ),
      60_000,
      "the sender's later mail screened out",
    );
    const ids = (await listed()).map((x) => x.sourceMsgRef);
    expect(ids).not.toContain(held);
    expect(ids).not.toContain(later);
    await page.reload();
    const answered = page.getByRole("list", { name: "Answered" }).getByRole("listitem", { name: NEWBIE });
    await answered.waitFor({ timeout: 30_000 });
    expect(await answered.textContent()).toMatch(/Screened out.*2 messages held/);
    await page.screenshot({ path: path.join(screenshots, "screener-answered-phone.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);

    // Changed to yes: everything from them comes through.
    await answered.getByRole("button", { name: "Change to Yes" }).tap();
    await eventually(
      async () => {
        const now = (await listed()).map((x) => x.sourceMsgRef);
        return now.includes(held) && now.includes(later) ? true : undefined;
      },
      20_000,
      "both messages among suggestions",
    );
  });

  it("desktop: Screener, Screened and the Settings switch at 1280×900", async () => {
    const desk = await launchChromium({ viewport: { width: 1280, height: 900 } });
    try {
      const p = await desk.context.newPage();
      await p.goto(`${s.origin}/screener#agent=${encodeURIComponent(s.agentUrl)}`);
      await p
        .getByRole("list", { name: "Answered" })
        .getByRole("listitem", { name: NEWBIE })
        .waitFor({ timeout: 30_000 });
      await p.screenshot({ path: path.join(screenshots, "screener-desktop.png"), fullPage: true });
      expect(await axeProblems(p)).toEqual([]);
      await p.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Screened" }).click();
      await p.getByRole("listitem", { name: SPAM_SUBJECT }).waitFor({ timeout: 30_000 });
      await p.screenshot({ path: path.join(screenshots, "screened-desktop.png"), fullPage: true });
      expect(await axeProblems(p)).toEqual([]);
      await p.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
      const sw = p
        .getByRole("region", { name: "Screener" })
        .getByRole("checkbox", { name: /Screen first-time senders/ });
      await sw.waitFor({ timeout: 30_000 });
      expect(await sw.isChecked()).toBe(true);
    } finally {
      await desk.close();
    }
  });
});
