import { nativeRegistry } from "@scouts/core/automation/registry/native";
import { compileSchema } from "@scouts/core/automation/schema/json-schema";
import { schemaProblems } from "@scouts/core/automation/schema/schema-guard";
import { validateDefinition } from "@scouts/core/automation/validate-definition";
import { describe, expect, it } from "vitest";
import { sampleDefinition } from "./fixtures/definitions.ts";

const rules = (schema: unknown, strict = true) =>
  schemaProblems(schema, { strict }).map((p) => `${p.path} ${p.rule}`);

describe("JSON Schema patterns run on the linear-time engine", () => {
  it("a catastrophic `pattern` answers a 32-character body at once (was over 20 s)", () => {
    const validate = compileSchema({
      type: "object",
      properties: { id: { type: "string", pattern: "^(a+)+$" } },
    });
    const issues = validate({ id: `${"a".repeat(31)}!` });
    expect(issues).toEqual([
      { path: "/id", rule: "pattern", message: 'String does not match pattern "^(a+)+$".' },
    ]);
    expect(validate({ id: "a".repeat(50_000) })).toEqual([]);
  });

  it("keeps `pattern` semantics beside format, $ref and other allOf members", () => {
    const validate = compileSchema({
      $defs: { code: { type: "string", pattern: "^[A-Z]{3}$" } },
      type: "object",
      properties: {
        a: { $ref: "#/$defs/code" },
        b: { type: "string", format: "email", pattern: "@example\\.com$", allOf: [{ minLength: 3 }] },
        pattern: { type: "number" },
      },
    });
    expect(validate({ a: "EUR", b: "x@example.com", pattern: 1 })).toEqual([]);
    const bad = validate({ a: "eur", b: "x@other.org", pattern: "p" }).map((i) => `${i.path} ${i.rule}`);
    expect(bad.sort()).toEqual(["/a pattern", "/b pattern", "/pattern type"]);
  });

  it("the `url` format no longer backtracks (the library's regex took seconds on 36 characters)", () => {
    const validate = compileSchema({ type: "string", format: "url" });
    expect(validate(`http://${"a".repeat(5000)}!`).map((i) => i.rule)).toEqual([]);
    expect(validate("not a url").map((i) => i.rule)).toEqual(["format"]);
    expect(validate("https://example.com/x?y=1")).toEqual([]);
  });

  it("refuses `patternProperties` that could backtrack, at compile and at save", () => {
    expect(() => compileSchema({ patternProperties: { "^(a+)+$": {} } })).toThrow(/schema refused/);
    expect(rules({ patternProperties: { "^x-": { type: "string" }, "(a|b)": {} } })).toEqual([
      "/patternProperties/(a|b) safe_regex",
    ]);
    const validate = compileSchema({ patternProperties: { "^x-": { type: "string" } } });
    expect(validate({ "x-a": 1, y: 1 }).map((i) => i.path)).toEqual(["/x-a"]);
  });
});

describe("embedded schema checks", () => {
  it("names each refused construct by path", () => {
    expect(rules({ type: "strng" })).toEqual(["/type schema_type"]);
    expect(rules({ type: "object", proprties: {} })).toEqual(["/proprties schema_keyword"]);
    expect(rules({ type: "object", proprties: {} }, false)).toEqual([]);
    expect(rules({ properties: { a: { $ref: "https://evil.example/s.json" } } })).toEqual([
      "/properties/a/$ref schema_ref",
    ]);
    expect(rules({ $ref: "#" })).toEqual(["/$ref schema_ref"]);
    expect(
      rules({
        $defs: { a: { $ref: "#/$defs/b" }, b: { allOf: [{ $ref: "#/$defs/a" }] } },
        properties: { x: { $ref: "#/$defs/a" } },
      }),
    ).toEqual(["/$defs/a/$ref schema_ref", "/$defs/b/allOf/0/$ref schema_ref"]);
    expect(rules({ $defs: { a: { type: "string" } }, $ref: "#/$defs/missing" })).toEqual([
      "/$ref schema_ref",
    ]);
    expect(rules({ $defs: { a: { $anchor: "A", type: "string" } }, items: { $ref: "#A" } })).toEqual([]);
    expect(rules({ properties: { a: { $id: "https://x/y", type: "string" } } })).toEqual([
      "/properties/a/$id schema_ref",
    ]);
    expect(rules({ $dynamicRef: "#x" })).toEqual(["/$dynamicRef schema_ref"]);
    expect(rules({ pattern: "(a)\\1" })).toEqual(["/pattern safe_regex"]);
    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 40; i++) deep = { items: deep };
    expect(rules(deep)).toEqual([`${"/items".repeat(33)} schema_depth`]);
  });

  it("refuses a remote $ref at run time too, instead of throwing an unresolved reference", () => {
    expect(() => compileSchema({ $ref: "https://evil.example/s.json" })).toThrow(/not a local reference/);
  });
});

const check = (input: unknown) => validateDefinition({ ctx: { registry: nativeRegistry() }, input });
const errorsOf = (input: unknown) => check(input).errors.map((e) => `${e.path} ${e.rule}`);

describe("validation at save", () => {
  it("checks every embedded schema with its path", () => {
    const def = sampleDefinition({
      inputs: { type: "object", properties: { n: { type: "integr" } } },
      triggers: [
        {
          type: "webhook",
          payload_schema: { type: "object", properties: { id: { $ref: "https://x.example/id" } } },
        },
      ],
      plan: {
        steps: [
          {
            id: "ask",
            action: "agent_task",
            with: { prompt: "p", output_schema: { type: "object", requried: ["a"] } },
          },
        ],
      },
    });
    expect(errorsOf(def)).toEqual([
      "/triggers/0/payload_schema/properties/id/$ref schema_ref",
      "/inputs/properties/n/type schema_type",
      "/plan/steps/0/with/output_schema/requried schema_keyword",
    ]);
  });

  it("refuses required inputs a schedule cannot supply and defaults that fail their schema", () => {
    const def = sampleDefinition({
      inputs: {
        type: "object",
        required: ["who", "since"],
        properties: { who: { type: "string" }, since: { type: "number", default: "yesterday" } },
      },
      triggers: [{ type: "schedule", cron: "0 8 * * *", timezone: "UTC" }],
    });
    expect(errorsOf(def)).toEqual([
      "/inputs/required input_default",
      "/inputs/properties/since/default input_default",
    ]);
    const viaWebhook = sampleDefinition({
      inputs: { type: "object", required: ["who"], properties: { who: { type: "string" } } },
      triggers: [{ type: "webhook" }],
    });
    expect(check(viaWebhook).ok).toBe(true);
  });

  it("refuses a budget below the estimate, an oversized definition and too many filter leaves", () => {
    const pricey = sampleDefinition({
      plan: {
        steps: [
          { id: "ask", action: "agent_task", with: { prompt: "p", output_schema: { type: "object" } } },
        ],
      },
      execution: { budget: { max_cost_usd: 0.01 } },
    });
    expect(errorsOf(pricey)).toEqual(["/execution/budget/max_cost_usd budget"]);
    const huge = sampleDefinition({ goal: "x".repeat(70_000) });
    expect(errorsOf(huge)).toEqual([" max_bytes"]);
    const leaves = Array.from({ length: 5 }, (_, i) => ({
      $or: Array.from({ length: 50 }, (_, j) => ({ path: "payload.n", equals: i * 50 + j })),
    }));
    const wide = sampleDefinition({
      triggers: [{ type: "event", event_type: "scout.triage.verdict", filter: { $and: leaves } }],
    });
    expect(errorsOf(wide)).toEqual([" max_filter_leaves"]);
  });
});
