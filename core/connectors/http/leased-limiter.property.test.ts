import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isCoreError } from "../../errors.ts";
import type { Clock, Sleep } from "../../ports.ts";
import { bucketShape } from "./bucket-math.ts";
import { GMAIL_UNITS } from "./gmail-units.ts";
import { createLeasedLimiter } from "./leased-limiter.ts";
import { GMAIL_QUOTA_POLICY } from "./quota-grants.ts";
import { memoryQuotaGate, virtualScheduler } from "./quota-test-support.ts";
import { createTokenBucket, type RateLimiter } from "./token-bucket.ts";

const KEY = "gmail:person@example.com";
const policy = GMAIL_QUOTA_POLICY;
const shape = bucketShape(policy);
// What Gmail calls cost, plus batches of 10 and 100 messages.get.
const CALL_UNITS = [...Object.values(GMAIL_UNITS), 50, 500];

interface Scenario {
  seed: number;
  isolates: number;
  tasksPerIsolate: number;
  /** Each leg of a round trip to the gate takes up to half of this. */
  maxRoundTripMs: number;
  gateFailureRate: number;
  /** Some clock readings of an isolate lag real time by this (< the 1 s margin). */
  maxClockLagMs: number;
  /** Some sleeps of an isolate run over by up to this. */
  maxSleepOverrunMs: number;
  blockUnits: number;
  maxWaitMs: number;
}

interface IsolateEnv {
  clock: Clock;
  sleep: Sleep;
  gate: ReturnType<typeof memoryQuotaGate>;
  withTimeout: ReturnType<typeof virtualScheduler>["withTimeout"];
}

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * Isolates with their own clocks (offset, lagging), each running tasks that call Gmail as fast
 * as they like for `durationMs`; one shared gate. Returns every admitted call at the real time
 * its `acquire` resolved.
 */
async function simulate(s: Scenario, makeLimiter: (env: IsolateEnv) => RateLimiter, durationMs = 180_000) {
  const vt = virtualScheduler(0);
  const rand = prng(s.seed);
  const leg = () => Math.floor((rand() * s.maxRoundTripMs) / 2);
  const gate = memoryQuotaGate({
    clock: vt.clock,
    sleep: vt.sleep,
    delay: () => [leg(), leg()],
    fail: () => rand() < s.gateFailureRate,
  });
  const spends: Array<[number, number]> = [];
  const refusals: Record<string, number> = {};
  const tasks: Promise<void>[] = [];
  for (let i = 0; i < s.isolates; i++) {
    const offset = Math.floor((rand() - 0.5) * 120_000);
    // Lag is all or nothing per reading: the worst case for a lease read fresh and spent late.
    const clock: Clock = { now: () => vt.clock.now() + offset - (rand() < 0.5 ? 0 : s.maxClockLagMs) };
    const sleep: Sleep = (ms) => vt.sleep(ms + (rand() < 0.2 ? Math.floor(rand() * s.maxSleepOverrunMs) : 0));
    const limiter = makeLimiter({ clock, sleep, gate, withTimeout: vt.withTimeout });
    for (let t = 0; t < s.tasksPerIsolate; t++) {
      tasks.push(
        (async () => {
          while (vt.clock.now() < durationMs) {
            if (rand() < 0.5) await vt.sleep(Math.floor(rand() * rand() * 3_000));
            const units = CALL_UNITS[Math.floor(rand() * CALL_UNITS.length)]!;
            try {
              await limiter.acquire(KEY, units);
              spends.push([vt.clock.now(), units]);
            } catch (e) {
              if (!isCoreError(e)) throw e;
              refusals[e.code] = (refusals[e.code] ?? 0) + 1;
              await vt.sleep(250);
            }
          }
        })(),
      );
    }
  }
  await vt.run();
  await Promise.all(tasks);
  spends.sort((a, b) => a[0] - b[0]);
  return { spends, refusals, gateCalls: gate.calls, grants: gate.grants };
}

/**
 * Units admitted that no grant can pay for: each unit must come from a grant whose lease
 * [reserved, reserved + leaseMs) holds the moment it was admitted (the proof's lemma). Paying
 * from the lease that ends first is optimal, as all leases are equally long.
 */
function unpaidUnits(spends: Array<[number, number]>, grants: Array<[number, number]>): number {
  const open: Array<{ end: number; left: number }> = [];
  const sorted = [...grants].sort((a, b) => a[0] - b[0]);
  let next = 0;
  let unpaid = 0;
  for (const [t, units] of spends) {
    while (next < sorted.length && sorted[next]![0] <= t) {
      const [at, left] = sorted[next++]!;
      open.push({ end: at + policy.leaseMs, left });
    }
    let due = units;
    for (const g of open) {
      if (g.end <= t || g.left === 0) continue;
      const paid = Math.min(due, g.left);
      g.left -= paid;
      due -= paid;
      if (due === 0) break;
    }
    unpaid += due;
  }
  return unpaid;
}

/** The most units admitted in any rolling minute. */
function peakMinute(spends: Array<[number, number]>): number {
  let peak = 0;
  let sum = 0;
  let lo = 0;
  for (const [t, u] of spends) {
    sum += u;
    while (spends[lo]![0] <= t - 60_000) sum -= spends[lo++]![1];
    peak = Math.max(peak, sum);
  }
  return peak;
}

/** Largest excess over burst + perMs·(W + leaseMs) of any window of W ms (≤ 0: within the bound). */
function worstEnvelopeExcess(spends: Array<[number, number]>): number {
  let worst = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < spends.length; i++) {
    let sum = 0;
    for (let j = i; j < spends.length; j++) {
      sum += spends[j]![1];
      const bound = shape.burst + shape.perMs * (spends[j]![0] - spends[i]![0] + policy.leaseMs);
      worst = Math.max(worst, sum - bound);
    }
  }
  return worst;
}

const leased = (s: Scenario) => (env: IsolateEnv) =>
  createLeasedLimiter({
    gate: env.gate.port,
    clock: env.clock,
    sleep: env.sleep,
    withTimeout: env.withTimeout,
    blockUnits: s.blockUnits,
    maxWaitMs: s.maxWaitMs,
  });

const busy: Scenario = {
  seed: 7,
  isolates: 3,
  tasksPerIsolate: 2,
  maxRoundTripMs: 0,
  gateFailureRate: 0,
  maxClockLagMs: 0,
  maxSleepOverrunMs: 0,
  blockUnits: 100,
  maxWaitMs: 30_000,
};

describe("N isolates sharing one quota gate", () => {
  it("the checker is not vacuous: one in-memory bucket per isolate lets three isolates pass the cap", async () => {
    const { spends } = await simulate(busy, (env) =>
      createTokenBucket({ clock: env.clock, sleep: env.sleep, maxWaitMs: 30_000 }),
    );
    expect(peakMinute(spends)).toBeGreaterThan(2 * policy.unitsPerMinute);
  });

  it("three busy isolates on one gate use the budget and never pass it", async () => {
    const { spends, grants } = await simulate(busy, leased(busy));
    expect(unpaidUnits(spends, grants)).toBe(0);
    const peak = peakMinute(spends);
    expect(peak).toBeLessThanOrEqual(policy.unitsPerMinute);
    // A minute from a full bucket can grant burst + 60 s of refill (≈ 7,860); leases lapse little.
    expect(peak).toBeGreaterThan(0.9 * (shape.burst + 60_000 * shape.perMs));
    expect(worstEnvelopeExcess(spends)).toBeLessThanOrEqual(1e-6);
  });

  it("at a push a second per isolate (12 units each), calls almost never wait for the gate", async () => {
    const vt = virtualScheduler(0);
    const gate = memoryQuotaGate({ clock: vt.clock, sleep: vt.sleep, delay: () => [5, 5] });
    let waited = 0;
    let calls = 0;
    const isolates = Array.from({ length: 3 }, async () => {
      const limiter = createLeasedLimiter({ ...vt, gate: gate.port });
      while (vt.clock.now() < 120_000) {
        for (const units of [GMAIL_UNITS["history.list"], GMAIL_UNITS["messages.get"], 5]) {
          const t0 = vt.clock.now();
          await limiter.acquire(KEY, units);
          calls++;
          if (vt.clock.now() > t0) waited++;
        }
        await vt.sleep(1_000);
      }
    });
    await vt.run();
    await Promise.all(isolates);
    expect(calls).toBeGreaterThan(1000);
    // A lease of 100 units lasts ~7 pushes and is renewed before it runs dry: only each
    // isolate's very first call waits for a round trip.
    expect(gate.calls).toBeLessThanOrEqual(calls / 18);
    expect(waited).toBe(3);
  });

  it("property: any interleaving, round-trip time, gate failure, clock offset and lag keeps every rolling minute ≤ 9,000", async () => {
    const scenario = fc.record({
      seed: fc.integer(),
      isolates: fc.integer({ min: 1, max: 4 }),
      tasksPerIsolate: fc.integer({ min: 1, max: 3 }),
      maxRoundTripMs: fc.constantFrom(0, 20, 400, 4_000, 9_000),
      gateFailureRate: fc.constantFrom(0, 0, 0.05, 0.3),
      maxClockLagMs: fc.constantFrom(0, 50, 999),
      maxSleepOverrunMs: fc.constantFrom(0, 500, 5_000),
      blockUnits: fc.constantFrom(1, 25, 100, 400, 1000),
      maxWaitMs: fc.constantFrom(0, 2_000, 30_000),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { spends, refusals, grants } = await simulate(s, leased(s), 150_000);
        expect(unpaidUnits(spends, grants)).toBe(0);
        expect(
          Object.keys(refusals).filter((c) => c !== "rate_limited" && c !== "upstream_unavailable"),
        ).toEqual([]);
        expect(peakMinute(spends)).toBeLessThanOrEqual(policy.unitsPerMinute);
        expect(worstEnvelopeExcess(spends)).toBeLessThanOrEqual(1e-6);
      }),
      { numRuns: 100 },
    );
  });
});
