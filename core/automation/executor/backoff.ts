import type { RetryPolicy } from "../schema/definition-types.ts";

const MAX_DELAY_MS = 10 * 60_000;

/** How many attempts a policy allows (none → 1). */
export function maxAttempts(policy: RetryPolicy | undefined): number {
  if (!policy || policy.strategy === "none") return 1;
  return policy.max_attempts ?? 3;
}

/**
 * Delay before attempt `next` (2, 3, …): linear grows by `delay_ms` each time, exponential doubles.
 * @example backoffMs({ strategy: "exponential", delay_ms: 100 }, 3) // 200
 */
export function backoffMs(policy: RetryPolicy | undefined, next: number): number {
  if (!policy || policy.strategy === "none") return 0;
  const base = policy.delay_ms ?? 1000;
  const n = Math.max(1, next - 1);
  const ms = policy.strategy === "linear" ? base * n : base * 2 ** (n - 1);
  return Math.min(ms, MAX_DELAY_MS);
}
