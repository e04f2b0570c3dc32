// What `/[\p{L}\p{N}$€£¥%!]+(?:['’.][\p{L}\p{N}]+)*/gu` matches, scanned by hand: the regex
// with `u` and \p classes was the feature extractor's largest cost (tokenize.test.ts compares them).
const URL_TO_HOST = /\bhttps?:\/\/([^\s/:?#]+)[^\s]*/gi;
const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;
/** ASCII classes: 1 = letter or digit, 2 = `$ % !` (only where a word starts its first run). */
const ASCII = new Uint8Array(128);
for (let c = 48; c <= 57; c++) ASCII[c] = 1;
for (let c = 65; c <= 90; c++) ASCII[c] = 1;
for (let c = 97; c <= 122; c++) ASCII[c] = 1;
for (const c of "$%!") ASCII[c.charCodeAt(0)] = 2;
/** BMP code units above ASCII: 0 = not looked up yet, 1 = letter/number, 2 = neither. */
const BMP = new Uint8Array(65536);

/**
 * Lower-cased word tokens, 2–24 characters, at most `max` of them. URLs become their host.
 *
 * @example
 * tokenize("Click HERE: http://x.example/a", 10) // ["click", "here", "x.example"]
 */
export function tokenize(text: string, max: number): string[] {
  const out: string[] = [];
  if (max <= 0) return out;
  const cleaned = hostsForUrls(text);
  const words = new WordScanner(cleaned);
  while (words.next()) {
    const len = words.end - words.start;
    if (len < 2 || len > 24) continue;
    out.push(tokenText(cleaned, words.start, words.end));
    if (out.length >= max) break;
  }
  return out;
}

/** The text the tokenizer scans: every URL replaced by ` host `. */
export function hostsForUrls(text: string): string {
  return text.replace(URL_TO_HOST, " $1 ");
}

/** The token for `text[start, end)`: ASCII digits as-is up to 4 long, else "#num"; words lower-cased. */
export function tokenText(text: string, start: number, end: number): string {
  let digits = true;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) {
      digits = false;
      break;
    }
  }
  if (digits) return end - start > 4 ? "#num" : text.slice(start, end);
  return text.slice(start, end).toLowerCase();
}

/** Iterates the word matches of a text: `next()` moves to the next one, `[start, end)` is its span. */
export class WordScanner {
  start = 0;
  end = 0;
  private readonly text: string;
  constructor(text: string) {
    this.text = text;
  }

  next(): boolean {
    const t = this.text;
    const n = t.length;
    let i = this.end;
    // Leftmost start: any character of the first class.
    while (i < n) {
      const w = headWidth(t, i);
      if (w > 0) break;
      i++;
    }
    if (i >= n) {
      this.start = this.end = n;
      return false;
    }
    this.start = i;
    for (let w = headWidth(t, i); w > 0; w = i < n ? headWidth(t, i) : 0) i += w;
    // Greedy `(?:['’.][\p{L}\p{N}]+)*`.
    while (i + 1 < n) {
      const c = t.charCodeAt(i);
      if (c !== 39 && c !== 0x2019 && c !== 46) break;
      let j = i + 1;
      let w = letterWidth(t, j);
      if (w === 0) break;
      while (w > 0) {
        j += w;
        w = j < n ? letterWidth(t, j) : 0;
      }
      i = j;
    }
    this.end = i;
    return true;
  }
}

/** Width in code units of a `[\p{L}\p{N}$€£¥%!]` code point at `i`, 0 when it is not one. */
function headWidth(t: string, i: number): number {
  const c = t.charCodeAt(i);
  if (c < 128) return ASCII[c]! > 0 ? 1 : 0;
  if (c === 0x20ac || c === 0xa3 || c === 0xa5) return 1;
  return wideLetterWidth(t, i, c);
}

/** Width in code units of a `[\p{L}\p{N}]` code point at `i`, 0 when it is not one. */
function letterWidth(t: string, i: number): number {
  const c = t.charCodeAt(i);
  if (c < 128) return ASCII[c] === 1 ? 1 : 0;
  return wideLetterWidth(t, i, c);
}

function wideLetterWidth(t: string, i: number, c: number): number {
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < t.length) {
    const d = t.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return LETTER_OR_NUMBER.test(t.slice(i, i + 2)) ? 2 : 0;
  }
  let k = BMP[c]!;
  if (k === 0) {
    k = LETTER_OR_NUMBER.test(String.fromCharCode(c)) ? 1 : 2;
    BMP[c] = k;
  }
  return k === 1 ? 1 : 0;
}
