import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freshD1State, MIGRATED_D1_ENV } from "./processes.ts";
import { buildPwa, buildWorkerBundle, PWA_DIST_ENV, WORKER_BUNDLE_ENV } from "./shared-builds.ts";

/**
 * Once per e2e run, what every file used to make for itself: the PWA build, the Worker bundle
 * and a migrated empty D1. Each file still starts its own processes on its own copy of the state.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(path.join(os.tmpdir(), "scouts-e2e-shared-"));
  process.env[PWA_DIST_ENV] = buildPwa();
  const bundle = path.join(dir, "bundle");
  buildWorkerBundle(bundle);
  process.env[WORKER_BUNDLE_ENV] = bundle;
  const d1 = path.join(dir, "d1");
  mkdirSync(d1);
  freshD1State(d1);
  process.env[MIGRATED_D1_ENV] = d1;
  return () => rmSync(dir, { recursive: true, force: true });
}
