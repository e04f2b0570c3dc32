/**
 * Queue retry delay: exponential in the attempt number, jittered, honouring Retry-After (up to
 * the queue's 12 h maximum). Most
 * Gmail transients (a 429 burst, a 503) clear within a second, so the first retry comes after
 * 1 s; tripling keeps the five attempts spread over ~2 minutes (1+3+9+27+81 s) before the DLQ.
 */
export const retryPolicy = { baseSeconds: 1, factor: 3, maxSeconds: 900 } as const;

/** Cloudflare Queues' longest `retry({ delaySeconds })`: 12 hours. A longer Retry-After waits that long. */
export const MAX_QUEUE_DELAY_SECONDS = 43_200;

/**
 * @example retryDelaySeconds({ attempts: 3, random: () => 0 }) // 9
 */
export function retryDelaySeconds(input: {
  attempts: number;
  retryAfterSeconds?: number | undefined;
  random?: () => number;
}): number {
  const random = input.random ?? Math.random;
  const exp = retryPolicy.baseSeconds * retryPolicy.factor ** Math.max(0, input.attempts - 1);
  const jittered = Math.min(retryPolicy.maxSeconds, exp) * (1 + 0.25 * random());
  const floor = input.retryAfterSeconds ?? 0;
  // Queues take whole seconds; rounding (not ceil) keeps the 1 s first retry at 1 s. Our own
  // backoff stops at 15 minutes; a provider's Retry-After is honoured up to the queue's maximum.
  const delay = Math.max(
    Math.min(retryPolicy.maxSeconds, jittered),
    Math.min(floor, MAX_QUEUE_DELAY_SECONDS),
  );
  return Math.max(1, Math.round(delay));
}
