import { CoreError } from "../../errors.ts";
import type { Clock } from "../../ports.ts";
import { type BucketState, bucketShape, refilled, reserve } from "./bucket-math.ts";
import { GMAIL_BUDGET_UNITS_PER_MINUTE } from "./gmail-units.ts";

/** What a quota gate allows one key (one mailbox). */
export interface QuotaPolicy {
  /** Most units spent in any rolling minute, by every isolate together. */
  unitsPerMinute: number;
  /** The most units the gate reserves at one instant. */
  burst: number;
  /** How long a granted unit stays spendable after its reservation time. */
  leaseMs: number;
}

/**
 * 60% of Gmail's 15,000 units/user/minute. A 10 s lease lowers the steady rate to
 * 8,000 units / 70 s ≈ 6,860 a minute, the price of letting isolates spend without a round trip.
 */
export const GMAIL_QUOTA_POLICY: QuotaPolicy = {
  unitsPerMinute: GMAIL_BUDGET_UNITS_PER_MINUTE,
  burst: Math.floor(GMAIL_BUDGET_UNITS_PER_MINUTE / 9),
  leaseMs: 10_000,
};

/** An isolate asks for `want` units if the bucket has them now, else for `need` (waiting ≤ `maxWaitMs`). */
export interface QuotaGrantRequest {
  need: number;
  want: number;
  maxWaitMs: number;
}

/**
 * `ok`: `units` may be spent from `waitMs` after the gate answered until `leaseMs` after that.
 * Not ok: nothing was reserved; the budget frees up in `retryAfterMs`.
 */
export type QuotaGrantAnswer =
  | { ok: true; units: number; waitMs: number; leaseMs: number }
  | { ok: false; retryAfterMs: number };

export interface GrantQuotaCtx {
  clock: Clock;
  policy: QuotaPolicy;
}

/**
 * The gate's side of a lease: reserves the granted units in the key's bucket at the moment they
 * become spendable (now + waitMs). The bucket is sized with `leaseMs` (`bucketShape`), so the
 * reservations of any window of 60 s + leaseMs fit in `unitsPerMinute`; the proof that spending
 * stays within a minute's budget is on `createLeasedLimiter`.
 * When the bucket is short of `want`, only `need` is granted: a scarce budget is not parked in
 * one isolate's lease while another waits.
 * @example const { state, answer } = grantQuota({ ctx: { clock, policy }, input: { state, request } });
 */
export function grantQuota({
  ctx,
  input,
}: {
  ctx: GrantQuotaCtx;
  input: { state: BucketState | undefined; request: QuotaGrantRequest };
}): { state: BucketState | undefined; answer: QuotaGrantAnswer } {
  const { policy } = ctx;
  const { need, want, maxWaitMs } = input.request;
  const whole = (n: number) => Number.isSafeInteger(n) && n > 0;
  if (!whole(need) || !whole(want) || need > want || want > policy.burst || !(maxWaitMs >= 0))
    throw new CoreError("bad_input", `a quota grant needs 0 < need ≤ want ≤ ${policy.burst} and a wait ≥ 0`);
  const shape = bucketShape(policy);
  const now = ctx.clock.now();
  const units = refilled(input.state, now, shape).tokens >= want ? want : need;
  const r = reserve(input.state, units, now, shape, maxWaitMs);
  if (!r.ok) return { state: input.state, answer: { ok: false, retryAfterMs: r.retryAfterMs } };
  return { state: r.state, answer: { ok: true, units, waitMs: r.waitMs, leaseMs: policy.leaseMs } };
}
