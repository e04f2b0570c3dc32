/**
 * Caps that bound the cost of hostile MIME. A message over any of them becomes an
 * `unparseable` verdict with the cap's name as reason, never a crash or a hang.
 */
export const MIME_LIMITS = {
  /** Raw bytes (as UTF-16 code units) accepted for parsing. Gmail's own cap is 25 MB; triage needs far less. */
  maxRawLength: 4 * 1024 * 1024,
  /** Multipart nesting depth handed to postal-mime. */
  maxNestingDepth: 24,
  /** Total header bytes handed to postal-mime. */
  maxHeadersSize: 256 * 1024,
  /** Boundary delimiter lines counted before parsing: a cheap upper bound on the part count. */
  maxParts: 500,
  /** Wall-clock budget for parsing; checked after each stage since parsing is synchronous. */
  maxParseMs: 1000,
  /** Characters of visible text kept for features and models. */
  maxTextLength: 200_000,
} as const;

export type UnparseableReason =
  | "too_large"
  | "too_many_parts"
  | "too_deep"
  | "headers_too_large"
  | "time_exceeded"
  | "parse_error"
  | "empty";

/**
 * Counts delimiter lines ("--" + a boundary declared anywhere in the message) without parsing:
 * an upper bound on the part count. Linear in the input; stops early past `stopAt`.
 */
export function countBoundaryLines(raw: string, stopAt: number): number {
  const declared = new Set<string>();
  for (const m of raw.matchAll(/boundary\s*=\s*(?:"([^"\r\n]{1,200})"|([^\s;"]{1,200}))/gi)) {
    declared.add(m[1] ?? m[2]!);
    if (declared.size > stopAt) return declared.size;
  }
  if (declared.size === 0) return 0;
  const list = [...declared];
  let count = 0;
  let i = 0;
  while (i < raw.length) {
    if (raw.charCodeAt(i) === 45 && raw.charCodeAt(i + 1) === 45) {
      for (const b of list) {
        if (raw.startsWith(b, i + 2)) {
          if (++count > stopAt) return count;
          break;
        }
      }
    }
    const nl = raw.indexOf("\n", i);
    if (nl < 0) break;
    i = nl + 1;
  }
  return count;
}
