import { signSession, verifySession } from "@scouts/core/auth/session";
import { CoreError } from "@scouts/core/errors";
import { findSessionUser, insertSession, revokeSession } from "@scouts/db/repos/users";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { requireConfig } from "../../shared/require-config.ts";
import type { AppEnv } from "../context.ts";
import { isLoopbackUrl } from "./loopback.ts";

export const SESSION_COOKIE = "scouts_session";
const SESSION_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Records a server-side session, signs a cookie naming it and sets `scouts_session`: http-only,
 * SameSite=Lax, Secure except on loopback.
 * @example await startSession(c, user.id);
 */
export async function startSession(c: Context<AppEnv>, userId: string): Promise<void> {
  const { config, clock, db } = c.var.services;
  const { SESSION_SECRET } = requireConfig(config, "Sessions", ["SESSION_SECRET"]);
  const now = clock.now();
  const sessionId = newSessionId();
  await insertSession(db, { id: sessionId, userId, now, expiresAt: now + SESSION_TTL_SECONDS * 1000 });
  const token = await signSession({
    secret: SESSION_SECRET,
    userId,
    sessionId,
    ttlSeconds: SESSION_TTL_SECONDS,
    nowMs: now,
  });
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: !isLoopbackUrl(c.req.url),
    path: "/",
    maxAge: SESSION_TTL_SECONDS,
  });
}

/**
 * Sign-out: revokes the session the cookie names (if it is a valid one) on the server, so a copy
 * of the cookie stops working too, and clears the cookie.
 */
export async function endSession(c: Context<AppEnv>): Promise<void> {
  const claims = await sessionClaims(c).catch(() => undefined);
  if (claims) {
    const { db, clock } = c.var.services;
    await revokeSession(db, { sessionId: claims.sid, userId: claims.sub, now: clock.now() });
  }
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: !isLoopbackUrl(c.req.url) });
}

async function sessionClaims(c: Context<AppEnv>) {
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
  return result.claims;
}

/**
 * The signed-in user's id from the cookie, or undefined when there is no cookie at all. The
 * signature is checked first, then the session row: revoked, expired or of a deleted user fails.
 */
export async function sessionUserId(c: Context<AppEnv>): Promise<string | undefined> {
  const claims = await sessionClaims(c);
  if (!claims) return undefined;
  const { db, clock } = c.var.services;
  const userId = await findSessionUser(db, { sessionId: claims.sid, userId: claims.sub, now: clock.now() });
  if (!userId) {
    throw new CoreError("unauthenticated", "session has ended (signed out or expired): sign in again", {
      details: { reason: "session_ended" },
    });
  }
  return userId;
}

/** 128 random bits, base64url. */
function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}
