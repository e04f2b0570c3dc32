import { z } from "zod";
import { AccountError } from "./imap-client.ts";

/** Token endpoints of the presets that sign in with OAuth2 (XOAUTH2 over IMAP). */
export const OAUTH_TOKEN_URLS = {
  gmail: "https://oauth2.googleapis.com/token",
  outlook: "https://login.microsoftonline.com/common/oauth2/v2.0/token",
} as const;

/** What the agent keeps sealed for an OAuth2 account: the tokens, never outside the secret box. */
export const OAuthGrant = z.object({
  oauth: z.literal(1),
  accessToken: z.string(),
  /** Epoch ms; null when the server never said (then used until refused). */
  expiresAt: z.number().nullable(),
  refreshToken: z.string().min(1),
  clientSecret: z.string().optional(),
});
export type OAuthGrant = z.infer<typeof OAuthGrant>;

/** The sealed secret as a grant, or null when it is a password or a bare access token. */
export function parseGrant(secret: string): OAuthGrant | null {
  if (!secret.startsWith("{")) return null;
  try {
    const r = OAuthGrant.safeParse(JSON.parse(secret));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

const TokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((t) => t.toLowerCase() === "bearer", "not a bearer token"),
  expires_in: z.coerce.number().positive().optional(),
  refresh_token: z.string().min(1).optional(),
});

const loopback = (h: string) => ["127.0.0.1", "[::1]", "localhost"].includes(h);

/**
 * Refreshes an access token (RFC 6749 §6): `grant_type=refresh_token` to the token endpoint,
 * form-encoded. A rotated refresh token replaces the old one. `invalid_grant` (revoked, expired)
 * means the person must sign in again: an `auth_failed` error, which the watcher turns into a
 * needs-re-auth notice. An endpoint that is down is `unreachable` (retried with backoff).
 *
 * @example const g = await refreshAccessToken({ fetch, tokenUrl, clientId, grant, now: Date.now() })
 */
export async function refreshAccessToken(args: {
  fetch: typeof fetch;
  tokenUrl: string;
  clientId: string;
  grant: OAuthGrant;
  now: number;
}): Promise<OAuthGrant> {
  const { grant } = args;
  let url: URL;
  try {
    url = new URL(args.tokenUrl);
  } catch {
    throw new AccountError("protocol", `the token endpoint ${args.tokenUrl} is not a URL`);
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback(url.hostname)))
    throw new AccountError("tls_failed", `refusing to send a refresh token to ${url.host} without TLS`);
  const body = new URLSearchParams({
    grant_type: "refresh_token",
    refresh_token: grant.refreshToken,
    client_id: args.clientId,
    ...(grant.clientSecret ? { client_secret: grant.clientSecret } : {}),
  });
  let res: Response;
  try {
    res = await args.fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body,
      signal: AbortSignal.timeout(20_000),
    });
  } catch (e) {
    throw new AccountError(
      "unreachable",
      `cannot reach ${url.host} to refresh the sign-in (${(e as Error).name})`,
    );
  }
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) {
    const error = typeof json?.error === "string" ? json.error : `HTTP ${res.status}`;
    if (error === "invalid_grant")
      throw new AccountError(
        "auth_failed",
        `the sign-in was revoked or has expired (${url.host}: invalid_grant): sign in again and add the account again`,
      );
    if (error === "invalid_client" || error === "unauthorized_client")
      throw new AccountError("auth_failed", `${url.host} refused this app's OAuth client (${error})`);
    throw new AccountError(
      res.status >= 500 ? "unreachable" : "protocol",
      `${url.host} did not refresh the sign-in (${error})`,
    );
  }
  const parsed = TokenResponse.safeParse(json);
  if (!parsed.success)
    throw new AccountError(
      "protocol",
      `${url.host} answered the refresh without a usable token (${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")})`,
    );
  const t = parsed.data;
  return {
    ...grant,
    accessToken: t.access_token,
    expiresAt: t.expires_in ? args.now + t.expires_in * 1000 : null,
    refreshToken: t.refresh_token ?? grant.refreshToken,
  };
}
