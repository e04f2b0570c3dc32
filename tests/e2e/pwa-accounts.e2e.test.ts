import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeProblems } from "../support/axe.ts";
import { startCyrus } from "../support/cyrus.ts";
import { shots, startPwaAgentStack } from "../support/pwa-agent-stack.ts";

/**
 * The PWA's Accounts screen against a real Dovecot on loopback and a real agent process (no cloud):
 * on a phone (390×844, touch) the person adds the IMAP account by hand (Other → host, port, no TLS
 * on loopback → password → connection test → folders → Add), sees it connected, and mail delivered
 * to Dovecot arrives as a suggestion; a wrong password is explained next to the password field.
 */
const PASSWORD = "correct horse battery";
let stack: Awaited<ReturnType<typeof startPwaAgentStack>>;
let dovecot: Awaited<ReturnType<typeof startPwaAgentStack>>["dovecot"];
let cyrus: Awaited<ReturnType<typeof startCyrus>> | undefined;
let page: Page;
let origin: string;
let agentUrl: string;
let cliToken: string;
const until = <T>(what: string, probe: () => Promise<T | undefined | false>, ms?: number) =>
  stack.until(what, probe, ms);
const agentApi = <T>(p: string) => stack.agentApi<T>(p);
type Account = { id: string; label: string; health: { state: string; connected: boolean } | null };

const raw = (subject: string, body: string) =>
  `From: Priya Shah <priya@work.example>\r\nTo: maya@example.net\r\nSubject: ${subject}\r\n` +
  `Message-ID: <acct-${Date.now()}@work.example>\r\nDate: ${new Date().toUTCString()}\r\n` +
  `Content-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`;

const list = () => page.getByRole("list", { name: "Mail accounts" });

beforeAll(async () => {
  stack = await startPwaAgentStack("accounts", PASSWORD);
  ({ dovecot, page, origin, agentUrl, token: cliToken } = stack);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await cyrus?.stop();
});

describe("Accounts screen with a real agent, Dovecot and Cyrus", () => {
  it("adds an IMAP account by touch on a phone; a wrong password is explained at the field", async () => {
    // A pairing link (what `scouts-agent` hands the PWA): agent URL and token in the fragment.
    await page.goto(
      `${origin}/accounts#agent=${encodeURIComponent(agentUrl)}&token=${encodeURIComponent(cliToken)}`,
    );
    await page
      .getByRole("status", { name: "Connection" })
      .filter({ hasText: "Local agent" })
      .waitFor({ timeout: 20_000 });
    await page.getByText("No accounts yet.").waitFor();
    await page.screenshot({ path: path.join(shots, "accounts-empty-phone.png") });

    await page.getByRole("button", { name: "Add account" }).tap();
    for (const preset of ["Fastmail", "iCloud", "Proton Bridge", "Outlook.com", "Yahoo", "Gmail"])
      await page.getByRole("button", { name: preset, exact: true }).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    // A preset fills the server in; "Find settings" asks the agent (a known domain needs no DNS).
    await page.getByRole("button", { name: "Fastmail", exact: true }).tap();
    await page.getByLabel("Email address").fill("maya@fastmail.com");
    await page.getByRole("button", { name: "Continue" }).tap();
    expect(await page.getByLabel("IMAP server").inputValue()).toBe("imap.fastmail.com");
    expect(await page.getByLabel("Security").inputValue()).toBe("on");
    await page.getByText("Use an app password").waitFor();
    await page.getByRole("button", { name: "Back" }).tap();
    await page.getByRole("button", { name: "Other (IMAP)" }).tap();
    await page.getByLabel("Email address").fill("not an address");
    await page.getByRole("button", { name: "Find settings" }).tap();
    await page.locator("#email-error").waitFor();
    await page.getByLabel("Email address").fill("kenji@icloud.com");
    await page.getByRole("button", { name: "Find settings" }).tap();
    await page.getByText(/^Found from a preset/).waitFor({ timeout: 20_000 });
    expect(await page.getByLabel("IMAP server").inputValue()).toBe("imap.mail.me.com");
    await page.getByRole("button", { name: "Back" }).tap();

    await page.getByRole("button", { name: "Other (IMAP)" }).tap();
    await page.getByLabel("Email address").fill("maya@example.net");
    await page.getByRole("button", { name: "Enter them myself" }).tap();
    expect(await page.getByLabel("User name").inputValue()).toBe("maya@example.net");
    await page.getByLabel("IMAP server").fill("127.0.0.1");
    await page.getByLabel("Port").fill(String(dovecot.port));
    await page.getByLabel("Security").selectOption("off");
    await page.getByLabel("User name").fill("maya");
    await page.getByLabel("Password or app password").fill("not the password");
    await page.getByRole("button", { name: "Test connection" }).tap();
    const pwError = page.locator("#password-error");
    await pwError.waitFor({ timeout: 20_000 });
    expect(await pwError.textContent()).toContain("refused the user name or password for maya");
    expect(await page.getByLabel("Password or app password").getAttribute("aria-invalid")).toBe("true");
    await page.screenshot({ path: path.join(shots, "accounts-wrong-password-phone.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);

    await page.getByLabel("Password or app password").fill(PASSWORD);
    expect(await pwError.count()).toBe(0);
    // STARTTLS against Dovecot's self-signed certificate, not pinned: the error sits under Security.
    await page.getByLabel("Security").selectOption("starttls");
    await page.getByRole("button", { name: "Test connection" }).tap();
    await page.locator("#tls-error").waitFor({ timeout: 20_000 });
    expect(await page.locator("#tls-error").textContent()).toMatch(/TLS with 127\.0\.0\.1:\d+ failed/);
    await page.getByLabel("Security").selectOption("off");
    await page.getByRole("button", { name: "Test connection" }).tap();
    const folders = page.getByRole("group", { name: "Folders to read" });
    await folders.waitFor({ timeout: 20_000 });
    expect(await folders.getByRole("checkbox", { name: "INBOX", exact: false }).first().isChecked()).toBe(
      true,
    );
    expect(await folders.getByRole("checkbox", { name: /^Archive/ }).isChecked()).toBe(false);
    await page.screenshot({ path: path.join(shots, "accounts-folders-phone.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    await page.getByLabel("Name (optional)").fill("Work mail");
    await page.getByRole("button", { name: "Add", exact: true }).tap();

    const card = list().getByRole("listitem").filter({ hasText: "Work mail" });
    await card.getByText("Connected", { exact: true }).waitFor({ timeout: 30_000 });
    const [stored] = await agentApi<{ accounts: Account[] }>("/mail-accounts").then((r) => r.accounts);
    expect(stored).toMatchObject({ label: "Work mail", health: { state: "watching", connected: true } });
    // The browser kept no trace of the password.
    const kept = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(kept).not.toContain(PASSWORD);
    await page.screenshot({ path: path.join(shots, "accounts-connected-phone.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
  }, 120_000);

  it("mail delivered to Dovecot arrives as a suggestion; Test and Remove work from the list", async () => {
    await dovecot.deliver(
      "maya",
      "INBOX",
      raw(
        "Budget review before Friday",
        "Could you check the Q4 budget numbers before Friday? I need your sign-off.",
      ),
    );
    await until("the IMAP suggestion", async () =>
      (
        await agentApi<{ items: { subject: string; source: string }[] }>("/suggestions?status=new&limit=50")
      ).items.find((s) => s.source === "imap" && s.subject === "Budget review before Friday"),
    );
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Suggestions", exact: true })
      .tap();
    await page.getByText("Budget review before Friday").first().waitFor({ timeout: 20_000 });
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Accounts", exact: true })
      .tap();

    const card = list().getByRole("listitem").filter({ hasText: "Work mail" });
    // The watcher saw the new mail: "last change seen" is a time now, not "never".
    await expect.poll(() => card.textContent(), { timeout: 20_000 }).not.toContain("Last change seennever");
    await card.getByRole("button", { name: "Test" }).tap();
    await card.getByText("Signed in: INBOX has 1 message.").waitFor({ timeout: 20_000 });

    // The app password is revoked and the server drops every session: the card says to sign in again.
    dovecot.setPassword("maya", "a new password");
    await dovecot.restart();
    await card.getByText("Needs re-auth", { exact: true }).waitFor({ timeout: 40_000 });
    expect(await card.textContent()).toContain("refused the user name or password for maya");
    await page.screenshot({ path: path.join(shots, "accounts-needs-reauth-phone.png"), fullPage: true });

    // Desktop width: the same screen, then Remove asks first.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(shots, "accounts-desktop.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    await card.getByRole("button", { name: "Remove" }).tap();
    await card.getByRole("group", { name: /Remove Work mail\?/ }).waitFor();
    await card.getByRole("button", { name: "Cancel" }).tap();
    expect((await agentApi<{ accounts: Account[] }>("/mail-accounts")).accounts).toHaveLength(1);
    await card.getByRole("button", { name: "Remove" }).tap();
    await card.getByRole("button", { name: "Yes, remove" }).tap();
    await page.getByText("No accounts yet.").waitFor({ timeout: 20_000 });
    expect((await agentApi<{ accounts: Account[] }>("/mail-accounts")).accounts).toEqual([]);
  }, 120_000);

  it("adds a JMAP account by its URL (a real Cyrus)", async () => {
    cyrus = await startCyrus({ users: { ana: PASSWORD } });
    // This browser is paired already (the pairing link was remembered); start from the screen itself.
    await page.goto(`${origin}/accounts`);
    await page
      .getByRole("status", { name: "Connection" })
      .filter({ hasText: "Local agent" })
      .waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Add account" }).tap();
    await page.getByRole("button", { name: "JMAP server" }).tap();
    await page.getByLabel("JMAP URL").fill(cyrus.jmapUrl);
    await page.getByLabel("User name").fill("ana");
    await page.getByLabel("Password or app password").fill(PASSWORD);
    await page.getByRole("button", { name: "Test connection" }).tap();
    const boxes = page.getByRole("group", { name: "Mailboxes (the inbox is read)" });
    await boxes.waitFor({ timeout: 30_000 });
    expect(await boxes.getByRole("checkbox", { name: /^INBOX/ }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Add", exact: true }).tap();
    const card = list().getByRole("listitem").filter({ hasText: "JMAP" });
    await card.getByText("Connected", { exact: true }).waitFor({ timeout: 30_000 });
    expect(await card.textContent()).toContain(`ana on ${new URL(cyrus.jmapUrl).host}`);
    expect(await axeProblems(page)).toEqual([]);
  }, 120_000);
});
