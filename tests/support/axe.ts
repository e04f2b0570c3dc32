import path from "node:path";
import type { Page } from "playwright-core";
import { repoRoot } from "./processes.ts";

/** Injects axe-core and returns serious/critical violations (id + first targets) for the page. */
export async function axeProblems(p: Page): Promise<string[]> {
  await p.addScriptTag({ path: path.join(repoRoot, "node_modules", "axe-core", "axe.min.js") });
  return p.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: () => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const r = await axe.run();
    return r.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map(
        (v) =>
          `${v.id} (${v.impact}) at ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(", ")}`,
      );
  });
}
