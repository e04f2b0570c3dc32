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
import { createSlackApi } from "./slack-api.ts";
import { parseSlackRef } from "./slack-ref.ts";

export interface SlackConnectorDeps {
  fetch: FetchLike;
  botToken: string;
  apiBase?: string;
  sleep: Sleep;
  clock?: Clock;
  logger?: Logger;
  random?: () => number;
  maxAttempts?: number;
}

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
 * The Slack SourceConnector: items arrive through the Events API (see `slackEventToRefs`), so
 * listing and watching are no-ops; content and metadata are fetched per `{channel}:{ts}` ref.
 * @example
 * const slack = createSlackConnector({ fetch, botToken, sleep: realSleep });
 * const item = await slack.fetchContent({ source: "slack", id: "C024BE91L:1512085950.000216" });
 */
export function createSlackConnector(deps: SlackConnectorDeps): SourceConnector &
  WorkspaceScanSource & {
    channelName(channel: string): Promise<string>;
  } {
  const clock = deps.clock ?? systemClock;
  const api = createSlackApi({ ...deps, clock, logger: deps.logger ?? silentLogger });
  const names = new Map<string, string>();

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
    const info = await api.call<{ channel: { name?: string; is_im?: boolean; user?: string } }>(
      "conversations.info",
      { channel },
    );
    const name = info.channel.is_im ? "direct message" : `#${info.channel.name ?? channel}`;
    names.set(channel, name);
    return name;
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
    async fetchContent(ref): Promise<ItemContent> {
      const { channel, msg } = await message(ref);
      return {
        kind: "chat",
        ref,
        text: msg.text ?? "",
        user: msg.user ?? msg.bot_id ?? "",
        channel,
        ts: msg.ts,
        date: Math.round(Number(msg.ts) * 1000),
        // Display data is a convenience: a channel name lookup failing must not fail triage.
        ...(await toMetadata(ref, channel, msg).then(
          (metadata) => ({ metadata }),
          () => ({}),
        )),
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
