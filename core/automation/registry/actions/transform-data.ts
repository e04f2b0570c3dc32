import type { Capability } from "../types.ts";

/**
 * Builds structured data from templates (already rendered by the executor): `value` comes back
 * as the output, and `parse_json: true` turns a rendered JSON string into data.
 */
export const transformData: Capability = {
  id: "transform_data",
  description: "Shape data from earlier steps with templates; no side effects.",
  kind: "tight",
  inputSchema: {
    type: "object",
    required: ["value"],
    properties: { value: true, parse_json: { type: "boolean" } },
    additionalProperties: false,
  },
  outputSchema: {},
  requiredCredentials: [],
  sideEffects: ["READ"],
  expectedDurationMs: 5,
  costEstimateUsd: 0,
  async handler({ input }) {
    if (input.parse_json === true && typeof input.value === "string") {
      return { output: JSON.parse(input.value) };
    }
    return { output: input.value };
  },
};
