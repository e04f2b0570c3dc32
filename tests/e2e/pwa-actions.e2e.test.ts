import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { rfc822 } from "../fakes/gmail/index.ts";
import { axeProblems } from "../support/axe.ts";
import { launchChromium } from "../support/browser.ts";
import { repoRoot } from "../support/processes.ts";
import { type PwaGmailStack, startPwaGmailStack } from "../support/pwa-gmail-stack.ts";
import { eventually, type PipelineStack } from "./pipeline-harness.ts";

/**
 * The PWA (built, served by vite preview) against the real agent, `wrangler dev` and the fake
 * Gmail: label, archive and snooze from the cards, then undo by the last 15 minutes, a whole
 * assistant run and this session, each checked in the Gmail mailbox itself; a correction that
 * sorts the sender's next message; the unsubscribe plan dialog.
 */
const shots = path.join(repoRoot, "test-results", "screenshots");
let pwa: PwaGmailStack;
let stack: PipelineStack;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
let agentUrl: string;
let origin: string;

type Sugg = { id: string; sourceMsgRef: string; subject: string; bucket: string | null; corrected: boolean };
type Entry = { id: string; action: string; actor: string; status: string; runId: string | null };

const local = <T>(p: string, init: RequestInit = {}) => pwa.local<T>(p, init);
const _suggestions = async () => (await local<{ items: Sugg[] }>("/suggestions?limit=200")).items;
const ledger = async () => (await local<{ items: Entry[] }>("/ledger?limit=200")).items;
/** Label names on a message in the fake Gmail: what the person would see there. */
const gmailLabels = (messageId: string) => stack.gmail.labelNames(stack.email, messageId);

/** Delivers messages to the fake Gmail, pushes, and waits until the agent holds a suggestion for each. */
async function deliver(
  ...messages: (Parameters<typeof rfc822>[0] & { labels?: string[] })[]
): Promise<{ msgId: string; s: Sugg }[]> {
  return pwa.deliver<Sugg>(...messages);
}

const DIGEST_LABELS = ["INBOX", "UNREAD", "CATEGORY_UPDATES"];
const card = (id: string) => page.locator(`article[data-id="${id}"]`);
const nav = (name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();

/** Selects a card and presses a shortcut key on it. */
async function key(id: string, k: string) {
  await card(id).getByRole("heading").click();
  await expect.poll(() => page.locator('article[aria-current="true"]').getAttribute("data-id")).toBe(id);
  await page.keyboard.press(k);
}

let ann: { msgId: string; s: Sugg };
let luis: { msgId: string; s: Sugg };
let contract: { msgId: string; s: Sugg };
let list: { msgId: string; s: Sugg };
const before = new Map<string, string[]>();

beforeAll(async () => {
  pwa = await startPwaGmailStack("pwa-actions");
  ({ stack, agentUrl, origin } = pwa);
  type Delivered = { msgId: string; s: Sugg };
  [ann, luis, contract, list] = (await deliver(
    {
      from: "Ann Colleague <ann@example.org>",
      subject: "Can we meet on Friday?",
      body: "Would Friday at 10 work for a short review of the draft plan?",
    },
    {
      from: "Luis Ortega <luis@colleague.example>",
      subject: "Travel receipts from the Berlin trip",
      body: "Hi,\n\nI have collected the travel receipts from the Berlin trip in one folder. Could you file them with the expense report?\n\nThanks,\nLuis",
    },
    {
      from: "Jonas Weber <jonas@partner.example>",
      subject: "Draft contract for review",
      body: "Please find the draft contract attached; could you review section 4 by Thursday?",
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
  )) as [Delivered, Delivered, Delivered, Delivered];
  for (const m of [ann, luis, contract, list]) before.set(m.msgId, gmailLabels(m.msgId));
  await mkdir(shots, { recursive: true });
  browser = await launchChromium({ viewport: { width: 900, height: 1000 } });
  page = await browser.context.newPage();
  page.on("console", (m) => m.type() === "error" && console.error(`browser: ${m.text()}`));
  await page.goto(`${origin}/#agent=${encodeURIComponent(agentUrl)}`);
  await card(ann.s.id).waitFor({ timeout: 30_000 });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await pwa?.stop();
});

describe("mailbox actions from the PWA, undone in Gmail", () => {
  it("archive, label and snooze from the cards; Activity shows what and whom; Undo last 15 min restores Gmail", async () => {
    await key(ann.s.id, "e");
    await eventually(
      async () => (gmailLabels(ann.msgId).includes("INBOX") ? undefined : true),
      20_000,
      "archived",
    );
    await key(luis.s.id, "l");
    await page.getByRole("textbox", { name: "Label" }).fill("Receipts");
    await page.keyboard.press("Enter");
    await eventually(
      async () => (gmailLabels(luis.msgId).includes("Receipts") ? true : undefined),
      20_000,
      "labelled",
    );
    await key(contract.s.id, "s");
    await eventually(
      async () => (gmailLabels(contract.msgId).includes("INBOX") ? undefined : true),
      20_000,
      "snoozed (archived until it wakes)",
    );
    expect(gmailLabels(luis.msgId)).toEqual([...before.get(luis.msgId)!, "Receipts"].sort());

    await nav("Activity");
    const rows = page.locator(".ledger-row");
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const labelled = rows.filter({ hasText: "Labelled" });
    await expect.poll(() => labelled.textContent()).toContain("“Travel receipts from the Berlin trip”");
    expect(await labelled.textContent()).toContain("from Luis Ortega <luis@colleague.example>");
    expect(
      await rows
        .filter({ hasText: "Snoozed" })
        .getByRole("link", { name: "“Draft contract for review”" })
        .count(),
    ).toBe(1);
    await page.screenshot({ path: path.join(shots, "activity-subjects-session-range.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);

    await page.getByRole("button", { name: "Undo last 15 min" }).click();
    // Three reversals go through the outbox, the Worker and Gmail one after another.
    await expect
      .poll(() => page.locator(".notice").textContent(), { timeout: 30_000 })
      .toMatch(/^Undo last 15 min: undid 3\b/);
    await eventually(
      async () =>
        [ann, luis, contract].every(
          (m) => JSON.stringify(gmailLabels(m.msgId)) === JSON.stringify(before.get(m.msgId)),
        )
          ? true
          : undefined,
      20_000,
      "the Gmail mailbox back as before",
    );
    // The undone entry links to its suggestion (the undo entry below it does too).
    await page
      .locator(".ledger-row.ledger-undone")
      .filter({ hasText: "Archived" })
      .getByRole("link", { name: "“Can we meet on Friday?”" })
      .click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Can we meet on Friday?");
  });

  it("Undo this session reverses what happened since the agent started; a bad custom range is refused", async () => {
    await nav("Suggestions");
    await key(luis.s.id, "e");
    await eventually(
      async () => (gmailLabels(luis.msgId).includes("INBOX") ? undefined : true),
      20_000,
      "archived",
    );
    await nav("Activity");
    const session = page.getByRole("region", { name: "This session" });
    await expect.poll(() => session.textContent()).toMatch(/Started .*when your local agent started/);
    await page.getByLabel("From", { exact: true }).fill("2026-11-20T10:00");
    await page.getByLabel("To (empty: now)", { exact: true }).fill("2026-11-20T09:00");
    await page.getByRole("button", { name: "Undo this range" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("The range ends before it starts.");
    await page.screenshot({ path: path.join(shots, "activity-range-error.png"), fullPage: true });
    expect(gmailLabels(luis.msgId)).not.toContain("INBOX");
    await session.getByRole("button", { name: "Undo this session" }).click();
    await expect
      .poll(() => page.locator(".notice").textContent(), { timeout: 30_000 })
      .toMatch(/^Undo this session: undid 1\b/);
    await eventually(
      async () =>
        JSON.stringify(gmailLabels(luis.msgId)) === JSON.stringify(before.get(luis.msgId)) ? true : undefined,
      20_000,
      "Luis's message back in the inbox",
    );
  });

  it("Move to… teaches the sender's next message its bucket", async () => {
    await nav("Suggestions");
    await card(ann.s.id)
      .getByRole("button", { name: /^Move to… “Can we meet on Friday\?”/ })
      .click();
    const form = page.getByRole("form", { name: "Move “Can we meet on Friday?”" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`move-${ann.s.id}-bucket`);
    await form.getByLabel("Bucket").selectOption("urgent");
    await page.screenshot({ path: path.join(shots, "suggestion-move-to.png"), fullPage: true });
    await form.getByRole("button", { name: "Move" }).click();
    const note = card(ann.s.id).getByRole("note");
    await expect
      .poll(() => note.textContent(), { timeout: 10_000 })
      .toBe("Learned: next time mail from ann@example.org goes to the Urgent bucket.");
    await page.screenshot({ path: path.join(shots, "suggestion-correction-learned.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    const [next] = await deliver({
      from: "Ann Colleague <ann@example.org>",
      subject: "Re: project timeline",
      body: "Hi,\n\nThanks for the update on the timeline. I think the milestones look right; let's go through the details at our next meeting.\n\nThanks, Ann",
    });
    expect(next!.s).toMatchObject({ bucket: "urgent", corrected: true });
    await card(next!.s.id).waitFor({ timeout: 15_000 });
    expect(await card(next!.s.id).textContent()).toMatch(/Urgent.*Sorted by your correction/);
  });

  it("Unsubscribe… shows the plan (one-click, host, why) in a dialog before anything is sent", async () => {
    await card(list.s.id)
      .getByRole("button", { name: /^Unsubscribe from Shop Deals/ })
      .click();
    const dialog = page.getByRole("dialog", {
      name: "Unsubscribe from Shop Deals <news@lists.shop.example>?",
    });
    await expect
      .poll(() => dialog.textContent(), { timeout: 20_000 })
      .toContain("One-click unsubscribe (RFC 8058)");
    expect(await dialog.textContent()).toContain("Scouts sends one request to lists.shop.example");
    expect(await dialog.getByRole("listitem").allTextContents()).toContain(
      "DKIM (d=shop.example) signs List-Unsubscribe and List-Unsubscribe-Post",
    );
    expect(await dialog.getByRole("button", { name: "Unsubscribe from lists.shop.example" }).count()).toBe(1);
    await page.screenshot({ path: path.join(shots, "unsubscribe-plan-dialog.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect((await ledger()).filter((e) => e.action === "unsubscribe")).toEqual([]);
    expect(gmailLabels(list.msgId)).toEqual(before.get(list.msgId));
  });

  it("Undo whole run reverses what the assistant did on arrival, in Gmail", async () => {
    await local("/policies", {
      method: "PUT",
      body: JSON.stringify({ levels: { newsletters: 4 }, lowConfidenceThreshold: 0 }),
    });
    const arrived = await deliver(
      {
        from: "Weekly Digest <news@weekly-digest.example>",
        subject: "This week's digest: five stories worth your time",
        body: "Hello,\n\nThis week: why SQLite keeps winning at the edge, a small model that sorts your inbox, and reader mail.\n\nRead online at https://weekly-digest.example/issues/42\n\nThe Weekly Digest team\n\nYou are receiving this because you subscribed to The Weekly Digest. Unsubscribe: https://weekly-digest.example/unsub/42",
        // As a newsletter arrives from Gmail: its subscription footer, the list's headers and the
        // Updates tab. Stop 30's models read the bare three lines from a role address as urgent,
        // and with the headers alone as actionable ("you are in To"), so the assistant did not
        // act on it; `tests/triage/cli-urgency.cli.test.ts` keeps the bare digest as an expected
        // failure.
        headers: {
          "List-Unsubscribe": "<https://weekly-digest.example/unsub/42>",
          "List-Id": "<weekly.weekly-digest.example>",
        },
        labels: DIGEST_LABELS,
      },
      {
        from: "Trail Notes <newsletter@trail-notes.example>",
        subject: "Trail Notes #42: autumn routes and gear reviews",
        body: "In this issue: three autumn hikes, a rain jacket review and reader photos. Unsubscribe anytime.",
      },
    );
    const fresh = (m: { msgId: string }) =>
      JSON.stringify(m === arrived[0] ? [...DIGEST_LABELS].sort() : ["INBOX", "UNREAD"]);
    const now = (m: { msgId: string }) => JSON.stringify([...gmailLabels(m.msgId)].sort());
    const byAssistant = await eventually(
      async () => {
        const mine = (await ledger()).filter((e) => e.actor === "assistant" && e.status === "applied");
        return mine.length >= 2 ? mine : undefined;
      },
      30_000,
      "the assistant's actions on arrival",
    );
    const runId = byAssistant[0]!.runId;
    expect(runId).toBeTruthy();
    expect(byAssistant.every((e) => e.runId === runId)).toBe(true);
    expect(arrived.some((m) => now(m) !== fresh(m))).toBe(true);

    await nav("Activity");
    const row = page.locator(".ledger-row").filter({ hasText: "by assistant" }).first();
    await row.getByRole("button", { name: "Undo whole run" }).click();
    await expect
      .poll(() => page.locator(".notice").textContent(), { timeout: 30_000 })
      .toMatch(/^Undo run: undid 2\b/);
    await eventually(
      async () => (arrived.every((m) => now(m) === fresh(m)) ? true : undefined),
      20_000,
      "the newsletters back as they arrived",
    );
    await page.screenshot({ path: path.join(shots, "activity-undo-run.png"), fullPage: true });
  });
});
