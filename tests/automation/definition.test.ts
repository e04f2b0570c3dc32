import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { nativeRegistry } from "@scouts/core/automation/registry/native";
import { definitionSchema } from "@scouts/core/automation/schema/definition.schema";
import { validateDefinition } from "@scouts/core/automation/validate-definition";
import { describe, expect, it } from "vitest";
import { sampleDefinition } from "./fixtures/definitions.ts";

const registry = nativeRegistry();
const check = (input: unknown) => validateDefinition({ ctx: { registry }, input });
const root = path.resolve(import.meta.dirname, "../..");

describe("definition envelope", () => {
  it("is JSON Schema 2020-12", () => {
    expect(definitionSchema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
  });

  it("accepts a valid definition", () => {
    const r = check(sampleDefinition());
    expect(r.errors).toEqual([]);
    expect(r.ok).toBe(true);
  });

  it("names the JSON path and the rule of every schema error", () => {
    const r = check({
      schema_version: 2,
      name: "",
      triggers: [{ type: "schedule", cron: 5 }, { type: "carrier_pigeon" }],
      plan: { steps: [{ id: "Bad Id", action: "transform_data", surprise: true }] },
      extra: 1,
    });
    expect(r.ok).toBe(false);
    const got = r.errors.map((e) => `${e.path} ${e.rule}`);
    expect(got).toEqual(
      expect.arrayContaining([
        "/schema_version const",
        "/name minLength",
        "/triggers/0 required",
        "/triggers/0/cron type",
        "/triggers/1/type enum",
        "/plan/steps/0/id pattern",
        "/plan/steps/0 additionalProperties",
        " additionalProperties",
      ]),
    );
  });

  it("reports semantic errors: unknown action, duplicate ids, bad templates, unsafe filters, schedules, defaults", () => {
    const def = sampleDefinition({
      inputs: { type: "object", properties: { since: { type: "number", default: "$yesterday" } } },
      triggers: [
        { type: "schedule", cron: "0 9 * * *", timezone: "Mars/Olympus" },
        { type: "schedule", cron: "every day", timezone: "UTC" },
        { type: "event", event_type: "x.y", filter: { path: "payload.__proto__", regex: "(a)\\1" } },
      ],
      plan: {
        steps: [
          { id: "a", action: "launch_rockets" },
          { id: "a", action: "notification", with: { title: "{{ run.constructor.name }}" } },
          { id: "b", action: "notification", with: { title: "{{ env.SECRET }}" } },
          { id: "c", action: "notification", with: { title: "{{ run.x | abs }}" } },
          { id: "d", action: "notification", with: { body: "missing title" } },
          {
            id: "e",
            action: "agent_task",
            with: { prompt: "p", output_schema: {}, tools: ["agent_task", "nope"] },
          },
        ],
      },
    });
    const got = check(def).errors.map((e) => `${e.path} ${e.rule}`);
    expect(got).toEqual(
      expect.arrayContaining([
        "/inputs/properties/since/default runtime_default",
        "/triggers/0/timezone schedule",
        "/triggers/1/cron schedule",
        "/triggers/2/filter/path safe_path",
        "/triggers/2/filter/regex safe_regex",
        "/plan/steps/0/action known_action",
        "/plan/steps/1/id unique_step_id",
        "/plan/steps/1/with/title template_attribute",
        "/plan/steps/2/with/title template_namespace",
        "/plan/steps/3/with/title template_parse",
        "/plan/steps/4/with required",
        "/plan/steps/5/with/tools/0 known_tool",
        "/plan/steps/5/with/tools/1 known_tool",
      ]),
    );
  });

  it("warns (without failing) on schedules under 15 minutes and refuses seconds fields", () => {
    const fast = check(
      sampleDefinition({ triggers: [{ type: "schedule", cron: "*/5 * * * *", timezone: "Europe/Paris" }] }),
    );
    expect(fast.ok).toBe(true);
    expect(fast.warnings[0]).toMatchObject({ path: "/triggers/0/cron", rule: "schedule_frequency" });
    const hourly = check(
      sampleDefinition({ triggers: [{ type: "schedule", cron: "0 * * * *", timezone: "UTC" }] }),
    );
    expect(hourly.warnings).toEqual([]);
    const seconds = check(
      sampleDefinition({ triggers: [{ type: "schedule", cron: "*/10 * * * * *", timezone: "UTC" }] }),
    );
    expect(seconds.errors[0]).toMatchObject({ path: "/triggers/0/cron", rule: "schedule" });
  });

  it("checks templated values after rendering, literal values now", () => {
    const def = sampleDefinition({
      plan: {
        steps: [{ id: "p", action: "slack_post", with: { channel: "{{ run.inputs.channel }}", text: "hi" } }],
      },
    });
    expect(check(def).ok).toBe(true);
    const literal = sampleDefinition({
      plan: { steps: [{ id: "p", action: "slack_post", with: { channel: "not a channel!", text: "hi" } }] },
    });
    expect(check(literal).errors[0]).toMatchObject({ path: "/plan/steps/0/with/channel", rule: "pattern" });
  });
});

describe("automation CLI validate", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "automation-cli-"));
  const run = (file: string) =>
    spawnSync(process.execPath, ["core/automation/cli.ts", "validate", file], {
      cwd: root,
      encoding: "utf8",
    });

  it("prints ok and exits 0 for a valid file", () => {
    const r = run(path.join(import.meta.dirname, "fixtures/digest.json"));
    expect(r.stdout.trim()).toBe("ok");
    expect(r.status).toBe(0);
  });

  it("prints each error with its path and exits 1", () => {
    const file = path.join(dir, "bad.json");
    writeFileSync(file, JSON.stringify({ schema_version: 1, name: "x", triggers: [], plan: { steps: [] } }));
    const r = run(file);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("/triggers minItems");
    expect(r.stdout).toContain("/plan/steps minItems");
  });

  it("reports unparseable JSON", () => {
    const file = path.join(dir, "broken.json");
    writeFileSync(file, "{ nope");
    const r = run(file);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/json/);
  });
});
