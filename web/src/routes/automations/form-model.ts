import type { Filter } from "@scouts/core/automation/filter/types";
import { leafOperators } from "@scouts/core/automation/filter/types";
import type { AutomationDefinition, StepDefinition } from "@scouts/core/automation/schema/definition-types";
import type { CapabilitySummary } from "./automations-api.ts";

/** The operators the filter palette offers, in the grammar's own names. */
export const paletteOperators = [...leafOperators];

/** A palette row: a leaf the person edits as text (`value` is parsed as JSON when it can be). */
export interface PaletteLeaf {
  path: string;
  op: (typeof leafOperators)[number];
  value: string;
}

export interface PaletteGroup {
  combinator: "$and" | "$or";
  negate: boolean;
  leaves: PaletteLeaf[];
}

function parseValue(op: PaletteLeaf["op"], raw: string): unknown {
  if (op === "exists") return raw.trim() !== "false";
  if (op === "in" || op === "not_in") {
    try {
      const v = JSON.parse(raw);
      if (Array.isArray(v)) return v;
    } catch {}
    return raw
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  }
  if (op === "gt" || op === "gte" || op === "lt" || op === "lte") {
    const n = Number(raw);
    return raw.trim() !== "" && Number.isFinite(n) ? n : raw;
  }
  if (op === "regex" || op === "starts_with" || op === "ends_with") return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * Palette rows → filter grammar JSON (null when there are no rows).
 * @example paletteToFilter({ combinator: "$and", negate: false, leaves: [{ path: "payload.verdict", op: "equals", value: "relevant" }] })
 */
export function paletteToFilter(group: PaletteGroup): Filter | null {
  const leaves = group.leaves
    .filter((l) => l.path.trim())
    .map((l) => ({ path: l.path.trim(), [l.op]: parseValue(l.op, l.value) }) as Filter);
  if (leaves.length === 0) return null;
  const inner: Filter =
    leaves.length === 1 ? leaves[0]! : group.combinator === "$and" ? { $and: leaves } : { $or: leaves };
  return group.negate ? { $not: inner } : inner;
}

/** Filter JSON → palette rows, when it has the palette's shape (else null: edit it as JSON). */
export function filterToPalette(filter: Filter | undefined | null): PaletteGroup | null {
  if (!filter) return { combinator: "$and", negate: false, leaves: [] };
  let negate = false;
  let f: Filter = filter;
  if ("$not" in f) {
    negate = true;
    f = f.$not;
  }
  const combinator = "$or" in f ? "$or" : "$and";
  const list: Filter[] = "$and" in f ? f.$and : "$or" in f ? f.$or : [f];
  const leaves: PaletteLeaf[] = [];
  for (const l of list) {
    if ("$and" in l || "$or" in l || "$not" in l) return null;
    const op = leafOperators.find((o) => Object.hasOwn(l, o));
    if (!op) return null;
    const v = (l as Record<string, unknown>)[op];
    leaves.push({ path: l.path, op, value: typeof v === "string" ? v : JSON.stringify(v) });
  }
  return { combinator, negate, leaves };
}

/**
 * The estimated cost of one run from the registry's per-call estimates (what the budget is
 * checked against before a run is queued).
 */
export function estimateCost(
  def: Pick<AutomationDefinition, "plan">,
  capabilities: CapabilitySummary[],
): number {
  const byId = new Map(capabilities.map((c) => [c.id, c]));
  return def.plan.steps.reduce((sum, s) => sum + (byId.get(s.action)?.costEstimateUsd ?? 0), 0);
}

/** The input fields a step's action takes, from its input schema (for the generated form). */
export function stepFields(
  cap: CapabilitySummary | undefined,
): { name: string; kind: "text" | "long" | "bool" | "json"; required: boolean }[] {
  const props = cap?.inputSchema.properties ?? {};
  const required = new Set(cap?.inputSchema.required ?? []);
  return Object.entries(props).map(([name, p]) => {
    const t = Array.isArray(p.type) ? p.type[0] : p.type;
    const kind =
      t === "string"
        ? ["text", "prompt", "body", "content"].includes(name)
          ? "long"
          : "text"
        : t === "boolean"
          ? "bool"
          : "json";
    return { name, kind, required: required.has(name) };
  });
}

/** A new step for `action` with its required fields present (empty). */
export function blankStep(id: string, cap: CapabilitySummary | undefined): StepDefinition {
  const withValue: Record<string, unknown> = {};
  for (const f of stepFields(cap))
    if (f.required) withValue[f.name] = f.kind === "json" ? {} : f.kind === "bool" ? false : "";
  return { id, action: cap?.id ?? "notification", with: withValue };
}

/** A fresh definition for the form's "start from scratch". */
export function blankDefinition(): AutomationDefinition {
  return {
    schema_version: 1,
    name: "",
    triggers: [
      {
        type: "schedule",
        cron: "0 8 * * *",
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC",
      },
    ],
    plan: { steps: [{ id: "notify", action: "notification", with: { title: "" } }] },
    execution: { concurrency: "drop_if_running" },
  };
}
