/**
 * Provider cursors only move forward. Gmail history ids are uint64 decimal strings, so they are
 * compared as BigInt; a non-numeric cursor (none today) is treated as always newer.
 * @example isAhead("18446744073709551615", "9007199254740993") // true
 */
export function isAhead(candidate: string, stored: string | null): boolean {
  if (stored === null) return true;
  const a = asBigInt(candidate);
  const b = asBigInt(stored);
  if (a === null || b === null) return candidate !== stored;
  return a > b;
}

function asBigInt(s: string): bigint | null {
  return /^\d{1,20}$/.test(s) ? BigInt(s) : null;
}
