import { CoreError, isCoreError } from "../../errors.ts";
import { withTimeout } from "../../pipeline/with-timeout.ts";
import type { Clock, Logger, Sleep } from "../../ports.ts";
import {
  GMAIL_QUOTA_POLICY,
  type QuotaGrantAnswer,
  type QuotaGrantRequest,
  type QuotaPolicy,
} from "./quota-grants.ts";
import type { RateLimiter } from "./token-bucket.ts";

/** One round trip to the gate holding `key`'s bucket (`grantQuota`); rejects when it cannot be reached. */
export interface QuotaGatePort {
  grant(key: string, request: QuotaGrantRequest): Promise<QuotaGrantAnswer>;
}

export interface LeasedLimiterOptions {
  gate: QuotaGatePort;
  /** The gate's policy (default Gmail's); used here to check calls and time renewals. */
  policy?: QuotaPolicy;
  /** Units asked for per lease when the bucket has them (default 100: 8–14 pushes' Gmail calls). */
  blockUnits?: number;
  /** Longest a caller waits before `rate_limited` with a Retry-After (default 30 s). */
  maxWaitMs?: number;
  /** A lease is left this long before its end (default 1 s): covers a clock lagging real time. */
  clockMarginMs?: number;
  /** A gate slower than this counts as unreachable (default 5 s; must be < leaseMs - margin). */
  gateTimeoutMs?: number;
  clock: Clock;
  sleep: Sleep;
  /** Rejects with CoreError `timeout` past `ms` and cancels its timer (default `withTimeout`). */
  withTimeout?: <T>(work: Promise<T>, ms: number, what: string) => Promise<T>;
  logger?: Logger;
}

/** Units spendable from `from` until (not at) `until`, on this isolate's clock. */
interface Lease {
  units: number;
  from: number;
  until: number;
}

interface KeyState {
  /** Sorted by `until`: the lease that ends first is spent first. */
  leases: Lease[];
  asking: Promise<unknown> | undefined;
  /** A renewal the gate refused is not tried again before the budget frees up. */
  renewAfter: number;
}

const maxRounds = 16;

function budgetSpent(retryAfterMs: number): CoreError {
  return new CoreError("rate_limited", "per-user Gmail budget is spent for now", {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
}

/**
 * A `RateLimiter` whose budget lives in a quota gate shared by every isolate (workers/quota-gate).
 * The isolate takes leases of `blockUnits` and spends them locally, so most calls cost no round
 * trip; a lease running low is renewed in the background.
 *
 * Guarantee. Count each resolved `acquire(key, u)` as u units at the real time it resolved. Then
 * any window of T ms holds at most burst + perMs·(T + leaseMs) units for `key` (perMs =
 * (unitsPerMinute − burst) / (60 s + leaseMs)): at most `unitsPerMinute` in any 60 s, 9,000 for
 * Gmail, whatever the number of isolates, their interleaving, round-trip times or clock offsets.
 * Assumed: clocks run at real rate; an isolate's clock (Workers move Date.now() only at I/O) lags
 * real time by less than `clockMarginMs`; the gate reads its clock as a call arrives; the gate's
 * state outlives restarts (workers/quota-gate writes it before answering); `sleep(ms)` waits ≥ ms.
 *
 * Proof. The gate reserves each lease's units at c = (gate time at answer) + waitMs, and its
 * bucket bounds the reservations of any window of length W by burst + perMs·W (`bucketShape`).
 * A lease is spent no earlier than c: after its receipt, plus waitMs + margin when waitMs > 0.
 * It is spent before c + leaseMs: `until` counts from before the request was sent, less the
 * margin. A lease never yields more than it was granted. So the units spent in [a, a + T) were
 * reserved in [a − leaseMs, a + T). Tests: `leased-limiter.property.test.ts` (simulated isolates).
 * @example const limiter = createLeasedLimiter({ gate, clock: systemClock, sleep: realSleep });
 */
export function createLeasedLimiter(opts: LeasedLimiterOptions): RateLimiter {
  const policy = opts.policy ?? GMAIL_QUOTA_POLICY;
  const block = Math.min(opts.blockUnits ?? 100, policy.burst);
  const maxWaitMs = opts.maxWaitMs ?? 30_000;
  const margin = opts.clockMarginMs ?? 1_000;
  const gateTimeoutMs = opts.gateTimeoutMs ?? 5_000;
  if (gateTimeoutMs + margin >= policy.leaseMs)
    throw new Error("gateTimeoutMs + clockMarginMs must be shorter than the lease");
  const renewBelowUnits = Math.ceil(block / 4);
  const renewBeforeEndMs = policy.leaseMs / 4;
  const timeLimit = opts.withTimeout ?? withTimeout;
  const keys = new Map<string, KeyState>();

  function stateOf(key: string): KeyState {
    const known = keys.get(key);
    if (known) return known;
    const k: KeyState = { leases: [], asking: undefined, renewAfter: 0 };
    keys.set(key, k);
    return k;
  }

  /** Takes `units` from the first lease that can pay them (now or once it starts). */
  function take(k: KeyState, units: number, now: number): Lease | undefined {
    k.leases = k.leases.filter((l) => l.until > now && l.units > 0);
    const lease = k.leases.find((l) => l.units >= units);
    if (lease) lease.units -= units;
    return lease;
  }

  /** One round trip; a granted lease enters `k` with `own` units already taken for the asker. */
  async function ask(key: string, k: KeyState, request: QuotaGrantRequest, own: number) {
    const sentAt = opts.clock.now();
    let answer: QuotaGrantAnswer;
    try {
      answer = await timeLimit(opts.gate.grant(key, request), gateTimeoutMs, "quota grant");
    } catch (cause) {
      throw new CoreError("upstream_unavailable", "the quota gate could not be reached", { cause });
    }
    if (!answer.ok) return { retryAfterMs: answer.retryAfterMs };
    const receivedAt = opts.clock.now();
    // With no wait the lease starts at its receipt, after the gate answered; a wait gets the margin too.
    const lease: Lease = {
      units: answer.units - own,
      from: receivedAt + (answer.waitMs > 0 ? answer.waitMs + margin : 0),
      until: sentAt + answer.waitMs + answer.leaseMs - margin,
    };
    const at = k.leases.findIndex((l) => l.until > lease.until);
    k.leases.splice(at < 0 ? k.leases.length : at, 0, lease);
    return lease;
  }

  /** Background lease before this one runs dry or out, so the next calls find one in hand. */
  function renewAhead(key: string, k: KeyState, now: number): void {
    if (k.asking || now < k.renewAfter) return;
    let usable = 0;
    for (const l of k.leases) if (l.until - now > renewBeforeEndMs) usable += l.units;
    if (usable >= renewBelowUnits) return;
    const asking = ask(key, k, { need: block, want: block, maxWaitMs: 0 }, 0).then(
      (answer) => {
        if ("retryAfterMs" in answer) k.renewAfter = opts.clock.now() + answer.retryAfterMs;
      },
      (e: unknown) =>
        opts.logger?.log("warn", "quota.renew_failed", {
          code: e instanceof CoreError ? e.code : "internal",
        }),
    );
    k.asking = asking;
    void asking.finally(() => {
      if (k.asking === asking) k.asking = undefined;
    });
  }

  return {
    async acquire(key, units) {
      if (!Number.isSafeInteger(units) || units <= 0 || units > policy.burst)
        throw new Error(`a single call of ${units} units exceeds the burst of ${policy.burst}`);
      const k = stateOf(key);
      const deadline = opts.clock.now() + maxWaitMs;
      for (let round = 0; ; round++) {
        // Each round waits on a round trip or a lease start; this many means heavy contention.
        if (round === maxRounds) throw budgetSpent(1_000);
        const now = opts.clock.now();
        let lease = take(k, units, now);
        if (!lease && k.asking) {
          // Share the round trip already on its way; bounded, in case its owner was cut off.
          await timeLimit(k.asking, gateTimeoutMs, "shared quota grant").catch((e: unknown) => {
            if (!(isCoreError(e) && e.code === "timeout")) throw e;
          });
          continue;
        }
        if (!lease) {
          const request = {
            need: units,
            want: Math.max(units, block),
            maxWaitMs: Math.max(0, deadline - now),
          };
          const asking = ask(key, k, request, units);
          k.asking = asking;
          try {
            const answer = await asking;
            if ("retryAfterMs" in answer) throw budgetSpent(answer.retryAfterMs);
            lease = answer;
          } finally {
            if (k.asking === asking) k.asking = undefined;
          }
        }
        const start = opts.clock.now();
        if (lease.from > start) await opts.sleep(lease.from - start);
        const spentAt = opts.clock.now();
        if (spentAt < lease.until) {
          renewAhead(key, k, spentAt);
          return;
        }
        // The lease ended before its turn came (a sleep overran): those units are never spent.
      }
    },
  };
}
