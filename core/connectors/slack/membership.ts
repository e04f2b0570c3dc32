import { CoreError } from "../../errors.ts";
import type { Clock } from "../../ports.ts";
import type { SlackApi } from "./slack-api.ts";

/** Per isolate: `${team}:${channel}` → who is in it (null: the app cannot see the channel). Memory only. */
export type SlackMembershipCache = Map<string, { members: ReadonlySet<string> | null; at: number }>;

/**
 * How long a roster answer is trusted. conversations.members is Tier 4 (100+ calls a minute per
 * app and workspace): one call per channel per two minutes stays far inside it whatever the
 * traffic, and a person removed from a private channel stops receiving it within two minutes.
 */
export const membershipTtlMs = 2 * 60_000;
const maxCachedChannels = 2_000;
/**
 * Slack's documented errors that concern one conversation, not the connection. `missing_scope`
 * (an install from before DMs were asked for) fails closed for that kind of conversation.
 */
const CHANNEL_LEVEL = new Set([
  "channel_not_found",
  "not_in_channel",
  "no_permission",
  "method_not_supported_for_channel_type",
  "missing_scope",
]);

/**
 * Whether `person` is a member of `channel`, by conversations.members (paginated, cached). A
 * channel the app cannot read answers false: that channel is skipped, the connection stays fine.
 * @example const member = await isChannelMember({ api, clock, cache, team: "T1" }, "C024BE91L", "U0PERSON");
 */
export async function isChannelMember(
  deps: { api: SlackApi; clock: Clock; cache: SlackMembershipCache; team: string },
  channel: string,
  person: string,
): Promise<boolean> {
  const key = `${deps.team}:${channel}`;
  const now = deps.clock.now();
  const hit = deps.cache.get(key);
  if (hit && now - hit.at < membershipTtlMs) return hit.members?.has(person) ?? false;
  const members = await roster(deps.api, channel);
  if (deps.cache.size >= maxCachedChannels) {
    for (const [k, v] of deps.cache) if (now - v.at >= membershipTtlMs) deps.cache.delete(k);
    if (deps.cache.size >= maxCachedChannels) deps.cache.delete(deps.cache.keys().next().value ?? "");
  }
  deps.cache.set(key, { members, at: now });
  return members?.has(person) ?? false;
}

async function roster(api: SlackApi, channel: string): Promise<ReadonlySet<string> | null> {
  const members = new Set<string>();
  let cursor = "";
  try {
    do {
      const page = await api.call<{ members?: string[]; response_metadata?: { next_cursor?: string } }>(
        "conversations.members",
        { channel, limit: "1000", ...(cursor ? { cursor } : {}) },
      );
      for (const m of page.members ?? []) members.add(m);
      cursor = page.response_metadata?.next_cursor ?? "";
    } while (cursor);
  } catch (e) {
    const slackError = e instanceof CoreError ? String(e.details?.slackError ?? "") : "";
    if (CHANNEL_LEVEL.has(slackError)) return null;
    throw e;
  }
  return members;
}
