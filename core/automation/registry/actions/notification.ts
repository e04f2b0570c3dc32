import { CoreError } from "../../../errors.ts";
import type { Capability } from "../types.ts";

/**
 * Sends a notification to the user's own connected devices (a `notice` frame carrying the title).
 * Best-effort: a device that is offline when the step runs does not get it later.
 */
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
  outputSchema: {
    type: "object",
    properties: { delivered: { type: "boolean" }, devices: { type: "integer", minimum: 0 } },
  },
  requiredCredentials: [],
  sideEffects: ["USER_VISIBLE"],
  expectedDurationMs: 500,
  costEstimateUsd: 0,
  async handler({ input, run, services }) {
    if (!services.notify) throw new CoreError("disabled", "notifications are not wired in this runtime");
    const { devices } = await services.notify({
      userId: run.userId,
      title: String(input.title),
      body: String(input.body ?? ""),
      runId: run.id,
    });
    return { output: { delivered: devices > 0, devices } };
  },
};
