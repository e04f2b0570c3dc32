/**
 * Parses `Retry-After` (delta-seconds or an HTTP date) into milliseconds from `nowMs`.
 * @example parseRetryAfter("3", 0) // 3000
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed), 86_400) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.min(date - nowMs, 86_400_000));
}
