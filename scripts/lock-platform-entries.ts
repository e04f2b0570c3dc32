/**
 * Records optional platform binaries the npm registry mirror here does not serve (so `npm install`
 * leaves them out of package-lock.json) while `npm ci` insists on seeing them (npm/cli#4828, #8320).
 * Each entry copies its installed sibling's metadata with the target platform's os/cpu; npm skips
 * them on this platform and, being optional, tolerates their absence elsewhere.
 * Run after changing dependencies: `node scripts/lock-platform-entries.ts`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

type Entry = Record<string, unknown> & { version?: string; optionalDependencies?: Record<string, string> };

const file = path.join(import.meta.dirname, "..", "package-lock.json");
const lock = JSON.parse(readFileSync(file, "utf8")) as { packages: Record<string, Entry> };
const pk = lock.packages;

/** Parents whose missing platform siblings `npm ci` refuses to ignore. */
const parents = [
  "node_modules/@biomejs/biome",
  "node_modules/workerd",
  "node_modules/wrangler/node_modules/workerd",
];

const platform = (name: string): { os: string[]; cpu: string[]; libc?: string[] } => {
  const os = /darwin/.test(name)
    ? "darwin"
    : /win32|windows/.test(name)
      ? "win32"
      : /android/.test(name)
        ? "android"
        : "linux";
  const cpu = /arm64/.test(name) ? "arm64" : "x64";
  return /musl/.test(name) ? { os: [os], cpu: [cpu], libc: ["musl"] } : { os: [os], cpu: [cpu] };
};

let added = 0;
for (const parent of parents) {
  const meta = pk[parent];
  if (!meta?.optionalDependencies) continue;
  const base = parent.slice(0, parent.lastIndexOf("node_modules/"));
  const siblings = Object.keys(meta.optionalDependencies).map((dep) => `${base}node_modules/${dep}`);
  const model = siblings.map((s) => pk[s]).find(Boolean);
  if (!model) throw new Error(`no installed sibling to copy for ${parent}`);
  for (const [dep, version] of Object.entries(meta.optionalDependencies)) {
    const key = `${base}node_modules/${dep}`;
    if (pk[key]) continue;
    const { integrity: _i, resolved: _r, libc: _l, ...rest } = model;
    pk[key] = { ...rest, version, ...platform(dep) };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(pk).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform entries`);
