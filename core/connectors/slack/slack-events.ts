import { z } from "zod";
import type { MessageRef } from "../source-connector.ts";
import { isSlackChannelId, isSlackTs, slackRef } from "./slack-ref.ts";

/** Subtypes that are still a person's new message; every other subtype (edits, deletes, joins, bots) is not. */
const NEW_MESSAGE_SUBTYPES = new Set([undefined, "file_share", "thread_broadcast", "me_message"]);

const MessageEvent = z.object({
  type: z.literal("message"),
  subtype: z.string().optional(),
  channel: z.string(),
  channel_type: z.enum(["channel", "group", "im", "mpim"]).optional(),
  user: z.string().optional(),
  bot_id: z.string().optional(),
  ts: z.string(),
  thread_ts: z.string().optional(),
  hidden: z.boolean().optional(),
});

const EventCallback = z.object({
  type: z.literal("event_callback"),
  team_id: z.string().optional(),
  event_id: z.string().optional(),
  event: z.object({ type: z.string() }).loose(),
  authorizations: z
    .array(z.object({ user_id: z.string().optional(), is_bot: z.boolean().optional() }))
    .optional(),
});

/**
 * Turns an Events API `event_callback` into the message refs to triage: a person's new message in
 * a channel, group, DM or MPIM the app is in. Bot messages (ours included), edits, deletes, joins
 * and other subtypes give none. Anything malformed gives none; the webhook still acks it.
 * @example slackEventToRefs(body) // [{ source: "slack", id: "C024BE91L:1512085950.000216" }]
 */
export function slackEventToRefs(payload: unknown, opts: { botUserId?: string } = {}): MessageRef[] {
  const outer = EventCallback.safeParse(payload);
  if (!outer.success) return [];
  const parsed = MessageEvent.safeParse(outer.data.event);
  if (!parsed.success) return [];
  const e = parsed.data;
  if (!NEW_MESSAGE_SUBTYPES.has(e.subtype) || e.hidden || e.bot_id || !e.user) return [];
  const ownIds = new Set((outer.data.authorizations ?? []).filter((a) => a.is_bot).map((a) => a.user_id));
  if (opts.botUserId) ownIds.add(opts.botUserId);
  if (ownIds.has(e.user)) return [];
  if (!isSlackChannelId(e.channel) || !isSlackTs(e.ts)) return [];
  const thread = e.thread_ts && isSlackTs(e.thread_ts) ? e.thread_ts : undefined;
  return [slackRef(e.channel, e.ts, thread)];
}
