import { CoreError } from "@scouts/core/errors";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import { refuseQueryTokens } from "./bearer.ts";
import { sessionUserId } from "./session-cookie.ts";

/**
 * Lets a request through only with a valid `scouts_session` cookie of an existing user; sets `c.var.auth`.
 * @example app.post("/api/v1/devices/pairing-codes", requireSession(), handler)
 */
export function requireSession(): MiddlewareHandler<AppEnv> {
  return async function requireSessionMiddleware(c, next) {
    refuseQueryTokens(c.req.url);
    const userId = await sessionUserId(c);
    if (userId === undefined) throw new CoreError("unauthenticated", "sign in first");
    c.set("auth", { userId, via: "session" });
    await next();
  };
}
