import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeProblems } from "../support/axe.ts";
import { launchChromium } from "../support/browser.ts";
import { startDovecot } from "../support/dovecot.ts";
import { freePort } from "../support/processes.ts";
import { screenshots, startPwaStack, until } from "../support/pwa-stack.ts";

/**
 * The computer's IMAP account on the person's phone: real `wrangler dev`, the agent process
 * reading a real Dovecot account, and a second Chromium context as the phone (390×844, touch, a
 * browser device of the same user). The suggestion reaches the phone through the hub's relay;
 * Archive on the phone is performed by the agent in Dovecot, Undo brings the message back; Move to
 * a folder lists the account's folders from the agent (through the hub) and Undo puts it back; with
 * the agent stopped the phone says so and nothing is done.
 */
const EMAIL = "relay-phone@scouts.local";
const PASSWORD = "correct horse battery";
const SUBJECT = "Minutes from the Tuesday review";
let stack: Awaited<ReturnType<typeof startPwaStack>>;
let dovecot: Awaited<ReturnType<typeof startDovecot>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let phone: Page;
let messageId = "";

/** Which folder the message is in, as another IMAP client sees it. */
async function folderOf(id: string): Promise<string | null> {
  // A probe that hangs (a login stuck under load) must fail, so the caller's poll tries again.
  return Promise.race([
    lookIn(id),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("IMAP probe timed out")), 10_000)),
  ]);
}
async function lookIn(id: string): Promise<string | null> {
  const c = await dovecot.client("maya");
  try {
    for (const folder of ["INBOX", "Archive", "Projects"]) {
      const lock = await c.getMailboxLock(folder, { readOnly: true });
      try {
        const uids = (await c.search({ header: { "message-id": id } }, { uid: true })) || [];
        if (uids.length === 1) return folder;
      } finally {
        lock.release();
      }
    }
    return null;
  } finally {
    await c.logout();
  }
}
const section = () => phone.getByRole("region", { name: "From your computer’s mail accounts" });
const card = () => section().getByRole("article").filter({ hasText: SUBJECT });
/** Waits for the card's status line to say `text`; on timeout the error shows what the card says. */
async function cardSays(text: string) {
  await card()
    .getByRole("status")
    .filter({ hasText: text })
    .waitFor({ timeout: 30_000 })
    .catch(async (e: unknown) => {
      const ledger = await stack.agent("/ledger").catch((x: unknown) => String(x));
      throw new Error(
        `card says: ${await section().textContent()}\n${JSON.stringify(ledger)}\n${stack.log()}\n${String(e)}`,
      );
    });
}

beforeAll(async () => {
  dovecot = await startDovecot({ users: { maya: PASSWORD } });
  const c = await dovecot.client("maya");
  await c.mailboxCreate("Projects");
  await c.logout();
  stack = await startPwaStack({ email: EMAIL, emit: 0, ready: 0 });
  await stack.agent("/mail-accounts", {
    method: "POST",
    body: JSON.stringify({
      host: "127.0.0.1",
      port: dovecot.port,
      user: "maya",
      password: PASSWORD,
      tls: "off",
    }),
  });
  browser = await launchChromium({ viewport: { width: 390, height: 844 }, touch: true });
  phone = await browser.context.newPage();
  phone.on("console", (m) => m.type() === "error" && console.error(`phone: ${m.text()}`));
  // No agent on this phone: a remembered one where nothing listens, and a dev pairing link as the same user.
  const nowhere = `http://127.0.0.1:${await freePort()}`;
  await phone.goto(
    `${stack.origin}/suggestions#agent=${encodeURIComponent(nowhere)}&token=none&devEmail=${encodeURIComponent(EMAIL)}`,
  );
  await phone.getByText("This browser", { exact: true }).first().waitFor({ timeout: 60_000 });
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await dovecot?.stop();
});

describe("the computer's IMAP suggestions on the phone (real hub, agent, Dovecot, Chromium)", () => {
  it("a new message shows on the phone; Archive moves it in Dovecot and Undo brings it back", async () => {
    messageId = `<relay-e2e-${Date.now()}@work.example>`;
    await dovecot.deliver(
      "maya",
      "INBOX",
      `From: Priya Shah <priya@work.example>\r\nTo: maya@example.net\r\nSubject: ${SUBJECT}\r\n` +
        `Message-ID: ${messageId}\r\nDate: ${new Date().toUTCString()}\r\n` +
        "Content-Type: text/plain; charset=utf-8\r\n\r\nThe minutes are in the shared folder.\r\n",
    );
    const t0 = Date.now();
    const step = (what: string) => console.log(`phone-relay e2e: ${what} at ${Date.now() - t0} ms`);
    await card().waitFor({ timeout: 120_000 });
    step("card shown");
    await phone.screenshot({ path: path.join(screenshots, "phone-accounts-relay.png"), fullPage: true });
    expect(await axeProblems(phone)).toEqual([]);

    await card().getByRole("button", { name: "Archive", exact: true }).tap();
    await cardSays("Archived");
    step("archived answer");
    await until(
      "archived in Dovecot",
      async () => ((await folderOf(messageId)) === "Archive" ? true : undefined),
      30_000,
    );

    await card().getByRole("button", { name: "Undo" }).tap();
    await cardSays("Undone");
    step("undone answer");
    await until(
      "back in the inbox",
      async () => ((await folderOf(messageId)) === "INBOX" ? true : undefined),
      30_000,
    );
    await card().getByRole("button", { name: "Reject" }).waitFor();
  }, 480_000);

  it("Move to a folder: the computer lists its folders, moves the message in Dovecot, and Undo puts it back", async () => {
    await card().getByLabel("Instead").selectOption("move");
    const folder = card().getByLabel("Folder");
    await folder.waitFor({ timeout: 30_000 });
    expect(await folder.locator("option").allTextContents()).toEqual(
      expect.arrayContaining(["INBOX (inbox) — here now", "Archive (archive)", "Projects"]),
    );
    expect(await folder.locator("option", { hasText: "here now" }).isDisabled()).toBe(true);
    await folder.selectOption("Projects");
    const approve = card().getByRole("button", { name: "Approve: Move to “Projects”" });
    await phone.screenshot({ path: path.join(screenshots, "phone-accounts-relay-move.png"), fullPage: true });
    expect(await axeProblems(phone)).toEqual([]);
    await approve.tap();
    await cardSays("Move to “Projects”");
    await until(
      "moved in Dovecot",
      async () => ((await folderOf(messageId)) === "Projects" ? true : undefined),
      30_000,
    );
    await card().getByRole("button", { name: "Undo" }).tap();
    await cardSays("Undone");
    await until(
      "back in the inbox",
      async () => ((await folderOf(messageId)) === "INBOX" ? true : undefined),
      30_000,
    );
  }, 180_000);

  it("with the computer offline the phone says so and nothing is done", async () => {
    await stack.stopAgent();
    await card().getByRole("button", { name: "Archive", exact: true }).tap();
    await card()
      .getByRole("status")
      .filter({ hasText: "Your computer is offline, so nothing was done" })
      .waitFor({ timeout: 30_000 });
    expect(await until("the inbox checked", () => folderOf(messageId), 30_000)).toBe("INBOX");
    // Opened again while the computer is away: the list is gone (never stored) and the page says why.
    await phone.reload();
    await section().getByText("Your computer is offline").waitFor({ timeout: 60_000 });
    expect(await card().count()).toBe(0);
    await stack.startAgent();
  }, 180_000);
});
