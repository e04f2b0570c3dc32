/**
 * Queue retry delay: exponential in the attempt number, jittered, honouring Retry-After. Most
 * Gmail transients (a 429 burst, a 503) clear within a second, so the first retry comes after
 * 1 s; tripling keeps the five attempts spread over ~2 minutes (1+3+9+27+81 s) before the DLQ.
 */
export const retryPolicy = { baseSeconds: 1, factor: 3, maxSeconds: 900 } as const;

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
  // Queues take whole seconds; rounding (not ceil) keeps the 1 s first retry at 1 s.
  return Math.min(retryPolicy.maxSeconds, Math.max(1, Math.round(Math.max(jittered, floor))));
}
