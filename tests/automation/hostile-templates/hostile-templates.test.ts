import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hostileTemplates } from "./corpus.ts";
import type { CaseResult } from "./run-corpus.ts";

const root = path.resolve(import.meta.dirname, "../../..");

describe("hostile templates under node --disallow-code-generation-from-strings", () => {
  const child = spawnSync(
    process.execPath,
    ["--disallow-code-generation-from-strings", path.join(import.meta.dirname, "runner.ts")],
    { cwd: root, encoding: "utf8", timeout: 60_000 },
  );
  const report = JSON.parse(child.stdout || "{}") as {
    results: CaseResult[];
    prototypesUnchanged: boolean;
    codegenBlocked: boolean;
  };

  it("covers every category with at least 25 cases", () => {
    expect(hostileTemplates.length).toBeGreaterThanOrEqual(25);
    const categories = new Set(hostileTemplates.map((c) => c.category));
    expect([...categories].sort()).toEqual([
      "cpu",
      "engine-escape",
      "injection",
      "memory",
      "prototype",
      "recursion",
    ]);
  });

  it("runs with code generation really disabled", () => {
    expect(child.stderr).toBe("");
    expect(report.codegenBlocked).toBe(true);
  });

  it("every case fails safely within the caps", () => {
    const bad = report.results.filter((r) => !r.ok);
    expect(bad).toEqual([]);
    expect(report.results).toHaveLength(hostileTemplates.length);
  });

  it("leaves Object.prototype and friends unchanged", () => {
    expect(report.prototypesUnchanged).toBe(true);
  });
});
