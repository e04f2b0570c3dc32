/**
 * FNV-1a over UTF-16 code units with a seed: the same index in every runtime.
 *
 * @example
 * fnv1a("b:invoice", 0) >>> 0 // a stable unsigned 32-bit hash
 */
export function fnv1a(s: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // Final avalanche so low bits (used as the bucket) depend on every character.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/**
 * `fnv1a` in pieces, so `prefix + token` keys hash without building the string:
 * `fnvFinish(fnvFeed(fnvFeed(fnvStart(seed), "b:"), w)) === fnv1a(`b:${w}`, seed)`.
 *
 * @example
 * const b = fnvFeed(fnvStart(seed), "b:"); fnvFinish(fnvFeed(b, "invoice"));
 */
export function fnvStart(seed: number): number {
  return (0x811c9dc5 ^ seed) >>> 0;
}

/** Continues an unfinished FNV-1a state over `s`. */
export function fnvFeed(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

/** The avalanche step of `fnv1a`, as an unsigned 32-bit hash. */
export function fnvFinish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}
