import { CoreError } from "../../errors.ts";
import type { Clock, Sleep } from "../../ports.ts";
import type { QuotaGatePort } from "./leased-limiter.ts";
import { GMAIL_QUOTA_POLICY, grantQuota, type QuotaPolicy } from "./quota-grants.ts";

/**
 * Virtual time for tests with concurrent tasks: `sleep` parks a task until `run` advances the
 * clock to its turn. Between turns every pending promise reaction runs (a macrotask boundary),
 * so tasks interleave as they would on one event loop, just without waiting. Test support only.
 */
export function virtualScheduler(start = 0) {
  let now = start;
  let seq = 0;
  const timers: Array<{ at: number; seq: number; wake: () => void }> = [];
  const settle = () => new Promise<void>((r) => setImmediate(r));

  const sleep: Sleep = (ms) =>
    new Promise<void>((wake) => {
      timers.push({ at: now + Math.max(0, ms), seq: seq++, wake });
    });

  /** Runs every task until none is left waiting on a timer (or `untilMs` is reached). */
  async function run(untilMs = Number.POSITIVE_INFINITY): Promise<void> {
    for (;;) {
      await settle();
      if (timers.length === 0) return;
      timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = timers[0]!;
      if (next.at > untilMs) return;
      timers.shift();
      now = Math.max(now, next.at);
      next.wake();
    }
  }

  /** `withTimeout` on virtual time: the timer is dropped once `work` settles. */
  function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
    const timer = { at: now + ms, seq: seq++, wake: () => {} };
    const late = new Promise<never>((_, reject) => {
      timer.wake = () => reject(new CoreError("timeout", `${what} took longer than ${ms} ms`));
    });
    timers.push(timer);
    const drop = () => {
      const i = timers.indexOf(timer);
      if (i >= 0) timers.splice(i, 1);
    };
    work.then(drop, drop);
    return Promise.race([work, late]);
  }

  const clock: Clock = { now: () => now };
  return { clock, sleep, run, withTimeout };
}

/**
 * An in-memory quota gate (the Durable Object's logic without the platform): `grantQuota` over a
 * state that goes through JSON between calls, as it does through storage. `delay` models the
 * round trip (ms before the gate reads its clock, ms before the answer arrives).
 */
export function memoryQuotaGate(opts: {
  clock: Clock;
  sleep: Sleep;
  policy?: QuotaPolicy;
  delay?: () => [number, number];
  fail?: () => boolean;
}) {
  const stored = new Map<string, string>();
  /** Every grant: [reserved at (gate clock + waitMs), units]. */
  const grants: Array<[number, number]> = [];
  let calls = 0;
  const port: QuotaGatePort = {
    async grant(key, request) {
      calls++;
      const [there, back] = opts.delay?.() ?? [0, 0];
      if (there > 0) await opts.sleep(there);
      if (opts.fail?.()) throw new Error("Network connection lost.");
      const raw = stored.get(key);
      const { state, answer } = grantQuota({
        ctx: { clock: opts.clock, policy: opts.policy ?? GMAIL_QUOTA_POLICY },
        input: { state: raw ? JSON.parse(raw) : undefined, request },
      });
      if (state) stored.set(key, JSON.stringify(state));
      if (answer.ok) grants.push([opts.clock.now() + answer.waitMs, answer.units]);
      if (back > 0) await opts.sleep(back);
      return answer;
    },
  };
  return {
    port,
    grants,
    get calls() {
      return calls;
    },
  };
}
