import { describe, expect, it } from "vitest";
import { createTokenBucket } from "./token-bucket.ts";

function virtualTime() {
  let now = 0;
  return {
    clock: { now: () => now },
    sleep: async (ms: number) => {
      now += ms;
    },
  };
}

describe("per-user token bucket", () => {
  it("never lets more than unitsPerMinute through in any rolling minute", async () => {
    const t = virtualTime();
    const limiter = createTokenBucket({
      unitsPerMinute: 9000,
      clock: t.clock,
      sleep: t.sleep,
      maxWaitMs: 120_000,
    });
    const spends: Array<[number, number]> = [];
    for (let i = 0; i < 1200; i++) {
      const units = i % 7 === 0 ? 100 : 5;
      await limiter.acquire("user-a", units);
      spends.push([t.clock.now(), units]);
    }
    let worst = 0;
    for (let i = 0; i < spends.length; i++) {
      let sum = 0;
      for (let j = i; j < spends.length && spends[j]![0] < spends[i]![0] + 60_000; j++) sum += spends[j]![1];
      worst = Math.max(worst, sum);
    }
    expect(worst).toBeLessThanOrEqual(9000);
    expect(worst).toBeGreaterThan(8000);
  });

  it("keeps users apart", async () => {
    const t = virtualTime();
    const limiter = createTokenBucket({ unitsPerMinute: 900, burst: 100, clock: t.clock, sleep: t.sleep });
    await limiter.acquire("a", 100);
    await limiter.acquire("b", 100);
    expect(t.clock.now()).toBe(0);
    await limiter.acquire("a", 10);
    expect(t.clock.now()).toBe(750);
  });

  it("fails fast with rate_limited and a Retry-After when the wait is too long", async () => {
    const t = virtualTime();
    const limiter = createTokenBucket({
      unitsPerMinute: 900,
      burst: 100,
      clock: t.clock,
      sleep: t.sleep,
      maxWaitMs: 1000,
    });
    await limiter.acquire("a", 100);
    await expect(limiter.acquire("a", 100)).rejects.toMatchObject({
      code: "rate_limited",
      retryAfterSeconds: 8,
    });
    expect(limiter.available("a")).toBeCloseTo(0);
  });
});
