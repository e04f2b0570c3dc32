import { revokeAllSessions } from "@scouts/db/repos/users";
import { Hono } from "hono";
import { requireSession } from "../auth/require-session.ts";
import { endSession } from "../auth/session-cookie.ts";
import type { AppEnv } from "../context.ts";

/**
 * `POST /api/v1/signout` ends this session on the server and clears the cookie;
 * `POST /api/v1/signout/everywhere` ends every session of the signed-in person (devices keep
 * their own tokens: revoke those one by one).
 */
export function sessionRoutes() {
  return new Hono<AppEnv>()
    .post("/api/v1/signout", async (c) => {
      await endSession(c);
      return c.body(null, 204);
    })
    .post("/api/v1/signout/everywhere", requireSession(), async (c) => {
      const { db, clock } = c.var.services;
      const ended = await revokeAllSessions(db, { userId: c.var.auth.userId, now: clock.now() });
      await endSession(c);
      return c.json({ ended });
    });
}
