import type { HarvestedWorkspace } from "../../workspaces/types.ts";
import { deriveWorkspaceKey } from "../../workspaces/workspace-key.ts";
import type { SlackApi } from "./slack-api.ts";

export interface Conversation {
  id: string;
  name?: string;
  is_im?: boolean;
  is_mpim?: boolean;
  is_archived?: boolean;
  num_members?: number;
  user?: string;
}

/** A conversations.list entry as a directory candidate, keyed as events and triage key it. */
export function slackConversationPlace(c: Conversation): HarvestedWorkspace | null {
  try {
    if (c.is_im) {
      return {
        workspaceKey: deriveWorkspaceKey({ input: { scheme: "slack", kind: "dm", id: c.id } }),
        kind: "dm",
        metadata: {},
      };
    }
    const kind = c.is_mpim ? "group" : "channel";
    const metadata: HarvestedWorkspace["metadata"] = { archived: Boolean(c.is_archived) };
    if (c.num_members !== undefined) metadata.memberCount = c.num_members;
    const place: HarvestedWorkspace = {
      workspaceKey: deriveWorkspaceKey({ input: { scheme: "slack", kind, id: c.id } }),
      kind,
      metadata,
    };
    if (c.name) place.displayName = kind === "channel" ? `#${c.name}` : c.name;
    return place;
  } catch {
    return null;
  }
}

/**
 * The onboarding scan for Slack: the conversations the app can see (conversations.list), as
 * directory candidates. Only ever run on a person's explicit request; names and counts only.
 */
export async function listSlackPlaces(api: SlackApi, limit: number): Promise<HarvestedWorkspace[]> {
  const out: HarvestedWorkspace[] = [];
  let cursor = "";
  do {
    const page = await api.call<{ channels?: Conversation[]; response_metadata?: { next_cursor?: string } }>(
      "conversations.list",
      {
        types: "public_channel,private_channel,mpim,im",
        exclude_archived: "false",
        limit: "200",
        ...(cursor ? { cursor } : {}),
      },
    );
    for (const c of page.channels ?? []) {
      const place = slackConversationPlace(c);
      if (place) out.push(place);
    }
    cursor = page.response_metadata?.next_cursor ?? "";
  } while (cursor && out.length < limit);
  return out.slice(0, limit);
}
