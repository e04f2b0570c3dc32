import { signSession, verifySession } from "@scouts/core/auth/session";
import { CoreError } from "@scouts/core/errors";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { requireConfig } from "../../shared/require-config.ts";
import type { AppEnv } from "../context.ts";
import { isLoopbackUrl } from "./loopback.ts";

export const SESSION_COOKIE = "scouts_session";
const SESSION_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Signs the session and sets `scouts_session`: http-only, SameSite=Lax, Secure except on loopback.
 * @example await startSession(c, user.id);
 */
export async function startSession(c: Context<AppEnv>, userId: string): Promise<void> {
  const { config, clock } = c.var.services;
  const { SESSION_SECRET } = requireConfig(config, "Sessions", ["SESSION_SECRET"]);
  const token = await signSession({
    secret: SESSION_SECRET,
    userId,
    ttlSeconds: SESSION_TTL_SECONDS,
    nowMs: clock.now(),
  });
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: !isLoopbackUrl(c.req.url),
    path: "/",
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function endSession(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: !isLoopbackUrl(c.req.url) });
}

/** The signed-in user's id from the cookie, or undefined when there is no cookie at all. */
export async function sessionUserId(c: Context<AppEnv>): Promise<string | undefined> {
  const token = getCookie(c, SESSION_COOKIE);
  if (token === undefined) return undefined;
  const { config, clock } = c.var.services;
  const { SESSION_SECRET } = requireConfig(config, "Sessions", ["SESSION_SECRET"]);
  const result = await verifySession({ secret: SESSION_SECRET, token, nowMs: clock.now() });
  if (!result.ok) {
    throw new CoreError("unauthenticated", "session is invalid or expired: sign in again", {
      details: { reason: result.reason },
    });
  }
  return result.claims.sub;
}
