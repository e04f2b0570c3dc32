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

function place(
  channel: string,
  channelType: string | undefined,
  user: string | undefined,
  isBot: boolean,
): SlackPlace | null {
  if (channelType === "im") return user && !isBot ? { kind: "dm", id: user } : null;
  if (channelType === "mpim") return { kind: "group", id: channel };
  if (channelType === "app_home") return null;
  return { kind: "channel", id: channel };
}

function safeKey(p: SlackPlace, teamId: string | undefined): string | null {
  try {
    return deriveWorkspaceKey({ input: { scheme: "slack", kind: p.kind, id: p.id, teamId } });
  } catch {
    return null;
  }
}

/**
 * The Slack MentionExtractor: the conversation an Events API payload happened in. Message events
 * give the place only (no name); channel_created / channel_rename / channel_archive /
 * channel_unarchive (and group_*) give its name or archived flag. Text, users and timestamps are
 * never read. Enterprise Grid payloads get team-qualified keys, where the team matters.
 * @example extractSlackWorkspaces(eventCallback) // [{ workspaceKey: "slack://channel/C1", kind: "channel", metadata: {} }]
 */
export const extractSlackWorkspaces: MentionExtractor = (payload) => {
  const parsed = Payload.safeParse(payload);
  if (!parsed.success) return [];
  const { event, enterprise_id: enterprise, team_id: team } = parsed.data;
  const teamId = enterprise ? team : undefined;
  const out: HarvestedWorkspace[] = [];
  if (typeof event.channel === "object") {
    const c = event.channel;
    // channel_* and group_* (private channel) objects both name a channel.
    const kind = "channel" as const;
    const key = safeKey({ kind, id: c.id }, teamId);
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
    : place(event.channel, event.channel_type, event.user, Boolean(event.bot_id));
  const key = p && safeKey(p, teamId);
  if (!p || !key) return out;
  const metadata: HarvestedWorkspace["metadata"] = {};
  if (archivedFlag) metadata.archived = archivedFlag[2] === "archive";
  out.push({ workspaceKey: key, kind: p.kind, metadata });
  return out;
};
