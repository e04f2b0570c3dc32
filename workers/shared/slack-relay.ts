import type { SlackRelayRequest } from "@scouts/core/assistant/slack-relay";
import { isChannelMember } from "@scouts/core/connectors/slack/membership";
import { createSlackApi } from "@scouts/core/connectors/slack/slack-api";
import { CoreError } from "@scouts/core/errors";
import { type Clock, type FetchLike, type Logger, realSleep, type Sleep } from "@scouts/core/ports";
import { parseWorkspaceKey } from "@scouts/core/workspaces/workspace-key";
import type { ScoutsDb } from "@scouts/db";
import { markNeedsReauth } from "@scouts/db/repos/connections";
import { personalSpaceId } from "@scouts/db/repos/spaces";
import { sql } from "drizzle-orm";
import type { Config } from "../env.ts";
import { openTokens } from "./token-store.ts";

export interface SlackRelayDeps {
  config: Config;
  db: ScoutsDb;
  fetch: FetchLike;
  clock: Clock;
  logger: Logger;
  sleep?: Sleep;
}

const RECONNECT = "reconnect Slack on the Scouts page, or send the brief through the incoming webhook";

/**
 * Posts a device's composed brief or alert into one of the person's own channels with their own
 * Slack connection (`chat.postMessage` with the device's `client_msg_id`). The channel must be in
 * the person's personal directory (places their connection has seen); the message is held in
 * memory for the call only: nothing of it is stored or logged.
 * @example await relaySlackPost(deps, { userId, request: { channel: "slack://channel/C1", clientMsgId, message } })
 */
export async function relaySlackPost(
  deps: SlackRelayDeps,
  input: { userId: string; request: SlackRelayRequest },
): Promise<{ ts: string }> {
  const { db } = deps;
  const { userId } = input;
  const place = parseWorkspaceKey(input.request.channel);
  const known = await db.get<{ n: number }>(sql`SELECT count(*) AS n FROM workspaces
    WHERE space_id = ${personalSpaceId(userId)} AND workspace_key = ${place.key} AND archived = 0`);
  // Another person's channel reads as unknown, exactly like a channel nobody has seen.
  if (!known?.n)
    throw new CoreError("not_found", "that channel is not in your workspaces: pick one from the list");
  const connections = await db.all<{
    id: string;
    account_ref: string;
    provider_user_id: string | null;
    token_ciphertext: string | null;
    needs_reauth: number;
  }>(sql`SELECT c.id, c.account_ref, c.provider_user_id, c.token_ciphertext, c.needs_reauth FROM scout_connections c
    JOIN scouts s ON s.id = c.scout_id
    WHERE c.user_id = ${userId} AND s.user_id = ${userId} AND c.provider = 'slack'
    ORDER BY c.updated_at DESC`);
  const candidates = connections.filter((c) => !place.teamId || c.account_ref === place.teamId);
  if (candidates.length === 0)
    throw connections.length
      ? new CoreError("not_found", "that channel's Slack workspace is not one you connected")
      : new CoreError("disabled", "connect Slack to post into a channel");
  const usable = candidates.filter((c) => !c.needs_reauth && c.token_ciphertext);
  if (usable.length === 0)
    throw new CoreError("needs_reauth", `your Slack connection was revoked or expired: ${RECONNECT}`);
  let lastError: unknown;
  for (const conn of usable) {
    try {
      return await postWith(deps, conn, userId, place.id, input.request);
    } catch (e) {
      lastError = e;
      if (!(e instanceof CoreError)) throw e;
      if (e.code === "needs_reauth") {
        await markNeedsReauth(db, { id: conn.id, now: deps.clock.now() });
        continue;
      }
      // Another of the person's Slack teams may hold the channel: try it before giving up.
      if (e.code === "not_found" || e.code === "forbidden") continue;
      throw e;
    }
  }
  if (lastError instanceof CoreError && lastError.code === "needs_reauth")
    throw new CoreError("needs_reauth", `your Slack connection was revoked or expired: ${RECONNECT}`);
  if (lastError instanceof CoreError && lastError.code === "forbidden") throw lastError;
  throw new CoreError(
    "not_found",
    "Scouts' Slack app cannot post in that channel: invite @Scouts to it (/invite @Scouts) or pick another",
  );
}

async function postWith(
  deps: SlackRelayDeps,
  conn: { account_ref: string; provider_user_id: string | null; token_ciphertext: string | null },
  userId: string,
  channelId: string,
  request: SlackRelayRequest,
): Promise<{ ts: string }> {
  const { tokens } = await openTokens(deps.config, userId, conn.token_ciphertext ?? "");
  const botToken = (tokens as { botToken?: unknown }).botToken;
  if (typeof botToken !== "string") throw new CoreError("needs_reauth", "stored Slack token is unusable");
  const api = createSlackApi({
    fetch: deps.fetch,
    botToken,
    apiBase: deps.config.SLACK_API_BASE,
    sleep: deps.sleep ?? realSleep,
    clock: deps.clock,
    logger: deps.logger,
    maxAttempts: 3,
  });
  // The directory also takes manual entries: only a channel the person is in is theirs to post to.
  const member =
    conn.provider_user_id !== null &&
    (await isChannelMember(
      { api, clock: deps.clock, cache: new Map(), team: conn.account_ref },
      channelId,
      conn.provider_user_id,
    ));
  if (!member)
    throw new CoreError("forbidden", "you are not a member of that Slack channel: pick one you are in");
  const out = await api.call<{ ts: string }>("chat.postMessage", {
    channel: channelId,
    text: request.message.text,
    blocks: JSON.stringify(request.message.blocks),
    client_msg_id: request.clientMsgId,
    unfurl_links: "false",
    unfurl_media: "false",
  });
  return { ts: out.ts };
}
