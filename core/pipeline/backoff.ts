/** Queue retry delay: exponential in the attempt number, jittered, honouring Retry-After. */
export const retryPolicy = { baseSeconds: 5, maxSeconds: 900 } as const;

/**
 * @example retryDelaySeconds({ attempts: 3, random: () => 0 }) // 20
 */
export function retryDelaySeconds(input: {
  attempts: number;
  retryAfterSeconds?: number | undefined;
  random?: () => number;
}): number {
  const random = input.random ?? Math.random;
  const exp = retryPolicy.baseSeconds * 2 ** Math.max(0, input.attempts - 1);
  const jittered = Math.min(retryPolicy.maxSeconds, exp) * (1 + 0.25 * random());
  const floor = input.retryAfterSeconds ?? 0;
  return Math.min(retryPolicy.maxSeconds, Math.ceil(Math.max(jittered, floor)));
}
