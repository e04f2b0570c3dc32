import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sampleDefinition } from "./fixtures/definitions.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "validate-cli-"));

/** Runs `npm run -s automation -- validate` the way a person would, with code generation disabled. */
function validate(name: string, def: unknown) {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(def));
  const r = spawnSync(
    process.execPath,
    ["--disallow-code-generation-from-strings", "core/automation/cli.ts", "validate", file],
    { cwd: root, encoding: "utf8", timeout: 60_000 },
  );
  return { code: r.status, out: r.stdout.trim(), err: r.stderr.trim() };
}

const hook = (payload_schema: Record<string, unknown>) =>
  sampleDefinition({ triggers: [{ type: "webhook", payload_schema }] });

const refused: [string, unknown, string][] = [
  [
    "backreference",
    sampleDefinition({
      triggers: [{ type: "event", event_type: "a.b", filter: { path: "subject", regex: "(a)\\1" } }],
    }),
    "/triggers/0/filter/regex safe_regex: backreferences are not allowed",
  ],
  [
    "pattern-properties",
    hook({ patternProperties: { "^(a+)+$": {} } }),
    "/triggers/0/payload_schema/patternProperties/^(a+)+$ safe_regex:",
  ],
  [
    "remote-ref",
    hook({ properties: { a: { $ref: "https://evil.example/a.json" } } }),
    "/triggers/0/payload_schema/properties/a/$ref schema_ref:",
  ],
  [
    "cyclic-ref",
    hook({ $defs: { n: { properties: { next: { $ref: "#/$defs/n" } } } }, $ref: "#/$defs/n" }),
    "/triggers/0/payload_schema/$defs/n/properties/next/$ref schema_ref: cyclic",
  ],
  [
    "misspelt-type",
    hook({ properties: { n: { type: "numbr" } } }),
    "/triggers/0/payload_schema/properties/n/type schema_type:",
  ],
  [
    "required-input",
    sampleDefinition({
      inputs: { type: "object", required: ["who"], properties: { who: { type: "string" } } },
    }),
    '/inputs/required input_default: required input "who" has no default',
  ],
  [
    "budget",
    sampleDefinition({
      plan: {
        steps: [{ id: "a", action: "agent_task", with: { prompt: "p", output_schema: { type: "object" } } }],
      },
      execution: { budget: { max_cost_usd: 0.001 } },
    }),
    "/execution/budget/max_cost_usd budget:",
  ],
  ["too-big", sampleDefinition({ goal: "g".repeat(70_000) }), "/ max_bytes:"],
  [
    "filter-leaves",
    sampleDefinition({
      triggers: [
        {
          type: "event",
          event_type: "a.b",
          filter: {
            $and: Array.from({ length: 5 }, () => ({
              $or: Array.from({ length: 50 }, (_, i) => ({ path: "n", equals: i })),
            })),
          },
        },
      ],
    }),
    "/ max_filter_leaves:",
  ],
  [
    "too-many-steps",
    sampleDefinition({
      plan: {
        steps: Array.from({ length: 51 }, (_, i) => ({
          id: `s${i}`,
          action: "notification",
          with: { title: "t" },
        })),
      },
    }),
    "/plan/steps maxItems:",
  ],
];

describe("npm run -s automation -- validate (code generation disabled)", () => {
  it.each(refused)("refuses %s with the path and the reason", (name, def, line) => {
    const r = validate(name, def);
    expect(r.code).toBe(1);
    expect(
      r.out.split("\n").some((l) => l.startsWith(line)),
      r.out,
    ).toBe(true);
  });

  it("accepts a valid definition using pattern, $ref and patternProperties", () => {
    const r = validate(
      "ok",
      hook({
        $defs: { id: { type: "string", pattern: "^(ord|inv)_[0-9]+$" } },
        type: "object",
        properties: { order: { $ref: "#/$defs/id" } },
        patternProperties: { "^x-": { type: "string" } },
      }),
    );
    expect(r).toMatchObject({ code: 0, out: "ok" });
  });
});
