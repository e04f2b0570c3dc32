#!/usr/bin/env node
// The `scouts-agent` bin: runs cli/main.ts on Node >= 22.12 (type stripping), preferring the
// repo's Node 22 from npm when the system node is older.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const main = path.join(here, "main.ts");
const [major, minor] = process.versions.node.split(".").map(Number);
const modern = major > 22 || (major === 22 && minor >= 12);
const candidates = [
  path.join(here, "..", "node_modules", ".bin", "node"),
  path.join(here, "..", "..", "node_modules", ".bin", "node"),
];
const node = modern ? process.execPath : candidates.find((p) => existsSync(p));
if (!node) {
  console.error("scouts-agent needs Node >= 22.12 (run `npm install` in the repo to get it)");
  process.exit(1);
}
const res = spawnSync(node, [main, ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(res.status ?? 1);
