import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { type PreviewServer, preview } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeProblems } from "../support/axe.ts";
import { launchChromium } from "../support/browser.ts";
import { startDovecot } from "../support/dovecot.ts";
import { childEnv, freePort, type Running, repoRoot, startProcess } from "../support/processes.ts";
import { builtPwaDir } from "../support/shared-builds.ts";

/**
 * "Move to a folder…" on an IMAP suggestion, on a phone (390×844, touch), against a real agent
 * process and a real Dovecot (no cloud): the picker lists the account's folders from the agent,
 * Approve moves the message on the server (checked as another IMAP client would), and the toast's
 * Undo puts it back in INBOX.
 */
const shots = path.join(repoRoot, "test-results", "screenshots");
const node = path.join(repoRoot, "node_modules", ".bin", "node");
const PASSWORD = "correct horse battery";
const messageId = `<move-folder-${Date.now()}@work.example>`;
let dovecot: Awaited<ReturnType<typeof startDovecot>>;
let agent: Running;
let server: PreviewServer;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
let work: string;
let origin: string;
let agentUrl: string;
let token: string;
let suggestionId: string;

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined && v !== false) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out: ${what}\n${agent?.output().slice(-3000) ?? ""}`);
}
async function agentApi<T>(p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${agentUrl}/local/v1${p}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
/** The folders holding the message, as another IMAP client sees them. */
async function where(): Promise<string[]> {
  const c = await dovecot.client("maya");
  try {
    const found: string[] = [];
    for (const m of await c.list()) {
      const lock = await c.getMailboxLock(m.path, { readOnly: true });
      try {
        const uids = (await c.search({ header: { "message-id": messageId } }, { uid: true })) || [];
        for (const _ of uids) found.push(m.path);
      } finally {
        lock.release();
      }
    }
    return found;
  } finally {
    await c.logout();
  }
}
const card = () => page.locator(`article[data-id="${suggestionId}"]`);
const toast = () => page.getByRole("status", { name: "Last action" });

beforeAll(async () => {
  dovecot = await startDovecot({ users: { maya: PASSWORD } });
  const c = await dovecot.client("maya");
  await c.mailboxCreate("Projects");
  await c.logout();
  work = await mkdtemp(path.join(tmpdir(), "scouts-move-folder-e2e-"));
  const home = path.join(work, "home");
  const webPort = await freePort();
  origin = `http://127.0.0.1:${webPort}`;
  agentUrl = `http://127.0.0.1:${await freePort()}`;
  const noCloud = `http://127.0.0.1:${await freePort()}`;
  agent = startProcess(
    node,
    [path.join(repoRoot, "local-agent", "main.ts")],
    childEnv({
      SCOUTS_HOME: home,
      SCOUTS_CLOUD_URL: noCloud,
      SCOUTS_AGENT_PORT: new URL(agentUrl).port,
      SCOUTS_PWA_ORIGIN: origin,
    }),
  );
  token = await until("agent started", async () =>
    (await readFile(path.join(home, "cli-token"), "utf8")).trim(),
  );
  await until("agent answers", async () => (await fetch(`${agentUrl}/health`)).ok);
  await agentApi("/mail-accounts", {
    host: "127.0.0.1",
    port: dovecot.port,
    user: "maya",
    password: PASSWORD,
    tls: "starttls",
    pinSha256: dovecot.certSha256,
    label: "Work mail",
  });
  await dovecot.deliver(
    "maya",
    "INBOX",
    "From: Priya Shah <priya@work.example>\r\nTo: maya@example.net\r\nSubject: Budget for the Acme project\r\n" +
      `Message-ID: ${messageId}\r\nDate: ${new Date().toUTCString()}\r\n` +
      "Content-Type: text/plain; charset=utf-8\r\n\r\nCould you check the budget sheet before Tuesday?\r\n",
  );
  suggestionId = await until(
    "the IMAP suggestion",
    async () =>
      (
        await agentApi<{ items: { id: string; subject: string }[] }>("/suggestions?status=new&limit=50")
      ).items.find((s) => s.subject === "Budget for the Acme project")?.id,
    60_000,
  );

  process.env.SCOUTS_CLOUD_URL = noCloud;
  server = await preview({
    configFile: path.join(repoRoot, "web", "vite.config.ts"),
    logLevel: "warn",
    build: { outDir: builtPwaDir() },
    preview: { port: webPort, strictPort: true },
  });
  await mkdir(shots, { recursive: true });
  browser = await launchChromium({ viewport: { width: 390, height: 844 }, touch: true });
  page = await browser.context.newPage();
  page.on("console", (m) => m.type() === "error" && console.error(`browser: ${m.text()}`));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await agent?.stop();
  await dovecot?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("Move to a folder on an IMAP suggestion (phone, touch, real Dovecot)", () => {
  it("lists the folders, moves the message on the server, and Undo puts it back", async () => {
    await page.goto(`${origin}/#agent=${encodeURIComponent(agentUrl)}&token=${encodeURIComponent(token)}`);
    await card().waitFor({ timeout: 30_000 });
    await card().getByLabel("Instead").selectOption("move");
    const folder = card().getByLabel("Folder");
    await folder.waitFor({ timeout: 20_000 });
    const options = await folder.locator("option").allTextContents();
    expect(options).toEqual(
      expect.arrayContaining(["INBOX (inbox) — here now", "Archive (archive)", "Trash (trash)", "Projects"]),
    );
    expect(await folder.locator("option", { hasText: "here now" }).isDisabled()).toBe(true);
    // Approve before a folder is picked says so and moves nothing.
    await card().getByRole("button", { name: "Approve: Move" }).tap();
    await card().getByRole("alert").filter({ hasText: "Pick a folder first." }).waitFor();
    await folder.selectOption("Projects");
    const approve = card().getByRole("button", { name: "Approve: Move to “Projects”" });
    await page.screenshot({ path: path.join(shots, "move-folder-phone.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    await approve.tap();
    await expect.poll(() => toast().textContent(), { timeout: 20_000 }).toMatch(/^Done: /);
    await expect.poll(where, { timeout: 20_000 }).toEqual(["Projects"]);
    await toast().getByRole("button", { name: "Undo" }).tap();
    await expect
      .poll(() => toast().textContent(), { timeout: 45_000 })
      .toMatch(/^Undone: /)
      .catch((e: Error) => {
        // Seen in 3 of 8 runs on 26 Nov before the watcher fix (tests/imap/imap-watch-empty-inbox.test.ts):
        // the watcher spun on an empty INBOX under IDLE and starved the agent's event loop.
        throw new Error(`${e.message}\nagent log:\n${agent.output().slice(-3000)}`);
      });
    await expect.poll(where, { timeout: 20_000 }).toEqual(["INBOX"]);
  });
});
