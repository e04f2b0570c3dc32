import { createDemoConnector } from "@scouts/core/connectors/demo/demo-connector";
import { createGmailConnector } from "@scouts/core/connectors/gmail/connector";
import { refreshGoogleAccessToken } from "@scouts/core/connectors/gmail/oauth-refresh";
import { createSlackConnector } from "@scouts/core/connectors/slack/connector";
import type { SourceConnector } from "@scouts/core/connectors/source-connector";
import { CoreError, isCoreError } from "@scouts/core/errors";
import {
  type Clock,
  type FetchLike,
  type Logger,
  realSleep,
  type Sleep,
  systemClock,
} from "@scouts/core/ports";
import type { ScoutsDb } from "@scouts/db";
import {
  type ConnectionRow,
  findConnectionByScout,
  markNeedsReauth,
  updateConnectionTokens,
} from "@scouts/db/repos/connections";
import { findScoutById, setScoutPausedReason } from "@scouts/db/repos/scouts";
import { z } from "zod";
import type { Config, Env } from "../env.ts";
import { createDemoFeedStore } from "./demo-feed.ts";
import { gmailQuotaLimiter } from "./gate-limiter.ts";
import { GoogleTokens } from "./google-tokens.ts";
import { consoleLogger } from "./logger.ts";
import { requireConfig } from "./require-config.ts";
import { openTokens, sealTokens } from "./token-store.ts";

export interface ConnectorForScoutInput {
  /** Bindings: Gmail calls are charged to the mailbox's QuotaGate (`env.QUOTA_GATE`). */
  env: Env;
  config: Config;
  db: ScoutsDb;
  scoutId: string;
  /** Outbound fetch; tests pass the providers' fakes. Default: global fetch. */
  fetch?: FetchLike;
  clock?: Clock;
  sleep?: Sleep;
  logger?: Logger;
}

const REFRESH_EARLY_MS = 60_000;
// Per isolate, per mailbox: label name → id, so labelling by name costs labels.list once, not per
// action. Kept ten minutes: a label renamed in Gmail meanwhile is then looked up again.
const labelCaches = new Map<string, { cache: Map<string, string>; at: number }>();
const LABEL_CACHE_MS = 10 * 60_000;
function labelCacheFor(key: string, now: number): Map<string, string> {
  const hit = labelCaches.get(key);
  if (hit && now - hit.at < LABEL_CACHE_MS) return hit.cache;
  if (!hit && labelCaches.size >= 500) labelCaches.delete(labelCaches.keys().next().value ?? "");
  const fresh = { cache: new Map<string, string>(), at: now };
  labelCaches.set(key, fresh);
  return fresh.cache;
}

/**
 * The `SourceConnector` for a scout, built from its connection row: tokens decrypted for the
 * owning user, Google access tokens refreshed (and re-sealed under the newest key), and any
 * `needs_reauth` (invalid_grant, revoked token, undecryptable row) recorded on the connection so
 * watch renewal and polling stop and the person is told.
 * @example const gmail = await connectorForScout({ env, config, db, scoutId }); await gmail.listNew({ cursor });
 */
export async function connectorForScout(input: ConnectorForScoutInput): Promise<SourceConnector> {
  const { db, scoutId } = input;
  const clock = input.clock ?? systemClock;
  const logger = input.logger ?? consoleLogger;
  const fetch = input.fetch ?? ((i, init) => globalThis.fetch(i, init));
  const scout = await findScoutById(db, scoutId);
  if (!scout) throw new CoreError("not_found", "no such scout", { details: { scoutId } });
  if (scout.sourceType === "demo") {
    const feed = createDemoFeedStore(db, clock);
    return createDemoConnector({ head: () => feed.head(scoutId) });
  }
  const conn = await findConnectionByScout(db, scoutId);
  if (!conn?.tokenCiphertext)
    throw new CoreError("needs_reauth", "scout has no connected account", { details: { scoutId } });
  if (conn.needsReauth)
    throw new CoreError("needs_reauth", "account needs to be reconnected", { details: { scoutId } });

  const onReauth = async (reason: string) => {
    await markNeedsReauth(db, { id: conn.id, now: clock.now() });
    await setScoutPausedReason(db, scoutId, "needs_reauth");
    logger.log("warn", "connection_needs_reauth", { scoutId, connectionId: conn.id, reason });
  };
  let opened: Awaited<ReturnType<typeof openTokens>>;
  try {
    opened = await openTokens(input.config, conn.userId, conn.tokenCiphertext);
  } catch (e) {
    // A missing key version is an operator error, not the person's: do not make them reconnect.
    if (isCoreError(e) && e.code === "needs_reauth" && e.details?.reason !== "token_key_missing") {
      await onReauth(String(e.details?.reason ?? "token_unreadable"));
    }
    throw e;
  }

  if (scout.sourceType === "gmail") {
    const connector = createGmailConnector({
      fetch,
      getAccessToken: await googleAccessTokens({ ...input, fetch, clock }, conn, opened, onReauth),
      apiBase: input.config.GMAIL_API_BASE,
      // Shared by every isolate: keeps each Gmail account under 60% of its per-user quota.
      rateLimiter: gmailQuotaLimiter(input.env.QUOTA_GATE),
      rateLimitKey: conn.accountRef,
      labelCache: labelCacheFor(`${conn.id}:${conn.accountRef}`, clock.now()),
      topicName: input.config.GMAIL_PUBSUB_TOPIC,
      sleep: input.sleep ?? realSleep,
      clock,
      logger,
    });
    return guardReauth(connector, onReauth);
  }
  const slack = SlackTokens.safeParse(opened.tokens);
  if (!slack.success) {
    await onReauth("token_shape");
    throw new CoreError("needs_reauth", "stored Slack token is unusable: reconnect Slack");
  }
  const connector = createSlackConnector({
    fetch,
    botToken: slack.data.botToken,
    apiBase: input.config.SLACK_API_BASE,
    sleep: input.sleep ?? realSleep,
    clock,
    logger,
  });
  return guardReauth(connector, onReauth);
}

const SlackTokens = z.object({ botToken: z.string().min(1) });

/** Access tokens for one connector: cached, refreshed once at a time, persisted sealed. */
async function googleAccessTokens(
  input: ConnectorForScoutInput & { fetch: FetchLike; clock: Clock },
  conn: ConnectionRow,
  opened: { tokens: unknown; needsRewrap: boolean },
  onReauth: (reason: string) => Promise<void>,
) {
  const parsed = GoogleTokens.safeParse(opened.tokens);
  if (!parsed.success) {
    await onReauth("token_shape");
    throw new CoreError("needs_reauth", "stored Google tokens are unusable: reconnect Google");
  }
  let current = parsed.data;
  const persist = async () => {
    const sealed = await sealTokens(input.config, conn.userId, current);
    await updateConnectionTokens(input.db, {
      id: conn.id,
      tokenCiphertext: sealed.ciphertext,
      tokenKeyVersion: sealed.keyVersion,
      now: input.clock.now(),
    });
  };
  if (opened.needsRewrap) await persist();
  let inflight: Promise<string> | undefined;
  const refresh = async () => {
    if (!current.refreshToken) {
      await onReauth("no_refresh_token");
      throw new CoreError("needs_reauth", "no Google refresh token stored: reconnect Google");
    }
    const cfg = requireConfig(input.config, "Google token refresh", [
      "GOOGLE_CLIENT_ID",
      "GOOGLE_CLIENT_SECRET",
    ]);
    try {
      const next = await refreshGoogleAccessToken({
        fetch: input.fetch,
        tokenUrl: cfg.GOOGLE_TOKEN_URL,
        clientId: cfg.GOOGLE_CLIENT_ID,
        clientSecret: cfg.GOOGLE_CLIENT_SECRET,
        refreshToken: current.refreshToken,
        nowMs: input.clock.now(),
      });
      // Google usually omits refresh_token on refresh: the stored one stays valid.
      current = {
        ...current,
        accessToken: next.accessToken,
        expiresAt: next.expiresAt,
        refreshToken: next.refreshToken ?? current.refreshToken,
      };
    } catch (e) {
      if (isCoreError(e) && e.code === "needs_reauth") await onReauth("invalid_grant");
      throw e;
    }
    await persist();
    return current.accessToken;
  };
  return async (opts?: { forceRefresh?: boolean }) => {
    if (!opts?.forceRefresh && current.expiresAt - REFRESH_EARLY_MS > input.clock.now())
      return current.accessToken;
    inflight ??= refresh().finally(() => {
      inflight = undefined;
    });
    return inflight;
  };
}

/** Any `needs_reauth` a provider call raises (a revoked token mid-job) is recorded once. */
function guardReauth<C extends SourceConnector>(
  connector: C,
  onReauth: (reason: string) => Promise<void>,
): C {
  let recorded = false;
  return new Proxy(connector, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        try {
          return await value.apply(target, args);
        } catch (e) {
          if (isCoreError(e) && e.code === "needs_reauth" && !recorded) {
            recorded = true;
            await onReauth("provider_refused").catch(() => {});
          }
          throw e;
        }
      };
    },
  });
}
