import { CoreError } from "@scouts/core/errors";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import { isLoopbackUrl } from "./loopback.ts";

/**
 * Dev-only routes exist only when SCOUTS_ENV=development AND SCOUTS_DEV_MODE=true AND the request
 * was addressed to a loopback host. A deployed Worker is reached by its public hostname, so it can
 * never pass; otherwise the route answers 404 as if it did not exist.
 * @example app.post("/api/v1/dev/signin", devOnly(), handler)
 */
export function devOnly(): MiddlewareHandler<AppEnv> {
  return async function devOnlyMiddleware(c, next) {
    if (!isDevRequest(c)) throw new CoreError("not_found", "no such route");
    await next();
  };
}

/** The same three conditions, for a dev convenience inside an ordinary route. */
export function isDevRequest(c: Context<AppEnv>): boolean {
  const { config } = c.var.services;
  return config.SCOUTS_ENV === "development" && config.SCOUTS_DEV_MODE === true && isLoopbackUrl(c.req.url);
}
