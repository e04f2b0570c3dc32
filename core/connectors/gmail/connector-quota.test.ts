import { describe, expect, it } from "vitest";
import { EMAIL, gmailHarness } from "./test-harness.ts";

function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe("Gmail connector under 429 storms and quota pressure", () => {
  it("honours a short Retry-After on 429 in process and retries 403 rate reasons and 5xx", async () => {
    const h = gmailHarness();
    h.add("a");
    h.gmail.faults.set({ rate: 0, kinds: [], retryAfterSeconds: 3 });
    h.gmail.faults.failNext(1, "429");
    h.gmail.faults.failNext(1, "403-user-rate");
    h.gmail.faults.failNext(1, "500");
    const result = await h.connector.listNew({ cursor: "1000" });
    expect(result.refs).toHaveLength(1);
    expect(h.sleeps[0]).toBe(3000);
    expect(h.sleeps).toHaveLength(3);
  });

  it("a Retry-After longer than a few seconds is rethrown for the queue, not slept", async () => {
    const h = gmailHarness();
    h.add("a");
    h.gmail.faults.set({ rate: 0, kinds: [], retryAfterSeconds: 600 });
    h.gmail.faults.failNext(1, "429");
    await expect(h.connector.listNew({ cursor: "1000" })).rejects.toMatchObject({
      code: "rate_limited",
      retryAfterSeconds: 600,
    });
    expect(h.sleeps).toEqual([]);
  });

  it("delivers every message through a storm of faults and stays under 60% of the per-user quota", async () => {
    const h = gmailHarness({ random: seeded(42) });
    h.gmail.faults.set({
      rate: 0.25,
      kinds: ["429", "403-rate", "403-user-rate", "500", "503"],
      retryAfterSeconds: 1,
    });
    const ids = Array.from({ length: 400 }, (_, i) => h.add(`m${i}`).id);
    let delivered = 0;
    // 6 passes over 400 messages = 12,000+ units: more than 60% of a minute's quota, so the bucket must pace.
    for (let pass = 0; pass < 6; pass++) {
      const list = await h.connector.listNew({ cursor: "1000" });
      expect(list.refs).toHaveLength(400);
      const metas = await h.connector.fetchMetadata(list.refs);
      delivered += metas.length;
    }
    expect(delivered).toBe(2400);
    expect(h.gmail.faults.injected).toBeGreaterThan(20);
    expect(h.gmail.quota.total(EMAIL)).toBeGreaterThan(12_000);
    expect(h.gmail.quota.peakPerMinute(EMAIL)).toBeLessThanOrEqual(9000);
    expect(ids).toHaveLength(400);
  });
});
