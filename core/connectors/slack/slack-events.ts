import { z } from "zod";
import type { ItemContent, MessageRef } from "../source-connector.ts";
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
  text: z.string().optional(),
  ts: z.string(),
  thread_ts: z.string().optional(),
  hidden: z.boolean().optional(),
});

const EventCallback = z.object({
  type: z.literal("event_callback"),
  team_id: z.string().optional(),
  enterprise_id: z.string().nullish(),
  context_team_id: z.string().nullish(),
  context_enterprise_id: z.string().nullish(),
  event_id: z.string().optional(),
  event: z.object({ type: z.string() }).loose(),
  authorizations: z
    .array(
      z.object({
        user_id: z.string().optional(),
        is_bot: z.boolean().optional(),
        team_id: z.string().nullish(),
        enterprise_id: z.string().nullish(),
      }),
    )
    .optional(),
});

const TEAM = /^[TE][A-Z0-9]{2,30}$/;

/**
 * Every team or Grid org id an `event_callback` names (team_id, enterprise_id, context_*,
 * authorizations): a connection made on a workspace or org-wide in a Grid is found by any of them.
 * @example slackEventTeams(body) // ["T024BE7LD", "E0GRID123"]
 */
export function slackEventTeams(payload: unknown): string[] {
  const outer = EventCallback.safeParse(payload);
  if (!outer.success) return [];
  const d = outer.data;
  const ids = [d.team_id, d.enterprise_id, d.context_team_id, d.context_enterprise_id];
  for (const a of d.authorizations ?? []) ids.push(a.team_id, a.enterprise_id);
  return [...new Set(ids.filter((id): id is string => typeof id === "string" && TEAM.test(id)))];
}

/**
 * Turns an Events API `event_callback` into the message refs to triage: a person's new message in
 * a channel, group, DM or MPIM the app is in. Bot messages (ours included), edits, deletes, joins
 * and other subtypes give none. Anything malformed gives none; the webhook still acks it.
 * @example slackEventToRefs(body) // [{ source: "slack", id: "C024BE91L:1512085950.000216" }]
 */
export function slackEventToRefs(payload: unknown, opts: { botUserId?: string } = {}): MessageRef[] {
  const item = slackEventItem(payload, opts);
  return item ? [item.ref] : [];
}

/**
 * The item an `event_callback` carries, its text included, for triage in memory (the webhook
 * hands it to the owner's DeviceHub; it is never queued or stored). Null when the event is not a
 * person's new message (same rules as `slackEventToRefs`).
 * @example slackEventItem(body)?.content.text // "Can you review the deck?"
 */
export function slackEventItem(
  payload: unknown,
  opts: { botUserId?: string } = {},
): { ref: MessageRef; content: Extract<ItemContent, { kind: "chat" }> } | null {
  const outer = EventCallback.safeParse(payload);
  if (!outer.success) return null;
  const parsed = MessageEvent.safeParse(outer.data.event);
  if (!parsed.success) return null;
  const e = parsed.data;
  if (!NEW_MESSAGE_SUBTYPES.has(e.subtype) || e.hidden || e.bot_id || !e.user) return null;
  const ownIds = new Set((outer.data.authorizations ?? []).filter((a) => a.is_bot).map((a) => a.user_id));
  if (opts.botUserId) ownIds.add(opts.botUserId);
  if (ownIds.has(e.user)) return null;
  if (!isSlackChannelId(e.channel) || !isSlackTs(e.ts)) return null;
  const thread = e.thread_ts && isSlackTs(e.thread_ts) ? e.thread_ts : undefined;
  const ref = slackRef(e.channel, e.ts, thread);
  return {
    ref,
    content: {
      kind: "chat",
      ref,
      text: e.text ?? "",
      user: e.user,
      channel: e.channel,
      ...(e.channel_type ? { channelType: e.channel_type } : {}),
      ts: e.ts,
      date: Math.round(Number(e.ts) * 1000),
    },
  };
}
