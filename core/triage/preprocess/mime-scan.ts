import type { UnparseableReason } from "./limits.ts";

export interface MimeScan {
  /** Set when the message is over a cap and must not reach the parser. */
  reason?: Extract<UnparseableReason, "headers_too_large" | "too_many_parts">;
  /** Characters of the top-level header block (line ends excluded), as the parser counts them. */
  headerChars: number;
  /** Lines that can open a part: `--` and a declared boundary (every `--` line if a declaration is unclear). */
  delimiterLines: number;
  /** Characters looked at: at most a small multiple of the input, whatever its shape. */
  work: number;
}

/**
 * A linear look at raw MIME before it is parsed, so the parser never starts on a message
 * whose top-level headers are over `maxHeaderChars` or that has more than `maxParts` part
 * delimiters. Counts are upper bounds of what postal-mime would see: a boundary declared in a
 * way this scan does not read exactly (RFC 2231 sections, escapes, folding inside the value,
 * comments) makes every line starting with `--` count.
 *
 * @example
 * scanMime(`Content-Type: multipart/mixed; boundary=b\n\n${"--b\n\nx\n".repeat(600)}`, { maxHeaderChars: 1e5, maxParts: 500 }).reason
 * // "too_many_parts"
 */
export function scanMime(text: string, caps: { maxHeaderChars: number; maxParts: number }): MimeScan {
  const n = text.length;
  let work = 0;
  let headerChars = 0;
  let i = 0;
  // Top-level header block: up to the first line that is empty once trailing CRs are dropped.
  while (i < n) {
    const nl = text.indexOf("\n", i);
    const end = nl < 0 ? n : nl;
    let last = end;
    while (last > i && text.charCodeAt(last - 1) === 13) last--;
    work += end - i + 1;
    if (last === i) break;
    headerChars += last - i;
    if (headerChars > caps.maxHeaderChars)
      return { reason: "headers_too_large", headerChars, delimiterLines: 0, work };
    i = end + 1;
  }
  const { boundaries, unclear, work: declWork } = declaredBoundaries(text);
  work += declWork;
  if (boundaries.size === 0 && !unclear) return { headerChars, delimiterLines: 0, work };
  let delimiterLines = 0;
  for (let at = 0; at < n; ) {
    const nl = text.indexOf("\n", at);
    const end = nl < 0 ? n : nl;
    if (text.charCodeAt(at) === 45 && text.charCodeAt(at + 1) === 45) {
      let last = end;
      while (last > at + 2 && text.charCodeAt(last - 1) === 13) last--;
      while (last > at + 2 && isWsp(text.charCodeAt(last - 1))) last--;
      work += end - at;
      if (unclear || boundaries.has(text.slice(at + 2, last))) {
        delimiterLines++;
        if (delimiterLines > caps.maxParts)
          return { reason: "too_many_parts", headerChars, delimiterLines, work };
      }
    }
    work++;
    at = end + 1;
  }
  return { headerChars, delimiterLines, work };
}

const isWsp = (c: number) => c === 32 || c === 9;
const isLineEnd = (c: number) => c === 10 || c === 13;
/** Whitespace `String.prototype.trim` drops from a parameter name, line ends aside. */
const isNameSpace = (c: number) => !isLineEnd(c) && !Number.isNaN(c) && /\s/.test(String.fromCharCode(c));
/** Values the parser compares as UTF-8 bytes, where lone surrogates and U+FFFD look alike. */
const SURROGATE_OR_REPLACEMENT = /[\uD800-\uDFFF\uFFFD]/;

/**
 * Every `boundary=` value in the text, read the way postal-mime reads a plain token or quoted
 * string. `unclear` when one is written in a form that could give another value there.
 */
function declaredBoundaries(text: string): { boundaries: Set<string>; unclear: boolean; work: number } {
  const boundaries = new Set<string>();
  let work = text.length;
  let unclear = false;
  // Non-unicode `i`: only ASCII letters fold to ASCII, as with the parser's toLowerCase of the name.
  const name = /boundary/gi;
  for (let m = name.exec(text); m; m = name.exec(text)) {
    let j = m.index + 8;
    while (isNameSpace(text.charCodeAt(j))) j++;
    const c = text.charCodeAt(j);
    work += j - m.index;
    if (c === 42 || isLineEnd(c)) {
      // `boundary*0=` (RFC 2231 sections) or a name folded onto the next line.
      unclear = true;
      continue;
    }
    if (c !== 61) continue; // not `boundary=`: the word in a sentence
    j++;
    while (isWsp(text.charCodeAt(j))) j++;
    const value = readValue(text, j);
    work += value.length + 1;
    if (value.unclear || SURROGATE_OR_REPLACEMENT.test(value.text)) unclear = true;
    else if (value.text) boundaries.add(value.text);
  }
  return { boundaries, unclear, work };
}

function readValue(text: string, start: number): { text: string; unclear: boolean; length: number } {
  const n = text.length;
  if (text.charCodeAt(start) === 34) {
    for (let k = start + 1; k < n; k++) {
      const c = text.charCodeAt(k);
      if (c === 34) return { text: text.slice(start + 1, k), unclear: false, length: k - start };
      if (c === 92 || isLineEnd(c)) break; // escapes and folds inside quotes change the value
    }
    return { text: "", unclear: true, length: n - start };
  }
  let k = start;
  while (k < n) {
    const c = text.charCodeAt(k);
    if (c === 59 || isWsp(c) || isLineEnd(c) || c === 34 || c === 40 || c === 92) break;
    k++;
  }
  const value = text.slice(start, k);
  // A token ends the value only when nothing but blanks separates it from `;` or the header's end.
  let m = k;
  while (isWsp(text.charCodeAt(m))) m++;
  const c = text.charCodeAt(m);
  if (m >= n || c === 59) return { text: value, unclear: false, length: m - start };
  if (isLineEnd(c)) {
    // The line must end here (CRs before the LF are dropped with it) and the next must not fold.
    let e = m;
    while (text.charCodeAt(e) === 13) e++;
    const folded = e < n && (text.charCodeAt(e) !== 10 || isWsp(text.charCodeAt(e + 1)));
    return { text: value, unclear: folded, length: e - start };
  }
  return { text: value, unclear: true, length: m - start };
}
