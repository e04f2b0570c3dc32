const WORD = /[\p{L}\p{N}$€£¥%!]+(?:['’.][\p{L}\p{N}]+)*/gu;

/**
 * Lower-cased word tokens, 2–24 characters, at most `max` of them. URLs become their host.
 *
 * @example
 * tokenize("Click HERE: http://x.example/a", 10) // ["click", "here", "x.example"]
 */
export function tokenize(text: string, max: number): string[] {
  const out: string[] = [];
  const cleaned = text.replace(/\bhttps?:\/\/([^\s/:?#]+)[^\s]*/gi, " $1 ");
  for (const m of cleaned.matchAll(WORD)) {
    const w = m[0];
    if (w.length < 2 || w.length > 24) continue;
    out.push(/^\d+$/.test(w) ? (w.length > 4 ? "#num" : w) : w.toLowerCase());
    if (out.length >= max) break;
  }
  return out;
}
