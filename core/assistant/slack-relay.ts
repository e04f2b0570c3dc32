import { z } from "zod";
import { SlackChannelKey } from "../protocol/local-api.ts";
import { MAX_BLOCKS, MAX_MESSAGE_CHARS, MAX_SECTION_CHARS } from "./slack-blocks.ts";

/** The device's path for posting a brief or alert into a channel with the person's Slack connection. */
export const SLACK_RELAY_PATH = "/api/v1/device/slack/post";

const text = (max: number) => z.string().max(max);
const Block = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("header"),
    text: z.strictObject({ type: z.literal("plain_text"), text: text(150) }),
  }),
  z.strictObject({
    type: z.literal("section"),
    text: z.strictObject({ type: z.literal("mrkdwn"), text: text(MAX_SECTION_CHARS) }),
  }),
  z.strictObject({
    type: z.literal("context"),
    elements: z.array(z.strictObject({ type: z.literal("mrkdwn"), text: text(MAX_SECTION_CHARS) })).max(10),
  }),
  z.strictObject({ type: z.literal("divider") }),
]);

/**
 * What the device sends: the composed Block Kit message (the blocks `slack-blocks.ts` builds,
 * nothing else), the channel's workspace key, and a `client_msg_id` that is the same on every retry.
 */
export const SlackRelayRequest = z.strictObject({
  channel: SlackChannelKey,
  clientMsgId: z.uuid({ message: "clientMsgId must be a UUID" }),
  message: z.strictObject({
    text: text(MAX_MESSAGE_CHARS),
    blocks: z.array(Block).max(MAX_BLOCKS, { message: `at most ${MAX_BLOCKS} blocks` }),
  }),
});
export type SlackRelayRequest = z.infer<typeof SlackRelayRequest>;

export const SlackRelayResponse = z.object({ ts: z.string() });

/**
 * A UUID derived from `seed` (SHA-256), so a retried post carries the same `client_msg_id`.
 * @example await clientMsgIdFor("brief:evening:1764180000000") // "3f0c…-…"
 */
export async function clientMsgIdFor(seed: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(seed)));
  const b = digest.slice(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x50; // version 5 layout (name-based, SHA)
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
