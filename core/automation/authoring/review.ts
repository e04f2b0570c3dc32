import { estimatedCostUsd } from "../executor/lanes.ts";
import type { CapabilityRegistry } from "../registry/types.ts";
import type { AutomationDefinition, StepDefinition, TriggerDefinition } from "../schema/definition-types.ts";
import { checkSchedule, SCHEDULE_WARN_BELOW_MS } from "../triggers/schedule.ts";

export interface ReviewFlag {
  kind:
    | "command_in_prompt"
    | "external_write"
    | "irreversible"
    | "high_cost"
    | "frequent_schedule"
    | "new_capability";
  path: string;
  message: string;
}

export interface Review {
  summary: string;
  flags: ReviewFlag[];
  estimatedCostUsd: number;
}

const HIGH_COST_USD = 1;
const commandPatterns = [
  /\b(rm\s+-rf|sudo|chmod|curl\s+|wget\s+|powershell|bash\s+-c|eval\(|exec\()/i,
  /\bignore (all |any )?(previous|prior|above) (instructions|rules)/i,
  /\b(run|execute) (this|the following) (command|script|code)/i,
  /`{3}(sh|bash|shell|powershell|cmd)\b/i,
];

function describeTrigger(t: TriggerDefinition): string {
  if (t.type === "schedule") return `on the schedule "${t.cron}" (${t.timezone})`;
  if (t.type === "webhook") return "when its webhook is called";
  return `when a ${t.event_type} event happens${t.filter ? " that matches its filter" : ""}`;
}

function describeStep(s: StepDefinition, registry: CapabilityRegistry): string {
  const cap = registry.get(s.action);
  const what = cap ? cap.description.replace(/\.$/, "") : s.action;
  return `${what}${s.when ? " (only if its condition holds)" : ""}`;
}

/**
 * The reviewer: a plain-language summary written from the definition itself (no model, so it
 * cannot invent anything) and the anomalies a human should look at before saving.
 * @example reviewDefinition({ registry, definition, usedBefore: new Set(["notification"]) }).flags
 */
export function reviewDefinition(input: {
  registry: CapabilityRegistry;
  definition: AutomationDefinition;
  usedBefore: ReadonlySet<string>;
}): Review {
  const { registry, definition: def } = input;
  const flags: ReviewFlag[] = [];
  const allSteps = [
    ...def.plan.steps.map((s, i) => ({ s, at: `/plan/steps/${i}` })),
    ...(def.plan.on_failure ?? []).map((s, i) => ({ s, at: `/plan/on_failure/${i}` })),
  ];
  for (const { s, at } of allSteps) {
    const cap = registry.get(s.action);
    const texts = JSON.stringify(s.with ?? {});
    if (commandPatterns.some((re) => re.test(texts))) {
      flags.push({
        kind: "command_in_prompt",
        path: `${at}/with`,
        message: `step "${s.id}" holds text that looks like a command or an instruction override`,
      });
    }
    if (cap?.sideEffects.includes("EXTERNAL_WRITE")) {
      flags.push({
        kind: "external_write",
        path: at,
        message: `step "${s.id}" (${s.action}) writes outside Scouts`,
      });
    }
    if (cap?.sideEffects.includes("IRREVERSIBLE")) {
      flags.push({
        kind: "irreversible",
        path: at,
        message: `step "${s.id}" (${s.action}) cannot be undone`,
      });
    }
    if (!input.usedBefore.has(s.action)) {
      flags.push({
        kind: "new_capability",
        path: `${at}/action`,
        message: `you have never used ${s.action} before`,
      });
    }
  }
  const cost = estimatedCostUsd(def, registry);
  const budget = def.execution?.budget?.max_cost_usd;
  const usesPaid = allSteps.some(({ s }) => registry.get(s.action)?.sideEffects.includes("COST_INCURRING"));
  if (cost > HIGH_COST_USD || (usesPaid && budget === undefined)) {
    flags.push({
      kind: "high_cost",
      path: "/execution/budget",
      message:
        budget === undefined
          ? `about $${cost.toFixed(2)} per run and no budget cap`
          : `about $${cost.toFixed(2)} per run`,
    });
  }
  def.triggers.forEach((t, i) => {
    if (t.type === "schedule" && checkSchedule(t.cron, t.timezone).warning) {
      flags.push({
        kind: "frequent_schedule",
        path: `/triggers/${i}/cron`,
        message: `runs more often than every ${SCHEDULE_WARN_BELOW_MS / 60_000} minutes`,
      });
    }
  });
  const steps = def.plan.steps.map((s, i) => `${i + 1}. ${describeStep(s, registry)}`).join(" ");
  const summary = `"${def.name}" runs ${def.triggers.map(describeTrigger).join(", or ")}. It will: ${steps}${
    def.plan.on_failure?.length
      ? ` If something fails, it will: ${def.plan.on_failure.map((s) => describeStep(s, registry)).join("; ")}.`
      : ""
  } Estimated cost per run: $${cost.toFixed(2)}.`;
  return { summary, flags, estimatedCostUsd: cost };
}
