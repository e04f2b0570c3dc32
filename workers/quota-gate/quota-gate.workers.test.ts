import { env, evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { bucketShape } from "@scouts/core/connectors/http/bucket-math";
import { GMAIL_QUOTA_POLICY } from "@scouts/core/connectors/http/quota-grants";
import type { RateLimiter } from "@scouts/core/connectors/http/token-bucket";
import { isCoreError, isTransient } from "@scouts/core/errors";
import { describe, expect, it } from "vitest";
import { createGateLimiter } from "../shared/gate-limiter.ts";
import type { QuotaGate } from "./quota-gate.ts";

const ns = env.QUOTA_GATE as DurableObjectNamespace<QuotaGate>;
const gateOf = (mailbox: string) => ns.get(ns.idFromName(`gmail:${mailbox}`));
const shape = bucketShape(GMAIL_QUOTA_POLICY);
const mailbox = () => `quota-${crypto.randomUUID()}@example.test`;
const stored = (address: string) =>
  runInDurableObject(gateOf(address), async (_gate, state) => Object.fromEntries(await state.storage.list()));

/** Calls `units` at a time until the gate refuses three times; returns the units admitted. */
async function spendUntilRefused(limiter: RateLimiter, address: string, units: number): Promise<number> {
  let spent = 0;
  for (let refused = 0; refused < 3; ) {
    try {
      await limiter.acquire(address, units);
      spent += units;
    } catch (e) {
      if (!(isCoreError(e) && e.code === "rate_limited")) throw e;
      refused++;
    }
  }
  return spent;
}

describe("QuotaGate: one Gmail budget for every isolate", () => {
  it("two isolates' limiters sharing one gate together stay within one budget", async () => {
    const address = mailbox();
    // Two limiters with leases of their own stand for two isolates; neither may wait.
    const a = createGateLimiter(ns, { maxWaitMs: 0 });
    const b = createGateLimiter(ns, { maxWaitMs: 0 });
    const started = Date.now();
    const [byA, byB] = await Promise.all([
      spendUntilRefused(a, address, 50),
      spendUntilRefused(b, address, 5),
    ]);
    const elapsed = Date.now() - started;
    // Nothing was reserved before `started`, so at most the burst plus the refill since.
    expect(byA + byB).toBeLessThanOrEqual(shape.burst + shape.perMs * elapsed);
    // Both got a share, and together nearly all of it (a lease may be left unspent in each).
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
    expect(byA + byB).toBeGreaterThan(shape.burst - 2 * 100);
  });

  it("stores only the bucket, before answering: an evicted gate cannot hand out a fresh burst", async () => {
    const address = mailbox();
    await createGateLimiter(ns, { maxWaitMs: 0 }).acquire(address, shape.burst);
    expect(Object.keys(await stored(address))).toEqual(["bucket"]);
    await evictDurableObject(gateOf(address));
    // A new isolate after the restart: without the stored state it would get 500 at once.
    const err = await createGateLimiter(ns, { maxWaitMs: 0 })
      .acquire(address, 500)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "rate_limited", retryAfterSeconds: expect.any(Number) });
    expect((err as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(3);
    expect((await stored(address)).bucket).toMatchObject({ tokens: expect.any(Number) });
  });

  it("waits for the budget within maxWaitMs, and the wait survives an eviction in between", async () => {
    const address = mailbox();
    await createGateLimiter(ns, { maxWaitMs: 0 }).acquire(address, shape.burst);
    await evictDurableObject(gateOf(address));
    const started = Date.now();
    await createGateLimiter(ns, { maxWaitMs: 5_000 }).acquire(address, 40);
    // 40 units refill in 350 ms; a waited-for lease also keeps the 1 s clock margin.
    expect(Date.now() - started).toBeGreaterThanOrEqual(Math.floor(40 / shape.perMs) + 1_000 - 50);
  });

  it("drops its storage an hour after the bucket is full again (a full bucket and no state are the same)", async () => {
    const address = mailbox();
    await createGateLimiter(ns, { maxWaitMs: 0 }).acquire(address, 5);
    expect(await runDurableObjectAlarm(gateOf(address))).toBe(true); // too early: kept, alarm set again
    expect(Object.keys(await stored(address))).toEqual(["bucket"]);
    await runInDurableObject(gateOf(address), async (_gate, state) => {
      await state.storage.put("bucket", { tokens: 0, updatedAt: Date.now() - 60 * 60_000 - 10_000 });
    });
    await evictDurableObject(gateOf(address));
    expect(await runDurableObjectAlarm(gateOf(address))).toBe(true);
    expect(await stored(address)).toEqual({});
  });

  it("an unreachable gate is a transient upstream_unavailable, never an unlimited call", async () => {
    const broken = {
      idFromName: (name: string) => ns.idFromName(name),
      get: () => ({ grant: () => Promise.reject(new Error("Network connection lost.")) }),
    } as unknown as DurableObjectNamespace;
    const err = await createGateLimiter(broken)
      .acquire(mailbox(), 5)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "upstream_unavailable" });
    expect(isTransient(err)).toBe(true);
  });
});
