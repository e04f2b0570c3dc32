import type { SlackMessage } from "@scouts/core/assistant/slack-blocks";
import { postToSlack } from "@scouts/core/assistant/slack-post";
import { clientMsgIdFor, SLACK_RELAY_PATH, SlackRelayResponse } from "@scouts/core/assistant/slack-relay";
import { CoreError } from "@scouts/core/errors";
import type { Settings } from "@scouts/core/protocol/local-api";
import type { AgentCtx } from "./context.ts";

/** Why the last post to Slack failed ("" for none: the store keeps no nulls); shown in Settings. */
export const SLACK_LAST_ERROR_KEY = "slack_last_error";
const errorText = { safeParse: (v: unknown) => ({ success: typeof v === "string", data: v as string }) };

/** Where the brief and alerts go, or null when no destination is set (also the alert limiter's key). */
export function slackTarget(s: Settings): string | null {
  if (s.slackDestination === "channel") return s.slackChannel;
  return s.slackWebhookUrl;
}

export async function lastSlackError(ctx: AgentCtx): Promise<string | null> {
  return (await ctx.stores.settings.read<string>(SLACK_LAST_ERROR_KEY, errorText, "")) || null;
}

/**
 * Posts a composed message to the person's Slack destination: the incoming webhook from this
 * device, or a channel through the cloud with their Slack connection (`seed` fixes the
 * `client_msg_id`, so a retry of the same brief is the same message). The outcome is remembered
 * for Settings; the error is rethrown.
 */
export async function sendToSlack(
  ctx: AgentCtx,
  s: Settings,
  message: SlackMessage,
  seed: string,
): Promise<void> {
  try {
    if (s.slackDestination === "channel") {
      if (!s.slackChannel) throw new CoreError("bad_input", "pick a Slack channel in Settings");
      const out = await ctx.cloud.post<unknown>(SLACK_RELAY_PATH, {
        channel: s.slackChannel,
        clientMsgId: await clientMsgIdFor(seed),
        message,
      });
      SlackRelayResponse.parse(out);
    } else {
      if (!s.slackWebhookUrl) throw new CoreError("bad_input", "set a Slack incoming webhook in Settings");
      await postToSlack({ ctx, input: { url: s.slackWebhookUrl, message } });
    }
  } catch (e) {
    // The cloud's own sentence, without the transport's "cloud answered 409:" prefix.
    const why = (e instanceof Error ? e.message : String(e)).replace(/^cloud answered \d+: /, "");
    await ctx.stores.settings.write(SLACK_LAST_ERROR_KEY, `Slack post failed: ${why}`.slice(0, 500));
    throw e;
  }
  if ((await lastSlackError(ctx)) !== null) await ctx.stores.settings.write(SLACK_LAST_ERROR_KEY, "");
}
