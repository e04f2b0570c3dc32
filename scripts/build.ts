/**
 * `npm run build`: the triage CLI's single-file bundle (scripts/triage/build-cli.ts), the PWA
 * (web/dist, which the Worker serves as static assets) and the Worker bundle (`wrangler deploy
 * --dry-run`, nothing uploaded), then a report against the platform's limits: bundle size (raw
 * and gzip) and start-up CPU (`wrangler check startup`, measured on this machine). Writes
 * dist/build-report.json; exits 1 when a limit is exceeded.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { buildTriageCli } from "./triage/build-cli.ts";

const root = path.join(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const env = {
  ...process.env,
  PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
};

/** Published limits (developers.cloudflare.com/workers/platform/limits, November 2026). */
export const LIMITS = {
  /** The Free plan's compressed size limit; Paid allowed 10 MB. Newer accounts: 64 MiB uncompressed. */
  gzipBytesFree: 3 * 1024 * 1024,
  gzipBytesPaid: 10 * 1024 * 1024,
  rawBytes: 64 * 1024 * 1024,
  startupMs: 1000,
  assetFileBytes: 25 * 1024 * 1024,
  assetFilesFree: 20_000,
};

function step(name: string, cmd: string, args: string[]): string {
  const res = spawnSync(cmd, args, { cwd: root, env, encoding: "utf8" });
  if (res.status !== 0) {
    console.error(`${name} failed:\n${res.stdout}\n${res.stderr}`);
    process.exit(res.status ?? 1);
  }
  return `${res.stdout}${res.stderr}`;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)],
  );
}

/** CPU time of a V8 .cpuprofile, without the idle samples. */
export function profileCpuMs(profile: {
  nodes: { id: number; callFrame: { functionName: string } }[];
  samples: number[];
  timeDeltas: number[];
}): number {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
  let us = 0;
  profile.samples.forEach((id, i) => {
    if (!idle.has(id)) us += profile.timeDeltas[i] ?? 0;
  });
  return us / 1000;
}

if (import.meta.main) {
  const out = path.join(root, "dist");
  mkdirSync(out, { recursive: true });
  const cli = await buildTriageCli();
  step("PWA build", bin("vite"), [
    "build",
    "--config",
    path.join(root, "web", "vite.config.ts"),
    "--logLevel",
    "warn",
  ]);
  const workerDir = path.join(out, "worker");
  step("Worker bundle", bin("wrangler"), ["deploy", "--dry-run", "--outdir", workerDir]);
  const bundle = readFileSync(path.join(workerDir, "index.js"));
  const profileFile = path.join(out, "worker-startup.cpuprofile");
  step("start-up profile", bin("wrangler"), ["check", "startup", "--outfile", profileFile]);
  const startupMs = profileCpuMs(JSON.parse(readFileSync(profileFile, "utf8")));
  const assets = walk(path.join(root, "web", "dist")).map((f) => statSync(f).size);
  const report = {
    worker: {
      rawBytes: bundle.length,
      gzipBytes: gzipSync(bundle).length,
      startupCpuMs: Math.round(startupMs),
    },
    assets: {
      files: assets.length,
      totalBytes: assets.reduce((a, b) => a + b, 0),
      largestBytes: Math.max(...assets),
    },
    limits: LIMITS,
  };
  writeFileSync(path.join(out, "build-report.json"), `${JSON.stringify(report, null, 2)}\n`);
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
  const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(0)} %`;
  console.log(
    [
      `Worker bundle   ${mb(report.worker.rawBytes)} raw, ${mb(report.worker.gzipBytes)} gzip (${pct(report.worker.gzipBytes, LIMITS.gzipBytesFree)} of the Free plan's 3 MB, ${pct(report.worker.gzipBytes, LIMITS.gzipBytesPaid)} of Paid's 10 MB)`,
      `Start-up CPU    ${report.worker.startupCpuMs} ms on this machine (limit ${LIMITS.startupMs} ms)`,
      `Triage CLI      core/triage/cli.bundle.mjs ${mb(cli.bytes)} from ${cli.inputs.length} files`,
      `PWA assets      ${report.assets.files} files, ${mb(report.assets.totalBytes)}; largest ${mb(report.assets.largestBytes)} (limit ${mb(LIMITS.assetFileBytes)} per file)`,
    ].join("\n"),
  );
  const over =
    report.worker.gzipBytes > LIMITS.gzipBytesFree ||
    report.worker.rawBytes > LIMITS.rawBytes ||
    report.worker.startupCpuMs > LIMITS.startupMs ||
    report.assets.largestBytes > LIMITS.assetFileBytes ||
    report.assets.files > LIMITS.assetFilesFree;
  if (over) {
    console.error("build: a platform limit is exceeded (see above)");
    process.exit(1);
  }
}
