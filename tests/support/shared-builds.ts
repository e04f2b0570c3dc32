import { spawnSync } from "node:child_process";
import { cpSync, existsSync } from "node:fs";
import path from "node:path";
import { childEnv, repoRoot } from "./processes.ts";

/** Set by the e2e global setup: the PWA built once for the run (it is web/dist, which the Worker serves). */
export const PWA_DIST_ENV = "SCOUTS_E2E_PWA_DIST";
/** Set by the e2e global setup: the Worker bundled once for the run (`wrangler deploy --dry-run`). */
export const WORKER_BUNDLE_ENV = "SCOUTS_E2E_WORKER_BUNDLE";

const bin = (name: string) => path.join(repoRoot, "node_modules", ".bin", name);
const webDist = path.join(repoRoot, "web", "dist");

/** Builds the PWA (production build, no test harness page) into web/dist. */
export function buildPwa(): string {
  const run = spawnSync(bin("vite"), ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"], {
    cwd: repoRoot,
    env: childEnv(),
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`vite build failed:\n${run.stdout}\n${run.stderr}`);
  return webDist;
}

/** Bundles the Worker as deployed into `outDir`. */
export function buildWorkerBundle(outDir: string): void {
  const run = spawnSync(bin("wrangler"), ["deploy", "--dry-run", "--outdir", outDir], {
    cwd: repoRoot,
    env: childEnv(),
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`bundle failed:\n${run.stdout}\n${run.stderr}`);
}

let builtHere: string | undefined;

/**
 * The built PWA for `vite preview` or the Worker's assets: the run's one build when the e2e global
 * setup made it, otherwise built now into web/dist (once per process).
 */
export function builtPwaDir(): string {
  const shared = process.env[PWA_DIST_ENV];
  if (shared && existsSync(path.join(shared, "index.html"))) return shared;
  builtHere ??= buildPwa();
  return builtHere;
}

/** Puts the Worker bundle into `outDir`: a copy of the run's one bundle, or bundled now. */
export function workerBundleInto(outDir: string): void {
  const shared = process.env[WORKER_BUNDLE_ENV];
  if (shared && existsSync(shared)) cpSync(shared, outDir, { recursive: true });
  else buildWorkerBundle(outDir);
}
