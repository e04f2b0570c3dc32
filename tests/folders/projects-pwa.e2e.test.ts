import { readFile } from "node:fs/promises";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { type Browser, chromium, type Page } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { silentLogger } from "../../core/ports.ts";
import { startAgent } from "../../local-agent/agent.ts";
import { readAgentConfig } from "../../local-agent/config.ts";
import { CHROMIUM_PATH } from "../support/browser.ts";
import { minimalPdf, minimalPng } from "./support/fixtures.ts";
import { tempDir, writeTree } from "./support/setup.ts";

let tmp: Awaited<ReturnType<typeof tempDir>>;
let agent: Awaited<ReturnType<typeof startAgent>>;
let vite: ViteDevServer;
let browser: Browser;
let page: Page;
let origin: string;

beforeAll(async () => {
  tmp = await tempDir();
  const files: Record<string, string | Uint8Array> = {
    "README.md": "# Site\n\nHello.",
    "docs/plan.pdf": minimalPdf("Plan"),
  };
  for (let i = 0; i < 300; i++) files[`notes/n${i}.md`] = `# Note ${i}`;
  for (let i = 0; i < 3; i++) files[`img/p${i}.png`] = minimalPng(10 + i, 10);
  await writeTree(path.join(tmp.dir, "Linked"), files);
  vite = await createServer({
    root: path.join(import.meta.dirname, "pwa-harness"),
    configFile: false,
    logLevel: "silent",
    plugins: [react()],
    server: { host: "127.0.0.1", port: 0, fs: { allow: [path.join(import.meta.dirname, "..", "..")] } },
  });
  await vite.listen();
  const address = vite.httpServer?.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const config = readAgentConfig({
    SCOUTS_HOME: path.join(tmp.dir, "home"),
    SCOUTS_AGENT_PORT: "0",
    SCOUTS_PWA_ORIGIN: origin,
  });
  agent = await startAgent(config, { logger: silentLogger, stage2: null, connect: false });
  const token = (await readFile(path.join(tmp.dir, "home", "cli-token"), "utf8")).trim();
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
  });
  page = await browser.newPage();
  await page.goto(`${origin}/#agent=${encodeURIComponent(agent.url)}&token=${encodeURIComponent(token)}`);
});
afterAll(async () => {
  await browser?.close();
  await agent?.stop();
  await vite?.close();
  await tmp?.cleanup();
});

it("creates a project, links a folder, shows progress then the chip, filters files, rescans and unlinks", async () => {
  await page.getByLabel("New project").fill("Site");
  await page.getByRole("button", { name: "Create" }).click();
  const detail = page.getByRole("article", { name: "Project Site" });
  await expect.poll(() => detail.getByRole("status").textContent()).toBe("unlinked");

  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { chipTexts: string[] }).chipTexts = seen;
    new MutationObserver(() => {
      const text = document.querySelector("article [role=status]")?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await detail.getByLabel("Folder on this device").fill(path.join(tmp.dir, "Linked"));
  await detail.getByRole("button", { name: "Link folder" }).click();
  await expect
    .poll(() => detail.getByRole("status").textContent(), { timeout: 30_000 })
    .toBe("305 files · scanned just now");

  const seen = await page.evaluate(() => (window as unknown as { chipTexts: string[] }).chipTexts);
  expect(seen.some((t) => /^indexing \d+\/305$/.test(t))).toBe(true);

  const scroll = page.getByTestId("files-scroll");
  await expect.poll(() => page.getByText("305 files", { exact: true }).count()).toBe(1);
  const rendered = await scroll.locator("[data-index]").count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(60);
  await scroll.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await expect.poll(() => scroll.locator("[data-index='304']").count()).toBe(1);

  await page.getByRole("button", { name: "Images" }).click();
  await expect.poll(() => page.getByText("3 files", { exact: true }).count()).toBe(1);
  await expect
    .poll(async () => (await scroll.locator("[data-index]").allTextContents()).sort())
    .toEqual([
      "img/p0.png[image]PNG image, 10×10",
      "img/p1.png[image]PNG image, 11×10",
      "img/p2.png[image]PNG image, 12×10",
    ]);
  await page.getByRole("button", { name: "PDF" }).click();
  await expect
    .poll(() => scroll.locator("[data-index]").allTextContents())
    .toEqual([expect.stringContaining("docs/plan.pdf[pdf]1 page: Plan")]);

  await writeTree(path.join(tmp.dir, "Linked"), { "new.md": "# New" });
  await detail.getByRole("button", { name: "Rescan" }).click();
  await expect
    .poll(() => detail.getByRole("status").textContent(), { timeout: 30_000 })
    .toBe("306 files · scanned just now");

  await detail.getByRole("button", { name: "Unlink" }).click();
  await expect.poll(() => detail.getByRole("status").textContent()).toBe("unlinked");
});
