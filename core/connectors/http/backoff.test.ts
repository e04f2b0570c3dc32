import { describe, expect, it } from "vitest";
import { CoreError } from "../../errors.ts";
import { MAX_IN_PROCESS_SLEEP_MS, withBackoff } from "./backoff.ts";
import { googleError } from "./google-errors.ts";
import { parseRetryAfter } from "./retry-after.ts";

function recorder() {
  const sleeps: number[] = [];
  return { sleeps, sleep: async (ms: number) => void sleeps.push(ms) };
}

describe("withBackoff", () => {
  it("retries rate limits and 5xx with full jitter, then succeeds", async () => {
    const { sleeps, sleep } = recorder();
    let calls = 0;
    const result = await withBackoff(
      async () => {
        calls++;
        if (calls === 1) throw new CoreError("rate_limited", "429");
        if (calls === 2) throw new CoreError("upstream_unavailable", "503");
        return "ok";
      },
      { sleep, random: () => 0.5, baseMs: 100 },
    );
    expect(result).toBe("ok");
    expect(sleeps).toEqual([50, 100]);
  });

  it("waits at least Retry-After", async () => {
    const { sleeps, sleep } = recorder();
    let calls = 0;
    await withBackoff(
      async () => {
        if (++calls === 1) throw new CoreError("rate_limited", "429", { retryAfterSeconds: 3 });
        return 1;
      },
      { sleep, random: () => 0.01 },
    );
    expect(sleeps).toEqual([3000]);
  });

  it("never sleeps a long Retry-After in process: rethrows it at once for the queue or an alarm", async () => {
    const { sleeps, sleep } = recorder();
    let calls = 0;
    const op = async () => {
      calls++;
      throw new CoreError("rate_limited", "429", { retryAfterSeconds: 86_400 });
    };
    await expect(withBackoff(op, { sleep })).rejects.toMatchObject({
      code: "rate_limited",
      retryAfterSeconds: 86_400,
    });
    expect(calls).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it("caps its own jittered waits at a few seconds", async () => {
    const { sleeps, sleep } = recorder();
    const op = async () => Promise.reject(new CoreError("upstream_unavailable", "503"));
    await expect(withBackoff(op, { sleep, maxAttempts: 10, random: () => 1 - 1e-9 })).rejects.toThrow();
    expect(sleeps).toHaveLength(9);
    expect(Math.max(...sleeps)).toBeLessThanOrEqual(MAX_IN_PROCESS_SLEEP_MS);
  });

  it("is bounded and rethrows the last transient error", async () => {
    const { sleeps, sleep } = recorder();
    let calls = 0;
    const op = async () => {
      calls++;
      throw new CoreError("upstream_unavailable", "500");
    };
    await expect(
      withBackoff(op, { sleep, maxAttempts: 4, random: () => 1 - 1e-9, baseMs: 100, maxDelayMs: 250 }),
    ).rejects.toMatchObject({
      code: "upstream_unavailable",
    });
    expect(calls).toBe(4);
    expect(sleeps).toEqual([99, 199, 249]);
  });

  it("does not retry permanent errors", async () => {
    const { sleeps, sleep } = recorder();
    await expect(
      withBackoff(async () => Promise.reject(new CoreError("not_found", "gone")), { sleep }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(sleeps).toEqual([]);
  });
});

describe("googleError", () => {
  const res = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers });
  const rateBody = (reason: string) => ({ error: { code: 403, errors: [{ reason }], message: "x" } });

  it.each([
    [res(429, {}, { "retry-after": "3" }), "rate_limited", 3],
    [res(403, rateBody("userRateLimitExceeded")), "rate_limited", undefined],
    [res(403, rateBody("rateLimitExceeded")), "rate_limited", undefined],
    [res(403, rateBody("insufficientPermissions")), "upstream_rejected", undefined],
    [res(500, {}), "upstream_unavailable", undefined],
    [res(503, {}, { "retry-after": "10" }), "upstream_unavailable", 10],
    [res(401, {}), "needs_reauth", undefined],
    [res(404, {}), "not_found", undefined],
    [res(400, {}), "upstream_rejected", undefined],
  ])("maps %# to %s", async (response, code, retryAfterSeconds) => {
    const e = await googleError(response, "messages.get", 0);
    expect(e.code).toBe(code);
    expect(e.retryAfterSeconds).toBe(retryAfterSeconds);
  });

  it("parses Retry-After dates", () => {
    const now = Date.parse("Wed, 21 Oct 2026 07:28:00 GMT");
    expect(parseRetryAfter("Wed, 21 Oct 2026 07:28:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
  });
});
