import { CoreError } from "@scouts/core/errors";
import { adoptDevAccountForGoogle, findUserByGoogleSub, signInWithGoogleSub } from "@scouts/db/repos/users";
import { Hono } from "hono";
import { connectAccount } from "../../shared/connect-account.ts";
import { exchangeGoogleCode, fetchGoogleUserInfo } from "../../shared/google-tokens.ts";
import { requireConfig } from "../../shared/require-config.ts";
import { startWatch } from "../../shared/start-watch.ts";
import { isDevRequest } from "../auth/dev-only.ts";
import { startSession } from "../auth/session-cookie.ts";
import type { AppEnv } from "../context.ts";
import { beginOAuth, finishOAuth, publicOrigin } from "./oauth-state.ts";

const GMAIL_READONLY = "https://www.googleapis.com/auth/gmail.readonly";
const GMAIL_MODIFY = "https://www.googleapis.com/auth/gmail.modify";
/** Least privilege: read and label/trash; `gmail.send` only when a send policy asks for it. */
export const GOOGLE_SCOPES = ["openid", "email", GMAIL_READONLY, GMAIL_MODIFY];

const GOOGLE_KEYS = ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "SESSION_SECRET", "TOKEN_KEYS"] as const;

/** Google sign-in, which also connects the person's Gmail as a cloud scout. */
export function googleOAuthRoutes() {
  return new Hono<AppEnv>()
    .get("/oauth/google/start", async (c) => {
      const cfg = requireConfig(c.var.services.config, "Google sign-in", GOOGLE_KEYS);
      const { state, codeChallenge } = await beginOAuth(c, "google", c.req.query("returnTo") ?? "/");
      const url = new URL(cfg.GOOGLE_AUTH_URL);
      url.search = new URLSearchParams({
        client_id: cfg.GOOGLE_CLIENT_ID,
        redirect_uri: `${publicOrigin(c)}/oauth/google/callback`,
        response_type: "code",
        scope: GOOGLE_SCOPES.join(" "),
        access_type: "offline",
        prompt: "consent",
        state,
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
      }).toString();
      return c.redirect(url.toString(), 302);
    })
    .get("/oauth/google/callback", async (c) => {
      const { config, db, fetch, clock, logger, requestId } = c.var.services;
      const cfg = requireConfig(config, "Google sign-in", GOOGLE_KEYS);
      const denied = c.req.query("error");
      if (denied) {
        throw new CoreError(
          "forbidden",
          `Google sign-in was not granted (${denied.replace(/[^a-z_]/gi, "").slice(0, 40)})`,
        );
      }
      const code = c.req.query("code");
      const { codeVerifier, returnTo } = await finishOAuth(c, "google", c.req.query("state"));
      if (!code) throw new CoreError("bad_input", "callback has no authorization code");
      const client = {
        fetch,
        tokenUrl: cfg.GOOGLE_TOKEN_URL,
        clientId: cfg.GOOGLE_CLIENT_ID,
        clientSecret: cfg.GOOGLE_CLIENT_SECRET,
        now: clock.now(),
      };
      const tokens = await exchangeGoogleCode(client, {
        code,
        redirectUri: `${publicOrigin(c)}/oauth/google/callback`,
        codeVerifier,
      });
      const granted = tokens.scope.split(/\s+/);
      const missing = [GMAIL_READONLY, GMAIL_MODIFY].filter((s) => !granted.includes(s));
      if (missing.length > 0) {
        throw new CoreError(
          "forbidden",
          "Scouts needs Gmail read and modify access: sign in again and allow both",
          {
            details: { missing },
          },
        );
      }
      const profile = await fetchGoogleUserInfo(fetch, cfg.GOOGLE_USERINFO_URL, tokens.accessToken);
      if (!profile.emailVerified)
        throw new CoreError("forbidden", "Google has not verified this account's email");

      const now = clock.now();
      // Identity is Google's `sub`: an address alone (recycled, or an account made another way) never
      // links. The one exception is a loopback dev Worker, where dev sign-in already works by address.
      const adopted =
        isDevRequest(c) && !(await findUserByGoogleSub(db, profile.sub))
          ? await adoptDevAccountForGoogle(db, { sub: profile.sub, email: profile.email, now })
          : undefined;
      const user =
        adopted ??
        (await signInWithGoogleSub(db, {
          id: crypto.randomUUID(),
          sub: profile.sub,
          email: profile.email,
          now,
        }));
      const { scoutId, connectionId } = await connectAccount(
        { db, config, now },
        { userId: user.id, provider: "google", accountRef: profile.email, tokens, scopes: tokens.scope },
      );
      await startWatch(
        { env: c.env, db, config, fetch, clock, logger, requestId },
        { scoutId, connectionId },
      );
      await startSession(c, user.id);
      return c.redirect(returnTo, 302);
    });
}
