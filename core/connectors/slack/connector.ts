import { CoreError } from "../../errors.ts";
import {
  type Clock,
  type FetchLike,
  type Logger,
  type Sleep,
  silentLogger,
  systemClock,
} from "../../ports.ts";
import type { WorkspaceScanSource } from "../../workspaces/scan.ts";
import type { ItemContent, ItemMetadata, MessageRef, SourceConnector } from "../source-connector.ts";
import { listSlackPlaces } from "./list-places.ts";
import { isChannelMember, type SlackMembershipCache } from "./membership.ts";
import { createSlackApi } from "./slack-api.ts";
import { isSlackChannelId, parseSlackRef } from "./slack-ref.ts";

export interface SlackConnectorDeps {
  fetch: FetchLike;
  botToken: string;
  apiBase?: string;
  sleep: Sleep;
  clock?: Clock;
  logger?: Logger;
  random?: () => number;
  maxAttempts?: number;
  /**
   * The Slack person (user id) who connected. With it, `visibleToOwner` answers whether that
   * person is in the item's conversation; without it every item answers false (fail closed).
   */
  personId?: string;
  /** The team or Grid org the connection belongs to: the membership cache's scope. */
  team?: string;
  /** Shared per isolate across connectors; a fresh one per connector when absent. */
  membership?: SlackMembershipCache;
}

type ChatContent = Extract<ItemContent, { kind: "chat" }>;
type ChannelType = NonNullable<ChatContent["channelType"]>;
/** Pushed items waiting for their triage in this isolate (a burst is far smaller). */
const maxPushed = 500;

interface SlackMessage {
  ts: string;
  user?: string;
  bot_id?: string;
  text?: string;
  thread_ts?: string;
}

const notSupported = (what: string) => async () => {
  throw new CoreError("disabled", `Slack messages cannot be ${what} by Scouts; act on them in Slack`);
};

/**
 * The Slack SourceConnector: items arrive through the Events API (see `slackEventItem`), so
 * listing and watching are no-ops. An event's own message is handed over with `offerPushedItem`
 * and served from memory; only an item that was not (the queued copy after a failed fast path,
 * a device reading an old item) costs a conversations.history/replies call, which Slack limits
 * to one a minute for apps outside its Marketplace.
 * @example
 * const slack = createSlackConnector({ fetch, botToken, sleep: realSleep });
 * const item = await slack.fetchContent({ source: "slack", id: "C024BE91L:1512085950.000216" });
 */
export function createSlackConnector(deps: SlackConnectorDeps): SourceConnector &
  WorkspaceScanSource & {
    channelName(channel: string): Promise<string>;
    /** Whether the connection's person is in `channel` (false without a person). */
    seesChannel(channel: string): Promise<boolean>;
  } {
  const clock = deps.clock ?? systemClock;
  const api = createSlackApi({ ...deps, clock, logger: deps.logger ?? silentLogger });
  const names = new Map<string, string>();
  const types = new Map<string, ChannelType>();
  const pushed = new Map<string, ChatContent>();
  const membership: SlackMembershipCache = deps.membership ?? new Map();

  async function message(ref: MessageRef): Promise<{ channel: string; msg: SlackMessage }> {
    const { channel, ts, threadTs } = parseSlackRef(ref);
    const res = threadTs
      ? await api.call<{ messages: SlackMessage[] }>("conversations.replies", {
          channel,
          ts: threadTs,
          latest: ts,
          oldest: ts,
          inclusive: "true",
          // Slack may put the thread's parent first whatever the window: leave room for the reply.
          limit: "2",
        })
      : await api.call<{ messages: SlackMessage[] }>("conversations.history", {
          channel,
          latest: ts,
          oldest: ts,
          inclusive: "true",
          limit: "1",
        });
    const msg = res.messages.find((m) => m.ts === ts);
    if (!msg) throw new CoreError("not_found", "Slack message not found (deleted or not visible to the app)");
    return { channel, msg };
  }

  async function channelName(channel: string): Promise<string> {
    const known = names.get(channel);
    if (known !== undefined) return known;
    const info = await api.call<{
      channel: { name?: string; is_im?: boolean; is_mpim?: boolean; is_private?: boolean; user?: string };
    }>("conversations.info", { channel });
    const c = info.channel;
    const name = c.is_im ? "direct message" : c.is_mpim ? "group message" : `#${c.name ?? channel}`;
    names.set(channel, name);
    types.set(channel, c.is_im ? "im" : c.is_mpim ? "mpim" : c.is_private ? "group" : "channel");
    return name;
  }

  async function seesChannel(channel: string): Promise<boolean> {
    if (!deps.personId || !isSlackChannelId(channel)) return false;
    return isChannelMember({ api, clock, cache: membership, team: deps.team ?? "" }, channel, deps.personId);
  }

  async function toMetadata(ref: MessageRef, channel: string, msg: SlackMessage): Promise<ItemMetadata> {
    const text = (msg.text ?? "").replace(/\s+/g, " ").trim();
    return {
      ref,
      from: msg.user ?? msg.bot_id ?? "",
      subject: await channelName(channel),
      snippet: text.slice(0, 200),
      date: Math.round(Number(msg.ts) * 1000),
    };
  }

  return {
    source: "slack",
    channelName,
    listWorkspacePlaces: ({ limit }) => listSlackPlaces(api, limit),
    listNew: async ({ cursor }) => ({ refs: [], cursor: cursor ?? "events", fullResync: false }),
    offerPushedItem(content) {
      if (content.kind !== "chat" || content.ref.source !== "slack") return;
      if (pushed.size >= maxPushed) pushed.delete(pushed.keys().next().value ?? "");
      pushed.set(content.ref.id, content);
    },
    seesChannel,
    visibleToOwner: (ref) => seesChannel(parseSlackRef(ref).channel),
    async fetchContent(ref): Promise<ItemContent> {
      const held = pushed.get(ref.id);
      if (held) {
        pushed.delete(ref.id);
        const msg: SlackMessage = { ts: held.ts, user: held.user, text: held.text };
        return {
          ...held,
          ...(await toMetadata(ref, held.channel, msg).then(
            (metadata) => ({ metadata }),
            () => ({}),
          )),
        };
      }
      const { channel, msg } = await message(ref);
      // Display data is a convenience: a channel name lookup failing must not fail triage.
      const metadata = await toMetadata(ref, channel, msg).then(
        (m) => ({ metadata: m }),
        () => ({}),
      );
      const channelType = types.get(channel);
      return {
        kind: "chat",
        ref,
        text: msg.text ?? "",
        user: msg.user ?? msg.bot_id ?? "",
        channel,
        ...(channelType ? { channelType } : {}),
        ts: msg.ts,
        date: Math.round(Number(msg.ts) * 1000),
        ...metadata,
      };
    },
    async fetchMetadata(refs): Promise<ItemMetadata[]> {
      const out: ItemMetadata[] = [];
      for (const ref of refs) {
        try {
          const { channel, msg } = await message(ref);
          out.push(await toMetadata(ref, channel, msg));
        } catch (e) {
          if (!(e instanceof CoreError && e.code === "not_found")) throw e;
        }
      }
      return out;
    },
    archive: notSupported("archived"),
    unarchive: notSupported("unarchived"),
    trash: notSupported("trashed"),
    untrash: notSupported("restored"),
    // Events API subscriptions are part of the Slack app's configuration: nothing to set up or renew.
    setupWatch: async () => ({ expiration: clock.now() + 365 * 86_400_000, cursor: "events" }),
    renewWatch: async () => ({ expiration: clock.now() + 365 * 86_400_000, cursor: "events" }),
  };
}
