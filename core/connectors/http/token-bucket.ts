import { CoreError } from "../../errors.ts";
import type { Clock, Sleep } from "../../ports.ts";
import { GMAIL_BUDGET_UNITS_PER_MINUTE } from "./gmail-units.ts";

/** Waits until `units` may be spent for `key` (a user), or throws `rate_limited` when the wait is too long. */
export interface RateLimiter {
  acquire(key: string, units: number): Promise<void>;
}

export interface TokenBucketOptions {
  /** Most units spendable in any 60 s window (default 9,000 = 60% of Gmail's 15,000/user/min). */
  unitsPerMinute?: number;
  /** Bucket size. The refill rate is `(unitsPerMinute - burst) / minute`, so burst + refill ≤ the cap in every window. */
  burst?: number;
  /** Longest a caller waits before getting `rate_limited` with a Retry-After (so a queue job retries later). */
  maxWaitMs?: number;
  clock: Clock;
  sleep: Sleep;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * A per-key token bucket sized so usage in ANY rolling minute stays under `unitsPerMinute`.
 * @example
 * const limiter = createTokenBucket({ clock: systemClock, sleep: realSleep });
 * await limiter.acquire(userId, GMAIL_UNITS["messages.get"]);
 */
export function createTokenBucket(
  opts: TokenBucketOptions,
): RateLimiter & { available(key: string): number } {
  const cap = opts.unitsPerMinute ?? GMAIL_BUDGET_UNITS_PER_MINUTE;
  const burst = opts.burst ?? Math.floor(cap / 9);
  if (burst <= 0 || burst >= cap) throw new Error("burst must be between 0 and unitsPerMinute");
  const perMs = (cap - burst) / 60_000;
  const maxWaitMs = opts.maxWaitMs ?? 30_000;
  const buckets = new Map<string, Bucket>();

  function refill(key: string): Bucket {
    const now = opts.clock.now();
    const b = buckets.get(key) ?? { tokens: burst, updatedAt: now };
    b.tokens = Math.min(burst, b.tokens + (now - b.updatedAt) * perMs);
    b.updatedAt = now;
    buckets.set(key, b);
    return b;
  }

  return {
    available: (key) => refill(key).tokens,
    async acquire(key, units) {
      if (units > burst) throw new Error(`a single call of ${units} units exceeds the burst of ${burst}`);
      // Reserve now (tokens may go negative) so concurrent callers queue fairly behind each other.
      const b = refill(key);
      b.tokens -= units;
      const waitMs = b.tokens >= 0 ? 0 : Math.ceil(-b.tokens / perMs);
      if (waitMs > maxWaitMs) {
        b.tokens += units;
        throw new CoreError("rate_limited", "per-user Gmail budget is spent for now", {
          retryAfterSeconds: Math.ceil(waitMs / 1000),
        });
      }
      if (waitMs > 0) await opts.sleep(waitMs);
    },
  };
}

/** A limiter that never waits (tests of code paths where quota is not the subject). */
export const unlimited: RateLimiter = { acquire: async () => {} };
