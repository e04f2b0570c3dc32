/**
 * Caps that bound the cost of hostile MIME. A message over any of them becomes an
 * `unparseable` verdict with the cap's name as reason, never a crash or a hang.
 */
export const MIME_LIMITS = {
  /** Raw bytes (as UTF-16 code units) accepted for parsing. Gmail's own cap is 25 MB; triage needs far less. */
  maxRawLength: 4 * 1024 * 1024,
  /** Multipart nesting depth: postal-mime stops when a part would go deeper. */
  maxNestingDepth: 24,
  /** Header bytes, all parts together: the top-level block is checked before parsing, postal-mime checks the rest. */
  maxHeadersSize: 256 * 1024,
  /** Parts: delimiter lines counted before parsing, then parts opened while parsing (inline messages included). */
  maxParts: 500,
  /** Wall-clock budget for parsing, checked every 1024 lines and after it (the clock stands still in workerd, where the caps above bound the work). */
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
