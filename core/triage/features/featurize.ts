import type { Preprocessed } from "../preprocess/preprocess.ts";
import type { RuleHit } from "../rules/types.ts";
import { fnv1a, fnvFeed, fnvFinish, fnvStart } from "./hash.ts";
import { NAMED_FEATURES, namedValues } from "./named.ts";
import { tokenize } from "./tokenize.ts";

/** Hashing parameters; stored in the model sidecar so every runtime builds the same vector. */
export interface HashingSpec {
  bits: number;
  seed: number;
  maxTokens: number;
}
export const DEFAULT_HASHING: HashingSpec = { bits: 14, seed: 0x5c0075, maxTokens: 1500 };

/** Token hashes with counts, plus the named signals. Built once, projected per model width. */
export interface FeatureBag {
  hashes: Map<number, number>;
  /** hash → one token that produced it (only when `explain` is on), for the "why". */
  tokens?: Map<number, string>;
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
export function featureBag(p: Preprocessed, hits: RuleHit[], spec: HashingSpec, explain = false): FeatureBag {
  const hashes = new Map<number, number>();
  const tokens = explain ? new Map<number, string>() : undefined;
  // Keys hash as `prefix + text` without building that string; the shown words are built only
  // for a hash not seen before (most body words and bigrams repeat or are never explained).
  const count = (h: number): boolean => {
    const c = hashes.get(h);
    hashes.set(h, (c ?? 0) + 1);
    return tokens !== undefined && c === undefined && !tokens.has(h);
  };
  const add = (key: string, shown: string) => {
    const h = fnv1a(key, spec.seed);
    if (count(h)) tokens!.set(h, shown);
  };
  const start = fnvStart(spec.seed);
  const sPrefix = fnvFeed(start, "s:");
  for (const t of tokenize(p.subject, 60)) {
    const h = fnvFinish(fnvFeed(sPrefix, t));
    if (count(h)) tokens!.set(h, t);
  }
  const words = tokenize(p.body, spec.maxTokens);
  const bPrefix = fnvFeed(start, "b:");
  const biPrefix = fnvFeed(start, "2:");
  let biState = 0; // state after `2:${previous word} `
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const h = fnvFinish(fnvFeed(bPrefix, w));
    if (count(h)) tokens!.set(h, w);
    if (i > 0) {
      const h2 = fnvFinish(fnvFeed(biState, w));
      if (count(h2)) tokens!.set(h2, `${words[i - 1]} ${w}`);
    }
    biState = fnvFeed(fnvFeed(biPrefix, w), " ");
  }
  for (const t of tokenize(p.from.name, 8)) add(`n:${t}`, `sender name "${t}"`);
  for (const s of p.structure) add(`x:${s}`, s.replace(":", " "));
  for (const link of p.links.slice(0, 50)) {
    const host = /^https?:\/\/([^/:?#\s]+)/i.exec(link)?.[1]?.toLowerCase();
    if (host) add(`u:${host.split(".").slice(-2).join(".")}`, `links to ${host}`);
  }
  if (p.from.domain)
    add(`d:${p.from.domain.split(".").slice(-2).join(".")}`, `sender domain ${p.from.domain}`);
  const mailer = (p.headers.get("x-mailer") ?? p.headers.get("user-agent") ?? "")
    .toLowerCase()
    .match(/[a-z]+/)?.[0];
  if (mailer) add(`m:${mailer}`, `mail program ${mailer}`);
  return { hashes, ...(tokens ? { tokens } : {}), named: namedValues(p, hits) };
}

/** Projects a bag onto 2^bits hashed slots (log counts, L2-normalised) plus the named slots. */
export function toRow(bag: FeatureBag, bits: number): SparseRow {
  const size = 1 << bits;
  const mask = size - 1;
  // A reusable dense scratch per width avoids a Map per message (hot path: twice per message).
  const acc = scratchFor(bits);
  const touched: number[] = [];
  for (const [h, c] of bag.hashes) {
    const i = h & mask;
    // The top hash bit picks a sign so collisions tend to cancel instead of adding up.
    const v = (h & 0x80000000 ? -1 : 1) * Math.log1p(c);
    if (acc.seen[i] === 0) {
      acc.seen[i] = 1;
      acc.sum[i] = v;
      touched.push(i);
    } else acc.sum[i] = acc.sum[i]! + v;
  }
  let norm = 0;
  for (const i of touched) norm += acc.sum[i]! * acc.sum[i]!;
  norm = Math.sqrt(norm) || 1;
  const idx = Int32Array.from(touched).sort();
  const named = bag.named;
  let nNamed = 0;
  for (let j = 0; j < named.length; j++) if (named[j] !== 0) nNamed++;
  const indices = new Int32Array(idx.length + nNamed);
  const values = new Float32Array(idx.length + nNamed);
  indices.set(idx);
  for (let k = 0; k < idx.length; k++) {
    const i = idx[k]!;
    values[k] = acc.sum[i]! / norm;
    acc.seen[i] = 0;
  }
  let k = idx.length;
  for (let j = 0; j < named.length; j++) {
    if (named[j] === 0) continue;
    indices[k] = size + j;
    values[k++] = named[j]!;
  }
  return { indices, values, dim: size + NAMED_FEATURES.length };
}

const scratch = new Map<number, { sum: Float64Array; seen: Uint8Array }>();
function scratchFor(bits: number): { sum: Float64Array; seen: Uint8Array } {
  let s = scratch.get(bits);
  if (!s) {
    s = { sum: new Float64Array(1 << bits), seen: new Uint8Array(1 << bits) };
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
