import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { type PreviewServer, preview } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeProblems } from "../support/axe.ts";
import { launchChromium } from "../support/browser.ts";
import { childEnv, freePort, type Running, repoRoot, startProcess } from "../support/processes.ts";
import { builtPwaDir } from "../support/shared-builds.ts";

/**
 * A real agent started WITHOUT dev pairing, no cloud at all: the built PWA finds it unpaired,
 * pairs through the form with a code from `scouts-agent pair`, lists what the agent's local
 * mailbox scout made, edits local sources in Settings, and drives the kill switch.
 */
const shots = path.join(repoRoot, "test-results", "screenshots");
const node = path.join(repoRoot, "node_modules", ".bin", "node");
let agent: Running;
let server: PreviewServer;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
let work: string;
let home: string;
let watched: string;
let origin: string;
let agentUrl: string;
let cliToken: string;

const MAILS: [string, string, string][] = [
  [
    "Priya Shah <priya@work.example>",
    "Budget review before Friday",
    "Could you check the Q4 budget numbers before Friday? I need your sign-off on the travel line.",
  ],
  [
    "Tom Berger <tom@work.example>",
    "Slides from the workshop",
    "Could you send me the slides from the customer workshop? I want to reuse two of them on Monday.",
  ],
  [
    "Ana Ruiz <ana@work.example>",
    "Minutes from the planning meeting",
    "Here are the minutes from today's planning meeting. Action items are at the bottom.",
  ],
  [
    "Lee Park <lee@work.example>",
    "Can you review my pull request?",
    "When you have a moment, could you review the pull request for the import fix? It is small.",
  ],
];
const mbox = MAILS.map(
  ([from, subject, body], i) =>
    `From ${/<(.+)>/.exec(from)?.[1]} Thu Nov 20 08:0${i}:00 2026\nFrom: ${from}\nTo: me@work.example\n` +
    `Subject: ${subject}\nMessage-ID: <ctl-${i}@work.example>\nDate: Thu, 20 Nov 2026 08:0${i}:00 +0000\n` +
    `Content-Type: text/plain; charset=utf-8\n\nHi,\n\n${body}\n\nThanks\n\n`,
).join("");

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined && v !== false) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out: ${what}\n${agent?.output().slice(-3000) ?? ""}`);
}

/** The agent's API as the CLI reaches it (its own token), to check what the PWA did. */
async function agentApi<T>(p: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${agentUrl}/local/v1${p}`, {
    ...init,
    headers: { authorization: `Bearer ${cliToken}`, "content-type": "application/json" },
  });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
type Sugg = { id: string; subject: string; status: string; source: string };
const agentList = async (status = "new") =>
  (await agentApi<{ items: Sugg[] }>(`/suggestions?status=${status}&limit=200`)).items;
type AgentStatus = {
  control: { paused: boolean; killed: boolean; travelUntil: number | null };
  providers: Record<string, boolean>;
};

/** `scouts-agent pair`, as the person runs it in a terminal. */
function pairingCodeFromCli(): string {
  const r = spawnSync(node, [path.join(repoRoot, "local-agent", "cli", "main.ts"), "pair"], {
    env: childEnv({ SCOUTS_HOME: home }),
    encoding: "utf8",
  });
  const code = /pairing code: (\d{8})/.exec(r.stdout)?.[1];
  if (r.status !== 0 || !code) throw new Error(`scouts-agent pair failed: ${r.stdout}\n${r.stderr}`);
  return code;
}

const nav = (name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();
const connection = () => page.getByRole("status", { name: "Connection" }).textContent();
const assistantState = () => page.getByRole("status", { name: "Assistant state" }).textContent();
/** What assistive technology reads after a field's label: its hint and its error. */
const describedBy = (field: ReturnType<Page["getByLabel"]>) =>
  field.evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((i) => document.getElementById(i)?.textContent ?? "")
      .join(" | "),
  );
const cards = () => page.getByRole("region", { name: "Suggestion list" }).getByRole("article");

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "scouts-controls-e2e-"));
  home = path.join(work, "home");
  watched = path.join(work, "Inbox-files");
  await mkdir(watched, { recursive: true });
  await writeFile(path.join(work, "inbox.mbox"), mbox);
  const webPort = await freePort();
  origin = `http://127.0.0.1:${webPort}`;
  const agentPort = await freePort();
  agentUrl = `http://127.0.0.1:${agentPort}`;
  // Nothing listens on the cloud URL: this agent works on its own, as without any account.
  const noCloud = `http://127.0.0.1:${await freePort()}`;
  agent = startProcess(
    node,
    [path.join(repoRoot, "local-agent", "main.ts")],
    childEnv({
      SCOUTS_HOME: home,
      SCOUTS_CLOUD_URL: noCloud,
      SCOUTS_AGENT_PORT: String(agentPort),
      SCOUTS_PWA_ORIGIN: origin,
    }),
  );
  // An empty file is not a token: a pairing link made from one leaves the PWA unpaired.
  cliToken = await until(
    "agent started",
    async () => (await readFile(path.join(home, "cli-token"), "utf8")).trim() || undefined,
  );
  await until("agent answers", async () => (await fetch(`${agentUrl}/health`)).ok);
  expect((await fetch(`${agentUrl}/local/v1/dev-token`)).status).toBe(404);
  await agentApi("/settings", {
    method: "PATCH",
    body: JSON.stringify({ localMailbox: path.join(work, "inbox.mbox"), localMailboxFormat: "mbox" }),
  });
  await until("the mailbox scout's suggestions", async () => (await agentList()).length === MAILS.length);

  process.env.SCOUTS_CLOUD_URL = noCloud;
  const configFile = path.join(repoRoot, "web", "vite.config.ts");
  const outDir = builtPwaDir();
  server = await preview({
    configFile,
    logLevel: "warn",
    build: { outDir },
    preview: { port: webPort, strictPort: true },
  });
  await mkdir(shots, { recursive: true });
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on("console", (m) => m.type() === "error" && console.error(`browser: ${m.text()}`));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await agent?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("pairing the PWA with a real agent", () => {
  it("shows the unpaired state, explains a wrong code, pairs with the CLI's code and loads suggestions", async () => {
    await page.goto(`${origin}/suggestions#agent=${encodeURIComponent(agentUrl)}`);
    await expect.poll(connection, { timeout: 20_000 }).toBe("Agent not paired");
    const form = page.getByRole("region", { name: "Pair with your agent" });
    await form.waitFor();
    expect(await form.textContent()).toContain("scouts-agent pair");
    await page.screenshot({ path: path.join(shots, "pair-form.png") });
    expect(await axeProblems(page)).toEqual([]);

    // Skipping the agent is for this session only, and the banner leads back to pairing.
    await page.getByRole("button", { name: "Use this browser as the device instead" }).click();
    await expect.poll(connection, { timeout: 20_000 }).toBe("Offline");
    expect(await form.count()).toBe(0);
    await page.getByRole("button", { name: "Pair with your agent" }).click();
    await expect.poll(connection, { timeout: 20_000 }).toBe("Agent not paired");
    await form.waitFor();

    const input = page.getByLabel("Pairing code");
    await input.fill("12");
    await page.getByRole("button", { name: "Pair", exact: true }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("The code is the 8 digits `scouts-agent pair` printed.");
    await input.fill("1234 5678");
    await page.getByRole("button", { name: "Pair", exact: true }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toMatch(/^That code is not one the agent issued/);
    expect(await input.getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("pair-code");
    await page.screenshot({ path: path.join(shots, "pair-form-error.png") });
    expect(await axeProblems(page)).toEqual([]);

    await input.fill(pairingCodeFromCli());
    await input.press("Enter");
    await expect.poll(connection, { timeout: 20_000 }).toBe("Local agent");
    await expect.poll(() => form.count()).toBe(0);
    await expect.poll(() => cards().count(), { timeout: 15_000 }).toBe(MAILS.length);
    const shown = await cards().getByRole("heading").allTextContents();
    expect(shown.sort()).toEqual(MAILS.map(([, s]) => s).sort());
    // The token is remembered: a reload goes straight to the agent.
    await page.reload();
    await expect.poll(connection, { timeout: 20_000 }).toBe("Local agent");
  });
});

describe("Settings and Scouts with the agent", () => {
  it("shows the agent's field errors, saves a watched folder, and lists both local scouts", async () => {
    await nav("Settings");
    const form = page.getByRole("form", { name: "Sources and people" });
    await form.waitFor({ timeout: 15_000 });
    const folder = form.getByLabel("Watched folder", { exact: true });
    const save = form.getByRole("button", { name: "Save sources and people" });
    await folder.fill("Inbox-files");
    await save.click();
    const folderError = () => describedBy(folder);
    await expect.poll(folderError).toContain("Use a full path, like /home/you/Inbox or ~/Inbox.");
    // Checked on disk by the agent: its message comes back under the field.
    await folder.fill(path.join(watched, "missing"));
    await save.click();
    await expect.poll(folderError).toContain("Nothing is there.");
    expect(await folder.getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-invalid"))).toBe("true");
    await form.getByLabel("VIP senders").fill("priya@work.example\nnot an address");
    await save.click();
    await expect
      .poll(() => describedBy(form.getByLabel("VIP senders")))
      .toContain("Line 2: use an address (ann@example.com) or a domain (example.com).");
    await page.screenshot({ path: path.join(shots, "settings-sources-errors.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    expect((await agentApi<{ watchedDirectory: string | null }>("/settings")).watchedDirectory).toBeNull();

    await folder.fill(watched);
    await form.getByLabel("VIP senders").fill("priya@work.example\nwork.example");
    await save.click();
    await expect.poll(() => form.getByRole("status").textContent()).toBe("Saved.");
    expect(await agentApi<{ watchedDirectory: string; vipSenders: string[] }>("/settings")).toMatchObject({
      watchedDirectory: watched,
      vipSenders: ["priya@work.example", "work.example"],
    });

    await nav("Scouts");
    const local = page.getByRole("list", { name: "Local scouts" });
    const folderScout = local.getByRole("listitem", { name: "Watched folder" });
    const mailScout = local.getByRole("listitem", { name: "Local mailbox" });
    await expect.poll(() => folderScout.textContent(), { timeout: 15_000 }).toContain(watched);
    expect(await folderScout.locator(".health").textContent()).toMatch(/^Running/);
    expect(await mailScout.locator(".health").textContent()).toMatch(
      /^Running · checked .* · 4 suggestions$/,
    );
    expect(await mailScout.textContent()).toContain("(mbox)");
    await page.screenshot({ path: path.join(shots, "scouts-local.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);

    // The folder scout takes its first look, then a new file there becomes a suggestion.
    await until("first folder scan", async () => {
      const items = (
        await agentApi<{ items: { kind: string; lastScanAt: number | null }[] }>("/local-scouts")
      ).items;
      return items.find((s) => s.kind === "local_dir")?.lastScanAt !== null;
    });
    await writeFile(path.join(watched, "invoice-4711.txt"), "Invoice 4711: please pay by the 30th");
    await nav("Suggestions");
    await page.getByRole("heading", { name: "invoice-4711.txt" }).waitFor({ timeout: 20_000 });
  });
});

describe("the kill switch from the PWA", () => {
  it("kill refuses an action with a clear message; resume and it works; pause, travel and toggles show", async () => {
    await nav("Settings");
    const controls = page.getByRole("region", { name: "Controls" });
    await controls.waitFor({ timeout: 15_000 });
    expect(await assistantState()).toBe("");
    await page.screenshot({ path: path.join(shots, "settings-controls.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);

    await controls.getByRole("button", { name: "Kill switch: stop everything now" }).click();
    const confirm = page.getByRole("dialog", { name: "Stop everything now?" });
    await confirm.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    await page.screenshot({ path: path.join(shots, "settings-kill-confirm.png") });
    expect(await axeProblems(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect.poll(() => confirm.isVisible()).toBe(false);
    expect((await agentApi<AgentStatus>("/status")).control.killed).toBe(false);
    await controls.getByRole("button", { name: "Kill switch: stop everything now" }).click();
    await confirm.getByRole("button", { name: "Stop everything" }).click();
    await expect.poll(assistantState).toMatch(/^Stopped by kill switch/);
    expect((await agentApi<AgentStatus>("/status")).control.killed).toBe(true);
    await page.screenshot({ path: path.join(shots, "settings-killed.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);

    // An archive under the kill switch is refused, says why, and changes nothing at the agent.
    await nav("Suggestions");
    await expect.poll(() => cards().count(), { timeout: 15_000 }).toBeGreaterThan(1);
    expect(await assistantState()).toMatch(/^Stopped by kill switch/);
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("k");
    const id = (await page.locator('article[aria-current="true"]').getAttribute("data-id")) ?? "";
    await page.keyboard.press("e");
    // Said on the card that was acted on, where the person is looking.
    await expect
      .poll(() => page.locator(`article[data-id="${id}"]`).getByRole("alert").textContent())
      .toBe("Could not archive: kill switch is on");
    expect((await agentList()).map((s) => s.id)).toContain(id);
    await page.screenshot({ path: path.join(shots, "suggestions-killed.png") });

    // Resume from the banner's link to Controls; the same archive now goes through.
    await page
      .getByRole("status", { name: "Assistant state" })
      .getByRole("link", { name: "Controls" })
      .click();
    await controls.getByRole("button", { name: "Resume" }).click();
    await expect.poll(assistantState).toBe("");
    expect((await agentApi<AgentStatus>("/status")).control).toMatchObject({ killed: false, paused: false });
    await nav("Suggestions");
    await page.locator(`article[data-id="${id}"]`).waitFor({ timeout: 15_000 });
    await page.locator(`article[data-id="${id}"]`).click({ position: { x: 5, y: 5 } });
    await expect.poll(() => page.locator('article[aria-current="true"]').getAttribute("data-id")).toBe(id);
    await page.keyboard.press("e");
    await expect.poll(async () => (await agentList("archived")).map((s) => s.id)).toContain(id);

    // Pause, travel and a provider toggle each show at once, and reach the agent.
    await nav("Settings");
    await controls.getByRole("button", { name: "Pause" }).click();
    await expect.poll(assistantState).toMatch(/^Paused/);
    await controls.getByRole("button", { name: "Resume" }).click();
    await expect.poll(assistantState).toBe("");
    const back = new Date();
    back.setDate(back.getDate() + 10);
    const iso = `${back.getFullYear()}-${String(back.getMonth() + 1).padStart(2, "0")}-${String(back.getDate()).padStart(2, "0")}`;
    await controls.getByLabel("Back on").fill(iso);
    await controls.getByRole("button", { name: "Start travel mode" }).click();
    await expect.poll(assistantState).toMatch(/^Travelling until /);
    expect((await agentApi<AgentStatus>("/status")).control.travelUntil).toBe(
      new Date(back.getFullYear(), back.getMonth(), back.getDate()).getTime(),
    );
    // Controlled by the agent's answer: the box turns unchecked once the toggle is saved.
    const mailToggle = controls.getByRole("checkbox", { name: "Local mailbox" });
    await mailToggle.click();
    await expect.poll(() => mailToggle.isChecked()).toBe(false);
    await expect.poll(async () => (await agentApi<AgentStatus>("/status")).providers.local_mail).toBe(false);
    await page.screenshot({ path: path.join(shots, "settings-travel.png"), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    await nav("Scouts");
    await expect
      .poll(() => page.getByRole("listitem", { name: "Local mailbox" }).locator(".health").textContent(), {
        timeout: 15_000,
      })
      .toMatch(/^Off · its switch is off /);
    await nav("Settings");
    await controls.getByRole("button", { name: "End travel mode" }).click();
    await expect.poll(assistantState).toBe("");
  });
});
