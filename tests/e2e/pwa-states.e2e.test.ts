import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Status } from "@scouts/core/protocol/local-api";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeProblems } from "../support/axe.ts";
import { launchChromium } from "../support/browser.ts";
import { childEnv, repoRoot } from "../support/processes.ts";
import { screenshots, startPwaStack } from "../support/pwa-stack.ts";

/**
 * The PWA's designed states in Chromium against one real stack (wrangler dev with Google's OAuth
 * faked, a real agent, the built PWA): a fresh install's empty screens, an agent call failing and
 * recovering, a Gmail connection that needs re-authorization (the hub's one-time notice, kept by
 * the agent), and offline.
 */
const EMAIL = "pwa-states@scouts.local";
const execFileAsync = promisify(execFile);
const REAUTH_TEXT = "Your Gmail connection expired: reconnect it to resume this scout.";
let stack: Awaited<ReturnType<typeof startPwaStack>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;

const shot = (name: string) =>
  page.screenshot({ path: path.join(screenshots, `states-${name}.png`), fullPage: true });
const nav = (name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();
const connection = () => page.getByRole("status", { name: "Connection" }).textContent();
const main = () => page.locator("#main");
/** A shared state (Empty, NeedsSource) by its title. */
const stateBox = (title: string) =>
  main()
    .locator(".state")
    .filter({ has: page.getByText(title, { exact: true }) });
const notices = () => page.getByRole("region", { name: "Notices" });
const gmailScout = () => page.locator("li.scout").filter({ hasText: `Gmail · ${EMAIL}` });
const agentStatus = () => stack.agent<Status>("/status");

/** Opens the PWA paired with the stack's agent (each test starts here, whatever ran before). */
async function openPwa(): Promise<void> {
  await page.goto(`${stack.origin}/suggestions#agent=${encodeURIComponent(stack.agentUrl)}`);
  await expect.poll(connection, { timeout: 20_000 }).toBe("Local agent");
}

/**
 * SQL on the Worker's local D1 while `wrangler dev` runs on it (`wrangler d1 execute --local`).
 * Asynchronous: the PWA's preview server runs in this process and must keep answering.
 */
async function d1(sql: string): Promise<Record<string, unknown>[]> {
  const r = await execFileAsync(
    path.join(repoRoot, "node_modules", ".bin", "wrangler"),
    [
      "d1",
      "execute",
      "scouts",
      "--local",
      "--persist-to",
      stack.worker.persistDir,
      "--json",
      "--command",
      sql,
    ],
    { cwd: repoRoot, env: childEnv(), encoding: "utf8" },
  ).catch((e: { stdout?: string; stderr?: string }) => {
    throw new Error(`wrangler d1 execute failed:\n${e.stdout}\n${e.stderr}`);
  });
  return (JSON.parse(r.stdout) as { results: Record<string, unknown>[] }[]).flatMap((x) => x.results);
}

/** What the Worker records when Google answers `invalid_grant` (scout-connector's markNeedsReauth). */
async function gmailNeedsReauth(userId: string): Promise<void> {
  await d1(
    `UPDATE scout_connections SET needs_reauth = 1, watch_expiration = NULL WHERE user_id = '${userId}' AND provider = 'google'; ` +
      `UPDATE scouts SET paused_reason = 'needs_reauth' WHERE user_id = '${userId}' AND source_type = 'gmail'`,
  );
}

beforeAll(async () => {
  stack = await startPwaStack({ email: EMAIL, emit: 0, ready: 0 });
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on("console", (m) => m.type() === "error" && console.error(`browser: ${m.text()}`));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe("a fresh install", () => {
  it("shows each screen's designed empty state, without serious accessibility problems", async () => {
    await openPwa();
    const screens: [link: string, file: string, shown: () => Locator, says: RegExp][] = [
      [
        "Suggestions",
        "suggestions",
        () => stateBox("No suggestions yet"),
        /Connect Gmail or Slack on Scouts/,
      ],
      [
        "Brief",
        "brief",
        () => stateBox("Nothing new since the last brief"),
        /counts new suggestions by urgency/,
      ],
      ["Ask", "ask", () => main().locator("form"), /Your question/],
      ["Tasks", "tasks", () => stateBox("No tasks, events or notes yet"), /Convert a suggestion to a task/],
      ["Activity", "activity", () => stateBox("No actions yet"), /Archive, snooze or label a suggestion/],
      ["Scouts", "scouts", () => page.getByRole("region", { name: "Sign in" }), /Sign in to see your scouts/],
      ["Policies", "policies", () => main().getByRole("button", { name: "Save policies" }), /Save policies/],
      ["Settings", "settings", () => page.getByRole("region", { name: "Controls" }), /Now: Running/],
    ];
    const problems: string[] = [];
    for (const [link, file, shown, says] of screens) {
      await nav(link);
      await expect.poll(() => shown().textContent(), { timeout: 15_000 }).toMatch(says);
      await shot(`empty-${file}`);
      problems.push(...(await axeProblems(page)).map((p) => `${file}: ${p}`));
    }
    // Ask on an empty device answers from it, and says there is nothing.
    await nav("Ask");
    await page.getByLabel("Your question").fill("What's urgent today?");
    await page.getByRole("button", { name: "Ask", exact: true }).click();
    await expect
      .poll(() => page.getByRole("region", { name: "Answer" }).locator(".answer-text").textContent())
      .toBe("Nothing urgent today.");
    // The agent's own scouts say how to set them up.
    await nav("Scouts");
    const local = page.getByRole("list", { name: "Local scouts" });
    await expect.poll(() => local.textContent(), { timeout: 15_000 }).toContain("Not set up · no folder set");
    expect(await local.getByRole("link", { name: "Set up in Settings" }).count()).toBe(2);
    expect(problems).toEqual([]);
  });
});

describe("an agent call that fails", () => {
  it("shows the error with Try again on each screen, which recovers once the agent answers", async () => {
    await openPwa();
    const failing: [link: string, agentPath: string, recovered: () => Locator][] = [
      ["Suggestions", "/local/v1/suggestions", () => stateBox("No suggestions yet")],
      ["Brief", "/local/v1/brief", () => stateBox("Nothing new since the last brief")],
      ["Activity", "/local/v1/ledger", () => stateBox("No actions yet")],
      ["Tasks", "/local/v1/entities/tasks", () => stateBox("No tasks, events or notes yet")],
      ["Policies", "/local/v1/policies", () => main().getByRole("button", { name: "Save policies" })],
      ["Settings", "/local/v1/settings", () => main().getByRole("button", { name: "Save settings" })],
    ];
    const message = "the agent's database is busy (disk I/O error)";
    for (const [link, agentPath, recovered] of failing) {
      // The agent stays real: one of its answers is replaced by a 500 in its own error shape.
      const only = (u: URL) => u.origin === stack.agentUrl && u.pathname === agentPath;
      await page.route(only, (route) =>
        route.request().method() === "GET"
          ? route.fulfill({
              status: 500,
              contentType: "application/json",
              body: JSON.stringify({ error: { code: "internal", message } }),
            })
          : route.fallback(),
      );
      await nav(link === "Suggestions" ? "Brief" : "Suggestions");
      await nav(link);
      const error = main().getByRole("alert").filter({ hasText: "Something went wrong" });
      await expect.poll(() => error.textContent(), { timeout: 15_000 }).toContain(message);
      if (link === "Brief") {
        await shot("error-brief");
        expect(await axeProblems(page)).toEqual([]);
      }
      await page.unroute(only);
      await error.getByRole("button", { name: "Try again" }).click();
      await expect.poll(() => recovered().count(), { timeout: 15_000 }).toBe(1);
      expect(await error.count(), link).toBe(0);
    }

    // Ask: the failed question is asked again.
    const ask = (u: URL) => u.origin === stack.agentUrl && u.pathname === "/local/v1/ask";
    await page.route(ask, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "internal", message } }),
      }),
    );
    await nav("Ask");
    await page.getByLabel("Your question").fill("Summarize my inbox");
    await page.getByRole("button", { name: "Ask", exact: true }).click();
    const error = main().getByRole("alert").filter({ hasText: "Something went wrong" });
    await expect.poll(() => error.textContent()).toContain(message);
    await page.unroute(ask);
    await error.getByRole("button", { name: "Try again" }).click();
    await expect
      .poll(() => page.getByRole("region", { name: "Answer" }).locator(".answer-text").textContent())
      .toBe("Your inbox has nothing open.");
  });
});

describe("a Gmail connection that needs re-authorization", () => {
  it("reaches the PWA as a lasting notice, shows on Scouts, clears on re-authorizing, and dismisses", async () => {
    await openPwa();
    // Gmail connected through the real OAuth round trip (Google's side faked): a second cloud scout.
    await nav("Scouts");
    await page.getByRole("link", { name: "Connect Gmail" }).click();
    await page.waitForURL(`${stack.origin}/suggestions`);
    await nav("Scouts");
    await expect
      .poll(() => gmailScout().locator(".health").textContent(), { timeout: 15_000 })
      .toMatch(/^Healthy/);
    const { userId } = await agentStatus();
    if (!userId) throw new Error("the agent is not paired");

    // Google refused the refresh token: the cloud marks the connection; the hub tells the next device that connects.
    await gmailNeedsReauth(userId);
    await stack.stopAgent();
    await stack.startAgent();
    const alert = notices().getByRole("alert");
    await expect.poll(() => alert.textContent(), { timeout: 30_000 }).toContain(REAUTH_TEXT);
    const reauth = alert.getByRole("link", { name: "Re-authorize Gmail" });
    expect(await reauth.getAttribute("href")).toBe("/oauth/google/start?returnTo=%2Fscouts");
    await shot("reauth-banner");
    expect(await axeProblems(page)).toEqual([]);
    // Handed out once by the hub, kept by the agent: a reloaded PWA still shows it.
    const [told] = await d1(
      `SELECT reauth_notified_at FROM scout_connections WHERE user_id = '${userId}' AND provider = 'google'`,
    );
    expect(told?.reauth_notified_at).toEqual(expect.any(Number));
    await page.reload();
    await expect.poll(() => alert.textContent(), { timeout: 20_000 }).toContain(REAUTH_TEXT);

    // Scouts says it for the scout itself, with its own Re-authorize.
    await nav("Scouts");
    await expect
      .poll(() => gmailScout().locator(".health").textContent(), { timeout: 15_000 })
      .toBe("Needs re-authorization: access was revoked or expired.");
    expect(await gmailScout().getByRole("link", { name: "Re-authorize Gmail" }).getAttribute("href")).toBe(
      "/oauth/google/start?returnTo=%2Fscouts",
    );
    await shot("reauth-scouts");
    expect(await axeProblems(page)).toEqual([]);

    // Re-authorizing from the banner: back on Scouts, healthy, and the notice is gone here and at the agent.
    await reauth.click();
    await page.waitForURL(`${stack.origin}/scouts`);
    await expect
      .poll(() => gmailScout().locator(".health").textContent(), { timeout: 15_000 })
      .toMatch(/^Healthy/);
    await expect.poll(async () => (await agentStatus()).notices, { timeout: 15_000 }).toEqual([]);
    await expect.poll(() => notices().count()).toBe(0);
    await shot("reauth-cleared");

    // Another expiry later: the notice shows again; Dismiss hides it for good (the scout still says so).
    await gmailNeedsReauth(userId);
    await stack.stopAgent();
    await stack.startAgent();
    await expect.poll(() => alert.textContent(), { timeout: 30_000 }).toContain(REAUTH_TEXT);
    await alert.getByRole("button", { name: "Dismiss" }).click();
    await expect.poll(() => notices().count()).toBe(0);
    expect((await agentStatus()).notices).toEqual([]);
    await page.reload();
    await expect
      .poll(() => gmailScout().locator(".health").textContent(), { timeout: 15_000 })
      .toBe("Needs re-authorization: access was revoked or expired.");
    expect(await notices().count()).toBe(0);
  });
});

describe("offline", () => {
  it("keeps the last synced suggestions to read and says what needs a connection", async () => {
    await openPwa();
    await stack.emit(8, 2);
    await nav("Suggestions");
    const cards = () => page.getByRole("region", { name: "Suggestion list" }).getByRole("article");
    await expect.poll(() => cards().count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const online = await cards().count();

    await browser.context.setOffline(true);
    await page.reload();
    await expect.poll(connection, { timeout: 20_000 }).toBe("Offline");
    await expect.poll(() => cards().count(), { timeout: 15_000 }).toBe(online);
    expect(await page.getByText(`Read-only: last synced copy (${online} suggestions).`).count()).toBe(1);
    await shot("offline-suggestions");
    const problems = (await axeProblems(page)).map((p) => `suggestions: ${p}`);
    for (const [link, what] of [
      ["Brief", "The brief"],
      ["Activity", "Activity"],
      ["Tasks", "Tasks and notes"],
      ["Ask", "Ask"],
      ["Settings", "Settings"],
    ] as const) {
      await nav(link);
      await expect
        .poll(() => stateBox("Offline").textContent())
        .toContain(`${what} needs your local agent or this browser's device connection.`);
      if (link === "Brief") await shot("offline-brief");
      problems.push(...(await axeProblems(page)).map((p) => `${link}: ${p}`));
    }
    await nav("Policies");
    await expect
      .poll(() => main().getByRole("status").filter({ hasText: "Offline: showing defaults" }).count())
      .toBe(1);
    await nav("Scouts");
    await expect.poll(() => stateBox("Offline").textContent()).toContain("show again once you are online");
    expect(await main().locator(".hint").textContent()).toContain("while your Scouts agent is reachable");
    await shot("offline-scouts");
    problems.push(...(await axeProblems(page)).map((p) => `scouts: ${p}`));
    expect(problems).toEqual([]);
    await browser.context.setOffline(false);

    // The agent stopped while the browser is online: the same states, and Reconnect once it is back.
    await stack.stopAgent();
    await nav("Suggestions");
    await page.reload();
    await expect.poll(connection, { timeout: 20_000 }).toBe("Offline");
    await expect.poll(() => cards().count(), { timeout: 15_000 }).toBe(online);
    await nav("Brief");
    await expect.poll(() => stateBox("Offline").textContent()).toContain("The brief needs your local agent");
    await shot("agent-stopped");
    expect(await axeProblems(page)).toEqual([]);
    await stack.startAgent();
    await page.getByRole("button", { name: "Reconnect" }).first().click();
    await expect.poll(connection, { timeout: 20_000 }).toBe("Local agent");
    await expect
      .poll(() => main().locator(".lead").textContent(), { timeout: 15_000 })
      .toMatch(/^\d+ new since/);
  });
});
