import { CoreError } from "../../errors.ts";
import type { Clock, Sleep } from "../../ports.ts";
import { type BucketState, bucketShape, refilled, reserve } from "./bucket-math.ts";
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

/**
 * A per-key token bucket sized so usage in ANY rolling minute stays under `unitsPerMinute`.
 * In memory: each isolate holding one has its own budget. Workers share one budget per mailbox
 * through the quota gate instead (`leased-limiter.ts`, workers/quota-gate).
 * @example
 * const limiter = createTokenBucket({ clock: systemClock, sleep: realSleep });
 * await limiter.acquire(userId, GMAIL_UNITS["messages.get"]);
 */
export function createTokenBucket(
  opts: TokenBucketOptions,
): RateLimiter & { available(key: string): number } {
  const cap = opts.unitsPerMinute ?? GMAIL_BUDGET_UNITS_PER_MINUTE;
  const shape = bucketShape({ unitsPerMinute: cap, burst: opts.burst ?? Math.floor(cap / 9) });
  const maxWaitMs = opts.maxWaitMs ?? 30_000;
  const buckets = new Map<string, BucketState>();

  return {
    available(key) {
      const b = refilled(buckets.get(key), opts.clock.now(), shape);
      buckets.set(key, b);
      return b.tokens;
    },
    async acquire(key, units) {
      if (units > shape.burst)
        throw new Error(`a single call of ${units} units exceeds the burst of ${shape.burst}`);
      // Reserve now (tokens may go negative) so concurrent callers queue fairly behind each other.
      const r = reserve(buckets.get(key), units, opts.clock.now(), shape, maxWaitMs);
      if (!r.ok) {
        throw new CoreError("rate_limited", "per-user Gmail budget is spent for now", {
          retryAfterSeconds: Math.ceil(r.retryAfterMs / 1000),
        });
      }
      buckets.set(key, r.state);
      if (r.waitMs > 0) await opts.sleep(r.waitMs);
    },
  };
}

/** A limiter that never waits (tests of code paths where quota is not the subject). */
export const unlimited: RateLimiter = { acquire: async () => {} };
