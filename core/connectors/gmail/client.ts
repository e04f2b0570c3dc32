import { CoreError, isCoreError } from "../../errors.ts";
import type { Clock, FetchLike, Logger, Sleep } from "../../ports.ts";
import { withBackoff } from "../http/backoff.ts";
import { GMAIL_UNITS, type GmailMethod } from "../http/gmail-units.ts";
import { googleError } from "../http/google-errors.ts";
import type { RateLimiter } from "../http/token-bucket.ts";
import { type BatchAnswer, type BatchCall, decodeBatch, encodeBatch } from "./batch-codec.ts";

/** Returns a valid access token; `forceRefresh` after a 401. Throws CoreError("needs_reauth") on invalid_grant. */
export type GetAccessToken = (opts?: { forceRefresh?: boolean }) => Promise<string>;

export interface GmailClientDeps {
  fetch: FetchLike;
  getAccessToken: GetAccessToken;
  /** Default https://gmail.googleapis.com (GMAIL_API_BASE). */
  apiBase?: string;
  rateLimiter: RateLimiter;
  /** Whose quota the limiter charges (one Gmail account). */
  rateLimitKey: string;
  sleep: Sleep;
  clock: Clock;
  logger: Logger;
  random?: () => number;
  maxAttempts?: number;
}

export interface GmailRequest {
  method: GmailMethod;
  httpMethod?: "GET" | "POST" | "DELETE";
  /** Path under `/gmail/v1/users/me`, e.g. `/messages/abc`. */
  path: string;
  query?: URLSearchParams;
  body?: unknown;
  /** Tries for this call (default: the client's `maxAttempts`); 1 for best-effort lookups. */
  attempts?: number;
}

/** Maps anything getAccessToken throws: invalid_grant becomes `needs_reauth`, the rest stays transient. */
export async function accessToken(get: GetAccessToken, forceRefresh = false): Promise<string> {
  try {
    return await get(forceRefresh ? { forceRefresh } : undefined);
  } catch (e) {
    if (isCoreError(e)) throw e;
    if (/invalid_grant/.test(String((e as { message?: unknown })?.message ?? e))) {
      throw new CoreError("needs_reauth", "Google refused the refresh token (invalid_grant)", { cause: e });
    }
    throw new CoreError("upstream_unavailable", "could not obtain a Google access token", { cause: e });
  }
}

/**
 * The Gmail REST transport: charges the per-user token bucket, sends with a bearer token (one
 * refresh on 401), maps errors and retries rate limits / 5xx with jittered backoff.
 * @example const client = createGmailClient(deps); const page = await client.json({ method: "history.list", path: "/history", query });
 */
export function createGmailClient(deps: GmailClientDeps) {
  const apiBase = (deps.apiBase ?? "https://gmail.googleapis.com").replace(/\/$/, "");

  async function send(req: GmailRequest, attempt: number, forceRefresh: boolean): Promise<Response> {
    await deps.rateLimiter.acquire(deps.rateLimitKey, GMAIL_UNITS[req.method]);
    const token = await accessToken(deps.getAccessToken, forceRefresh);
    const qs = req.query?.toString();
    const url = `${apiBase}/gmail/v1/users/me${req.path}${qs ? `?${qs}` : ""}`;
    const init: RequestInit = {
      method: req.httpMethod ?? "GET",
      headers: {
        authorization: `Bearer ${token}`,
        ...(req.body ? { "content-type": "application/json" } : {}),
      },
    };
    if (req.body !== undefined) init.body = JSON.stringify(req.body);
    let res: Response;
    try {
      res = await deps.fetch(url, init);
    } catch (cause) {
      throw new CoreError("upstream_unavailable", `${req.method}: network error`, { cause });
    }
    if (!res.ok) {
      const err = await googleError(res, req.method, deps.clock.now());
      deps.logger.log("warn", "gmail.call_failed", {
        method: req.method,
        status: res.status,
        code: err.code,
        attempt,
      });
      throw err;
    }
    return res;
  }

  async function call(req: GmailRequest): Promise<Response> {
    let refreshed = false;
    return withBackoff(
      async (attempt) => {
        try {
          return await send(req, attempt, false);
        } catch (e) {
          // An access token can lapse between refresh and use: refresh once, then give up.
          if (isCoreError(e) && e.code === "needs_reauth" && e.details?.httpStatus === 401 && !refreshed) {
            refreshed = true;
            return await send(req, attempt, true);
          }
          throw e;
        }
      },
      { sleep: deps.sleep, random: deps.random, maxAttempts: req.attempts ?? deps.maxAttempts ?? 6 },
    );
  }

  /** One POST to `/batch/gmail/v1`; every inner call is charged its own units. */
  async function batch(
    calls: BatchCall[],
    unitsEach: number,
    opts: { forceRefresh?: boolean } = {},
  ): Promise<BatchAnswer[]> {
    if (calls.length > 100) throw new CoreError("bad_input", "a Gmail batch holds at most 100 calls");
    let refresh = opts.forceRefresh ?? false;
    let refreshedOuter = false;
    return withBackoff(
      async () => {
        await deps.rateLimiter.acquire(deps.rateLimitKey, unitsEach * calls.length);
        const token = await accessToken(deps.getAccessToken, refresh);
        refresh = false;
        const { body, contentType } = encodeBatch(calls);
        let res: Response;
        try {
          res = await deps.fetch(`${apiBase}/batch/gmail/v1`, {
            method: "POST",
            headers: { authorization: `Bearer ${token}`, "content-type": contentType },
            body,
          });
        } catch (cause) {
          throw new CoreError("upstream_unavailable", "batch: network error", { cause });
        }
        if (res.status === 401 && !refreshedOuter) {
          // The whole batch was refused for its token: refresh once and go again.
          refreshedOuter = refresh = true;
          throw new CoreError("upstream_unavailable", "batch: access token refused, refreshing");
        }
        if (!res.ok) throw await googleError(res, "batch", deps.clock.now());
        const answers = decodeBatch(await res.text(), res.headers.get("content-type"), calls);
        if (!answers) throw new CoreError("upstream_unavailable", "batch: response is not multipart");
        return answers;
      },
      { sleep: deps.sleep, random: deps.random, maxAttempts: deps.maxAttempts ?? 6 },
    );
  }

  return {
    apiBase,
    call,
    batch,
    async json<T>(req: GmailRequest): Promise<T> {
      const res = await call(req);
      return (res.status === 204 ? {} : await res.json()) as T;
    },
  };
}

export type GmailClient = ReturnType<typeof createGmailClient>;
