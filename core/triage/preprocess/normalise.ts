/**
 * The text injection patterns and the injection model read: what a reader (or a language
 * model) would take the words to be, whatever tricks spell them. One linear pass after NFKC.
 */

// Cyrillic, Greek, Armenian and Latin-extension letters that look like a basic Latin letter.
const CONFUSABLES: Record<string, string> = {
  а: "a",
  е: "e",
  о: "o",
  р: "p",
  с: "c",
  у: "y",
  х: "x",
  ѕ: "s",
  і: "i",
  ј: "j",
  ԁ: "d",
  һ: "h",
  ԛ: "q",
  ԝ: "w",
  ӏ: "l",
  ɡ: "g",
  ᴠ: "v",
  ı: "i",
  ɑ: "a",
  ℓ: "l",
  ʏ: "y",
  ᴦ: "r",
  А: "a",
  В: "b",
  Е: "e",
  К: "k",
  М: "m",
  Н: "h",
  О: "o",
  Р: "p",
  С: "c",
  Т: "t",
  У: "y",
  Х: "x",
  Ѕ: "s",
  І: "i",
  Ј: "j",
  Ү: "y",
  Ԍ: "g",
  Ԁ: "d",
  Ԛ: "q",
  Ԝ: "w",
  Ꭺ: "a",
  Ꮯ: "c",
  Ꭼ: "e",
  α: "a",
  ο: "o",
  ρ: "p",
  ε: "e",
  ι: "i",
  κ: "k",
  ν: "v",
  τ: "t",
  υ: "u",
  χ: "x",
  ϲ: "c",
  ϳ: "j",
  Α: "a",
  Β: "b",
  Ε: "e",
  Ζ: "z",
  Η: "h",
  Ι: "i",
  Κ: "k",
  Μ: "m",
  Ν: "n",
  Ο: "o",
  Ρ: "p",
  Τ: "t",
  Υ: "y",
  Χ: "x",
  օ: "o",
  ս: "u",
  ց: "g",
  հ: "h",
  ո: "n",
  ա: "w",
};

/**
 * Characters that render as nothing: zero-width and joiners, soft hyphen, word joiner and
 * invisible operators, BOM, Mongolian vowel separator, Hangul fillers, bidi controls,
 * variation selectors (U+FE00–FE0F, U+E0100–E01EF) and Unicode tag characters (U+E0000–E007F).
 */
export function isInvisible(cp: number): boolean {
  if (cp < 0xad) return false;
  return (
    cp === 0xad ||
    cp === 0x34f ||
    cp === 0x61c ||
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x17b4 ||
    cp === 0x17b5 ||
    cp === 0x180e ||
    (cp >= 0x180b && cp <= 0x180f) ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x206f) ||
    cp === 0x3164 ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff ||
    cp === 0xffa0 ||
    (cp >= 0xfff0 && cp <= 0xfff8) ||
    (cp >= 0x1d173 && cp <= 0x1d17a) ||
    (cp >= 0xe0000 && cp <= 0xe01ef)
  );
}

const LETTER = /\p{L}/u;
const LATIN = /[a-z]/;

/** Whether a code point is a letter or digit (fast path for ASCII). */
export function isWordChar(ch: string): boolean {
  const c = ch.charCodeAt(0);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
  return LETTER.test(ch) || (c >= 0x300 && c <= 0x36f);
}

/** Maps the look-alike letters of one word when it mixes scripts or is made only of look-alikes. */
function skeletonWord(word: string): string {
  let any = false;
  let allConfusable = true;
  for (const ch of word) {
    if (CONFUSABLES[ch] !== undefined) any = true;
    else if (ch.charCodeAt(0) >= 128) allConfusable = false;
  }
  if (!any || (!allConfusable && !LATIN.test(word))) return word;
  let out = "";
  for (const ch of word) out += CONFUSABLES[ch] ?? ch;
  return out;
}

// "x y z": three one-letter tokens with one spacer between (a quick necessary condition).
const SPACED_ASCII = /(?:^|[^a-z0-9])[a-z][ ._*|/-][a-z][ ._*|/-][a-z](?:$|[^a-z0-9])/;
const SPACED = /(?:^|[^\p{L}\p{N}])\p{L}[ ._*|·/-]\p{L}[ ._*|·/-]\p{L}(?:$|[^\p{L}\p{N}])/u;

// Separators an attacker puts between the letters of a spaced-out word ("i g n o r e", "i.g.n.o.r.e").
const SPACER = new Set([" ", ".", "-", "_", "*", "|", "·", "/", "\u00a0"]);

/**
 * NFKC, invisible characters dropped, look-alike letters mapped to Latin, lower case, every run
 * of whitespace (line breaks included) one space, and letter-spaced words joined
 * ("I g n o r e  a l l" → "ignore all"). Line breaks are kept (one per run) so line-anchored
 * role markers still work; phrase patterns treat them as spaces. Linear in the input.
 *
 * @example
 * injectionSkeleton("Ｉｇｎｏｒｅ\u200b аll\nprevious i n s t r u c t i o n s") // "ignore all\nprevious instructions"
 */
export function injectionSkeleton(text: string): string {
  // Plain ASCII (most mail) has no compatibility forms, invisible characters or look-alikes.
  if (!NON_ASCII.test(text)) {
    const lower = text.toLowerCase();
    return collapseSpace(SPACED_ASCII.test(lower) ? joinSpacedLetters(lower) : lower);
  }
  let s = text.normalize("NFKC");
  if (INVISIBLE.test(s)) s = s.replace(INVISIBLE_ALL, "");
  s = joinSpacedLetters(s.toLowerCase());
  // Only words holding a look-alike letter can change: most non-ASCII mail has none.
  if (!CONFUSABLE.test(s)) return collapseSpace(s);
  let out = "";
  let word = "";
  for (const ch of s) {
    if (isWordChar(ch)) {
      word += ch;
      continue;
    }
    if (word) {
      out += skeletonWord(word);
      word = "";
    }
    out += ch;
  }
  if (word) out += skeletonWord(word);
  return collapseSpace(out);
}

// The code points `isInvisible` accepts, as one character class (same ranges).
const INVISIBLE_CLASS =
  "[\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u206f\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\ufff0-\\ufff8\\u{1d173}-\\u{1d17a}\\u{e0000}-\\u{e01ef}]";
/** One invisible character (exported for its test against `isInvisible`). */
export const INVISIBLE = new RegExp(INVISIBLE_CLASS, "u");
const INVISIBLE_ALL = new RegExp(INVISIBLE_CLASS, "gu");
export const CONFUSABLE = new RegExp(`[${Object.keys(CONFUSABLES).join("")}]`, "u");

const NON_ASCII = /[^\t\n\r -~]/;
const BLANKS = /[^\S\n]{2,}|[\t\r\f\v\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/g;
const LINE_BREAKS = / ?\n\s*/g;

/**
 * Each run of whitespace becomes "\n" when it holds a line break, else " "; trimmed. Two linear
 * passes: blanks first, then a line break with the blanks around it (nothing can follow `\s*`,
 * so it never backtracks).
 */
function collapseSpace(s: string): string {
  return s.replace(BLANKS, " ").replace(LINE_BREAKS, "\n").trim();
}

const SURROGATE = /[\ud800-\udfff]/;

/**
 * Joins runs of three or more one-letter tokens separated by one spacer character; a double space
 * (or a spacer plus a space) between runs stays a word break. Linear: each character is looked at
 * a bounded number of times, and the text between runs is copied a slice at a time.
 */
export function joinSpacedLetters(s: string): string {
  // Quick exit: most text has no "x y z w" run.
  if (!SPACED.test(s)) return s;
  // Characters by code point; without surrogates those are the string's own UTF-16 units.
  const chars: ArrayLike<string> = SURROGATE.test(s) ? [...s] : s;
  const copy = (from: number, to: number) =>
    typeof chars === "string" ? chars.slice(from, to) : Array.prototype.slice.call(chars, from, to).join("");
  const n = chars.length;
  let out = "";
  // chars[kept, i) are copied as they are when the next run (or the end) is reached.
  let kept = 0;
  let i = 0;
  const single = (k: number) =>
    k < n &&
    isWordChar(chars[k]!) &&
    (k === 0 || !isWordChar(chars[k - 1]!)) &&
    (k + 1 >= n || !isWordChar(chars[k + 1]!));
  while (i < n) {
    if (!single(i)) {
      i++;
      continue;
    }
    // Measure a run: letter, spacer, letter, spacer, … (its letters are at i, i + 2, …, j - 1).
    let letters = 1;
    let j = i + 1;
    while (j + 1 < n && SPACER.has(chars[j]!) && single(j + 1)) {
      letters++;
      j += 2;
    }
    if (letters >= 3) {
      out += copy(kept, i);
      for (let k = i; k < j; k += 2) out += chars[k]!;
      kept = j;
      i = j;
    } else {
      i++;
    }
  }
  return out + copy(kept, n);
}
