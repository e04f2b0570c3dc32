import { CoreError } from "../../../errors.ts";
import type { Capability } from "../types.ts";

/** The longest a run may wait for a person's answer: a week. */
export const MAX_APPROVAL_MINUTES = 7 * 24 * 60;

/**
 * Pauses the run until its owner approves or denies in the PWA, or `timeout_minutes` pass; then
 * `on_timeout` decides (`deny` by default: the run fails with `approval_expired`). A denial fails
 * the step with `denied`. Only the durable engine (Workflows) can wait for a person; the queue
 * path refuses the step. The wait does not count against the run's `timeout_ms`.
 */
export const approval: Capability = {
  id: "approval",
  description: "Ask the automation's owner to approve before the run goes on.",
  kind: "tight",
  inputSchema: {
    type: "object",
    required: ["title"],
    properties: {
      title: { type: "string", minLength: 1, maxLength: 200 },
      timeout_minutes: { type: "integer", minimum: 1, maximum: MAX_APPROVAL_MINUTES },
      on_timeout: { enum: ["deny", "approve"] },
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: "object",
    properties: { approved: { type: "boolean" }, decided: { enum: ["person", "deadline"] } },
  },
  requiredCredentials: [],
  sideEffects: ["USER_VISIBLE"],
  expectedDurationMs: 1_000,
  costEstimateUsd: 0,
  async handler() {
    throw new CoreError("disabled", "approval steps need the durable (Workflows) engine");
  },
};
