import type { Entity } from "./types.ts";

// Each pattern with a test for words it cannot match without, on the lower-cased text (the
// UPS form is case-sensitive, so its test is on the text itself).
const hasCodeWord = (lower: string) =>
  lower.includes("code") || lower.includes("otp") || lower.includes("pin") || lower.includes("password");
const OTP: { re: RegExp; mayMatch: (lower: string, text: string) => boolean }[] = [
  {
    re: /\b(?:code|otp|passcode|pin|verification code|security code|one-time (?:code|password))\b(?:\s+is)?[:\s]{0,3}([0-9]{4,8}|[A-Z0-9]{3}-[A-Z0-9]{3})\b/gi,
    mayMatch: hasCodeWord,
  },
  {
    re: /\b([0-9]{4,8})\s+is\s+your\b[^.\n]{0,40}\b(?:code|otp|passcode|pin)\b/gi,
    mayMatch: (lower) => lower.includes("your") && hasCodeWord(lower),
  },
];
const TRACKING: { carrier: string; re: RegExp; mayMatch?: (lower: string, text: string) => boolean }[] = [
  { carrier: "UPS", re: /\b(1Z[0-9A-Z]{16})\b/g, mayMatch: (_, text) => text.includes("1Z") },
  { carrier: "USPS", re: /\b((?:94|93|92|95)\d{20})\b/g },
  {
    carrier: "FedEx",
    re: /\bfedex\b[^\n]{0,60}?\b(\d{12}|\d{15})\b/gi,
    mayMatch: (lower) => lower.includes("fedex"),
  },
  { carrier: "DHL", re: /\bdhl\b[^\n]{0,60}?\b(\d{10})\b/gi, mayMatch: (lower) => lower.includes("dhl") },
  {
    carrier: "unknown",
    re: /\btracking (?:number|no\.?|#|id)\s*(?:is)?[:#\s]{0,3}([A-Z0-9]{8,30})\b/gi,
    mayMatch: (lower) => lower.includes("tracking"),
  },
];

/** The patterns with their word tests, for the test that the tests never skip a match. */
export const CODE_PATTERNS: readonly { re: RegExp; mayMatch?: (lower: string, text: string) => boolean }[] = [
  ...OTP,
  ...TRACKING,
];

// exec loops below, not matchAll: matchAll constructs a copy of the RegExp on every call.

/**
 * One-time codes and parcel tracking numbers.
 *
 * @example
 * extractCodes("Your verification code is 482913")[0] // { kind: "otp", code: "482913", … }
 */
export function extractCodes(text: string): Entity[] {
  const out: Entity[] = [];
  const seen = new Set<string>();
  const lower = text.toLowerCase();
  for (const { re, mayMatch } of OTP) {
    if (!mayMatch(lower, text)) continue;
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (seen.has(m[1]!)) continue;
      seen.add(m[1]!);
      out.push({ kind: "otp", text: m[0].trim(), code: m[1]! });
    }
  }
  for (const { carrier, re, mayMatch } of TRACKING) {
    if (mayMatch && !mayMatch(lower, text)) continue;
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (seen.has(m[1]!)) continue;
      seen.add(m[1]!);
      out.push({ kind: "tracking", text: m[0].trim().slice(0, 200), carrier, number: m[1]! });
    }
  }
  return out.slice(0, 20);
}
