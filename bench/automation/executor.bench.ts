import { executeRun } from "@scouts/core/automation/executor/execute-run";
import { startRuns } from "@scouts/core/automation/executor/start-runs";
import type { AutomationRecord, ExecutorCtx } from "@scouts/core/automation/executor/types";
import { nativeRegistry } from "@scouts/core/automation/registry/native";
import type { AutomationDefinition } from "@scouts/core/automation/schema/definition-types";
import { createMemoryRunStore } from "./memory-store.ts";

const STEPS = 20;
const RUNS = 300;

/** Executor overhead per deterministic step (transform_data with a template), store in memory. */
export async function benchExecutor(): Promise<{ runs: number; steps: number; msPerStep: number }> {
  const clock = { now: () => Date.now() };
  const registry = nativeRegistry();
  const ctx: ExecutorCtx = {
    store: createMemoryRunStore(),
    queue: { send: async () => {} },
    registry,
    services: { clock, logger: { log: () => {} } },
    events: {
      eventStore: { insert: async () => {}, get: async () => null, deleteOlderThan: async () => 0 },
      clock,
      ids: () => crypto.randomUUID(),
      dispatch: async () => {},
    },
    clock,
    sleep: async () => {},
    ids: () => crypto.randomUUID(),
    logger: { log: () => {} },
  };
  const steps = Array.from({ length: STEPS }, (_, i) => ({
    id: `s${i}`,
    action: "transform_data",
    with: { value: { i, label: `step {{ run.inputs.n | plus: ${i} }}` } },
    output_as: `o${i}`,
  }));
  const def: AutomationDefinition = {
    schema_version: 1,
    name: "bench",
    inputs: { type: "object", properties: { n: { type: "number", default: 1 } } },
    triggers: [{ type: "webhook" }],
    plan: { steps },
    execution: { concurrency: "allow_parallel" },
  };
  const automation: AutomationRecord = {
    id: "a",
    userId: "u",
    name: "bench",
    enabled: true,
    version: 1,
    definition: def,
    concurrency: "allow_parallel",
    lastFiredAt: null,
  };
  const fires = Array.from({ length: RUNS }, () => ({
    automation,
    triggerType: "manual" as const,
    triggerPayload: {},
  }));
  const outcomes = await startRuns({ ctx, input: fires });
  const ids = outcomes.map((o) => ("runId" in o ? o.runId : ""));
  // Warm-up (JIT, template parse caches) on a few runs, then measure the rest.
  for (const id of ids.slice(0, 20)) await executeRun({ ctx, input: { runId: id } });
  const t0 = performance.now();
  for (const id of ids.slice(20)) {
    const status = await executeRun({ ctx, input: { runId: id } });
    if (status !== "succeeded") throw new Error(`bench run ${status}`);
  }
  const ms = performance.now() - t0;
  const measured = ids.length - 20;
  return { runs: measured, steps: STEPS, msPerStep: ms / (measured * STEPS) };
}
