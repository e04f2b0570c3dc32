import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { repoRoot } from "./processes.ts";

let axeSource: string | undefined;

/**
 * Injects axe-core into the page and returns its serious and critical violations (every
 * violation, minor and moderate too, with `{ all: true }`), each as "rule (impact) at target, …";
 * an empty list means none.
 *
 * @example expect(await axeProblems(page)).toEqual([]);
 */
export async function axeProblems(p: Page, opts: { all?: boolean } = {}): Promise<string[]> {
  // Evaluated rather than added as a <script>: pages under the site CSP refuse inline scripts.
  axeSource ??= await readFile(path.join(repoRoot, "node_modules", "axe-core", "axe.min.js"), "utf8");
  await p.evaluate(axeSource);
  return p.evaluate(async (all) => {
    type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: () => Promise<Result> } }).axe;
    const r = await axe.run();
    return r.violations
      .filter((v) => all || v.impact === "serious" || v.impact === "critical")
      .map(
        (v) =>
          `${v.id} (${v.impact}) at ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(", ")}`,
      );
  }, opts.all === true);
}
