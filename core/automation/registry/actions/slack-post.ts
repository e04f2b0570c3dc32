import { CoreError, isCoreError } from "../../../errors.ts";
import { extractIdForScheme, parseWorkspaceKey } from "../../../workspaces/workspace-key.ts";
import type { Capability, InputIssue } from "../types.ts";

/** Slack's practical per-message cap (REFERENCE: stay well under ~12,000 characters). */
const MAX_TEXT = 3000;

/** A channel name (`#general`), a raw id (`C024BE91L`) or a workspace key (`slack://channel/C024BE91L`). */
const CHANNEL_PATTERN = "^(#?[A-Za-z0-9_-]{1,80}|[a-z]+://\\S{1,290})$";

/**
 * The conversation to post to: a workspace key URI becomes its Slack id, anything else is sent as is.
 * @example slackChannel("slack://team/T1AB/channel/C024BE91L") // "C024BE91L"
 */
export function slackChannel(value: string): string {
  return value.includes("://") ? extractIdForScheme(value, "slack") : value;
}

function checkChannel(input: Record<string, unknown>): InputIssue[] {
  if (typeof input.channel !== "string") return [];
  try {
    slackChannel(input.channel);
    return [];
  } catch (e) {
    if (!isCoreError(e)) throw e;
    return [{ path: "/channel", rule: "workspace_key", message: e.message }];
  }
}

/** The Slack team a workspace key names (`slack://team/T…/…`), if any. */
function slackTeam(value: string): string | undefined {
  return value.includes("://") ? parseWorkspaceKey(value).teamId : undefined;
}

/** A stable UUID for a key (the form Slack's `client_msg_id` takes), from its SHA-256. */
export async function uuidFromKey(key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key)));
  digest[6] = (digest[6]! & 0x0f) | 0x80;
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  const hex = [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Posts a message to a Slack channel the user's Slack connection can reach. */
export const slackPost: Capability = {
  id: "slack_post",
  description: "Post a message to a Slack channel. Interpolated values are mrkdwn-escaped.",
  kind: "tight",
  inputSchema: {
    type: "object",
    required: ["channel", "text"],
    properties: {
      channel: { type: "string", pattern: CHANNEL_PATTERN },
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
  checkInput: checkChannel,
  async handler({ input, run, services, idempotencyKey }) {
    if (!services.slackPost) throw new CoreError("disabled", "no Slack connection is available to post with");
    const teamId = slackTeam(String(input.channel));
    const out = await services.slackPost({
      userId: run.userId,
      channel: slackChannel(String(input.channel)),
      ...(teamId ? { teamId } : {}),
      text: String(input.text),
      clientMsgId: await uuidFromKey(idempotencyKey),
    });
    return { output: { ts: out.ts } };
  },
};
