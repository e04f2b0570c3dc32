import { describe, expect, it } from "vitest";
import { isTransient } from "../../errors.ts";
import { bucketShape } from "./bucket-math.ts";
import { createLeasedLimiter, type QuotaGatePort } from "./leased-limiter.ts";
import { GMAIL_QUOTA_POLICY } from "./quota-grants.ts";
import { memoryQuotaGate, virtualScheduler } from "./quota-test-support.ts";

const KEY = "gmail:person@example.com";
const perMs = bucketShape(GMAIL_QUOTA_POLICY).perMs;

function setup(gateOpts: Partial<Parameters<typeof memoryQuotaGate>[0]> = {}) {
  const vt = virtualScheduler(1_000_000);
  const gate = memoryQuotaGate({ clock: vt.clock, sleep: vt.sleep, ...gateOpts });
  const limiter = (over: Partial<Parameters<typeof createLeasedLimiter>[0]> = {}) =>
    createLeasedLimiter({
      gate: gate.port,
      clock: vt.clock,
      sleep: vt.sleep,
      withTimeout: vt.withTimeout,
      ...over,
    });
  /** Runs `work` to completion in virtual time. */
  async function settle<T>(work: Promise<T>): Promise<T> {
    const out = work.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await vt.run();
    const r = await out;
    if ("error" in r) throw r.error;
    return r.value;
  }
  return { vt, gate, limiter, settle };
}

describe("createLeasedLimiter (an isolate's side of the shared Gmail budget)", () => {
  it("spends one lease locally: 15 calls of 5 units cost one round trip to the gate", async () => {
    const { gate, limiter, settle, vt } = setup();
    const l = limiter();
    const t0 = vt.clock.now();
    for (let i = 0; i < 15; i++) await settle(l.acquire(KEY, 5));
    expect(gate.calls).toBe(1);
    expect(vt.clock.now()).toBe(t0);
    await settle(l.acquire(KEY, 5)); // 20 units left, under a quarter of the block: renewed
    expect(gate.calls).toBe(2);
  });

  it("concurrent calls in one isolate share the round trip already on its way (not a wait for budget)", async () => {
    const { gate, limiter, settle } = setup({ delay: () => [20, 20] });
    const l = limiter({ maxWaitMs: 0 });
    await settle(Promise.all(Array.from({ length: 15 }, () => l.acquire(KEY, 5))));
    expect(gate.calls).toBe(1);
  });

  it("renews a lease running low in the background, so the next call finds one in hand", async () => {
    const { gate, limiter, settle, vt } = setup({ delay: () => [30, 30] });
    const l = limiter();
    await settle(l.acquire(KEY, 50)); // first lease: 100 units, 50 left, one round trip
    const t1 = vt.clock.now();
    // 20 left, under a quarter of the block: this call returns at once, the renewal follows it.
    expect(await settle(l.acquire(KEY, 30).then(() => vt.clock.now()))).toBe(t1);
    expect(gate.calls).toBe(2);
    const t2 = vt.clock.now();
    expect(t2 - t1).toBe(60);
    // Paid from the renewed lease: no third trip, no wait.
    expect(await settle(l.acquire(KEY, 50).then(() => vt.clock.now()))).toBe(t2);
    expect(gate.calls).toBe(2);
  });

  it("spends a lease until its end less the clock margin, and not at that instant", async () => {
    const usableMs = GMAIL_QUOTA_POLICY.leaseMs - 1_000;
    for (const [after, roundTrip] of [
      [usableMs - 1, 0],
      [usableMs, 20],
    ] as const) {
      const { gate, limiter, settle, vt } = setup({ delay: () => [10, 10] });
      const l = limiter();
      await settle(l.acquire(KEY, 5));
      const t0 = vt.clock.now() - 20; // the lease counts from before its request was sent
      await settle(vt.sleep(t0 + after - vt.clock.now()));
      const resolvedAt = await settle(l.acquire(KEY, 5).then(() => vt.clock.now()));
      expect(resolvedAt - (t0 + after)).toBe(roundTrip);
      expect(gate.calls).toBe(2); // a background renewal, or the trip the expired lease forced
    }
  });

  it("waits as long as the gate says, plus the clock margin, when the budget is spent", async () => {
    const { limiter, settle, vt } = setup();
    const l = limiter({ maxWaitMs: 60_000 });
    await settle(l.acquire(KEY, 1000));
    const t0 = vt.clock.now();
    await settle(l.acquire(KEY, 100));
    expect(vt.clock.now() - t0).toBe(Math.ceil(100 / perMs) + 1_000);
  });

  it("budget spent beyond the longest wait: rate_limited with a Retry-After", async () => {
    const { limiter, settle } = setup();
    const l = limiter({ maxWaitMs: 2_000 });
    await settle(l.acquire(KEY, 1000));
    const err = await settle(l.acquire(KEY, 500)).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "rate_limited", retryAfterSeconds: Math.ceil(500 / perMs / 1000) });
    expect(isTransient(err)).toBe(true);
  });

  it("gate unreachable: a transient upstream_unavailable, never an unlimited call", async () => {
    const { limiter, settle } = setup({ fail: () => true });
    const err = await settle(limiter().acquire(KEY, 5)).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "upstream_unavailable" });
    expect(isTransient(err)).toBe(true);
  });

  it("gate that never answers: upstream_unavailable after the gate timeout", async () => {
    const vt = virtualScheduler(0);
    const hung: QuotaGatePort = { grant: () => new Promise(() => {}) };
    const l = createLeasedLimiter({
      gate: hung,
      clock: vt.clock,
      sleep: vt.sleep,
      withTimeout: vt.withTimeout,
      gateTimeoutMs: 4_000,
    });
    const out = l.acquire(KEY, 5).catch((e: unknown) => e);
    await vt.run();
    expect(await out).toMatchObject({ code: "upstream_unavailable" });
    expect(vt.clock.now()).toBe(4_000);
  });

  it("refuses a single call larger than the burst, and a timeout that would leave no lease", async () => {
    const { limiter } = setup();
    await expect(limiter().acquire(KEY, 1001)).rejects.toThrow(/exceeds the burst/);
    expect(() => limiter({ gateTimeoutMs: 9_000 })).toThrow(/shorter than the lease/);
  });

  it("keeps mailboxes apart", async () => {
    const { limiter, settle, vt } = setup();
    const l = limiter();
    await settle(l.acquire("gmail:a@example.com", 1000));
    const t0 = vt.clock.now();
    await settle(l.acquire("gmail:b@example.com", 1000));
    expect(vt.clock.now()).toBe(t0);
  });
});
