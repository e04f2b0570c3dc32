import { CoreError } from "@scouts/core/errors";
import type { FetchLike } from "@scouts/core/ports";
import { z } from "zod";

/** What we keep (encrypted) for a Google connection. */
export const GoogleTokens = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).nullable(),
  /** Epoch ms when the access token lapses. */
  expiresAt: z.number(),
  scope: z.string(),
});
export type GoogleTokens = z.infer<typeof GoogleTokens>;

const TokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});

const ErrorResponse = z.object({ error: z.string(), error_description: z.string().optional() });

export interface GoogleClient {
  fetch: FetchLike;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  now: number;
}

async function postToken(client: GoogleClient, form: Record<string, string>): Promise<GoogleTokens> {
  let res: Response;
  try {
    res = await client.fetch(client.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ ...form, client_id: client.clientId, client_secret: client.clientSecret }),
    });
  } catch (cause) {
    throw new CoreError("upstream_unavailable", "Google's token endpoint is unreachable", { cause });
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = ErrorResponse.safeParse(body);
    const code = err.success ? err.data.error : `http_${res.status}`;
    // The code was used, expired or issued for another redirect URI: the person starts over.
    if (code === "invalid_grant")
      throw new CoreError("forbidden", "Google refused the authorization code: sign in again");
    if (res.status >= 500 || res.status === 429) {
      throw new CoreError("upstream_unavailable", `Google token endpoint answered ${res.status}`);
    }
    throw new CoreError("upstream_rejected", `Google token endpoint refused the request: ${code}`, {
      details: { error: code },
    });
  }
  const ok = TokenResponse.safeParse(body);
  if (!ok.success) throw new CoreError("upstream_rejected", "Google token response is malformed");
  return {
    accessToken: ok.data.access_token,
    // Missing when Google skipped it; connectAccount then keeps the stored one.
    refreshToken: ok.data.refresh_token ?? null,
    expiresAt: client.now + ok.data.expires_in * 1000,
    scope: ok.data.scope ?? "",
  };
}

/**
 * Exchanges an authorization code (refreshes go through CONNECTORS' `refreshGoogleAccessToken`) (with its PKCE verifier) for tokens.
 * @example const tokens = await exchangeGoogleCode(client, { code, redirectUri, codeVerifier });
 */
export function exchangeGoogleCode(
  client: GoogleClient,
  input: { code: string; redirectUri: string; codeVerifier: string },
): Promise<GoogleTokens> {
  return postToken(client, {
    grant_type: "authorization_code",
    code: input.code,
    redirect_uri: input.redirectUri,
    code_verifier: input.codeVerifier,
  });
}

const UserInfo = z.object({
  sub: z.string().min(1),
  email: z.email(),
  email_verified: z.boolean().optional(),
});

/** The signed-in account: stable `sub`, email, and whether Google verified that email. */
export async function fetchGoogleUserInfo(fetch: FetchLike, url: string, accessToken: string) {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
    });
  } catch (cause) {
    throw new CoreError("upstream_unavailable", "Google userinfo is unreachable", { cause });
  }
  if (!res.ok) {
    if (res.status >= 500)
      throw new CoreError("upstream_unavailable", `Google userinfo answered ${res.status}`);
    throw new CoreError("upstream_rejected", `Google userinfo refused the token (${res.status})`);
  }
  const info = UserInfo.safeParse(await res.json().catch(() => null));
  if (!info.success) throw new CoreError("upstream_rejected", "Google userinfo response is malformed");
  return {
    sub: info.data.sub,
    email: info.data.email.toLowerCase(),
    emailVerified: info.data.email_verified === true,
  };
}
