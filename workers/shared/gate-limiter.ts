import { createLeasedLimiter, type LeasedLimiterOptions } from "@scouts/core/connectors/http/leased-limiter";
import type { RateLimiter } from "@scouts/core/connectors/http/token-bucket";
import { realSleep, systemClock } from "@scouts/core/ports";
import { quotaGateFor } from "./durable-objects.ts";
import { consoleLogger } from "./logger.ts";

const perBinding = new WeakMap<object, RateLimiter>();

/**
 * This isolate's Gmail limiter: leases from each mailbox's QuotaGate, shared by every connector
 * the isolate builds (queue batches, cron, routes, the DeviceHub's fast path), so their leases
 * are spent before a new one is asked for.
 * @example createGmailConnector({ ..., rateLimiter: gmailQuotaLimiter(env.QUOTA_GATE), rateLimitKey: address });
 */
export function gmailQuotaLimiter(ns: DurableObjectNamespace): RateLimiter {
  let limiter = perBinding.get(ns);
  if (!limiter) {
    limiter = createGateLimiter(ns);
    perBinding.set(ns, limiter);
  }
  return limiter;
}

/** A limiter with leases of its own (tests build two to stand for two isolates). */
export function createGateLimiter(
  ns: DurableObjectNamespace,
  opts: Partial<Omit<LeasedLimiterOptions, "gate">> = {},
): RateLimiter {
  return createLeasedLimiter({
    gate: { grant: (key, request) => quotaGateFor(ns, `gmail:${key}`).grant(request) },
    clock: systemClock,
    sleep: realSleep,
    logger: consoleLogger,
    ...opts,
  });
}
