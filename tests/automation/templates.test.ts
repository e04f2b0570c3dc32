import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { renderTemplate } from "@scouts/core/automation/templates/engine";
import { allowedFilters } from "@scouts/core/automation/templates/filters";
import { validateTemplate } from "@scouts/core/automation/templates/validate-template";
import { describe, expect, it } from "vitest";

const run = {
  inputs: { name: "ada lovelace", n: 41 },
  steps: { a: { output: { ok: true, list: [1, 2] } } },
  when: 0,
};
const r = (t: string, mode?: "text" | "html" | "mrkdwn") => renderTemplate(t, { run }, mode);

describe("templates", () => {
  it("renders the run.* namespace with curated filters", () => {
    expect(r("{{ run.inputs.name | capitalize }}")).toBe("Ada lovelace");
    expect(r("{{ run.inputs.n | plus: 1 }}")).toBe("42");
    expect(r("{{ run.inputs.name | split: ' ' | first | upcase }}")).toBe("ADA");
    expect(r("{{ run.missing | default: 'x' }}")).toBe("x");
    expect(r("{{ run.when | date: '%Y-%m-%d' }}")).toBe("1970-01-01");
    expect(r("{% for v in run.steps.a.output.list %}[{{ v }}]{% endfor %}")).toBe("[1][2]");
  });

  it("renders non-strings as JSON", () => {
    expect(r("{{ run.steps.a.output }}")).toBe('{"ok":true,"list":[1,2]}');
    expect(r("{{ run.steps.a.output.ok }}")).toBe("true");
    expect(r("{{ run.steps.a.output | json }}")).toBe('{"ok":true,"list":[1,2]}');
  });

  it("fails on undefined variables (strict)", () => {
    expect(() => r("{{ run.nope.deeper }}")).toThrow(/undefined variable/);
  });

  it("offers about fifteen filters, nothing else", () => {
    expect(allowedFilters.length).toBeGreaterThanOrEqual(15);
    expect(allowedFilters.length).toBeLessThanOrEqual(22);
    for (const f of ["map", "where", "sort", "raw", "abs", "newline_to_br", "inspect"]) {
      expect(validateTemplate(`{{ run.x | ${f} }}`)[0]?.rule, f).toBe("parse");
    }
  });

  it("escapes interpolated values per mode, never the literal text", () => {
    expect(renderTemplate("<b>{{ run.x }}</b>", { run: { x: "<i>&" } }, "html")).toBe(
      "<b>&lt;i&gt;&amp;</b>",
    );
    expect(renderTemplate("*{{ run.x }}*", { run: { x: "<!here>" } }, "mrkdwn")).toBe("*&lt;!here&gt;*");
  });

  it("validates at save time: namespace, underscore attributes, parse", () => {
    expect(validateTemplate("{{ run.inputs.name }}")).toEqual([]);
    expect(validateTemplate("{{ run._secret }}")[0]?.rule).toBe("attribute");
    expect(validateTemplate("{{ run.a[run._b] }}")[0]?.rule).toBe("attribute");
    expect(validateTemplate("{{ user.email }}")[0]?.rule).toBe("namespace");
    expect(validateTemplate("{% for i in run.list %}{{ i.x }}{% endfor %}")).toEqual([]);
    expect(validateTemplate("{% if %}")[0]?.rule).toBe("parse");
  });
});

describe("automation CLI render", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "automation-render-"));
  const root = path.resolve(import.meta.dirname, "../..");
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ["core/automation/cli.ts", "render", ...args], {
      cwd: root,
      encoding: "utf8",
    });

  it("prints the output", () => {
    writeFileSync(path.join(dir, "t.liquid"), "Hello {{ run.name }} {{ run.obj }}");
    writeFileSync(path.join(dir, "c.json"), JSON.stringify({ run: { name: "Ada", obj: { a: 1 } } }));
    const out = cli(path.join(dir, "t.liquid"), path.join(dir, "c.json"));
    expect(out.status).toBe(0);
    expect(out.stdout).toBe('Hello Ada {"a":1}');
  });

  it("prints the error and exits 1", () => {
    writeFileSync(path.join(dir, "bomb.liquid"), "{% for i in (1..100000000) %}x{% endfor %}");
    writeFileSync(path.join(dir, "c2.json"), "{}");
    const out = cli(path.join(dir, "bomb.liquid"), path.join(dir, "c2.json"));
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(/payload_too_large|timeout/);
    expect(out.stdout).toBe("");
  });
});
