import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type BucketState, bucketShape } from "./bucket-math.ts";
import { GMAIL_QUOTA_POLICY, grantQuota, type QuotaGrantRequest } from "./quota-grants.ts";

const policy = GMAIL_QUOTA_POLICY;
const shape = bucketShape(policy);

function gateAt(start = 0) {
  let now = start;
  let state: BucketState | undefined;
  return {
    set now(t: number) {
      now = t;
    },
    get state() {
      return state;
    },
    grant(request: QuotaGrantRequest) {
      const out = grantQuota({ ctx: { clock: { now: () => now }, policy }, input: { state, request } });
      // Through JSON, as through Durable Object storage.
      state = out.state && JSON.parse(JSON.stringify(out.state));
      return out.answer;
    },
  };
}

describe("grantQuota (the gate's side of a lease)", () => {
  it("uses 60% of Gmail's per-user quota, sized for the lease: burst + rate × (60 s + lease) = 9,000", () => {
    expect(policy).toEqual({ unitsPerMinute: 9000, burst: 1000, leaseMs: 10_000 });
    expect(shape.burst + shape.perMs * (60_000 + policy.leaseMs)).toBeCloseTo(9000, 6);
  });

  it("grants a whole block while the bucket holds it, then only what is needed, then makes the caller wait", () => {
    const gate = gateAt();
    for (let i = 0; i < 9; i++)
      expect(gate.grant({ need: 5, want: 100, maxWaitMs: 0 })).toMatchObject({ ok: true, units: 100 });
    expect(gate.grant({ need: 5, want: 100, maxWaitMs: 0 })).toEqual({
      ok: true,
      units: 100,
      waitMs: 0,
      leaseMs: 10_000,
    });
    // 0 tokens left: a block is not handed out, the 5 units needed are, 5 / perMs later.
    expect(gate.grant({ need: 5, want: 100, maxWaitMs: 60_000 })).toEqual({
      ok: true,
      units: 5,
      waitMs: Math.ceil(5 / shape.perMs),
      leaseMs: 10_000,
    });
  });

  it("refuses a wait longer than maxWaitMs and reserves nothing", () => {
    const gate = gateAt();
    gate.grant({ need: 1000, want: 1000, maxWaitMs: 0 });
    const before = gate.state;
    const answer = gate.grant({ need: 500, want: 500, maxWaitMs: 1000 });
    expect(answer).toEqual({ ok: false, retryAfterMs: Math.ceil(500 / shape.perMs) });
    expect(gate.state).toEqual(before);
  });

  it("refills at the sized rate from the stored state", () => {
    const gate = gateAt(1_000);
    gate.grant({ need: 1000, want: 1000, maxWaitMs: 0 });
    gate.now = 1_000 + 7_000;
    // 7 s at 8,000 units / 70 s = 800 units.
    expect(gate.grant({ need: 800, want: 800, maxWaitMs: 0 })).toMatchObject({ ok: true, waitMs: 0 });
    expect(gate.grant({ need: 1, want: 1, maxWaitMs: 0 })).toMatchObject({ ok: false });
  });

  it("gives nothing back when the gate's clock steps back (time stands still until it catches up)", () => {
    const gate = gateAt(100_000);
    gate.grant({ need: 1000, want: 1000, maxWaitMs: 0 });
    gate.now = 40_000;
    const answer = gate.grant({ need: 100, want: 100, maxWaitMs: 120_000 });
    expect(answer).toMatchObject({ ok: true, units: 100 });
    // Spendable no earlier than 100 units after the last reservation, on the old timeline.
    expect(answer.ok && answer.waitMs).toBe(60_000 + Math.ceil(100 / shape.perMs));
  });

  it("refuses malformed requests", () => {
    const gate = gateAt();
    for (const bad of [
      { need: 0, want: 5, maxWaitMs: 0 },
      { need: 6, want: 5, maxWaitMs: 0 },
      { need: 5, want: 1001, maxWaitMs: 0 },
      { need: 1.5, want: 5, maxWaitMs: 0 },
      { need: 5, want: 5, maxWaitMs: -1 },
      { need: 5, want: 5, maxWaitMs: Number.NaN },
    ])
      expect(() => gate.grant(bad)).toThrow(expect.objectContaining({ code: "bad_input" }));
  });

  it("property: reservations in any window of W ms never exceed burst + rate × W", () => {
    const request = fc.record({
      gapMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20_000 })),
      need: fc.constantFrom(1, 2, 5, 50, 100, 500),
      extra: fc.constantFrom(0, 0, 95, 500),
      maxWaitMs: fc.constantFrom(0, 1_000, 30_000, 120_000),
    });
    fc.assert(
      fc.property(fc.array(request, { minLength: 1, maxLength: 300 }), (requests) => {
        const gate = gateAt(0);
        const reserved: Array<[number, number]> = [];
        let now = 0;
        for (const r of requests) {
          now += r.gapMs;
          gate.now = now;
          const want = Math.min(1000, r.need + r.extra);
          const answer = gate.grant({ need: r.need, want, maxWaitMs: r.maxWaitMs });
          if (answer.ok) reserved.push([now + answer.waitMs, answer.units]);
        }
        reserved.sort((a, b) => a[0] - b[0]);
        for (let i = 0; i < reserved.length; i++) {
          let sum = 0;
          for (let j = i; j < reserved.length; j++) {
            sum += reserved[j]![1];
            expect(sum).toBeLessThanOrEqual(
              shape.burst + shape.perMs * (reserved[j]![0] - reserved[i]![0]) + 1e-6,
            );
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
