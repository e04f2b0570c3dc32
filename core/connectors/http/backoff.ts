import { isCoreError } from "../../errors.ts";
import type { Sleep } from "../../ports.ts";

export interface BackoffOptions {
  /** Total tries including the first (default 5). */
  maxAttempts?: number;
  baseMs?: number;
  maxDelayMs?: number;
  sleep: Sleep;
  /** [0,1) source for full jitter; injectable for deterministic tests. */
  random?: () => number;
  /** Which failures are worth another try (default: CoreError rate_limited / upstream_unavailable / timeout). */
  retryable?: (e: unknown) => boolean;
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
  /**
   * Longest wait spent in this process (default 5 s). A Retry-After beyond it is not slept:
   * the error is rethrown with its `retryAfterSeconds` so the queue (`retry({ delaySeconds })`)
   * or a Durable Object alarm waits instead, and the isolate is not held for minutes or hours.
   */
  maxSleepMs?: number;
}

/** The in-process wait ceiling: past it the platform (queue delay, DO alarm) does the waiting. */
export const MAX_IN_PROCESS_SLEEP_MS = 5_000;

function defaultRetryable(e: unknown): boolean {
  return (
    isCoreError(e) && (e.code === "rate_limited" || e.code === "upstream_unavailable" || e.code === "timeout")
  );
}

/**
 * Runs `op` and retries retryable failures with exponential backoff and full jitter
 * (`random() * min(maxDelay, base * 2^n)`); a `Retry-After` from the error is a floor.
 * After `maxAttempts` the last error is rethrown (transient: the queue retries the job later), and
 * so is one whose Retry-After is longer than `maxSleepMs`: no wait in process exceeds it.
 * @example const msg = await withBackoff(() => gmail.get(id), { sleep: realSleep });
 */
export async function withBackoff<T>(op: (attempt: number) => Promise<T>, opts: BackoffOptions): Promise<T> {
  const maxAttempts = opts.maxAttempts ?? 5;
  const base = opts.baseMs ?? 250;
  const maxSleep = opts.maxSleepMs ?? MAX_IN_PROCESS_SLEEP_MS;
  const cap = Math.min(opts.maxDelayMs ?? 32_000, maxSleep);
  const random = opts.random ?? Math.random;
  const retryable = opts.retryable ?? defaultRetryable;
  for (let attempt = 1; ; attempt++) {
    try {
      return await op(attempt);
    } catch (error) {
      if (attempt >= maxAttempts || !retryable(error)) throw error;
      const delayMs = backoffDelay(attempt, error, { baseMs: base, maxDelayMs: cap, random });
      if (delayMs > maxSleep) throw error;
      opts.onRetry?.({ attempt, delayMs, error });
      await opts.sleep(delayMs);
    }
  }
}

/** The wait before retry number `attempt` (1-based): full jitter, never shorter than Retry-After. */
export function backoffDelay(
  attempt: number,
  error: unknown,
  opts: { baseMs?: number; maxDelayMs?: number; random?: () => number } = {},
): number {
  const cap = opts.maxDelayMs ?? 32_000;
  const jitter = Math.floor(
    (opts.random ?? Math.random)() * Math.min(cap, (opts.baseMs ?? 250) * 2 ** (attempt - 1)),
  );
  const floor =
    isCoreError(error) && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : 0;
  return Math.max(jitter, floor);
}
