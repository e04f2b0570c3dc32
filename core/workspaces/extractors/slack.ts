import { z } from "zod";
import type { HarvestedWorkspace, MentionExtractor } from "../types.ts";
import { deriveWorkspaceKey } from "../workspace-key.ts";

const ChannelObject = z.object({
  id: z.string(),
  name: z.string().optional(),
  num_members: z.number().int().nonnegative().optional(),
});

const Payload = z.object({
  type: z.literal("event_callback"),
  team_id: z.string().optional(),
  enterprise_id: z.string().optional(),
  event: z
    .object({
      type: z.string(),
      channel: z.union([z.string(), ChannelObject]).optional(),
      channel_type: z.enum(["channel", "group", "im", "mpim", "app_home"]).optional(),
      user: z.string().optional(),
      bot_id: z.string().optional(),
    })
    .loose(),
});

type SlackPlace = { kind: "channel" | "group" | "dm"; id: string };

/**
 * The place a conversation is, from its id and (when known) its `channel_type`; the same on every
 * path (event, triage, scan). DMs and group DMs by their conversation id, never by a person.
 * @example slackPlaceOf("D024BE91L", "im") // { kind: "dm", id: "D024BE91L" }
 */
export function slackPlaceOf(channel: string, channelType: string | undefined): SlackPlace | null {
  if (channelType === "app_home") return null;
  if (channelType === "im" || (channelType === undefined && channel.startsWith("D")))
    return { kind: "dm", id: channel };
  if (channelType === "mpim") return { kind: "group", id: channel };
  return { kind: "channel", id: channel };
}

function safeKey(p: SlackPlace): string | null {
  try {
    return deriveWorkspaceKey({ input: { scheme: "slack", kind: p.kind, id: p.id } });
  } catch {
    return null;
  }
}

/**
 * The Slack MentionExtractor: the conversation an Events API payload happened in. Message events
 * give the place only (no name); channel_created / channel_rename / channel_archive /
 * channel_unarchive (and group_*) give its name or archived flag. Text, users and timestamps are
 * never read. Keys are never team-qualified (Grid or not) and DMs are keyed by conversation id.
 * @example extractSlackWorkspaces(eventCallback) // [{ workspaceKey: "slack://channel/C1", kind: "channel", metadata: {} }]
 */
export const extractSlackWorkspaces: MentionExtractor = (payload) => {
  const parsed = Payload.safeParse(payload);
  if (!parsed.success) return [];
  const { event } = parsed.data;
  const out: HarvestedWorkspace[] = [];
  if (typeof event.channel === "object") {
    const c = event.channel;
    // channel_* and group_* (private channel) objects both name a channel.
    const kind = "channel" as const;
    const key = safeKey({ kind, id: c.id });
    if (key) {
      const metadata: HarvestedWorkspace["metadata"] = {};
      if (c.num_members !== undefined) metadata.memberCount = c.num_members;
      out.push({ workspaceKey: key, kind, ...(c.name ? { displayName: `#${c.name}` } : {}), metadata });
    }
    return out;
  }
  if (typeof event.channel !== "string") return out;
  const archivedFlag = /^(channel|group)_(archive|unarchive)$/.exec(event.type);
  const p = archivedFlag
    ? { kind: "channel" as const, id: event.channel }
    : slackPlaceOf(event.channel, event.channel_type);
  const key = p && safeKey(p);
  if (!p || !key) return out;
  const metadata: HarvestedWorkspace["metadata"] = {};
  if (archivedFlag) metadata.archived = archivedFlag[2] === "archive";
  out.push({ workspaceKey: key, kind: p.kind, metadata });
  return out;
};
