import { CoreError } from "../../errors.ts";
import type { MessageRef } from "../source-connector.ts";

const CHANNEL = /^[CGDZ][A-Z0-9]{2,30}$/;
const TS = /^\d{9,11}\.\d{6}$/;

/**
 * A Slack message ref id is `{channel}:{ts}`.
 * @example parseSlackRef({ source: "slack", id: "C024BE91L:1512085950.000216" }) // { channel: "C024BE91L", ts: "1512085950.000216" }
 */
export function parseSlackRef(ref: MessageRef): {
  channel: string;
  ts: string;
  threadTs: string | undefined;
} {
  if (ref.source !== "slack") throw new CoreError("bad_input", `not a Slack ref (${ref.source})`);
  const [channel, ts, ...rest] = ref.id.split(":");
  if (!channel || !ts || rest.length || !CHANNEL.test(channel) || !TS.test(ts)) {
    throw new CoreError("bad_input", "Slack ref must be {channel}:{ts}, e.g. C024BE91L:1512085950.000216");
  }
  const threadTs = ref.threadId && ref.threadId !== ts ? ref.threadId : undefined;
  if (threadTs && !TS.test(threadTs)) throw new CoreError("bad_input", "Slack threadId must be a message ts");
  return { channel, ts, threadTs };
}

export function slackRef(channel: string, ts: string, threadTs?: string): MessageRef {
  const ref: MessageRef = { source: "slack", id: `${channel}:${ts}` };
  if (threadTs && threadTs !== ts) ref.threadId = threadTs;
  return ref;
}

export function isSlackChannelId(id: string): boolean {
  return CHANNEL.test(id);
}

export function isSlackTs(ts: string): boolean {
  return TS.test(ts);
}
