import { checkFilter } from "./filter/check-filter.ts";
import type { Filter } from "./filter/types.ts";
import type { CapabilityRegistry } from "./registry/types.ts";
import { definitionSchema, runtimeDefaults } from "./schema/definition.schema.ts";
import type { AutomationDefinition, StepDefinition } from "./schema/definition-types.ts";
import { atPointer, compileSchema, type SchemaIssue } from "./schema/json-schema.ts";
import type { EscapeMode } from "./templates/engine.ts";
import { isTemplate, validateTemplate } from "./templates/validate-template.ts";
import { checkSchedule } from "./triggers/schedule.ts";

export interface DefinitionReport {
  ok: boolean;
  errors: SchemaIssue[];
  warnings: SchemaIssue[];
  definition?: AutomationDefinition;
}

const validateEnvelope = compileSchema(definitionSchema);
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
  });
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
