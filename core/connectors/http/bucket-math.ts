/**
 * The token-bucket arithmetic shared by the in-isolate limiter (`token-bucket.ts`) and the
 * cross-isolate quota gate (`quota-grants.ts`): pure functions over a plain state object, so the
 * gate can keep that object in Durable Object storage.
 */

export interface BucketShape {
  /** Bucket size: the most units that may be reserved at one instant. */
  burst: number;
  /** Refill rate in units per millisecond. */
  perMs: number;
}

/** `tokens` may be negative: units reserved ahead, to be paid back by the refill before use. */
export interface BucketState {
  tokens: number;
  updatedAt: number;
}

/**
 * Sizes a bucket so that reservations in any window of `windowMs + leaseMs` stay within
 * `unitsPerMinute` (window = one minute): burst + perMs·(windowMs + leaseMs) = unitsPerMinute.
 * `leaseMs` is how long after its reservation a unit may still be spent (0 for spend-at-once).
 */
export function bucketShape(opts: { unitsPerMinute: number; burst: number; leaseMs?: number }): BucketShape {
  const { unitsPerMinute, burst } = opts;
  const leaseMs = opts.leaseMs ?? 0;
  if (!(burst > 0 && burst < unitsPerMinute)) throw new Error("burst must be between 0 and unitsPerMinute");
  if (!(leaseMs >= 0)) throw new Error("leaseMs must not be negative");
  return { burst, perMs: (unitsPerMinute - burst) / (60_000 + leaseMs) };
}

/**
 * The state at `now`, refilled at `perMs` and never above `burst`. If the clock stepped back
 * (a Durable Object moved to another machine), time stands still at `updatedAt` until it catches up.
 */
export function refilled(state: BucketState | undefined, now: number, shape: BucketShape): BucketState {
  if (!state) return { tokens: shape.burst, updatedAt: now };
  if (now <= state.updatedAt) return state;
  return {
    tokens: Math.min(shape.burst, state.tokens + (now - state.updatedAt) * shape.perMs),
    updatedAt: now,
  };
}

export type Reservation =
  | { ok: true; state: BucketState; waitMs: number }
  | { ok: false; retryAfterMs: number };

/**
 * Reserves `units` at `now` (GCRA: tokens may go negative so concurrent callers queue in order).
 * The reservation counts as spent `waitMs` from now; a wait over `maxWaitMs` reserves nothing.
 */
export function reserve(
  state: BucketState | undefined,
  units: number,
  now: number,
  shape: BucketShape,
  maxWaitMs: number,
): Reservation {
  const before = refilled(state, now, shape);
  const tokens = before.tokens - units;
  // Measured from the caller's `now`, including any time the bucket's clock is ahead of it.
  const waitMs = before.updatedAt - now + (tokens >= 0 ? 0 : Math.ceil(-tokens / shape.perMs));
  if (waitMs > maxWaitMs) return { ok: false, retryAfterMs: waitMs };
  return { ok: true, state: { tokens, updatedAt: before.updatedAt }, waitMs };
}
