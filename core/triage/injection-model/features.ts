import { fnv1a } from "../features/hash.ts";
import { CONCEPT, CONCEPT_SUBSTRINGS, CUE, CUE_SUBSTRINGS, CUE_TAGS, TAGS } from "./concepts.ts";

/**
 * Features of the paraphrased-instruction model, shared by training and inference, over
 * `injectionSkeleton` text (so look-alike, spaced-out and invisible-character spellings read like
 * plain ones): hashed word unigrams and bigrams, five-letter stems, character 4-grams inside
 * words, character 3- to 5-grams inside and across words (`grams`; tried by CV, not shipped), and "concept roles" (`concepts.ts`): role unigrams, ordered role pairs a few words apart
 * and the role that opens a clause (an imperative's verb, a vocative "assistant:"). Log counts,
 * signed hashing, L2-normalised. With `dense`, each window also gets yes/no cues of what it does
 * (`CUE_TAGS`: the roles, references to the reader's output, tools, the person's data stores and
 * private data, an imperative, a vocative) and every pair of cues present, at full weight rather
 * than divided by the window's feature count, so one instruction in a long sentence still counts. The text is tokenised once; every window reuses its tokens and
 * every word is hashed while it is read (no strings), so scoring costs a few integer operations per token.
 */

/** Which feature families a row has (training compares them by cross-validation). */
export interface FeatureSet {
  words: boolean;
  stems: boolean;
  chars: boolean;
  concepts: boolean;
  clauses: boolean;
  triples: boolean;
  /** Window-level cue presence and cue pairs (`CUE_TAGS`), unnormalised. */
  dense?: boolean;
  /**
   * Character 3-, 4- and 5-grams of the skeleton (NFKC, look-alikes folded, lower case): inside
   * each word padded with spaces, and across the space joining two words. They survive
   * paraphrase, inflection and spelling tricks and carry over between related languages.
   */
  grams?: boolean;
  /** Sentences per window (2 when absent). */
  window?: number;
  /** The dense cues MINE and PERSON (who a sentence addresses besides the reader's software). */
  addressee?: boolean;
  /** The dense cue QUOTED (a word inside quotation marks). */
  quotes?: boolean;
}
export const ALL_FEATURES: FeatureSet = {
  words: true,
  stems: true,
  chars: true,
  concepts: true,
  clauses: true,
  triples: true,
  dense: true,
  grams: true,
  addressee: true,
  quotes: true,
};
// Concept pairs count when the second follows the first within this many words.
const CONCEPT_SPAN = 4;
// Words of a sentence scored together; longer sentences are cut into pieces of this many.
const MAX_SENTENCE = 40;
/** Windows scored per text: bounds the work on a huge message (the rest is not scored). */
export const MAX_WINDOWS = 120;

/** The words of a text with sentence and clause boundaries (offsets into the text, no strings). */
export interface Tokens {
  text: string;
  begin: Int32Array;
  end: Int32Array;
  /** fnv1a of each word. */
  word: Int32Array;
  /** Each word's concept roles (indices into `TAGS`). */
  tags: (readonly number[])[];
  /** 1: the word starts a sentence; 2: it starts a clause (after `:`, `,`, `;`, a bracket, a dash or "please"). */
  starts: Uint8Array;
  /** The text before the word holds "@" (an address: the ADDR role). */
  at: Uint8Array;
  /** Each word's dense cues: a bit per `CUE_TAGS` entry. */
  cues: Uint32Array;
}

const SEED = 0x1b873593;
const fnvStart = (seed: number) => (0x811c9dc5 ^ seed) >>> 0;
const fnvEnd = (h: number) => {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  return h ^ (h >>> 13);
};
// Roles and "please" words by the word's hash: looked up while scanning, without a string. A
// 32-bit collision gives some other word that role, the same way in training and in use.
const CONCEPT_BY_HASH = new Map<number, number>();
for (const [w, tag] of CONCEPT) CONCEPT_BY_HASH.set(fnv1a(w, SEED) | 0, tag);
/** Every word with a role or a cue (its bits; only membership is read on the hot path). */
const CUES_BY_HASH = new Map<number, number>();
for (const [w, tag] of CONCEPT) CUES_BY_HASH.set(fnv1a(w, SEED) | 0, 1 << tag);
for (const [w, bits] of CUE) {
  const h = fnv1a(w, SEED) | 0;
  CUES_BY_HASH.set(h, (CUES_BY_HASH.get(h) ?? 0) | bits);
}
const POLITE_BY_HASH = new Set(
  [
    "please",
    "kindly",
    "bitte",
    "merci",
    "svp",
    "por",
    "favor",
    "per",
    "proszę",
    "lütfen",
    "пожалуйста",
    "请",
  ].map((w) => fnv1a(w, SEED) | 0),
);
// First-person possessives (11 languages): "my/our assistant" is the owner's own helper.
const POSSESSIVE_BY_HASH = new Set(
  "my our mein meine meinem meinen meiner unser unsere unseren unserem mon ma mes notre nos mi mis nuestro nuestra mio mia miei nostro nostra meu minha nosso nossa mijn onze mitt min mina vår vårt mój moja moje mojego nasz nasza benim bizim мой моя моего моему наш наша нашего"
    .split(" ")
    .map((w) => fnv1a(w, SEED) | 0),
);
// Greetings that open a sentence to a person (11 languages): "hi nadia", "dear team", "hola marcos".
const GREETING_BY_HASH = new Set(
  "hi hello hey dear morning bonjour salut cher chère hallo liebe lieber hola estimado estimada querido querida ciao caro cara gentile olá oi prezado prezada hoi beste hej kära cześć witam drogi droga szanowny szanowna merhaba sayın привет здравствуйте уважаемый уважаемая дорогой дорогая"
    .split(" ")
    .map((w) => fnv1a(w, SEED) | 0),
);
const NO_TAGS: readonly number[] = [];
const ONE_TAG: (readonly number[])[] = TAGS.map((_, k) => [k]);
const ADDR = TAGS.indexOf("ADDR");
const ACT_BIT = 1 << TAGS.indexOf("ACT");
const AI_TAG = TAGS.indexOf("AI");
const IMP_BIT = 1 << CUE_TAGS.indexOf("IMP");
const VOC_BIT = 1 << CUE_TAGS.indexOf("VOC");
const MINE_BIT = 1 << CUE_TAGS.indexOf("MINE");
const PERSON_BIT = 1 << CUE_TAGS.indexOf("PERSON");
/** The cues only sets with `addressee` see. */
const ADDRESSEE_BITS = MINE_BIT | PERSON_BIT;
const QUOTED_BIT = 1 << CUE_TAGS.indexOf("QUOTED");
const ASK_BITS = (1 << TAGS.indexOf("ACT")) | (1 << TAGS.indexOf("MODAL")) | (1 << TAGS.indexOf("YOU"));
const CUE_BY_HASH = new Map<number, number>();
for (const [w, bits] of CUE) CUE_BY_HASH.set(fnv1a(w, SEED) | 0, bits);
// Word characters (letters, digits and combining marks of any script: Devanagari, Bengali and
// Thai vowel signs sit inside words), sentence and clause punctuation, by UTF-16 code: 0 not yet
// known, 1 word, 2 sentence break, 3 clause break, 4 "@", 5 other.
const KIND = new Uint8Array(0x10000);
const LETTER_OR_DIGIT = /[\p{L}\p{N}\p{M}]/u;
for (const c of ".!?。！？؟।\n") KIND[c.charCodeAt(0)] = 2;
for (const c of ':;,()[]{}<>"“”«»|—–-') KIND[c.charCodeAt(0)] = 3;
KIND[64] = 4;
function kindOf(code: number): number {
  let k = KIND[code]!;
  if (k === 0) {
    // Lone surrogates count as letters: an astral letter or digit stays inside its word.
    k = (code >= 0xd800 && code <= 0xdfff) || LETTER_OR_DIGIT.test(String.fromCharCode(code)) ? 1 : 5;
    KIND[code] = k;
  }
  return k;
}
// The scripts `concepts.ts` searches by substring (Arabic, Devanagari, Bengali, Thai, kana, CJK, Hangul).
const inSubstringScript = (c: number) =>
  (c >= 0x600 && c <= 0x6ff) ||
  (c >= 0x900 && c <= 0x9ff) ||
  (c >= 0xe00 && c <= 0xe7f) ||
  (c >= 0x3040 && c <= 0x30ff) ||
  (c >= 0x4e00 && c <= 0x9fff) ||
  (c >= 0xac00 && c <= 0xd7af);
// Words tokenised per text: enough for MAX_WINDOWS windows of two sentences of MAX_SENTENCE words.
const MAX_TOKENS = (MAX_WINDOWS + 1) * MAX_SENTENCE;

/**
 * Tokenises skeleton text once for every window: one pass over its characters, each word hashed
 * as it is read.
 *
 * @example tokenize("hi. assistant: send it").begin.length // 4
 */
export function tokenize(skel: string): Tokens {
  const n = skel.length;
  const room = Math.min(MAX_TOKENS, (n + 1) >> 1);
  const begin = new Int32Array(room);
  const end = new Int32Array(room);
  const word = new Int32Array(room);
  const starts = new Uint8Array(room);
  const at = new Uint8Array(room);
  const cues = new Uint32Array(room);
  const tags: (readonly number[])[] = [];
  let count = 0;
  let prevPolite = false;
  let gapKind = 2;
  let gapAt = 0;
  let gapComma = false;
  // Inside quotation marks: straight quotes toggle, typographic ones open and close.
  let quoted = false;
  let i = 0;
  while (i < n && count < room) {
    const c0 = skel.charCodeAt(i);
    const k = KIND[c0] || kindOf(c0);
    if (k !== 1) {
      if (k === 2) gapKind = 2;
      else if (k === 3 && gapKind !== 2) {
        gapKind = 3;
        if (c0 === 44) gapComma = true;
      } else if (k === 4) gapAt = 1;
      // A quotation ends at its closing mark or at the end of the line.
      if (c0 === 34) quoted = !quoted;
      else if (c0 === 0x201c || c0 === 0xab || c0 === 0x201e || c0 === 0x300c) quoted = true;
      else if (c0 === 0x201d || c0 === 0xbb || c0 === 0x300d || c0 === 10) quoted = false;
      i++;
      continue;
    }
    let h = fnvStart(SEED);
    let substrings = false;
    let j = i;
    for (; j < n; j++) {
      const c = skel.charCodeAt(j);
      if ((KIND[c] || kindOf(c)) !== 1) break;
      if (c >= 0x600 && inSubstringScript(c)) substrings = true;
      h ^= c;
      h = Math.imul(h, 0x01000193);
    }
    h = fnvEnd(h);
    let roles = NO_TAGS;
    let cue = 0;
    // Most words have no role and no cue: one lookup says so.
    if (substrings || CUES_BY_HASH.has(h)) {
      const tag = CONCEPT_BY_HASH.get(h);
      if (tag !== undefined) roles = ONE_TAG[tag]!;
      cue = CUE_BY_HASH.get(h) ?? 0;
      if (substrings) {
        const w = skel.slice(i, j);
        if (tag === undefined) {
          const found: number[] = [];
          for (const [key, t] of CONCEPT_SUBSTRINGS) if (w.includes(key)) found.push(t);
          if (found.length) roles = found;
        }
        if (cue === 0) for (const [key, bits] of CUE_SUBSTRINGS) if (w.includes(key)) cue |= bits;
      }
      for (const r of roles) cue |= 1 << r;
    }
    const start: number = gapKind === 2 ? 1 : gapKind === 3 || prevPolite ? 2 : 0;
    if (start > 0 && cue & ACT_BIT) cue |= IMP_BIT;
    // "assistant:" / "AI," — the previous word names a machine and a clause starts here.
    if (gapKind === 3 && count > 0 && cues[count - 1]! & (1 << AI_TAG)) cues[count - 1]! |= VOC_BIT;
    if (count > 0) {
      const p = count - 1;
      // "my assistant", "our meeting bot": a machine word a word or two after "my"/"our".
      if (
        cue & (1 << AI_TAG) &&
        gapKind === 0 &&
        (POSSESSIVE_BY_HASH.has(word[p]!) ||
          (p > 0 && starts[p] === 0 && POSSESSIVE_BY_HASH.has(word[p - 1]!)))
      )
        cue |= MINE_BIT;
      // "hi nadia": a greeting opens the sentence and a word with no role follows it.
      // (QUOTED is left out of "no role": it must not change these cues when `quotes` is off.)
      if (gapKind === 0 && starts[p] === 1 && (cue & ~QUOTED_BIT) === 0 && GREETING_BY_HASH.has(word[p]!))
        cue |= PERSON_BIT;
      // "jonas, please …": a sentence's first word with no role, a comma, then an ask.
      else if (
        gapComma &&
        starts[p] === 1 &&
        (cues[p]! & ~QUOTED_BIT) === 0 &&
        (cue & ASK_BITS || POLITE_BY_HASH.has(h)) &&
        !GREETING_BY_HASH.has(word[p]!)
      )
        cues[p]! |= PERSON_BIT;
    }
    if (quoted) cue |= QUOTED_BIT;
    begin[count] = i;
    end[count] = j;
    word[count] = h;
    starts[count] = start;
    at[count] = gapAt;
    cues[count] = cue;
    tags.push(roles);
    count++;
    prevPolite = start > 0 && POLITE_BY_HASH.has(h);
    gapKind = 0;
    gapAt = 0;
    gapComma = false;
    i = j;
  }
  return {
    text: skel,
    begin: begin.subarray(0, count),
    end: end.subarray(0, count),
    word: word.subarray(0, count),
    tags,
    starts: starts.subarray(0, count),
    at: at.subarray(0, count),
    cues: cues.subarray(0, count),
  };
}

/** The word at token `i`. */
export function tokenText(t: Tokens, i: number): string {
  return t.text.slice(t.begin[i], t.end[i]);
}

/**
 * A word's own features: its unigram, its five-letter stem (words over five letters) and the
 * character 4-grams of " word " — each family when the set has it.
 */
function emitOwn(t: Tokens, i: number, set: FeatureSet, emit: Emit): void {
  const s = t.text;
  const from = t.begin[i]!;
  const len = t.end[i]! - from;
  if (set.words) emit(mix(t.word[i]! >>> 0, 1));
  if (set.stems && len > 5) {
    let h = fnvStart(SEED ^ 1);
    for (let k = 0; k < 5; k++) {
      h ^= s.charCodeAt(from + k);
      h = Math.imul(h, 0x01000193);
    }
    emit(fnvEnd(h) >>> 0);
  }
  if (set.chars)
    for (let g = 0; g + 1 < len; g++) {
      let h = fnvStart(SEED ^ 3);
      for (let k = g - 1; k < g + 3; k++) {
        h ^= k < 0 || k >= len ? 32 : s.charCodeAt(from + k);
        h = Math.imul(h, 0x01000193);
      }
      emit(fnvEnd(h) >>> 0);
    }
  if (set.grams)
    for (let n = 3; n <= 5; n++)
      // Grams of " word ": the padding marks a word's start and end.
      for (let g = -1; g + n <= len + 1; g++) {
        let h = fnvStart(SEED ^ (16 + n));
        for (let k = g; k < g + n; k++) {
          h ^= k < 0 || k >= len ? 32 : s.charCodeAt(from + k);
          h = Math.imul(h, 0x01000193);
        }
        emit(fnvEnd(h) >>> 0);
      }
}

/**
 * What joins token `i` to the token before it: the word bigram and, with `grams`, the character
 * 3- to 5-grams that cross the space between them ("ur in" of "your instructions").
 */
function emitJoin(t: Tokens, i: number, set: FeatureSet, emit: Emit): void {
  if (i === 0) return;
  if (set.words) emit(mix(t.word[i - 1]! >>> 0, t.word[i]! >>> 0));
  if (!set.grams) return;
  const s = t.text;
  const aEnd = t.end[i - 1]!;
  const aLen = aEnd - t.begin[i - 1]!;
  const bFrom = t.begin[i]!;
  const bLen = t.end[i]! - bFrom;
  for (let n = 3; n <= 5; n++)
    // `left` characters of the first word, the space, n - 1 - left of the second (both ≥ 1).
    for (let left = 1; left <= n - 2; left++) {
      const right = n - 1 - left;
      if (left > aLen || right > bLen) continue;
      let h = fnvStart(SEED ^ (32 + n));
      for (let k = aEnd - left; k < aEnd; k++) {
        h ^= s.charCodeAt(k);
        h = Math.imul(h, 0x01000193);
      }
      h ^= 32;
      h = Math.imul(h, 0x01000193);
      for (let k = bFrom; k < bFrom + right; k++) {
        h ^= s.charCodeAt(k);
        h = Math.imul(h, 0x01000193);
      }
      emit(fnvEnd(h) >>> 0);
    }
}

/**
 * Token ranges `[from, to)` of the windows: `span` consecutive sentences (fewer when the text has
 * fewer), moving one sentence at a time.
 */
export function windowRanges(t: Tokens, span = 2): [number, number][] {
  const sentences: number[] = [];
  const n = t.begin.length;
  for (let i = 0, len = 0; i < n; i++, len++) {
    if (i === 0 || t.starts[i] === 1 || len >= MAX_SENTENCE) {
      sentences.push(i);
      len = 0;
    }
  }
  if (sentences.length <= span - 1 || sentences.length <= 1) return n === 0 ? [] : [[0, n]];
  const out: [number, number][] = [];
  for (let k = 0; k + span - 1 < sentences.length && out.length < MAX_WINDOWS; k++)
    out.push([sentences[k]!, sentences[k + span] ?? n]);
  return out;
}

const mix = (a: number, b: number) => {
  let h = Math.imul(a ^ Math.imul(b, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

/** A sparse feature row: slots and values (the slot order is the order features were met). */
export interface SparseRow {
  index: number[];
  value: number[];
}

type Emit = (hash: number) => void;

/**
 * The role features of tokens `[from, to)`: role unigrams, ordered pairs (and triples) a few
 * words apart, and the role opening each clause. Only tokens with roles emit anything.
 */
function emitRoles(t: Tokens, from: number, to: number, set: FeatureSet, emit: Emit): void {
  if (!set.concepts) return;
  let lastTag = -1;
  let lastAt = -1;
  const tagAt: number[] = [];
  const tagPos: number[] = [];
  for (let i = from; i < to; i++) {
    const own = t.tags[i]!;
    if (own.length === 0 && !t.at[i]) continue;
    const tags = t.at[i] ? [ADDR, ...own] : own;
    for (const tag of tags) {
      emit(mix(tag + 1, 2));
      for (let k = tagAt.length - 1; k >= 0 && i - tagPos[k]! <= CONCEPT_SPAN; k--) {
        if (tagAt[k] === tag) continue;
        emit(mix(Math.imul(tagAt[k]! + 1, 64) + tag + 1, 3));
        // Role triples: "AI … MODAL … ACT", "COND … AI … ACT".
        if (set.triples)
          for (let j = k - 1; j >= 0 && i - tagPos[j]! <= 2 * CONCEPT_SPAN; j--)
            if (tagAt[j] !== tagAt[k])
              emit(mix(Math.imul(Math.imul(tagAt[j]! + 1, 64) + tagAt[k]! + 1, 64) + tag + 1, 6));
      }
    }
    // The first role of a clause, within its first two words: "send …", "assistant: …", "bots, add …".
    if (set.clauses) {
      const clauseStart = t.starts[i]! > 0 ? i : i > from && t.starts[i - 1]! > 0 ? i - 1 : -1;
      if (clauseStart >= 0 && lastAt !== clauseStart) {
        emit(mix(tags[0]! + 1, 4));
        if (lastTag >= 0) emit(mix(Math.imul(lastTag + 1, 64) + tags[0]! + 1, 5));
        lastTag = tags[0]!;
        lastAt = clauseStart;
      }
    }
    for (const tag of tags) {
      tagAt.push(tag);
      tagPos.push(i);
    }
  }
}

/** Every feature of tokens `[from, to)`: each word's own hashes, word bigrams, roles. */
function emitAll(t: Tokens, from: number, to: number, set: FeatureSet, emit: Emit): void {
  for (let i = from; i < to; i++) {
    emitOwn(t, i, set, emit);
    if (i > from) emitJoin(t, i, set, emit);
  }
  emitRoles(t, from, to, set, emit);
}

const signOf = (h: number) => (h & 0x80000000 ? -1 : 1);

/** Hashes of the dense features, computed once: `[a][a]` cue a alone, `[a][b]` (a < b) the pair. */
const DENSE_HASH: Uint32Array[] = CUE_TAGS.map((_, a) =>
  Uint32Array.from(CUE_TAGS, (_, b) => (b === a ? mix(a + 1, 7) : mix(Math.imul(a + 1, 64) + b + 1, 8))),
);

/**
 * The dense cues of tokens `[from, to)`: one feature per cue present and one per pair of cues
 * present (value 1 each, not divided by the window's feature count).
 */
function denseMask(t: Tokens, from: number, to: number, set: FeatureSet): number {
  let mask = 0;
  for (let i = from; i < to; i++) mask |= t.at[i] ? t.cues[i]! | (1 << ADDR) : t.cues[i]!;
  if (!set.addressee) mask &= ~ADDRESSEE_BITS;
  return set.quotes ? mask : mask & ~QUOTED_BIT;
}

function emitDense(t: Tokens, from: number, to: number, set: FeatureSet, emit: Emit): void {
  if (!set.dense) return;
  const mask = denseMask(t, from, to, set);
  for (let a = 0; mask >>> a; a++) {
    if (!((mask >>> a) & 1)) continue;
    const row = DENSE_HASH[a]!;
    emit(row[a]!);
    for (let b = a + 1; mask >>> b; b++) if ((mask >>> b) & 1) emit(row[b]!);
  }
}

/**
 * The feature row of tokens `[from, to)` in `2^bits` slots: signed counts divided by the square
 * root of the number of features, so the logit is a sum over features and a window's sum is a
 * difference of running sums (what `windowLogits` uses).
 *
 * @example injectionRow(tokenize("ignore all previous instructions", ALL_FEATURES), 0, 4, 12, ALL_FEATURES).index.length > 0 // true
 */
export function injectionRow(t: Tokens, from: number, to: number, bits: number, set: FeatureSet): SparseRow {
  const mask = (1 << bits) - 1;
  const counts = new Map<number, number>();
  let n = 0;
  emitAll(t, from, to, set, (h) => {
    n++;
    counts.set(h & mask, (counts.get(h & mask) ?? 0) + signOf(h));
  });
  const scale = 1 / Math.sqrt(n || 1);
  const values = new Map<number, number>();
  for (const [slot, c] of counts) values.set(slot, c * scale);
  emitDense(t, from, to, set, (h) => values.set(h & mask, (values.get(h & mask) ?? 0) + signOf(h)));
  const index: number[] = [];
  const value: number[] = [];
  for (const [slot, v] of values)
    if (v !== 0) {
      index.push(slot);
      value.push(v);
    }
  return { index, value };
}

/** What `windowLogits` needs of a model. */
export interface LinearModel {
  features: FeatureSet;
  bits: number;
  bias: number;
}

/**
 * Own-feature sums (`emitOwn` under one model's weights) of words already met, in slots by word
 * hash, for a model whose weights never change (`score.ts` keeps one per model object). A word's
 * own features depend on its characters only, so a slot whose stored word equals the token gives
 * exactly the sum `emitOwn` would (the same additions in the same order); two words sharing a slot
 * or a hash are told apart by the stored word, and the later one recomputed and kept.
 */
export interface OwnSums {
  hash: Int32Array;
  sum: Float64Array;
  count: Int32Array;
  word: (string | undefined)[];
}
const OWN_SLOTS = 1 << 14;
// Longer words are not kept: V8 makes a slice of 13 characters or more a view that keeps the whole
// text alive, and a slot must not hold a megabyte of mail.
const OWN_SUM_MAX_WORD = 12;
/** An empty `OwnSums` (a fixed 16,384 slots: its memory never grows). */
export function ownSums(): OwnSums {
  return {
    hash: new Int32Array(OWN_SLOTS),
    sum: new Float64Array(OWN_SLOTS),
    count: new Int32Array(OWN_SLOTS),
    word: new Array<string | undefined>(OWN_SLOTS).fill(undefined),
  };
}

/**
 * The logit of each window (`windowRanges`) of the tokens, for a model with the given weights:
 * `bias + (Σ w·sign over the window's features) / √(feature count)`. Each word's own features
 * and bigram are summed once per text, so a window costs its roles only. With `ownSums` (only for
 * weights that never change), a word's own sum is also reused from earlier texts.
 */
export function windowLogits(
  t: Tokens,
  model: LinearModel,
  weights: ArrayLike<number>,
  memo?: OwnSums,
): number[] {
  const { set, mask } = { set: model.features, mask: (1 << model.bits) - 1 };
  const n = t.begin.length;
  // Running sums over tokens of (own features + the bigram with the previous token).
  const sum = new Float64Array(n + 1);
  const count = new Float64Array(n + 1);
  const join = new Float64Array(n);
  const joined = new Float64Array(n);
  let own = 0;
  let owned = 0;
  const addOwn = (h: number) => {
    own += weights[h & mask]! * signOf(h);
    owned++;
  };
  const text = t.text;
  for (let i = 0; i < n; i++) {
    let s: number;
    let c: number;
    const from = t.begin[i]!;
    const len = t.end[i]! - from;
    const h = t.word[i]!;
    const slot = h & (OWN_SLOTS - 1);
    const known = memo?.word[slot];
    if (
      memo !== undefined &&
      known !== undefined &&
      memo.hash[slot] === h &&
      known.length === len &&
      text.startsWith(known, from)
    ) {
      s = memo.sum[slot]!;
      c = memo.count[slot]!;
    } else {
      own = 0;
      owned = 0;
      emitOwn(t, i, set, addOwn);
      s = own;
      c = owned;
      if (memo && len <= OWN_SUM_MAX_WORD) {
        memo.hash[slot] = h;
        memo.sum[slot] = s;
        memo.count[slot] = c;
        memo.word[slot] = text.slice(from, from + len);
      }
    }
    own = 0;
    owned = 0;
    emitJoin(t, i, set, addOwn);
    join[i] = own;
    joined[i] = owned;
    s += own;
    c += owned;
    sum[i + 1] = sum[i]! + s;
    count[i + 1] = count[i]! + c;
  }
  // Neighbouring windows often have the same cues: the dense sum of the last mask is reused.
  let lastMask = -1;
  let lastSum = 0;
  const dense = (m: number) => {
    if (m !== lastMask) {
      lastMask = m;
      lastSum = 0;
      for (let a = 0; m >>> a; a++) {
        if (!((m >>> a) & 1)) continue;
        const row = DENSE_HASH[a]!;
        for (let b = a; m >>> b; b++)
          if ((m >>> b) & 1) lastSum += weights[row[b]! & mask]! * signOf(row[b]!);
      }
    }
    return lastSum;
  };
  const out: number[] = [];
  for (const [from, to] of windowRanges(t, set.window)) {
    // What joins the window to the token before it is not the window's.
    let s = sum[to]! - sum[from]! - join[from]!;
    let c = count[to]! - count[from]! - joined[from]!;
    emitRoles(t, from, to, set, (h) => {
      s += weights[h & mask]! * signOf(h);
      c++;
    });
    out.push(model.bias + s / Math.sqrt(c || 1) + (set.dense ? dense(denseMask(t, from, to, set)) : 0));
  }
  return out;
}
