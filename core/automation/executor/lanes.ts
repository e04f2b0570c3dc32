import type { CapabilityRegistry } from "../registry/types.ts";
import type { AutomationDefinition } from "../schema/definition-types.ts";
import type { QueueLane } from "./types.ts";

export const FAST_LANE_MAX_MS = 10_000;
export const MEDIUM_LANE_MAX_MS = 120_000;

/**
 * Routes a run by its longest step's expected duration: fast ≤ 10 s, medium ≤ 2 min, long beyond.
 * @example laneFor(def, registry) // "fast" for transform_data + notification
 */
export function laneFor(def: AutomationDefinition, registry: CapabilityRegistry): QueueLane {
  let longest = 0;
  for (const s of [...def.plan.steps, ...(def.plan.on_failure ?? [])]) {
    const expected = registry.get(s.action)?.expectedDurationMs ?? MEDIUM_LANE_MAX_MS;
    longest = Math.max(longest, s.timeout_ms ? Math.min(expected, s.timeout_ms) : expected);
  }
  return longest <= FAST_LANE_MAX_MS ? "fast" : longest <= MEDIUM_LANE_MAX_MS ? "medium" : "long";
}

/** The sum of the steps' cost estimates: what the budget is checked against before enqueueing. */
export function estimatedCostUsd(def: AutomationDefinition, registry: CapabilityRegistry): number {
  return def.plan.steps.reduce((sum, s) => sum + (registry.get(s.action)?.costEstimateUsd ?? 0), 0);
}
