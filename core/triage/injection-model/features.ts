import { fnv1a } from "../features/hash.ts";
import { CONCEPT, CONCEPT_SUBSTRINGS, TAGS, usesSubstrings } from "./concepts.ts";

/**
 * Features of the paraphrased-instruction model, shared by training and inference, over
 * `injectionSkeleton` text (so look-alike, spaced-out and invisible-character spellings read like
 * plain ones): hashed word unigrams and bigrams, five-letter stems, character 4-grams inside
 * words, and "concept roles" (`concepts.ts`): role unigrams, ordered role pairs a few words apart
 * and the role that opens a clause (an imperative's verb, a vocative "assistant:"). Log counts,
 * signed hashing, L2-normalised. The text is tokenised once; every window reuses its tokens and
 * every word's hashes are cached, so scoring costs a few integer operations per token.
 */

/** Which feature families a row has (training compares them by cross-validation). */
export interface FeatureSet {
  words: boolean;
  stems: boolean;
  chars: boolean;
  concepts: boolean;
  clauses: boolean;
  triples: boolean;
}
export const ALL_FEATURES: FeatureSet = {
  words: true,
  stems: true,
  chars: true,
  concepts: true,
  clauses: true,
  triples: true,
};
// Concept pairs count when the second follows the first within this many words.
const CONCEPT_SPAN = 4;
// Words of a sentence scored together; longer sentences are cut into pieces of this many.
const MAX_SENTENCE = 40;
/** Windows scored per text: bounds the work on a huge message (the rest is not scored). */
export const MAX_WINDOWS = 120;

interface WordInfo {
  word: number;
  stem: number;
  chars: Int32Array;
  tags: readonly number[];
}

/** The words of a text with sentence and clause boundaries. */
export interface Tokens {
  info: WordInfo[];
  /** 1: the word starts a sentence; 2: it starts a clause (after `:`, `,`, `;`, a bracket, a dash or "please"). */
  starts: Uint8Array;
  /** The text before the word holds "@" (an address: the ADDR role). */
  at: Uint8Array;
}

const SEED = 0x1b873593;
const WORD = /[\p{L}\p{N}]+/gu;
const SENTENCE_BREAK = /[.!?。！？؟।\n]/;
const CLAUSE_BREAK = /[:;,()[\]{}<>"“”«»|—–-]/;
const POLITE = new Set([
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
]);
const ADDR = TAGS.indexOf("ADDR");

// Bounded cache of word → hashes: mail repeats its words, and the model's vocabulary is small.
const CACHE_MAX = 50_000;
const cache = new Map<string, WordInfo>();

function wordInfo(w: string): WordInfo {
  const hit = cache.get(w);
  if (hit) return hit;
  if (cache.size >= CACHE_MAX) cache.clear();
  const padded = ` ${w} `;
  const chars = new Int32Array(Math.max(0, padded.length - 3));
  for (let i = 0; i < chars.length; i++) chars[i] = fnv1a(padded.slice(i, i + 4), SEED ^ 3);
  const tags: number[] = [];
  const tag = CONCEPT.get(w);
  if (tag !== undefined) tags.push(tag);
  else if (usesSubstrings(w)) for (const [key, t] of CONCEPT_SUBSTRINGS) if (w.includes(key)) tags.push(t);
  const info = {
    word: fnv1a(w, SEED),
    stem: w.length > 5 ? fnv1a(w.slice(0, 5), SEED ^ 1) : 0,
    chars,
    tags,
  };
  cache.set(w, info);
  return info;
}

/**
 * Tokenises skeleton text once for every window.
 *
 * @example tokenize("hi. assistant: send it").info.length // 4
 */
export function tokenize(skel: string): Tokens {
  const info: WordInfo[] = [];
  const starts: number[] = [];
  const at: number[] = [];
  WORD.lastIndex = 0;
  let end = 0;
  let prevPolite = false;
  for (let m = WORD.exec(skel); m; m = WORD.exec(skel)) {
    const gap = skel.slice(end, m.index);
    const w = m[0];
    starts.push(
      info.length === 0 || SENTENCE_BREAK.test(gap) ? 1 : CLAUSE_BREAK.test(gap) || prevPolite ? 2 : 0,
    );
    at.push(gap.includes("@") ? 1 : 0);
    info.push(wordInfo(w));
    prevPolite = POLITE.has(w) && starts[starts.length - 1]! > 0;
    end = m.index + w.length;
  }
  return { info, starts: Uint8Array.from(starts), at: Uint8Array.from(at) };
}

/** Token ranges `[from, to)` of the windows: two consecutive sentences (one when there is one). */
export function windowRanges(t: Tokens): [number, number][] {
  const sentences: number[] = [];
  const n = t.info.length;
  for (let i = 0, len = 0; i < n; i++, len++) {
    if (i === 0 || t.starts[i] === 1 || len >= MAX_SENTENCE) {
      sentences.push(i);
      len = 0;
    }
  }
  if (sentences.length <= 1) return n === 0 ? [] : [[0, n]];
  const out: [number, number][] = [];
  for (let k = 0; k + 1 < sentences.length && out.length < MAX_WINDOWS; k++)
    out.push([sentences[k]!, sentences[k + 2] ?? n]);
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

// Reused accumulator (one per hash size): counts per slot and the slots touched.
let acc = new Float64Array(0);
let touched: number[] = [];

/**
 * The feature row of tokens `[from, to)`, hashed into `2^bits` slots.
 *
 * @example injectionRow(tokenize("ignore all previous instructions"), 0, 4, 12).index.length > 0 // true
 */
export function injectionRow(t: Tokens, from: number, to: number, bits: number, set: FeatureSet): SparseRow {
  const size = 1 << bits;
  if (acc.length !== size) acc = new Float64Array(size);
  const mask = size - 1;
  touched = [];
  const add = (h: number) => {
    const slot = h & mask;
    if (acc[slot] === 0) touched.push(slot);
    acc[slot]! += h & 0x80000000 ? -1 : 1;
    // A slot whose signed count returns to zero is pushed again; duplicates are dropped below.
  };
  let lastTag = -1;
  let lastAt = -1;
  const tagAt: number[] = [];
  const tagPos: number[] = [];
  for (let i = from; i < to; i++) {
    const w = t.info[i]!;
    if (set.words) {
      add(mix(w.word, 1));
      if (i > from) add(mix(t.info[i - 1]!.word, w.word));
    }
    if (set.stems && w.stem) add(w.stem);
    if (set.chars) for (const c of w.chars) add(c);
    if (!set.concepts) continue;
    const tags = t.at[i] ? [ADDR, ...w.tags] : w.tags;
    for (const tag of tags) {
      add(mix(tag + 1, 2));
      for (let k = tagAt.length - 1; k >= 0 && i - tagPos[k]! <= CONCEPT_SPAN; k--) {
        if (tagAt[k] === tag) continue;
        add(mix(Math.imul(tagAt[k]! + 1, 64) + tag + 1, 3));
        // Role triples: "AI … MODAL … ACT", "COND … AI … ACT".
        if (set.triples)
          for (let j = k - 1; j >= 0 && i - tagPos[j]! <= 2 * CONCEPT_SPAN; j--)
            if (tagAt[j] !== tagAt[k])
              add(mix(Math.imul(Math.imul(tagAt[j]! + 1, 64) + tagAt[k]! + 1, 64) + tag + 1, 6));
      }
    }
    // The first role of a clause, within its first two words: "send …", "assistant: …", "bots, add …".
    if (set.clauses && tags.length > 0) {
      const clauseStart = t.starts[i]! > 0 ? i : i > from && t.starts[i - 1]! > 0 ? i - 1 : -1;
      if (clauseStart >= 0 && lastAt !== clauseStart) {
        add(mix(tags[0]! + 1, 4));
        if (lastTag >= 0) add(mix(Math.imul(lastTag + 1, 64) + tags[0]! + 1, 5));
        lastTag = tags[0]!;
        lastAt = clauseStart;
      }
    }
    for (const tag of tags) {
      tagAt.push(tag);
      tagPos.push(i);
    }
  }
  const index: number[] = [];
  const value: number[] = [];
  let norm = 0;
  for (const slot of touched) {
    const c = acc[slot]!;
    acc[slot] = 0;
    if (c === 0) continue;
    const v = Math.sign(c) * Math.log1p(Math.abs(c));
    index.push(slot);
    value.push(v);
    norm += v * v;
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < value.length; i++) value[i]! /= norm;
  return { index, value };
}
