import { z } from "zod";
import { CoreError } from "../../errors.ts";
import type { FetchLike } from "../../ports.ts";

const TokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
});

export interface RefreshedTokens {
  accessToken: string;
  /** Epoch ms. */
  expiresAt: number;
  /** Present only when Google rotated it; otherwise keep the stored one. */
  refreshToken: string | undefined;
  scope: string | undefined;
}

/**
 * Exchanges a refresh token at Google's token endpoint. `invalid_grant` (revoked, or a Testing-status
 * app's 7-day expiry) → CoreError("needs_reauth"); 5xx/network → `upstream_unavailable`.
 * @example const t = await refreshGoogleAccessToken({ fetch, tokenUrl, clientId, clientSecret, refreshToken, nowMs: Date.now() });
 */
export async function refreshGoogleAccessToken(input: {
  fetch: FetchLike;
  tokenUrl?: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  nowMs: number;
}): Promise<RefreshedTokens> {
  let res: Response;
  try {
    res = await input.fetch(input.tokenUrl ?? "https://oauth2.googleapis.com/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: input.refreshToken,
        client_id: input.clientId,
        client_secret: input.clientSecret,
      }).toString(),
    });
  } catch (cause) {
    throw new CoreError("upstream_unavailable", "Google token endpoint unreachable", { cause });
  }
  const body = (await res.json().catch(() => ({}))) as { error?: string };
  if (!res.ok) {
    if (body.error === "invalid_grant")
      throw new CoreError("needs_reauth", "Google refused the refresh token (invalid_grant)");
    if (res.status >= 500 || res.status === 429) {
      throw new CoreError("upstream_unavailable", `Google token endpoint ${res.status}`);
    }
    throw new CoreError("upstream_rejected", `Google token endpoint refused: ${body.error ?? res.status}`);
  }
  const parsed = TokenResponse.safeParse(body);
  if (!parsed.success) throw new CoreError("upstream_rejected", "Google token response is malformed");
  return {
    accessToken: parsed.data.access_token,
    expiresAt: input.nowMs + parsed.data.expires_in * 1000,
    refreshToken: parsed.data.refresh_token,
    scope: parsed.data.scope,
  };
}
