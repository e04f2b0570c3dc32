/**
 * Device bench (browser half): the PWA's first load on loopback in headless Chromium.
 * Builds the PWA into a temp dir (so a concurrent e2e build of web/dist is untouched), serves it
 * with `vite preview`, then loads it cold (fresh profile each run) and reports the JS transferred
 * before the model (raw and gzip -9 of each script body), the time until the shell is usable
 * (main navigation and a screen heading rendered) and the service worker's precache size.
 *
 *   node bench/device/browser-load.ts [runs=5]
 */
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { build, preview } from "vite";
import { CHROMIUM_ARGS } from "../../tests/support/browser.ts";
import { freePort, repoRoot } from "../../tests/support/processes.ts";

const runs = Number(process.argv[2] ?? 5);
const configFile = path.join(repoRoot, "web", "vite.config.ts");
const outDir = await mkdtemp(path.join(tmpdir(), "scouts-pwa-bench-"));
// No agent or Worker answers here: the shell must still come up (offline/empty states).
process.env.SCOUTS_CLOUD_URL = `http://127.0.0.1:${await freePort()}`;

const buildStarted = performance.now();
await build({ configFile, logLevel: "warn", build: { outDir, emptyOutDir: true } });
const buildMs = performance.now() - buildStarted;
const port = await freePort();
const server = await preview({
  configFile,
  logLevel: "warn",
  build: { outDir },
  preview: { port, strictPort: true },
});
const origin = `http://127.0.0.1:${port}`;

async function sizeOf(dir: string): Promise<number> {
  let total = 0;
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) total += (await stat(path.join(e.parentPath, e.name))).size;
  }
  return total;
}

interface Load {
  jsRaw: number;
  jsGzip: number;
  scripts: number;
  shellMs: number;
  domInteractiveMs: number;
  modelFetched: boolean;
}

async function coldLoad(): Promise<Load> {
  const profile = await mkdtemp(path.join(tmpdir(), "scouts-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
    viewport: { width: 420, height: 860 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const bodies: Promise<Buffer>[] = [];
  let modelFetched = false;
  let shellReady = false;
  page.on("response", (res) => {
    const url = res.url();
    if (/\.(wasm|onnx)$/.test(url) || url.includes("model-worker")) modelFetched ||= !shellReady;
    if (!shellReady && res.request().resourceType() === "script") bodies.push(res.body());
  });
  const started = performance.now();
  await page.goto(`${origin}/suggestions`);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link").first().waitFor();
  await page.locator("main h1").first().waitFor();
  const shellMs = performance.now() - started;
  shellReady = true;
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return n.domInteractive;
  });
  const scripts = await Promise.all(bodies);
  await context.close();
  await rm(profile, { recursive: true, force: true });
  return {
    jsRaw: scripts.reduce((a, b) => a + b.length, 0),
    jsGzip: scripts.reduce((a, b) => a + gzipSync(b, { level: 9 }).length, 0),
    scripts: scripts.length,
    shellMs,
    domInteractiveMs: nav,
    modelFetched,
  };
}

const loads: Load[] = [];
for (let i = 0; i < runs; i++) loads.push(await coldLoad());
await server.close();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const kb = (n: number) => Math.round(n / 102.4) / 10;
const first = loads[0]!;
const report = {
  runs,
  buildMs: Math.round(buildMs),
  firstLoadJs: { scripts: first.scripts, rawKB: kb(first.jsRaw), gzipKB: kb(first.jsGzip) },
  modelFetchedBeforeShell: loads.some((l) => l.modelFetched),
  shellUsableMs: {
    median: Math.round(median(loads.map((l) => l.shellMs))),
    all: loads.map((l) => Math.round(l.shellMs)),
  },
  domInteractiveMs: Math.round(median(loads.map((l) => l.domInteractiveMs))),
  buildOutputMB: Math.round((await sizeOf(outDir)) / 1024 / 102.4) / 10,
};
console.log(JSON.stringify(report, null, 2));
await rm(outDir, { recursive: true, force: true });
process.exit(report.firstLoadJs.gzipKB < 300 ? 0 : 1);
