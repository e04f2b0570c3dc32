import type { Entity } from "./types.ts";

const OTP = [
  /\b(?:code|otp|passcode|pin|verification code|security code|one-time (?:code|password))\b(?:\s+is)?[:\s]{0,3}([0-9]{4,8}|[A-Z0-9]{3}-[A-Z0-9]{3})\b/gi,
  /\b([0-9]{4,8})\s+is\s+your\b[^.\n]{0,40}\b(?:code|otp|passcode|pin)\b/gi,
];
const TRACKING: { carrier: string; re: RegExp }[] = [
  { carrier: "UPS", re: /\b(1Z[0-9A-Z]{16})\b/g },
  { carrier: "USPS", re: /\b((?:94|93|92|95)\d{20})\b/g },
  { carrier: "FedEx", re: /\bfedex\b[^\n]{0,60}?\b(\d{12}|\d{15})\b/gi },
  { carrier: "DHL", re: /\bdhl\b[^\n]{0,60}?\b(\d{10})\b/gi },
  { carrier: "unknown", re: /\btracking (?:number|no\.?|#|id)\s*(?:is)?[:#\s]{0,3}([A-Z0-9]{8,30})\b/gi },
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
  for (const re of OTP) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (seen.has(m[1]!)) continue;
      seen.add(m[1]!);
      out.push({ kind: "otp", text: m[0].trim(), code: m[1]! });
    }
  }
  for (const { carrier, re } of TRACKING) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (seen.has(m[1]!)) continue;
      seen.add(m[1]!);
      out.push({ kind: "tracking", text: m[0].trim().slice(0, 200), carrier, number: m[1]! });
    }
  }
  return out.slice(0, 20);
}
