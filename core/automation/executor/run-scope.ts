import type { RunError, RunRecord, StepRecord } from "./types.ts";

/** The `run.*` namespace templates and `when` filters see. */
export interface RunScope {
  id: string;
  automation_id: string;
  version: number;
  attempt: number;
  trigger: { type: string; payload: unknown };
  inputs: Record<string, unknown>;
  steps: Record<string, { status: string; output: unknown }>;
  outputs: Record<string, unknown>;
  cost_usd: number;
  error?: RunError;
}

/** Builds the scope from the run and the steps already persisted (a resumed run sees them all). */
export function buildRunScope(run: RunRecord, steps: StepRecord[]): RunScope {
  const scope: RunScope = {
    id: run.id,
    automation_id: run.automationId,
    version: run.version,
    attempt: run.attempt,
    trigger: { type: run.triggerType, payload: run.triggerPayload ?? null },
    inputs: run.inputs ?? {},
    steps: {},
    outputs: {},
    cost_usd: run.costUsd,
  };
  const all = [...run.definition.plan.steps, ...(run.definition.plan.on_failure ?? [])];
  for (const s of steps) {
    if (s.status !== "succeeded" && s.status !== "skipped") continue;
    scope.steps[s.stepId] = { status: s.status, output: s.output ?? null };
    const def = all.find((d) => d.id === s.stepId);
    if (def?.output_as && s.status === "succeeded") scope.outputs[def.output_as] = s.output ?? null;
  }
  return scope;
}
