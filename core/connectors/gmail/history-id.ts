import { CoreError } from "../../errors.ts";

const MAX_UINT64 = (1n << 64n) - 1n;
const DIGITS = /^[1-9]\d{0,19}$/;

/**
 * Parses a Gmail historyId (a uint64 sent as a decimal string). Never goes through a JS number,
 * which would round ids above 2^53. `0` is invalid per Gmail.
 * @example parseHistoryId("18446744073709551615") // 18446744073709551615n
 */
export function parseHistoryId(value: unknown, what = "historyId"): bigint {
  const text = typeof value === "bigint" ? value.toString() : value;
  if (typeof text !== "string" || !DIGITS.test(text)) {
    throw new CoreError("bad_input", `${what} must be a positive decimal uint64 string`);
  }
  const id = BigInt(text);
  if (id > MAX_UINT64) throw new CoreError("bad_input", `${what} is larger than uint64`);
  return id;
}

/** True when `candidate` is strictly after `current` (null = no cursor yet). */
export function isNewerHistoryId(candidate: string, current: string | null): boolean {
  if (current === null) return true;
  return parseHistoryId(candidate) > parseHistoryId(current);
}

/** The larger of two cursors: the stored cursor only ever moves forward. */
export function maxHistoryId(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return parseHistoryId(a) >= parseHistoryId(b) ? a : b;
}
