import type { FetchLike } from "@scouts/core/ports";
import { systemClock } from "@scouts/core/ports";
import { createD1Db } from "@scouts/db/d1";
import type { MiddlewareHandler } from "hono";
import { readConfig } from "../env.ts";
import { consoleLogger } from "../shared/logger.ts";
import type { AppEnv, AppOptions } from "./context.ts";

// One stable identity per isolate, so caches keyed on the fetch (the JWKS set) are reused.
const globalFetch: FetchLike = (input, init) => fetch(input, init);

/**
 * Builds `c.var.services` (config parsed once per isolate, db, ports) and logs each request with
 * its id, method, path, status and duration — never a query string, header or body.
 */
export function provideServices(options: AppOptions): MiddlewareHandler<AppEnv> {
  return async function services(c, next) {
    const requestId = crypto.randomUUID();
    const logger = options.logger ?? consoleLogger;
    const clock = options.clock ?? systemClock;
    const started = clock.now();
    c.set("services", {
      config: readConfig(c.env),
      db: createD1Db(c.env.DB),
      fetch: options.fetch ?? globalFetch,
      clock,
      logger,
      requestId,
    });
    await next();
    // A WebSocket upgrade answers with the Durable Object's immutable 101 response.
    if (c.res.status !== 101) c.header("x-request-id", requestId);
    logger.log("info", "request", {
      requestId,
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      status: c.res.status,
      ms: clock.now() - started,
      userId: c.var.auth?.userId,
    });
  };
}
