/**
 * Device bench (browser half): stage 2 on 10,000 suggestions in headless Chromium, through the
 * PWA's own model Web Worker (comlink → onnxruntime-web wasm served from the PWA origin).
 * Builds the PWA, serves it with `vite preview`, drives `device-test.html`.
 *
 *   node bench/device/browser-stage2.ts [count=10000]
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS } from "../../tests/support/browser.ts";
import { childEnv, freePort, repoRoot, startProcess, waitForHttp } from "../../tests/support/processes.ts";

const count = Number(process.argv[2] ?? 10_000);
// Same synthetic messages as the agent half (bench/device/agent-stage2.ts).
const senders = [
  "ann@acme.example",
  "news@shop.example",
  "noreply@bank.example",
  "bo@partner.example",
  "team@social.example",
];
const subjects = [
  "Can you review the contract by Friday?",
  "Weekly digest: 12 new articles",
  "Your receipt for order #4411",
  "Meeting moved to 3pm tomorrow",
  "Urgent: server down, need help now",
  "Big sale this weekend only",
];
const sample = (i: number) => ({
  from: `Person ${i % 97} <${senders[i % senders.length]}>`,
  subject: `${subjects[i % subjects.length]} (${i})`,
  snippet: `Message ${i}: ${subjects[(i * 7) % subjects.length]} Please let me know what you think.`,
  date: 1_763_800_000_000 + i * 1000,
});
const mb = (n: number) => Math.round(n / 1024 / 1024);

/** Resident memory of this bench's Chromium renderers (the page and its dedicated worker live there). */
function rendererRss(): number {
  const procs = new Map<number, { ppid: number; renderer: boolean; rss: number }>();
  for (const d of readdirSync("/proc").filter((x) => /^\d+$/.test(x))) {
    try {
      const status = readFileSync(`/proc/${d}/status`, "utf8");
      procs.set(Number(d), {
        ppid: Number(/PPid:\s+(\d+)/.exec(status)?.[1] ?? 0),
        renderer: readFileSync(`/proc/${d}/cmdline`, "utf8").includes("--type=renderer"),
        rss: Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024,
      });
    } catch {}
  }
  // Only descendants of this process: other Chromium instances on the machine are not ours.
  const ours = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 10; hops++) {
      p = procs.get(p)?.ppid ?? 0;
      if (p === process.pid) return true;
    }
    return false;
  };
  let total = 0;
  for (const [pid, p] of procs) if (p.renderer && ours(pid)) total += p.rss;
  return total;
}

/** The model worker's V8 heap through the browser's CDP (Runtime.getHeapUsage on the worker target). */
async function workerHeapUsed(): Promise<number | null> {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send("Target.getTargets");
  const target = targetInfos.find((t) => t.type === "worker" && t.url.includes("model-worker"));
  if (!target) return null;
  const { sessionId } = await cdp.send("Target.attachToTarget", {
    targetId: target.targetId,
    flatten: false,
  });
  const answer = new Promise<number | null>((resolve) => {
    cdp.on("Target.receivedMessageFromTarget", (e) => {
      const m = JSON.parse(e.message) as { id?: number; result?: { usedSize: number } };
      if (m.id === 1) resolve(m.result?.usedSize ?? null);
    });
    setTimeout(() => resolve(null), 5_000);
  });
  await cdp.send("Target.sendMessageToTarget", {
    sessionId,
    message: JSON.stringify({ id: 1, method: "Runtime.getHeapUsage" }),
  });
  return answer;
}

const outDir = await mkdtemp(path.join(tmpdir(), "scouts-bench-pwa-"));
const vite = path.join(repoRoot, "node_modules", ".bin", "vite");
const build = spawnSync(vite, ["build", "--config", "web/vite.config.ts", "--outDir", outDir], {
  cwd: repoRoot,
  env: childEnv({ SCOUTS_DEVICE_HARNESS: "1" }),
  encoding: "utf8",
});
if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
const port = await freePort();
const preview = startProcess(
  vite,
  ["preview", "--config", "web/vite.config.ts", "--outDir", outDir, "--port", String(port), "--strictPort"],
  childEnv(),
);
const base = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
try {
  await waitForHttp(`${base}/device-test.html`, 30_000, preview);
  const page = await browser.newPage();
  await page.goto(`${base}/device-test.html`);
  await page.waitForSelector("body[data-ready=true]");
  const rssBefore = rendererRss();
  const inputs = Array.from({ length: count }, (_, i) => sample(i));
  type BenchResult = {
    runner: string;
    loadMs: number;
    loadWallMs: number;
    crossOriginIsolated: boolean;
    ms: number;
    count: number;
    perSecond: number;
    buckets: Record<string, number>;
    workerHeap: { usedJSHeapSize: number; totalJSHeapSize: number } | null;
    stats: { calls: number; batches: number };
  };
  const r = await page.evaluate(
    (xs) =>
      (
        globalThis as unknown as { scoutsDevice: { bench(x: unknown): Promise<BenchResult> } }
      ).scoutsDevice.bench(xs),
    inputs,
  );
  const rssAfter = rendererRss();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const metrics = (await cdp.send("Performance.getMetrics")).metrics;
  const pageHeap = metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? 0;
  const workerHeap = await workerHeapUsed();
  const classified = Object.values(r.buckets).reduce((a, b) => a + b, 0);
  if (classified !== count) throw new Error(`only ${classified} of ${count} classified`);
  console.log(
    JSON.stringify(
      {
        runner: r.runner,
        threads: r.crossOriginIsolated ? "multi" : 1,
        count,
        modelLoadMs: Math.round(r.loadMs),
        modelLoadWallMs: Math.round(r.loadWallMs),
        classifyMs: Math.round(r.ms),
        msgsPerSecond: Math.round(r.perSecond),
        buckets: r.buckets,
        messagesPerOrtRun: Math.round((r.stats.calls / r.stats.batches) * 10) / 10,
        workerJsHeapMB: r.workerHeap
          ? mb(r.workerHeap.usedJSHeapSize)
          : workerHeap === null
            ? null
            : mb(workerHeap),
        pageJsHeapMB: mb(pageHeap),
        rendererRssMB: { before: mb(rssBefore), after: mb(rssAfter) },
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await preview.stop();
  await rm(outDir, { recursive: true, force: true });
}
