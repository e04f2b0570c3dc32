import { CoreError } from "../../errors.ts";
import type { Clock, FetchLike, Logger, Sleep } from "../../ports.ts";
import { withBackoff } from "../http/backoff.ts";
import { parseRetryAfter } from "../http/retry-after.ts";

const REAUTH = new Set(["invalid_auth", "not_authed", "token_revoked", "token_expired", "account_inactive"]);
const NOT_FOUND = new Set(["channel_not_found", "message_not_found", "thread_not_found", "not_in_channel"]);
/** `no_permission` concerns one conversation (the app is not in it): that channel is skipped, never re-auth. */
const FORBIDDEN = new Set(["no_permission", "method_not_supported_for_channel_type"]);

export interface SlackApiDeps {
  fetch: FetchLike;
  botToken: string;
  /** SLACK_API_BASE; default https://slack.com/api. */
  apiBase?: string;
  sleep: Sleep;
  clock: Clock;
  logger: Logger;
  random?: () => number;
  maxAttempts?: number;
}

/**
 * Calls a Slack Web API method (form-encoded POST, bearer token). Slack answers errors as
 * `{ok:false, error}` with HTTP 200; 429 carries Retry-After. Rate limits and 5xx are retried.
 * @example const api = createSlackApi(deps); const h = await api.call("conversations.history", { channel });
 */
export function createSlackApi(deps: SlackApiDeps) {
  const base = (deps.apiBase ?? "https://slack.com/api").replace(/\/$/, "");

  async function once<T>(method: string, params: Record<string, string>): Promise<T> {
    let res: Response;
    try {
      res = await deps.fetch(`${base}/${method}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${deps.botToken}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(params).toString(),
      });
    } catch (cause) {
      throw new CoreError("upstream_unavailable", `${method}: network error`, { cause });
    }
    if (res.status === 429) {
      const ms = parseRetryAfter(res.headers.get("retry-after"), deps.clock.now());
      throw new CoreError("rate_limited", `${method}: rate limited`, {
        details: { httpStatus: res.status },
        retryAfterSeconds: ms === undefined ? undefined : Math.ceil(ms / 1000),
      });
    }
    if (res.status >= 500)
      throw new CoreError("upstream_unavailable", `${method}: upstream ${res.status}`, {
        details: { httpStatus: res.status },
      });
    const body = (await res.json().catch(() => ({ ok: false, error: "invalid_json" }))) as {
      ok?: boolean;
      error?: string;
    };
    if (body.ok) return body as T;
    const error = String(body.error ?? "unknown_error");
    deps.logger.log("warn", "slack.call_failed", { method, error });
    if (REAUTH.has(error))
      throw new CoreError("needs_reauth", `${method}: ${error}`, { details: { slackError: error } });
    if (NOT_FOUND.has(error))
      throw new CoreError("not_found", `${method}: ${error}`, { details: { slackError: error } });
    if (FORBIDDEN.has(error))
      throw new CoreError("forbidden", `${method}: ${error}`, { details: { slackError: error } });
    if (error === "ratelimited")
      throw new CoreError("rate_limited", `${method}: ratelimited`, { details: { slackError: error } });
    throw new CoreError("upstream_rejected", `${method}: ${error}`, { details: { slackError: error } });
  }

  return {
    call<T>(method: string, params: Record<string, string> = {}): Promise<T> {
      return withBackoff(() => once<T>(method, params), {
        sleep: deps.sleep,
        random: deps.random,
        maxAttempts: deps.maxAttempts ?? 5,
      });
    },
  };
}

export type SlackApi = ReturnType<typeof createSlackApi>;
