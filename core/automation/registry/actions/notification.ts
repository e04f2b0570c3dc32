import { CoreError } from "../../../errors.ts";
import type { Capability } from "../types.ts";

/** Sends a notification to the user's own devices. */
export const notification: Capability = {
  id: "notification",
  description: "Notify the automation's owner on their devices.",
  kind: "tight",
  inputSchema: {
    type: "object",
    required: ["title"],
    properties: {
      title: { type: "string", minLength: 1, maxLength: 200 },
      body: { type: "string", maxLength: 4000 },
    },
    additionalProperties: false,
  },
  outputSchema: { type: "object", properties: { delivered: { type: "boolean" } } },
  requiredCredentials: [],
  sideEffects: ["USER_VISIBLE"],
  expectedDurationMs: 500,
  costEstimateUsd: 0,
  async handler({ input, run, services }) {
    if (!services.notify) throw new CoreError("disabled", "notifications are not wired in this runtime");
    await services.notify({
      userId: run.userId,
      title: String(input.title),
      body: String(input.body ?? ""),
      runId: run.id,
    });
    return { output: { delivered: true } };
  },
};
