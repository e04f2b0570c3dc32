import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeProblems } from "../support/axe.ts";
import { launchChromium } from "../support/browser.ts";
import {
  type AgentSuggestion,
  cardsForEveryCohort,
  screenshots,
  startPwaGmailStack,
} from "../support/pwa-gmail-stack.ts";
import { eventually } from "./pipeline-harness.ts";

/**
 * Every screen of the PWA (the routes of `web/src/router.tsx`) at phone (390×844, touch) and
 * desktop (1280×900) size, each rendered without an error and saved to `test-results/screenshots/`
 * as `screen-<name>-phone.png` and `-desktop.png`, each with its own h1 and no axe violation of any
 * impact; then the cloud goes down (`wrangler dev` stopped) and the PWA with its agent still lists suggestions and answers Ask from local data.
 * Real `wrangler dev`, the agent, fake Gmail, Chromium.
 */
let s: Awaited<ReturnType<typeof startPwaGmailStack>>;
let phone: Awaited<ReturnType<typeof launchChromium>>;
let desktop: Awaited<ReturnType<typeof launchChromium>>;
let annId = "";

const ANN_SUBJECT = "Can we move the roadmap review to Friday?";

/** Every route; `:id` is the delivered message's suggestion. */
const routes = (): [string, string][] => [
  ["brief", "/brief"],
  ["suggestions", "/suggestions"],
  ["screener", "/screener"],
  ["screened", "/screened"],
  ["ask", "/ask"],
  ["tasks", "/tasks"],
  ["activity", "/activity"],
  ["cleanup", "/cleanup"],
  ["scouts", "/scouts"],
  ["accounts", "/accounts"],
  ["policies", "/policies"],
  ["settings", "/settings"],
  ["automations", "/automations"],
  ["projects", "/projects"],
  ["workspaces", "/workspaces"],
  ["operator", "/operator"],
  ["suggestion", `/suggestion/${encodeURIComponent(annId)}`],
  ["read", `/read/${encodeURIComponent(annId)}`],
];

/** Opens a route with the agent, waits until it shows and nothing is loading, saves it. */
async function capture(page: Page, name: string, route: string, size: "phone" | "desktop") {
  await page.goto(`${s.origin}${route}#agent=${encodeURIComponent(s.agentUrl)}`);
  // Every screen has its own top-level heading.
  const headed = await page
    .locator("main h1:visible")
    .first()
    .waitFor({ timeout: 30_000 })
    .then(
      () => true,
      () => false,
    );
  const loaded = await eventually(
    async () =>
      (await page
        .locator("main")
        .getByText(/^Loading/)
        .count()) === 0
        ? true
        : undefined,
    30_000,
    `${route} done loading`,
  ).catch(() => false);
  await page.screenshot({ path: path.join(screenshots, `screen-${name}-${size}.png`), fullPage: true });
  const broken = await page.locator("main [role=alert]").allTextContents();
  if (!headed) broken.push("no h1 in main");
  if (!loaded) broken.push("still loading after 30 s");
  // Every axe violation, moderate and minor included, on the whole page (shell and screen).
  for (const v of await axeProblems(page, { all: true })) broken.push(`axe: ${v}`);
  return broken.length ? `${route} (${size}): ${broken.join(" | ").slice(0, 300)}` : null;
}

beforeAll(async () => {
  s = await startPwaGmailStack("pwa-every-screen");
  await cardsForEveryCohort(s.local);
  const [ann] = await s.deliver<AgentSuggestion>({
    from: "Ann Colleague <ann@colleague.example>",
    subject: ANN_SUBJECT,
    body: "Would Friday at 10 work for the roadmap review?",
  });
  annId = ann!.s.id;
  phone = await launchChromium({ viewport: { width: 390, height: 844 }, touch: true });
  desktop = await launchChromium({ viewport: { width: 1280, height: 900 } });
}, 300_000);

afterAll(async () => {
  await phone?.close();
  await desktop?.close();
  await s?.stop();
});

describe("every screen at phone and desktop size", () => {
  it("renders each route without an error and saves both screenshots", async () => {
    const problems: string[] = [];
    for (const [size, b] of [
      ["phone", phone],
      ["desktop", desktop],
    ] as const) {
      const page = await b.context.newPage();
      // The cloud-backed screens (automations, workspaces) use a Worker session on the PWA's origin.
      const signin = await page.request.post(`${s.origin}/api/v1/dev/signin`, {
        data: { email: s.stack.email },
      });
      expect(signin.status()).toBe(200);
      for (const [name, route] of routes()) {
        const p = await capture(page, name, route, size);
        // Gmail is connected (the dev sign-in is the account Google sign-in adopted): the scan offers it.
        if (name === "workspaces") {
          const gmail = page.getByRole("option", { name: `Gmail ${s.stack.email}`, exact: true });
          const shown = await gmail.waitFor({ state: "attached", timeout: 15_000 }).then(
            () => true,
            () => false,
          );
          const offered = await page.getByRole("option").allTextContents();
          if (!shown)
            problems.push(
              `/workspaces (${size}): Gmail not offered to scan (${offered.join(", ") || "none"})`,
            );
        }
        if (p) problems.push(p);
      }
      await page.close();
    }
    expect(problems).toEqual([]);
  }, 600_000);
});

describe("the cloud is down, the agent is not (phone)", () => {
  it("lists suggestions and answers Ask from the agent's local data with wrangler dev stopped", async () => {
    await s.stack.worker.stop();
    await eventually(
      async () =>
        (await s.local<{ cloud: { connected: boolean } }>("/status")).cloud.connected ? undefined : true,
      60_000,
      "the agent noticing the cloud is gone",
    );
    const page = await phone.context.newPage();
    await page.goto(`${s.origin}/suggestions#agent=${encodeURIComponent(s.agentUrl)}`);
    await page
      .getByRole("region", { name: "Suggestion list" })
      .getByRole("article")
      .filter({ hasText: ANN_SUBJECT })
      .waitFor({ timeout: 30_000 });
    await page.screenshot({
      path: path.join(screenshots, "cloud-down-suggestions-phone.png"),
      fullPage: true,
    });

    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Ask", exact: true })
      .tap();
    await page.getByLabel("Your question").fill("anything from Ann this week?");
    await page.getByRole("button", { name: "Ask", exact: true }).tap();
    const answer = page.getByRole("region", { name: "Answer" });
    await answer.getByRole("link", { name: new RegExp(ANN_SUBJECT.replace(/\?/g, "\\?")) }).waitFor({
      timeout: 20_000,
    });
    await answer.getByText("From your local data").waitFor();
    await page.screenshot({ path: path.join(screenshots, "cloud-down-ask-phone.png"), fullPage: true });
  });
});
