import { CoreError } from "@scouts/core/errors";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import { bearerToken, refuseQueryTokens } from "./bearer.ts";
import { authenticateDevice } from "./require-device.ts";
import { sessionUserId } from "./session-cookie.ts";

/**
 * A session cookie or a device token. A presented bearer token must be valid: it never falls
 * back to the cookie, so a bad token is reported rather than masked.
 * @example app.get("/api/v1/me", requireUser(), handler)
 */
export function requireUser(): MiddlewareHandler<AppEnv> {
  return async function requireUserMiddleware(c, next) {
    refuseQueryTokens(c.req.url);
    const token = bearerToken(c.req.raw.headers);
    if (token !== undefined) {
      c.set("auth", await authenticateDevice(c, token));
      return next();
    }
    const userId = await sessionUserId(c);
    if (userId === undefined) throw new CoreError("unauthenticated", "sign in or send a device token");
    c.set("auth", { userId, via: "session" });
    await next();
  };
}
