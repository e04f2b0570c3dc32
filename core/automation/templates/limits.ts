/** Caps every automation template runs under, in production, tests and the CLI alike. */
export const templateLimits = {
  /** Source size in UTF-8 bytes. */
  maxSourceBytes: 8 * 1024,
  /** Wall-clock budget per render. */
  renderMs: 100,
  /**
   * Node renders per call. Workers freeze the clock during pure CPU work, so the time cap alone
   * cannot stop a loop there; this count stops it deterministically everywhere.
   */
  maxNodeRenders: 100_000,
  /** Output size in characters. */
  maxOutputChars: 1024 * 1024,
  /** LiquidJS allocation accounting (ranges, joins, appends, JSON), in characters/elements. */
  memoryLimit: 4 * 1024 * 1024,
} as const;
