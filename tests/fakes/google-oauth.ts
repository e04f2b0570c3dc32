import { json } from "./handler.ts";

export interface FakeGoogleOAuthOptions {
  clientId: string;
  clientSecret: string;
  /** Called with each issued access token so the fake Gmail accepts it. */
  onAccessToken?: (accessToken: string, email: string) => void;
  /** Who "consents" when the browser is sent to the authorization URL. */
  consentEmail?: string;
}

/**
 * Google's OAuth 2.0 endpoints, faked: `/o/oauth2/v2/auth` (auto-consents, redirects back with a
 * code), `/token` (authorization_code and refresh_token grants; `invalid_grant` for revoked or
 * expired refresh tokens; refresh answers carry no new refresh_token), `/oauth2/v3/userinfo`.
 * @example
 * const oauth = createFakeGoogleOAuth({ clientId, clientSecret, onAccessToken: (t, e) => gmail.issueToken(e, t) });
 * const refresh = oauth.issueRefreshToken("me@example.com");
 */
export function createFakeGoogleOAuth(opts: FakeGoogleOAuthOptions) {
  const refreshTokens = new Map<string, string>();
  const accessTokens = new Map<string, string>();
  const codes = new Map<string, { email: string; redirectUri: string; scope: string }>();
  let tokenCalls = 0;
  // Google's `sub` is per account, not per address: a recycled address gets a new one.
  const subs = new Map<string, string>();
  const subOf = (email: string) => subs.get(email) ?? `sub-${email}`;

  function issueAccess(email: string): string {
    const token = `ya29.fake-${crypto.randomUUID()}`;
    accessTokens.set(token, email);
    opts.onAccessToken?.(token, email);
    return token;
  }

  const bad = (error: string, description: string, status = 400) =>
    json({ error, error_description: description }, status);

  async function token(req: Request): Promise<Response> {
    tokenCalls++;
    const form = new URLSearchParams(await req.text());
    if (form.get("client_id") !== opts.clientId || form.get("client_secret") !== opts.clientSecret) {
      return bad("invalid_client", "The OAuth client was not found.", 401);
    }
    const grant = form.get("grant_type");
    if (grant === "refresh_token") {
      const email = refreshTokens.get(form.get("refresh_token") ?? "");
      if (!email) return bad("invalid_grant", "Token has been expired or revoked.");
      return json({
        access_token: issueAccess(email),
        expires_in: 3599,
        scope: "https://www.googleapis.com/auth/gmail.modify",
        token_type: "Bearer",
      });
    }
    if (grant === "authorization_code") {
      const entry = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      if (!entry || entry.redirectUri !== form.get("redirect_uri"))
        return bad("invalid_grant", "Malformed auth code.");
      const refresh = `1//fake-${crypto.randomUUID()}`;
      refreshTokens.set(refresh, entry.email);
      return json({
        access_token: issueAccess(entry.email),
        refresh_token: refresh,
        expires_in: 3599,
        scope: entry.scope,
        token_type: "Bearer",
      });
    }
    return bad("unsupported_grant_type", `Invalid grant_type: ${grant}`);
  }

  async function handler(req: Request): Promise<Response> {
    const url = new URL(req.url);
    if (url.pathname.endsWith("/token") && req.method === "POST") return token(req);
    if (url.pathname === "/o/oauth2/v2/auth") {
      const redirectUri = url.searchParams.get("redirect_uri") ?? "";
      if (url.searchParams.get("client_id") !== opts.clientId || !redirectUri)
        return bad("invalid_request", "bad client or redirect");
      const code = `4/fake-${crypto.randomUUID()}`;
      codes.set(code, {
        email: opts.consentEmail ?? "person@example.com",
        redirectUri,
        scope: url.searchParams.get("scope") ?? "",
      });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      const state = url.searchParams.get("state");
      if (state) back.searchParams.set("state", state);
      return new Response(null, { status: 302, headers: { location: back.toString() } });
    }
    if (url.pathname === "/oauth2/v3/userinfo") {
      const email = accessTokens.get((req.headers.get("authorization") ?? "").replace(/^Bearer /, ""));
      if (!email) return bad("invalid_token", "Invalid Credentials", 401);
      return json({ sub: subOf(email), email, email_verified: true });
    }
    return json({ error: "not_found" }, 404);
  }

  return {
    handler,
    get tokenCalls() {
      return tokenCalls;
    },
    issueRefreshToken(email: string): string {
      const refresh = `1//fake-${crypto.randomUUID()}`;
      refreshTokens.set(refresh, email);
      return refresh;
    },
    /** Revokes (or lets expire, as Testing-status apps do after 7 days) a refresh token: `invalid_grant` from now on. */
    revoke(refreshToken: string) {
      refreshTokens.delete(refreshToken);
    },
    /** The address now belongs to a new Google account (deleted and re-registered): a new `sub`. */
    recycleAddress(email: string): string {
      const sub = `sub-${crypto.randomUUID()}`;
      subs.set(email, sub);
      return sub;
    },
    /** Creates an authorization code directly (skipping the consent redirect). */
    authorizationCode(
      email: string,
      redirectUri: string,
      scope = "openid email https://www.googleapis.com/auth/gmail.modify",
    ): string {
      const code = `4/fake-${crypto.randomUUID()}`;
      codes.set(code, { email, redirectUri, scope });
      return code;
    },
  };
}

export type FakeGoogleOAuth = ReturnType<typeof createFakeGoogleOAuth>;
