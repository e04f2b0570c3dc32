import { CoreError } from "../../../errors.ts";
import type { Capability } from "../types.ts";

/** Slack's practical per-message cap (REFERENCE: stay well under ~12,000 characters). */
const MAX_TEXT = 3000;

/** Posts a message to a Slack channel the user's Slack connection can reach. */
export const slackPost: Capability = {
  id: "slack_post",
  description: "Post a message to a Slack channel. Interpolated values are mrkdwn-escaped.",
  kind: "tight",
  inputSchema: {
    type: "object",
    required: ["channel", "text"],
    properties: {
      channel: { type: "string", pattern: "^[#A-Za-z0-9_-]{1,80}$" },
      text: { type: "string", minLength: 1, maxLength: MAX_TEXT },
    },
    additionalProperties: false,
  },
  outputSchema: { type: "object", properties: { ts: { type: "string" } } },
  requiredCredentials: ["slack"],
  sideEffects: ["EXTERNAL_WRITE", "USER_VISIBLE"],
  expectedDurationMs: 2000,
  costEstimateUsd: 0,
  templateModes: { text: "mrkdwn" },
  async handler({ input, run, services }) {
    if (!services.slackPost) throw new CoreError("disabled", "no Slack connection is available to post with");
    const out = await services.slackPost({
      userId: run.userId,
      channel: String(input.channel),
      text: String(input.text),
    });
    return { output: { ts: out.ts } };
  },
};
