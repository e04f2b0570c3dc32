import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningMcpServer, startMcpServer } from "../automation/support/mcp-server.ts";
import { axeProblems } from "../support/axe.ts";
import { launchChromium } from "../support/browser.ts";
import { repoRoot, startWranglerDev, type WranglerDev } from "../support/processes.ts";
import { builtPwaDir } from "../support/shared-builds.ts";

const shots = path.join(repoRoot, "test-results", "screenshots");

/**
 * The automation screens in Chromium against `wrangler dev` serving the built PWA (one origin):
 * the MCP connections screen (add → tools harvested, test, remove), the slack_post destination
 * picked from the workspace directory, and a run on Workflows waiting for an approval, answered
 * from the run view. Each screen on a phone (390×844) and a desktop, axe clean.
 */
let worker: WranglerDev;
let mcp: RunningMcpServer;

beforeAll(async () => {
  builtPwaDir(); // the Worker serves web/dist
  mcp = await startMcpServer("screens-mcp-key");
  worker = await startWranglerDev({
    SCOUTS_ENV: "development",
    SCOUTS_DEV_MODE: "true",
    TOKEN_KEYS: JSON.stringify({ "1": Buffer.alloc(32, 7).toString("base64") }),
    SESSION_SECRET: "e2e-automation-screens-secret-0123456789",
  });
  mkdirSync(shots, { recursive: true });
}, 240_000);

afterAll(async () => {
  await worker?.stop();
  await mcp?.close();
});

async function signedIn(page: Page, email: string) {
  const res = await page.request.post(`${worker.url}/api/v1/dev/signin`, { data: { email } });
  expect(res.status()).toBe(200);
  const api = async <T>(method: string, p: string, data?: unknown): Promise<T> => {
    const r = await page.request.fetch(`${worker.url}/api/v1${p}`, {
      method,
      ...(data !== undefined ? { data } : {}),
    });
    if (!r.ok()) throw new Error(`${method} ${p}: ${r.status()} ${await r.text()}`);
    return (await r.json()) as T;
  };
  return api;
}

async function approvalRun(api: Awaited<ReturnType<typeof signedIn>>) {
  const { automation, webhookToken } = await api<{ automation: { id: string }; webhookToken: string }>(
    "POST",
    "/automations",
    {
      definition: {
        schema_version: 1,
        name: "Ask before posting",
        triggers: [{ type: "webhook" }],
        plan: {
          steps: [
            {
              id: "ok",
              action: "approval",
              with: { title: "Post the weekly digest?", timeout_minutes: 120 },
            },
            { id: "done", action: "transform_data", with: { value: "posted" } },
          ],
        },
        execution: { concurrency: "allow_parallel" },
      },
    },
  );
  const fired = await fetch(`${worker.url}/api/v1/automations/${automation.id}/fire`, {
    method: "POST",
    headers: { authorization: `Bearer ${webhookToken}`, "content-type": "application/json" },
    body: "{}",
  });
  const { runId } = (await fired.json()) as { runId: string };
  for (let i = 0; i < 150; i++) {
    const d = await api<{ steps: { stepId: string; status: string }[] }>("GET", `/automations/runs/${runId}`);
    if (d.steps.some((s) => s.stepId === "ok" && s.status === "running")) return { runId };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the run never waited for its approval");
}

for (const device of [
  { name: "phone", viewport: { width: 390, height: 844 }, touch: true },
  { name: "desktop", viewport: { width: 1280, height: 860 }, touch: false },
] as const) {
  describe(`automation screens on a ${device.name}`, () => {
    let browser: Awaited<ReturnType<typeof launchChromium>>;
    let page: Page;
    let api: Awaited<ReturnType<typeof signedIn>>;
    beforeAll(async () => {
      browser = await launchChromium({ viewport: device.viewport, touch: device.touch, bypassCsp: true });
      page = await browser.context.newPage();
      api = await signedIn(page, `screens-${device.name}@example.com`);
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
    });

    it("MCP connections: add (tools harvested), test, remove", async () => {
      await page.goto(`${worker.url}/automations`);
      const panel = page.getByRole("region", { name: "MCP connections" });
      await panel.getByText("No MCP servers connected.").waitFor();
      const form = page.getByRole("form", { name: "add an MCP server" });
      await form.getByLabel("Name").fill("helpdesk");
      await form.getByLabel("Server URL").fill(mcp.url);
      await form.getByLabel(/Bearer credential/).fill("screens-mcp-key");
      await form.getByRole("button", { name: "Add server" }).click();
      await panel.getByRole("status").filter({ hasText: "Added helpdesk: 3 tools harvested." }).waitFor();
      const tools = panel.getByRole("list", { name: "tools of helpdesk" });
      await tools.getByText("create_ticket").waitFor();
      expect(await tools.getByRole("listitem").count()).toBe(3);
      expect(await axeProblems(page)).toEqual([]);
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `automations-mcp-${device.name}.png`), fullPage: true });
      await panel.getByRole("button", { name: "Test helpdesk" }).click();
      await panel.getByRole("status").filter({ hasText: "helpdesk: 3 tools harvested." }).waitFor();
      await panel.getByRole("button", { name: "Remove helpdesk" }).click();
      await panel.getByText("No MCP servers connected.").waitFor();
      expect((await api<{ tools: unknown[] }>("GET", "/automations/mcp/tools")).tools).toEqual([]);
    }, 60_000);

    it("slack_post takes its destination from the workspace directory", async () => {
      await api("PUT", "/workspaces", { workspaceKey: "slack://channel/C024BE91L", displayName: "general" });
      await page.goto(`${worker.url}/automations`);
      await page.getByRole("button", { name: "New automation" }).click();
      await page.getByRole("button", { name: "Add step" }).click();
      const last = page.locator("fieldset", { hasText: "Step step_" }).last();
      await last.getByLabel("Action").selectOption("slack_post");
      const picker = last.getByLabel("Post to *");
      await picker.locator("option", { hasText: "general" }).waitFor({ state: "attached" });
      await picker.selectOption("slack://channel/C024BE91L");
      expect(await last.getByLabel("or channel (name, id or template)").inputValue()).toBe(
        "slack://channel/C024BE91L",
      );
      expect(await axeProblems(page)).toEqual([]);
      await last.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `automations-slack-picker-${device.name}.png`) });
    }, 60_000);

    it("a run waiting for an approval is approved from the run view and goes on", async () => {
      const { runId } = await approvalRun(api);
      await page.goto(`${worker.url}/automations`);
      await page.getByRole("button", { name: "Ask before posting", exact: true }).click();
      const history = page.getByRole("region", { name: "run history" });
      await history
        .getByRole("button", { name: /webhook · v1 · running/ })
        .first()
        .click();
      const approval = page.getByRole("region", { name: "approval needed" });
      await approval.getByText("Post the weekly digest?").waitFor();
      expect(await axeProblems(page)).toEqual([]);
      await approval.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `automations-approval-${device.name}.png`) });
      await approval.getByRole("button", { name: "Approve" }).click();
      await approval.getByRole("status").filter({ hasText: "You approved it" }).waitFor();
      for (let i = 0; i < 100; i++) {
        const d = await api<{ run: { status: string } }>("GET", `/automations/runs/${runId}`);
        if (d.run.status === "succeeded") return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error("the approved run did not finish");
    }, 90_000);
  });
}
