import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../support/browser.ts";
import { repoRoot, startWranglerDev, type WranglerDev } from "../support/processes.ts";
import { builtPwaDir } from "../support/shared-builds.ts";

const shots = path.join(repoRoot, "test-results", "screenshots");
const OPERATOR_TOKEN = "op_e2e_0123456789abcdef0123456789abcdef";

/**
 * As deployed: one Worker serves the built PWA (static assets, single-page fallback, its own
 * Content-Security-Policy) and the API on the same origin, and Chromium installs the app from it.
 */
describe("the Worker serves the PWA and the API on one origin", () => {
  let worker: WranglerDev;
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  beforeAll(async () => {
    builtPwaDir(); // the Worker serves web/dist
    worker = await startWranglerDev({ SCOUTS_ENV: "development", OPERATOR_TOKEN });
    browser = await launchChromium({ viewport: { width: 390, height: 844 } });
    mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.stop();
  });

  it("routes the Worker's paths to the Worker and every other path to the app", async () => {
    const health = await fetch(`${worker.url}/health`);
    expect(await health.json()).toMatchObject({ ok: true, service: "scouts" });
    const api404 = await fetch(`${worker.url}/api/v1/no-such-thing`);
    expect(api404.status).toBe(404);
    expect(await api404.json()).toMatchObject({ error: { code: "not_found" } });
    const unauth = await fetch(`${worker.url}/api/v1/me`);
    expect(unauth.status).toBe(401);

    const deep = await fetch(`${worker.url}/suggestions/some-deep-link`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get("content-type")).toContain("text/html");
    expect(await deep.text()).toContain('<div id="root">');
    const csp = deep.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toContain("'unsafe-inline'");

    const manifest = await fetch(`${worker.url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(await manifest.json()).toMatchObject({ start_url: "/", scope: "/", display: "standalone" });
    const sw = await fetch(`${worker.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get("content-type")).toContain("javascript");
    expect(sw.headers.get("cache-control")).toContain("no-cache");
  });

  it("installs in Chromium with no CSP violation, and reloads offline from its service worker", async () => {
    const page = await browser.context.newPage();
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(worker.url);
    await page.getByRole("navigation").first().waitFor();
    const sw = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return { scope: reg.scope, active: Boolean(reg.active) };
    });
    expect(sw).toEqual({ scope: `${worker.url}/`, active: true });
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(manifestHref).toBeTruthy();
    // The first load may not be controlled yet; a reload is, then offline still works.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await browser.context.setOffline(true);
    await page.reload();
    await page.getByRole("navigation").first().waitFor();
    await page.screenshot({ path: path.join(shots, "one-origin-offline.png") });
    await browser.context.setOffline(false);
    expect(violations).toEqual([]);
  });

  it("opens the operator view at /operator with the operator key, phone-sized, within the CSP", async () => {
    const page = await browser.context.newPage();
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${worker.url}/operator`);
    await page.getByLabel("Operator key").fill(OPERATOR_TOKEN);
    await page.getByRole("button", { name: "Open" }).click();
    await page.getByRole("heading", { name: "Triage queue" }).waitFor();
    await expect(page.getByRole("heading", { name: "Errors" }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: path.join(shots, "operator-phone.png"), fullPage: true });
    // axe from the test's side (the page's CSP refuses injected script tags, as it should).
    await page.evaluate(readFileSync(path.join(repoRoot, "node_modules", "axe-core", "axe.min.js"), "utf8"));
    const serious = await page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string }[] }> } }
      ).axe;
      return (await axe.run()).violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => v.id);
    });
    expect(serious).toEqual([]);
    expect(violations).toEqual([]);
  });
});
