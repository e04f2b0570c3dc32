import type { CapabilityRegistry } from "@scouts/core/automation/registry/types";

/** The registry as the PWA and NL authoring see it (no handlers). */
export function capabilitySummaries(registry: CapabilityRegistry) {
  return registry.list().map((c) => ({
    id: c.id,
    description: c.description,
    kind: c.kind,
    inputSchema: c.inputSchema,
    outputSchema: c.outputSchema,
    requiredCredentials: c.requiredCredentials,
    sideEffects: c.sideEffects,
    expectedDurationMs: c.expectedDurationMs,
    costEstimateUsd: c.costEstimateUsd,
  }));
}
