import { encodeBase64Url } from "@scouts/core/auth/base64";
import { CoreError } from "@scouts/core/errors";
import type { Context } from "hono";
import { deleteCookie, getSignedCookie, setSignedCookie } from "hono/cookie";
import { z } from "zod";
import { requireConfig } from "../../shared/require-config.ts";
import { isLoopbackUrl } from "../auth/loopback.ts";
import type { AppEnv } from "../context.ts";

const STATE_TTL_MS = 10 * 60 * 1000;
const Pending = z.object({ s: z.string(), v: z.string(), r: z.string(), exp: z.number() });

const random = () => encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)));
const cookieName = (provider: string) => `scouts_oauth_${provider}`;
const stateSecret = (secret: string) => `oauth-state-v1|${secret}`;

/** Only same-site paths: an open redirect after sign-in would hand the session page to anyone. */
export function safeReturnTo(value: string | undefined): string {
  return value && /^\/(?![/\\])[\x21-\x7e]*$/.test(value) ? value : "/";
}

/**
 * Starts an OAuth round trip: random `state` and PKCE verifier kept in a signed, http-only,
 * 10-minute cookie scoped to /oauth/. Returns what goes on the authorization URL.
 * @example const { state, codeChallenge } = await beginOAuth(c, "google", "/");
 */
export async function beginOAuth(c: Context<AppEnv>, provider: string, returnTo: string) {
  const { config, clock } = c.var.services;
  const { SESSION_SECRET } = requireConfig(config, "OAuth sign-in", ["SESSION_SECRET"]);
  const state = random();
  const verifier = random();
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  const pending = { s: state, v: verifier, r: safeReturnTo(returnTo), exp: clock.now() + STATE_TTL_MS };
  await setSignedCookie(c, cookieName(provider), JSON.stringify(pending), stateSecret(SESSION_SECRET), {
    httpOnly: true,
    sameSite: "Lax",
    secure: !isLoopbackUrl(c.req.url),
    path: "/oauth/",
    maxAge: STATE_TTL_MS / 1000,
  });
  return { state, codeChallenge: encodeBase64Url(new Uint8Array(digest)) };
}

/**
 * Checks the callback's `state` against the signed cookie (single use) and returns the PKCE
 * verifier and where to go next. A missing, forged, stale or mismatched state is `forbidden`.
 */
export async function finishOAuth(c: Context<AppEnv>, provider: string, state: string | undefined) {
  const { config, clock } = c.var.services;
  const { SESSION_SECRET } = requireConfig(config, "OAuth sign-in", ["SESSION_SECRET"]);
  const raw = await getSignedCookie(c, stateSecret(SESSION_SECRET), cookieName(provider));
  deleteCookie(c, cookieName(provider), { path: "/oauth/", secure: !isLoopbackUrl(c.req.url) });
  let pending: z.infer<typeof Pending> | undefined;
  try {
    pending = raw ? Pending.parse(JSON.parse(raw)) : undefined;
  } catch {
    pending = undefined;
  }
  if (!pending || !state || pending.s !== state) {
    throw new CoreError("forbidden", "OAuth state does not match this browser: start again");
  }
  if (pending.exp < clock.now()) throw new CoreError("forbidden", "OAuth sign-in took too long: start again");
  return { codeVerifier: pending.v, returnTo: pending.r };
}

/** This Worker's public origin for redirect URIs (PUBLIC_URL when set, else the request's own). */
export function publicOrigin(c: Context<AppEnv>): string {
  return (c.var.services.config.PUBLIC_URL ?? new URL(c.req.url).origin).replace(/\/$/, "");
}
