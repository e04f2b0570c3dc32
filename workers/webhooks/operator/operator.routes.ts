import { CoreError } from "@scouts/core/errors";
import { operatorOverview } from "@scouts/db/repos/operator";
import { Hono, type MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";

const digest = async (s: string) =>
  new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s)));

/** Equal-length digests compared without an early exit. */
function sameDigest(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ (b[i] ?? 0);
  return diff === 0;
}

/**
 * The operator's key (`OPERATOR_TOKEN`, a secret) as a bearer token, compared in constant time.
 * Not a user session: an operator sees every user's counts, so no user can become one. Unset, the
 * view does not exist (404).
 */
export function requireOperator(): MiddlewareHandler<AppEnv> {
  return async function requireOperatorMiddleware(c, next) {
    const expected = c.var.services.config.OPERATOR_TOKEN;
    if (!expected)
      throw new CoreError("not_found", "the operator view is not configured (set OPERATOR_TOKEN)");
    const m = /^Bearer (\S{32,512})$/.exec(c.req.header("authorization") ?? "");
    const [a, b] = await Promise.all([digest(m?.[1] ?? ""), digest(expected)]);
    if (!m || !sameDigest(a, b)) {
      throw new CoreError(
        "unauthenticated",
        "operator token required: Authorization: Bearer <OPERATOR_TOKEN>",
      );
    }
    await next();
  };
}

/** `GET /api/v1/operator/overview`: backlog, dead letters, re-auth, watch expiries, error rates (ids and counts). */
export function operatorRoutes() {
  return new Hono<AppEnv>().get("/api/v1/operator/overview", requireOperator(), async (c) => {
    c.header("cache-control", "no-store");
    return c.json(await operatorOverview(c.var.services.db, c.var.services.clock.now()));
  });
}
