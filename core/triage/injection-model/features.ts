import { fnv1a } from "../features/hash.ts";
import { aiAddressed, hasOverridePhrase, hasRoleMarker } from "../preprocess/injection-patterns.ts";
import { CONCEPT, CONCEPT_SUBSTRINGS } from "./concepts.ts";

/**
 * Features of the paraphrased-instruction model, shared by training and inference: hashed word
 * unigrams and bigrams and character 4-grams of `injectionSkeleton` text (so look-alike and
 * spaced-out spellings hash like plain ones, and scripts without spaces still get n-grams), log
 * counts with signed hashing and L2 normalisation, plus the three pattern hits as named features.
 */
export const NAMED_FEATURES = ["pattern:override", "pattern:role", "pattern:ai_addressed"] as const;

export interface SparseRow {
  index: number[];
  value: number[];
}

const WORD = /[\p{L}\p{N}]+/gu;
const SEED = 0x1b873593;

/**
 * The feature row of one window of skeleton text. Named features sit at indices
 * `2^bits … 2^bits + 2`.
 *
 * @example injectionRow("ignore all previous instructions", 12).index.length > 0 // true
 */
/** Which feature families a row has (all by default; training compares them by cross-validation). */
export interface FeatureSet {
  words: boolean;
  stems: boolean;
  chars: boolean;
  concepts: boolean;
}
export const ALL_FEATURES: FeatureSet = { words: true, stems: true, chars: true, concepts: true };
// Concept pairs count when the second follows the first within this many words.
const CONCEPT_SPAN = 4;

export function injectionRow(
  window: string,
  bits: number,
  set: FeatureSet = ALL_FEATURES,
  hits = patternHits(window),
): SparseRow {
  const mask = (1 << bits) - 1;
  const counts = new Map<number, number>();
  const add = (key: string) => {
    const h = fnv1a(key, SEED);
    const slot = h & mask;
    const sign = h & 0x80000000 ? -1 : 1;
    counts.set(slot, (counts.get(slot) ?? 0) + sign);
  };
  WORD.lastIndex = 0;
  let prev = "";
  const tags: string[] = [];
  const at: number[] = [];
  let pos = 0;
  for (let m = WORD.exec(window); m; m = WORD.exec(window)) {
    const w = m[0];
    if (set.words) {
      add(`w:${w}`);
      if (prev) add(`b:${prev} ${w}`);
    }
    // A five-letter stem: "assistente", "asistente" and "assistant" share more than a word.
    if (set.stems && w.length > 5) add(`s:${w.slice(0, 5)}`);
    prev = w;
    const tag = CONCEPT.get(w);
    if (tag) {
      tags.push(tag);
      at.push(pos);
    }
    pos++;
  }
  if (set.concepts) {
    const extra = (tag: string) => {
      tags.push(tag);
      at.push(pos);
    };
    if (window.includes("@")) extra("ADDR");
    for (const [key, tag] of CONCEPT_SUBSTRINGS) if (window.includes(key)) extra(tag);
    for (let i = 0; i < tags.length; i++) {
      add(`k:${tags[i]}`);
      for (let j = i + 1; j < tags.length && at[j]! - at[i]! <= CONCEPT_SPAN; j++)
        if (tags[j] !== tags[i]) add(`kb:${tags[i]}>${tags[j]}`);
    }
  }
  if (set.chars) {
    const padded = ` ${window} `;
    for (let i = 0; i + 4 <= padded.length; i++) add(`c:${padded.slice(i, i + 4)}`);
  }
  const index: number[] = [];
  const value: number[] = [];
  let norm = 0;
  for (const [slot, c] of counts) {
    if (c === 0) continue;
    const v = Math.sign(c) * Math.log1p(Math.abs(c));
    index.push(slot);
    value.push(v);
    norm += v * v;
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < value.length; i++) value[i]! /= norm;
  const base = 1 << bits;
  hits.forEach((hit, k) => {
    if (hit) {
      index.push(base + k);
      value.push(1);
    }
  });
  return { index, value };
}

/** The three pattern hits of a window, in `NAMED_FEATURES` order. */
export function patternHits(window: string): [boolean, boolean, boolean] {
  return [hasOverridePhrase(window), hasRoleMarker(window), aiAddressed(window)];
}

const SENTENCE_END = /[.!?。！？؟।]+(?=\s|$)|[。！？]|\n/g;
const MAX_WINDOW = 400;
/** Windows scored per text: bounds the work on a huge message (the rest is not scored). */
export const MAX_WINDOWS = 120;

/**
 * Overlapping windows of two consecutive sentences (one when the text has one), none longer than
 * 400 characters: an instruction buried in a long message is scored on its own, not diluted.
 *
 * @example injectionWindows("Hi. Ignore that. Thanks.") // ["hi. ignore that.", "ignore that. thanks."]
 */
export function injectionWindows(skel: string): string[] {
  const sentences: string[] = [];
  let from = 0;
  SENTENCE_END.lastIndex = 0;
  const push = (s: string) => {
    for (let i = 0; i < s.length && sentences.length <= MAX_WINDOWS; i += MAX_WINDOW / 2) {
      const piece = s.slice(i, i + MAX_WINDOW / 2).trim();
      if (piece) sentences.push(piece);
    }
  };
  for (let m = SENTENCE_END.exec(skel); m && sentences.length <= MAX_WINDOWS; m = SENTENCE_END.exec(skel)) {
    push(skel.slice(from, m.index + m[0].length));
    from = m.index + m[0].length;
  }
  if (sentences.length <= MAX_WINDOWS) push(skel.slice(from));
  if (sentences.length <= 1) return sentences;
  const out: string[] = [];
  for (let i = 0; i + 1 < sentences.length && out.length < MAX_WINDOWS; i++)
    out.push(`${sentences[i]} ${sentences[i + 1]}`);
  return out;
}
