import { estimatedCostUsd } from "./executor/lanes.ts";
import { checkFilter } from "./filter/check-filter.ts";
import type { Filter } from "./filter/types.ts";
import type { CapabilityRegistry } from "./registry/types.ts";
import { definitionSchema, runtimeDefaults } from "./schema/definition.schema.ts";
import type { AutomationDefinition, StepDefinition } from "./schema/definition-types.ts";
import { atPointer, compileSchema, type SchemaIssue } from "./schema/json-schema.ts";
import { schemaProblems } from "./schema/schema-guard.ts";
import type { EscapeMode } from "./templates/engine.ts";
import { isTemplate, validateTemplate } from "./templates/validate-template.ts";
import { checkSchedule } from "./triggers/schedule.ts";

export interface DefinitionReport {
  ok: boolean;
  errors: SchemaIssue[];
  warnings: SchemaIssue[];
  definition?: AutomationDefinition;
}

const validateEnvelope = compileSchema(definitionSchema, { trusted: true });

/** Largest definition accepted, as UTF-8 JSON. */
export const MAX_DEFINITION_BYTES = 64 * 1024;
/** Most filter leaves (comparisons) a definition may hold across all its filters. */
export const MAX_FILTER_LEAVES = 200;

function countLeaves(filter: unknown): number {
  if (!filter || typeof filter !== "object") return 0;
  const f = filter as Record<string, unknown>;
  if (Array.isArray(f.$and)) return f.$and.reduce((n: number, x) => n + countLeaves(x), 0);
  if (Array.isArray(f.$or)) return f.$or.reduce((n: number, x) => n + countLeaves(x), 0);
  if (f.$not) return countLeaves(f.$not);
  return 1;
}

/** An embedded schema a person wrote: compiled as it will run, typos and unsafe parts refused. */
function checkEmbeddedSchema(schema: unknown, at: string): SchemaIssue[] {
  return schemaProblems(schema, { strict: true }).map((p) => ({ ...p, path: `${at}${p.path}` }));
}

function checkInputs(def: AutomationDefinition): SchemaIssue[] {
  if (!def.inputs) return [];
  const issues = checkEmbeddedSchema(def.inputs, "/inputs");
  if (issues.length) return issues;
  const props = def.inputs.properties ?? {};
  const required = Array.isArray(def.inputs.required) ? (def.inputs.required as string[]) : [];
  // Schedules and events never supply inputs: each required input needs a default they can use.
  const unsupplied = def.triggers.some((t) => t.type === "schedule" || t.type === "event");
  for (const name of required) {
    const prop = props[name];
    if (unsupplied && (!prop || prop.default === undefined)) {
      issues.push({
        path: `/inputs/required`,
        rule: "input_default",
        message: `required input "${name}" has no default, and a schedule or event trigger cannot supply it`,
      });
    }
  }
  for (const [name, prop] of Object.entries(props)) {
    const d = prop.default;
    if (d === undefined || (typeof d === "string" && d.startsWith("$"))) continue;
    for (const i of compileSchema(prop as object)(d)) {
      issues.push({
        path: `/inputs/properties/${name}/default`,
        rule: "input_default",
        message: `the default does not match its own schema: ${i.path || "/"} ${i.message}`,
      });
    }
  }
  return issues;
}

function sizeIssues(input: unknown): SchemaIssue[] {
  const bytes = new TextEncoder().encode(JSON.stringify(input) ?? "").length;
  if (bytes > MAX_DEFINITION_BYTES) {
    return [
      {
        path: "",
        rule: "max_bytes",
        message: `the definition is ${bytes} bytes; at most ${MAX_DEFINITION_BYTES}`,
      },
    ];
  }
  return [];
}
const inputSchemaCache = new Map<string, (v: unknown) => SchemaIssue[]>();

function templatesIn(value: unknown, at: string, out: { path: string; source: string }[]): void {
  if (typeof value === "string") {
    if (isTemplate(value)) out.push({ path: at, source: value });
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) templatesIn(v, `${at}/${i}`, out);
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) templatesIn(v, `${at}/${k}`, out);
  }
}

function checkStep(step: StepDefinition, at: string, registry: CapabilityRegistry): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  if (step.when) issues.push(...checkFilter(step.when as Filter, `${at}/when`));
  const cap = registry.get(step.action);
  if (!cap)
    return [
      ...issues,
      { path: `${at}/action`, rule: "known_action", message: `unknown action "${step.action}"` },
    ];
  const withValue = step.with ?? {};
  let validateWith = inputSchemaCache.get(cap.id);
  if (!validateWith) {
    validateWith = compileSchema(cap.inputSchema);
    inputSchemaCache.set(cap.id, validateWith);
  }
  // A templated value is checked after rendering; here only its template is checked.
  for (const issue of validateWith(withValue)) {
    const v = atPointer(withValue, issue.path);
    if (typeof v === "string" && isTemplate(v)) continue;
    issues.push({ ...issue, path: `${at}/with${issue.path}` });
  }
  for (const issue of cap.checkInput?.(withValue) ?? []) {
    const v = atPointer(withValue, issue.path);
    if (typeof v === "string" && isTemplate(v)) continue;
    issues.push({ ...issue, path: `${at}/with${issue.path}` });
  }
  if (cap.id === "agent_task" && withValue.output_schema && typeof withValue.output_schema === "object")
    issues.push(...checkEmbeddedSchema(withValue.output_schema, `${at}/with/output_schema`));
  const found: { path: string; source: string }[] = [];
  templatesIn(withValue, "", found);
  for (const t of found) {
    const field = t.path.split("/")[1] ?? "";
    const mode: EscapeMode = cap.templateModes?.[field] ?? "text";
    for (const i of validateTemplate(t.source, mode)) {
      issues.push({ path: `${at}/with${t.path}`, rule: `template_${i.rule}`, message: i.message });
    }
  }
  if (cap.kind === "loose" && Array.isArray(withValue.tools)) {
    withValue.tools.forEach((tool, i) => {
      if (typeof tool === "string" && (tool === "agent_task" || !registry.get(tool))) {
        issues.push({
          path: `${at}/with/tools/${i}`,
          rule: "known_tool",
          message: `"${tool}" is not a usable tool`,
        });
      }
    });
  }
  return issues;
}

function uniqueIds(def: AutomationDefinition): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const ids = new Set<string>();
  const outs = new Set<string>();
  const all = [
    ...def.plan.steps.map((s, i) => ({ s, at: `/plan/steps/${i}` })),
    ...(def.plan.on_failure ?? []).map((s, i) => ({ s, at: `/plan/on_failure/${i}` })),
  ];
  for (const { s, at } of all) {
    if (ids.has(s.id))
      issues.push({ path: `${at}/id`, rule: "unique_step_id", message: `step id "${s.id}" is used twice` });
    ids.add(s.id);
    if (s.output_as) {
      if (outs.has(s.output_as)) {
        issues.push({
          path: `${at}/output_as`,
          rule: "unique_output_as",
          message: `"${s.output_as}" is assigned twice`,
        });
      }
      outs.add(s.output_as);
    }
  }
  return issues;
}

/**
 * Validates a definition: the JSON Schema 2020-12 envelope first, then the semantic rules
 * (known actions and their inputs, templates, safe filters, schedules, unique ids). Every issue
 * names its JSON pointer and the rule; warnings never block a save.
 * @example validateDefinition({ ctx: { registry: nativeRegistry() }, input: json }).ok
 */
export function validateDefinition({
  ctx,
  input,
}: {
  ctx: { registry: CapabilityRegistry };
  input: unknown;
}): DefinitionReport {
  const tooBig = sizeIssues(input);
  if (tooBig.length) return { ok: false, errors: tooBig, warnings: [] };
  const errors = validateEnvelope(input);
  if (errors.length) return { ok: false, errors, warnings: [] };
  const def = input as AutomationDefinition;
  const warnings: SchemaIssue[] = [];
  errors.push(...uniqueIds(def));
  def.triggers.forEach((t, i) => {
    const at = `/triggers/${i}`;
    if (t.type === "schedule") {
      const check = checkSchedule(t.cron, t.timezone);
      if (check.error) {
        const field = check.error.includes("time zone") ? "timezone" : "cron";
        errors.push({ path: `${at}/${field}`, rule: "schedule", message: check.error });
      }
      if (check.warning)
        warnings.push({ path: `${at}/cron`, rule: "schedule_frequency", message: check.warning });
    }
    if (t.type === "event" && t.filter) errors.push(...checkFilter(t.filter, `${at}/filter`));
    if (t.type === "webhook" && t.payload_schema)
      errors.push(...checkEmbeddedSchema(t.payload_schema, `${at}/payload_schema`));
  });
  const leaves =
    def.triggers.reduce((n, t) => n + (t.type === "event" ? countLeaves(t.filter) : 0), 0) +
    [...def.plan.steps, ...(def.plan.on_failure ?? [])].reduce((n, s) => n + countLeaves(s.when), 0);
  if (leaves > MAX_FILTER_LEAVES) {
    errors.push({
      path: "",
      rule: "max_filter_leaves",
      message: `the filters hold ${leaves} comparisons; at most ${MAX_FILTER_LEAVES}`,
    });
  }
  errors.push(...checkInputs(def));
  const budget = def.execution?.budget?.max_cost_usd;
  const estimate = estimatedCostUsd(def, ctx.registry);
  if (budget !== undefined && estimate > budget) {
    errors.push({
      path: "/execution/budget/max_cost_usd",
      rule: "budget",
      message: `the steps are estimated at $${estimate.toFixed(4)} a run, over this budget: every run would be refused`,
    });
  }
  for (const [i, s] of def.plan.steps.entries())
    errors.push(...checkStep(s, `/plan/steps/${i}`, ctx.registry));
  for (const [i, s] of (def.plan.on_failure ?? []).entries()) {
    errors.push(...checkStep(s, `/plan/on_failure/${i}`, ctx.registry));
  }
  for (const [name, prop] of Object.entries(def.inputs?.properties ?? {})) {
    const d = prop.default;
    if (typeof d === "string" && d.startsWith("$") && !(runtimeDefaults as readonly string[]).includes(d)) {
      errors.push({
        path: `/inputs/properties/${name}/default`,
        rule: "runtime_default",
        message: `"${d}" is not one of ${runtimeDefaults.join(", ")}`,
      });
    }
  }
  return errors.length
    ? { ok: false, errors, warnings }
    : { ok: true, errors: [], warnings, definition: def };
}
