// Folder scan benchmark: `node bench/folders/scan.ts [fileCount]` (Node 22 from node_modules/.bin).
import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createFoldersContext } from "../../local-agent/folders/context.ts";
import { openFoldersDb } from "../../local-agent/folders/db.ts";
import { linkFolder } from "../../local-agent/folders/projects.ts";
import { startScan } from "../../local-agent/folders/scanner.ts";
import { generateTree } from "./generate-tree.ts";

const count = Number(process.argv[2] ?? 10_000);
const dir = await mkdtemp(path.join(tmpdir(), "scouts-bench-folders-"));
const root = path.join(dir, "tree");
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);
/** Runs a scan and reports wall time and this process's CPU time (the box may be shared). */
async function timedScan(ctx: Parameters<typeof startScan>[0]["ctx"], projectId: string) {
  const cpu0 = process.cpuUsage();
  const result = await startScan({ ctx, input: { projectId } }).scan;
  const cpu = process.cpuUsage(cpu0);
  return { ...result, cpuMs: Math.round((cpu.user + cpu.system) / 1000) };
}
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;

console.log(
  `${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
try {
  const t0 = performance.now();
  const files = await generateTree(root, count);
  console.log(`generated ${files.length} files in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const { db, client } = await openFoldersDb(`file:${path.join(dir, "agent.db")}`);
  const ctx = createFoldersContext({ db });
  const project = await linkFolder({
    ctx,
    input: { project: "Bench", path: root, tier: "unlimited", createMissing: true },
  });
  const baseRss = process.memoryUsage().rss;
  peakRss = baseRss;

  const first = await timedScan(ctx, project.id);
  const firstPeak = peakRss;
  console.log(
    `first scan: ${first.listed} files in ${(first.durationMs / 1000).toFixed(2)} s (CPU ${(first.cpuMs / 1000).toFixed(2)} s) = ${Math.round(first.listed / (first.durationMs / 1000))} files/s; peak RSS ${mb(firstPeak)} (before scan ${mb(baseRss)})`,
  );

  // Three no-change rescans: the first may still pay for a cold page cache.
  let idle = await timedScan(ctx, project.id);
  for (let k = 0; k < 2; k++) {
    const again = await timedScan(ctx, project.id);
    if (again.durationMs < idle.durationMs) idle = again;
  }
  console.log(
    `no-change rescan (best of 3): ${idle.unchanged} unchanged in ${idle.durationMs} ms (CPU ${idle.cpuMs} ms)`,
  );

  const changed = files.filter((_, i) => i % 100 === 7);
  const later = Date.now() / 1000 + 60;
  for (const rel of changed) {
    if (/\.(md|ts|py|txt|csv)$/.test(rel))
      await writeFile(path.join(root, rel), `# Changed ${rel}\n\nNew content.`);
    await utimes(path.join(root, rel), later, later);
  }
  const onePct = await timedScan(ctx, project.id);
  console.log(
    `1% changed rescan: ${onePct.changed} changed, ${onePct.unchanged} unchanged in ${onePct.durationMs} ms (CPU ${onePct.cpuMs} ms)`,
  );
  console.log(
    `peak RSS overall ${mb(peakRss)}; maxRSS (kernel) ${mb(process.resourceUsage().maxRSS * 1024)}`,
  );
  client.close();
} finally {
  clearInterval(sampler);
  await rm(dir, { recursive: true, force: true });
}
