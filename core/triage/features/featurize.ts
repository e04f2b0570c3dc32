import type { Preprocessed } from "../preprocess/preprocess.ts";
import type { RuleHit } from "../rules/types.ts";
import type { SignalContext } from "../signals/signals.ts";
import { fnv1a, fnvFeed, fnvFinish, fnvStart } from "./hash.ts";
import { namedValues } from "./named.ts";
import { hostsForUrls, tokenize, tokenText, WordScanner } from "./tokenize.ts";

/** Hashing parameters; stored in the model sidecar so every runtime builds the same vector. */
export interface HashingSpec {
  bits: number;
  seed: number;
  maxTokens: number;
}
export const DEFAULT_HASHING: HashingSpec = { bits: 14, seed: 0x5c0075, maxTokens: 1500 };

/** Token hashes with counts, plus the named signals. Built once, projected per model width. */
export interface FeatureBag {
  /** Distinct token hashes (as int32) in first-seen order. */
  keys: Int32Array;
  /** `counts[k]`: how often `keys[k]` occurred. */
  counts: Int32Array;
  /** The token that first produced `keys[k]` (only when `explain` is on), for the "why". */
  tokenAt?: (k: number) => string;
  named: Float64Array;
}

/** A sparse row: hashed block first (2^bits slots), named slots after it. */
export interface SparseRow {
  indices: Int32Array;
  values: Float32Array;
  dim: number;
}

/**
 * Extracts the feature bag: subject, body and bigram tokens, sender domain and mailer, named signals.
 *
 * @example
 * const bag = featureBag(preprocessed, ruleHits, DEFAULT_HASHING);
 * const row = toRow(bag, 14);
 */
export function featureBag(
  p: Preprocessed,
  hits: RuleHit[],
  spec: HashingSpec,
  explain = false,
  signals: SignalContext = {},
): FeatureBag {
  const c = new Counter(explain, 2 * spec.maxTokens + p.structure.length + 128);
  // Keys hash as `prefix + text` without building that string (fnvFeed continues the state).
  const start = fnvStart(spec.seed);
  const sPrefix = fnvFeed(start, "s:");
  const subject = tokenize(p.subject, 60);
  for (let i = 0; i < subject.length; i++) c.count(fnvFinish(fnvFeed(sPrefix, subject[i]!)), SUBJECT, i);
  const words = bodyWords(p.body, spec, c);
  for (const t of tokenize(p.from.name, 8)) c.add(fnv1a(`n:${t}`, spec.seed), `sender name "${t}"`);
  for (const s of p.structure) c.add(fnv1a(`x:${s}`, spec.seed), s.replace(":", " "));
  for (const link of p.links.slice(0, 50)) {
    const host = HOST.exec(link)?.[1]?.toLowerCase();
    if (host) c.add(fnv1a(`u:${host.split(".").slice(-2).join(".")}`, spec.seed), `links to ${host}`);
  }
  if (p.from.domain)
    c.add(
      fnv1a(`d:${p.from.domain.split(".").slice(-2).join(".")}`, spec.seed),
      `sender domain ${p.from.domain}`,
    );
  const mailer = (p.headers.get("x-mailer") ?? p.headers.get("user-agent") ?? "")
    .toLowerCase()
    .match(/[a-z]+/)?.[0];
  if (mailer) c.add(fnv1a(`m:${mailer}`, spec.seed), `mail program ${mailer}`);
  const bag: FeatureBag = { ...c.finish(), named: namedValues(p, hits, signals) };
  if (explain) bag.tokenAt = c.shownTokens(subject, words);
  return bag;
}

const HOST = /^https?:\/\/([^/:?#\s]+)/i;
const SUBJECT = 0;
const WORD = 1;
const BIGRAM = 2;
const LITERAL = 3;

/** Where body tokens came from, so the "why" can name one without building every string. */
interface BodyWords {
  text: string;
  starts: Int32Array;
  ends: Int32Array;
}

/**
 * Body words and bigrams, hashed while scanning: ASCII words are lower-cased and hashed code
 * unit by code unit (`b:w`, `2:prev w` and the next bigram prefix in one pass), other words
 * through their lower-cased string. Same keys as hashing `tokenize(body)` (featurize.test.ts).
 */
function bodyWords(body: string, spec: HashingSpec, c: Counter): BodyWords {
  const text = hostsForUrls(body);
  const max = spec.maxTokens;
  if (wordStarts.length < max) {
    wordStarts = new Int32Array(max);
    wordEnds = new Int32Array(max);
  }
  const starts = wordStarts;
  const ends = wordEnds;
  const start = fnvStart(spec.seed);
  const bPrefix = fnvFeed(start, "b:");
  const biPrefix = fnvFeed(start, "2:");
  if (!NON_ASCII.test(text)) return asciiBodyWords(text, max, bPrefix, biPrefix, c);
  let biState = 0; // state after `2:${previous word} `
  let n = 0;
  const scan = new WordScanner(text);
  while (n < max && scan.next()) {
    const s = scan.start;
    const e = scan.end;
    if (e - s < 2 || e - s > 24) continue;
    let hb = bPrefix;
    let h2 = biState;
    let hn = biPrefix;
    // Hash as an ASCII word while checking that it is one (one pass over its characters);
    // non-ASCII words and long numbers are rehashed from their token text.
    let ascii = true;
    let digits = true;
    for (let i = s; i < e; i++) {
      let ch = text.charCodeAt(i);
      if (ch >= 128) {
        ascii = false;
        break;
      }
      if (ch < 48 || ch > 57) digits = false;
      if (ch >= 65 && ch <= 90) ch += 32;
      hb = Math.imul(hb ^ ch, 0x01000193);
      h2 = Math.imul(h2 ^ ch, 0x01000193);
      hn = Math.imul(hn ^ ch, 0x01000193);
    }
    if (!ascii || (digits && e - s > 4)) {
      const w = tokenText(text, s, e);
      hb = fnvFeed(bPrefix, w);
      h2 = fnvFeed(biState, w);
      hn = fnvFeed(biPrefix, w);
    }
    starts[n] = s;
    ends[n] = e;
    c.count(fnvFinish(hb), WORD, n);
    if (n > 0) c.count(fnvFinish(h2), BIGRAM, n);
    biState = Math.imul(hn ^ 32, 0x01000193);
    n++;
  }
  return c.explain ? { text, ...spans(starts, ends, n) } : { text: "", starts: EMPTY, ends: EMPTY };
}
const EMPTY = new Int32Array(0);
// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range starts at NUL on purpose.
const NON_ASCII = /[^\x00-\x7f]/;
/** ASCII word classes: 1 = letter or digit, 2 = "$", "%" or "!" (only in a word's first run). */
const ASCII_WORD = new Uint8Array(128);
for (let k = 48; k <= 57; k++) ASCII_WORD[k] = 1;
for (let k = 65; k <= 90; k++) ASCII_WORD[k] = 1;
for (let k = 97; k <= 122; k++) ASCII_WORD[k] = 1;
for (const k of "$%!") ASCII_WORD[k.charCodeAt(0)] = 2;

/**
 * `bodyWords` for ASCII text (most mail): WordScanner's tokens, found and hashed in the same
 * pass over the characters (the scanner, then a hashing loop, read each one twice).
 */
function asciiBodyWords(text: string, max: number, bPrefix: number, biPrefix: number, c: Counter): BodyWords {
  const starts = wordStarts;
  const ends = wordEnds;
  const len = text.length;
  let biState = 0;
  let n = 0;
  let i = 0;
  while (n < max) {
    while (i < len && ASCII_WORD[text.charCodeAt(i)] === 0) i++;
    if (i >= len) break;
    const s = i;
    let hb = bPrefix;
    let h2 = biState;
    let hn = biPrefix;
    let digits = true;
    // `[letters digits $ % !]+`, then `(?:['.][letters digits]+)*`, hashed lower-cased.
    while (i < len) {
      let ch = text.charCodeAt(i);
      if (ASCII_WORD[ch] === 0) break;
      if (ch < 48 || ch > 57) digits = false;
      if (ch >= 65 && ch <= 90) ch += 32;
      hb = Math.imul(hb ^ ch, 0x01000193);
      h2 = Math.imul(h2 ^ ch, 0x01000193);
      hn = Math.imul(hn ^ ch, 0x01000193);
      i++;
    }
    while (i + 1 < len) {
      const sep = text.charCodeAt(i);
      if ((sep !== 39 && sep !== 46) || ASCII_WORD[text.charCodeAt(i + 1)] !== 1) break;
      digits = false;
      hb = Math.imul(hb ^ sep, 0x01000193);
      h2 = Math.imul(h2 ^ sep, 0x01000193);
      hn = Math.imul(hn ^ sep, 0x01000193);
      i++;
      while (i < len && ASCII_WORD[text.charCodeAt(i)] === 1) {
        let ch = text.charCodeAt(i);
        if (ch >= 65 && ch <= 90) ch += 32;
        hb = Math.imul(hb ^ ch, 0x01000193);
        h2 = Math.imul(h2 ^ ch, 0x01000193);
        hn = Math.imul(hn ^ ch, 0x01000193);
        i++;
      }
    }
    const e = i;
    if (e - s < 2 || e - s > 24) continue;
    if (digits && e - s > 4) {
      hb = fnvFeed(bPrefix, "#num");
      h2 = fnvFeed(biState, "#num");
      hn = fnvFeed(biPrefix, "#num");
    }
    starts[n] = s;
    ends[n] = e;
    c.count(fnvFinish(hb), WORD, n);
    if (n > 0) c.count(fnvFinish(h2), BIGRAM, n);
    biState = Math.imul(hn ^ 32, 0x01000193);
    n++;
  }
  return c.explain ? { text, ...spans(starts, ends, n) } : { text: "", starts: EMPTY, ends: EMPTY };
}

function spans(starts: Int32Array, ends: Int32Array, n: number): { starts: Int32Array; ends: Int32Array } {
  const out = new Int32Array(2 * n);
  out.set(starts.subarray(0, n));
  out.set(ends.subarray(0, n), n);
  return { starts: out.subarray(0, n), ends: out.subarray(n) };
}
let wordStarts = new Int32Array(0);
let wordEnds = new Int32Array(0);

// One open-addressing table reused by every bag (featureBag is synchronous): a Map per
// message was most of the extractor's time. Sized for the most distinct keys a message can
// have (60 subject + 1,500 words + 1,499 bigrams + names, structure, 50 links, domain, mailer).
let tableBits = 13;
let table = new Int32Array(1 << tableBits).fill(-1);
let keyBuf = new Int32Array(4096);
let countBuf = new Int32Array(4096);
let slotBuf = new Int32Array(4096);
let kindBuf = new Uint8Array(4096);
let refBuf = new Int32Array(4096);

class Counter {
  n = 0;
  readonly explain: boolean;
  private readonly literals: string[] = [];
  constructor(explain: boolean, maxKeys: number) {
    this.explain = explain;
    // Keep the load factor at or under 1/2 whatever the hashing spec allows.
    while (1 << tableBits < 2 * maxKeys) table = new Int32Array(1 << ++tableBits).fill(-1);
  }

  /** Counts hash `h`; the first time, remembers where its token came from. */
  count(h: number, kind: number, ref: number): void {
    const mask = table.length - 1;
    const key = h | 0;
    let slot = (key ^ (key >>> 16)) & mask;
    for (;;) {
      const k = table[slot]!;
      if (k < 0) break;
      if (keyBuf[k] === key) {
        countBuf[k]!++;
        return;
      }
      slot = (slot + 1) & mask;
    }
    if (this.n === keyBuf.length) grow();
    const k = this.n++;
    table[slot] = k;
    slotBuf[k] = slot;
    keyBuf[k] = key;
    countBuf[k] = 1;
    kindBuf[k] = kind;
    refBuf[k] = ref;
  }

  add(h: number, shown: string): void {
    const before = this.n;
    this.count(h, LITERAL, this.literals.length);
    if (this.n > before && this.explain) this.literals.push(shown);
  }

  /** Copies the keys out and empties the shared table. */
  finish(): { keys: Int32Array; counts: Int32Array } {
    const n = this.n;
    for (let k = 0; k < n; k++) table[slotBuf[k]!] = -1;
    // One backing store for both (each typed-array buffer is a separate allocation).
    const out = new Int32Array(2 * n);
    out.set(keyBuf.subarray(0, n));
    out.set(countBuf.subarray(0, n), n);
    return { keys: out.subarray(0, n), counts: out.subarray(n) };
  }

  shownTokens(subject: string[], words: BodyWords): (k: number) => string {
    // Kind in the low two bits, reference above: one copy instead of two.
    const sources = new Int32Array(this.n);
    for (let k = 0; k < this.n; k++) sources[k] = (refBuf[k]! << 2) | kindBuf[k]!;
    const literals = this.literals;
    const word = (i: number) => tokenText(words.text, words.starts[i]!, words.ends[i]!);
    return (k) => {
      const ref = sources[k]! >> 2;
      switch (sources[k]! & 3) {
        case SUBJECT:
          return subject[ref]!;
        case WORD:
          return word(ref);
        case BIGRAM:
          return `${word(ref - 1)} ${word(ref)}`;
        default:
          return literals[ref]!;
      }
    };
  }
}

function grow(): void {
  const size = keyBuf.length * 2;
  const copy = <T extends Int32Array | Uint8Array>(a: T, b: T) => {
    b.set(a);
    return b;
  };
  keyBuf = copy(keyBuf, new Int32Array(size));
  countBuf = copy(countBuf, new Int32Array(size));
  slotBuf = copy(slotBuf, new Int32Array(size));
  kindBuf = copy(kindBuf, new Uint8Array(size));
  refBuf = copy(refBuf, new Int32Array(size));
}

const LOG1P = Float64Array.from({ length: 256 }, (_, c) => Math.log1p(c));

/** Projects a bag onto 2^bits hashed slots (log counts, L2-normalised) plus the named slots. */
export function toRow(bag: FeatureBag, bits: number): SparseRow {
  const size = 1 << bits;
  const mask = size - 1;
  // Reusable dense scratch per width (hot path: twice per message). A bitmap of the touched
  // slots gives them in ascending order without sorting.
  const acc = scratchFor(bits);
  const { keys, counts } = bag;
  if (acc.touched.length < keys.length) acc.touched = new Int32Array(keys.length);
  const { touched, sum, used } = acc;
  let nTouched = 0;
  for (let k = 0; k < keys.length; k++) {
    const h = keys[k]!;
    const i = h & mask;
    const c = counts[k]!;
    // The top hash bit picks a sign so collisions tend to cancel instead of adding up.
    const l = c < 256 ? LOG1P[c]! : Math.log1p(c);
    const v = h < 0 ? -l : l;
    const word = i >>> 5;
    const bit = 1 << (i & 31);
    if ((used[word]! & bit) === 0) {
      used[word] = used[word]! | bit;
      sum[i] = v;
      touched[nTouched++] = i;
    } else sum[i] = sum[i]! + v;
  }
  // Summed in first-touch order, as before the bitmap (float addition is not associative).
  let norm = 0;
  for (let t = 0; t < nTouched; t++) norm += sum[touched[t]!]! * sum[touched[t]!]!;
  norm = Math.sqrt(norm) || 1;
  const named = bag.named;
  let nNamed = 0;
  for (let j = 0; j < named.length; j++) if (named[j] !== 0) nNamed++;
  // Indices and values share one buffer (one allocation instead of two).
  const nnz = nTouched + nNamed;
  const buffer = new ArrayBuffer(8 * nnz);
  const indices = new Int32Array(buffer, 0, nnz);
  const values = new Float32Array(buffer, 4 * nnz, nnz);
  let k = 0;
  for (let word = 0; word < used.length && k < nTouched; word++) {
    let w = used[word]!;
    if (w === 0) continue;
    used[word] = 0;
    while (w !== 0) {
      const low = w & -w;
      const i = (word << 5) | (31 - Math.clz32(low));
      indices[k] = i;
      values[k++] = sum[i]! / norm;
      w ^= low;
    }
  }
  for (let j = 0; j < named.length; j++) {
    if (named[j] === 0) continue;
    indices[k] = size + j;
    values[k++] = named[j]!;
  }
  return { indices, values, dim: size + named.length };
}

interface Scratch {
  sum: Float64Array;
  used: Int32Array;
  touched: Int32Array;
}
const scratch = new Map<number, Scratch>();
function scratchFor(bits: number): Scratch {
  let s = scratch.get(bits);
  if (!s) {
    s = {
      sum: new Float64Array(1 << bits),
      used: new Int32Array(Math.max(1, (1 << bits) >>> 5)),
      touched: new Int32Array(4096),
    };
    scratch.set(bits, s);
  }
  return s;
}

/** Dense copy of a row for runtimes that take a full tensor (onnxruntime). */
export function toDense(row: SparseRow, out = new Float32Array(row.dim)): Float32Array {
  out.fill(0);
  for (let k = 0; k < row.indices.length; k++) out[row.indices[k]!] = row.values[k]!;
  return out;
}
