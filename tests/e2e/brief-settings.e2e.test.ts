import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveFake } from "../fakes/serve.ts";
import { createFakeSlack } from "../fakes/slack.ts";
import { axeProblems } from "../support/axe.ts";
import { launchChromium } from "../support/browser.ts";
import { screenshots, startPwaStack, until } from "../support/pwa-stack.ts";

/**
 * Brief settings in Chromium against wrangler dev, a real agent and a faked Slack: the brief's
 * destination switched from the incoming webhook to a channel picked from the person's own
 * workspace directory, kept across a reload; the brief then reaches that channel through the
 * Worker with the person's Slack connection, and a revoked connection's error shows in Settings.
 */
const EMAIL = "brief-settings-e2e@scouts.local";
const slack = createFakeSlack({
  teamId: "T0BRIEFE2E",
  clientId: "e2e-slack-client",
  clientSecret: "e2e-slack-secret",
});
let slackServer: Awaited<ReturnType<typeof serveFake>>;
let stack: Awaited<ReturnType<typeof startPwaStack>>;

async function history(channel: string) {
  const res = await fetch(`${slackServer.url}/api/conversations.history`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${slack.botToken}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ channel }).toString(),
  });
  return ((await res.json()) as { messages: { text: string; client_msg_id?: string }[] }).messages;
}

/** Signs the browser in (session cookie), connects Slack through the app's OAuth, fills the directory. */
async function signInAndConnect(page: Page) {
  const w = stack.worker.url;
  expect((await page.request.post(`${w}/api/v1/dev/signin`, { data: { email: EMAIL } })).status()).toBe(200);
  const start = await page.request.get(`${w}/oauth/slack/start`, { maxRedirects: 0 });
  const state = new URL(start.headers().location ?? "").searchParams.get("state");
  expect(state).toBeTruthy();
  const cb = await page.request.get(
    `${w}/oauth/slack/callback?code=${slack.oauthCode("U0BRIEFME")}&state=${state}`,
    { maxRedirects: 0 },
  );
  expect(cb.status(), await cb.text()).toBe(302);
  for (const [workspaceKey, displayName] of [
    ["slack://channel/C0BRIEFS", "#briefs"],
    ["slack://im/D0WITHANN", "Ann"],
  ])
    expect(
      (await page.request.put(`${w}/api/v1/workspaces`, { data: { workspaceKey, displayName } })).status(),
    ).toBeLessThan(300);
}

async function openSettings(page: Page) {
  await page.goto(`${stack.origin}/#agent=${encodeURIComponent(stack.agentUrl)}`);
  await until("the PWA on the local agent", async () =>
    (await page.getByRole("status", { name: "Connection" }).textContent()) === "Local agent"
      ? true
      : undefined,
  );
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Settings", exact: true })
    .click();
  await page.getByRole("group", { name: "Where the brief and alerts go in Slack" }).waitFor();
}

beforeAll(async () => {
  slack.addChannel({ id: "C0BRIEFS", name: "briefs", members: ["U0BRIEFME"] });
  slackServer = await serveFake(slack.handler);
  stack = await startPwaStack({
    email: EMAIL,
    emit: 0,
    ready: 0,
    workerEnv: {
      SLACK_API_BASE: `${slackServer.url}/api`,
      SLACK_CLIENT_ID: "e2e-slack-client",
      SLACK_CLIENT_SECRET: "e2e-slack-secret",
      SLACK_SIGNING_SECRET: "e2e-slack-signing-secret",
    },
  });
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await slackServer?.close();
});

describe("brief settings: a channel from your workspaces", () => {
  for (const device of [
    { name: "phone", viewport: { width: 390, height: 844 }, touch: true },
    { name: "desktop", viewport: { width: 1280, height: 900 }, touch: false },
  ] as const) {
    it(`picks the channel, keeps it across a reload, axe clean (${device.name})`, async () => {
      const browser = await launchChromium({
        viewport: device.viewport,
        touch: device.touch,
        bypassCsp: true,
      });
      try {
        const page = await browser.context.newPage();
        await signInAndConnect(page);
        await openSettings(page);
        const group = page.getByRole("group", { name: "Where the brief and alerts go in Slack" });
        await group.getByLabel("Incoming webhook (stays as today)").check();
        await group.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(screenshots, `brief-settings-webhook-${device.name}.png`) });
        await group.getByLabel("A channel from your workspaces").check();
        const picker = group.getByLabel("Channel", { exact: true });
        await expect.poll(() => picker.isEnabled()).toBe(true);
        // Only channels: the DM in the directory is not offered.
        expect(await picker.locator("option").allTextContents()).toEqual(["Choose…", "#briefs"]);
        await picker.selectOption({ label: "#briefs" });
        await group.getByText("passes through the Scouts cloud in memory").waitFor();
        await page.getByRole("button", { name: "Save settings" }).click();
        await page.getByRole("status").filter({ hasText: "Settings saved." }).waitFor();
        await page.reload();
        await openSettings(page);
        expect(await group.getByLabel("A channel from your workspaces").isChecked()).toBe(true);
        await expect.poll(() => picker.inputValue()).toBe("slack://channel/C0BRIEFS");
        expect(await axeProblems(page)).toEqual([]);
        await group.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(screenshots, `brief-settings-channel-${device.name}.png`) });
      } finally {
        await browser.close();
      }
    }, 120_000);
  }

  it("the brief reaches the channel; a revoked Slack connection is explained in Settings", async () => {
    const posted = await stack.agent<{ posted: boolean }>("/brief/slack?period=morning", { method: "POST" });
    expect(posted.posted).toBe(true);
    const messages = await history("C0BRIEFS");
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toMatch(/^Scouts morning brief/);
    expect(messages[0]!.client_msg_id).toMatch(/^[0-9a-f-]{36}$/);

    slack.revokeAll();
    await expect(stack.agent("/brief/slack?period=morning", { method: "POST" })).rejects.toThrow(/revoked/);
    const browser = await launchChromium({ viewport: { width: 1280, height: 900 }, bypassCsp: true });
    try {
      const page = await browser.context.newPage();
      const signin = await page.request.post(`${stack.worker.url}/api/v1/dev/signin`, {
        data: { email: EMAIL },
      });
      expect(signin.status()).toBe(200);
      await openSettings(page);
      const group = page.getByRole("group", { name: "Where the brief and alerts go in Slack" });
      // The picker still lists the channel (the directory is the cloud's, the grant is Slack's).
      await expect
        .poll(() => group.getByLabel("Channel", { exact: true }).inputValue())
        .toBe("slack://channel/C0BRIEFS");
      const alert = page
        .getByRole("group", { name: "Where the brief and alerts go in Slack" })
        .getByRole("alert");
      await expect
        .poll(() => alert.textContent())
        .toMatch(/Slack connection was revoked or expired: reconnect Slack/);
      expect(await axeProblems(page)).toEqual([]);
      await alert.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(screenshots, "brief-settings-revoked-desktop.png") });
    } finally {
      await browser.close();
    }
  }, 120_000);
});
