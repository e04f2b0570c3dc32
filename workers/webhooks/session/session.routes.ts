import { Hono } from "hono";
import { endSession } from "../auth/session-cookie.ts";
import type { AppEnv } from "../context.ts";

/** `POST /api/v1/signout`: clears the session cookie (sessions are stateless signed tokens). */
export function sessionRoutes() {
  return new Hono<AppEnv>().post("/api/v1/signout", (c) => {
    endSession(c);
    return c.body(null, 204);
  });
}
