/**
 * Runs the triage CLI (`core/triage/cli.ts`) once over `.eml` files written to a fresh temp
 * folder and returns each file's JSON line by its name, as someone trying
 * `npm run -s triage -- folder/` sees them.
 *
 * @example const result = triageFiles({ note: "hey, dinner sunday?\n" }); result("note").verdict
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.join(import.meta.dirname, "../..");

export function triageFiles<K extends string>(
  files: Record<K, string>,
): (name: K) => Record<string, unknown> {
  const dir = mkdtempSync(path.join(tmpdir(), "cli-triage-"));
  for (const [name, text] of Object.entries(files))
    writeFileSync(path.join(dir, `${name}.eml`), text as string);
  const out = execFileSync(process.execPath, [path.join(root, "core/triage/cli.ts"), dir], {
    encoding: "utf8",
  });
  const byName = new Map<string, Record<string, unknown>>();
  for (const l of out.trim().split("\n")) {
    const r = JSON.parse(l) as Record<string, unknown>;
    byName.set(path.basename(String(r.id), ".eml"), r);
  }
  return (name: K) => {
    const r = byName.get(name);
    if (!r) throw new Error(`triageFiles: the CLI printed no line for ${name}.eml`);
    return r;
  };
}
