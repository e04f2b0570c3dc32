import { describe, expect, it } from "vitest";
import { MAX_QUEUE_DELAY_SECONDS, retryDelaySeconds } from "./backoff.ts";
import { isAhead } from "./cursor.ts";

describe("retryDelaySeconds", () => {
  it("triples per attempt from 1 s, with up to 25% jitter, capped at 15 minutes", () => {
    const low = [1, 2, 3, 4, 5].map((attempts) => retryDelaySeconds({ attempts, random: () => 0 }));
    const high = [1, 2, 3, 4, 5].map((attempts) => retryDelaySeconds({ attempts, random: () => 0.999 }));
    expect(low).toEqual([1, 3, 9, 27, 81]);
    expect(high).toEqual([1, 4, 11, 34, 101]);
    expect(retryDelaySeconds({ attempts: 30, random: () => 1 })).toBe(900);
  });

  it("never retries sooner than Retry-After", () => {
    expect(retryDelaySeconds({ attempts: 1, retryAfterSeconds: 120, random: () => 0 })).toBe(120);
  });

  it("hands a long Retry-After to the queue whole, up to the queue's 12 h maximum", () => {
    expect(retryDelaySeconds({ attempts: 1, retryAfterSeconds: 3600, random: () => 0 })).toBe(3600);
    expect(retryDelaySeconds({ attempts: 2, retryAfterSeconds: 86_400, random: () => 0 })).toBe(
      MAX_QUEUE_DELAY_SECONDS,
    );
  });
});

describe("isAhead", () => {
  it("compares uint64 history ids as BigInt, not as doubles", () => {
    expect(isAhead("9007199254740993", "9007199254740992")).toBe(true);
    expect(isAhead("9007199254740992", "9007199254740993")).toBe(false);
    expect(isAhead("18446744073709551615", "999")).toBe(true);
    expect(isAhead("5", "5")).toBe(false);
    expect(isAhead("1", null)).toBe(true);
  });
});
