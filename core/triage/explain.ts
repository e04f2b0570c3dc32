import type { FeatureBag, SparseRow } from "./features/featurize.ts";
import { NAMED_FEATURES } from "./features/named.ts";
import { isFunctionWordToken } from "./function-words.ts";
import type { LinearHead } from "./onnx/linear-model.ts";

/** The prefix of a hashed slot's feature name ("token:invoice"). */
const TOKEN = "token:";

export interface Contribution {
  /** Named feature (e.g. "rule:list_id") or, for hashed slots, the token(s) that filled the slot. */
  feature: string;
  /** Plain words for "why". */
  words: string;
  /** x · (w[col] − w[base]): how much this feature moved the logit of `col` (in log-odds). */
  value: number;
  named: boolean;
  /** Column of the feature in the row (hashed slot or 2^bits + named index). */
  index: number;
}

/**
 * Per-feature contributions to one output column of a linear head, largest magnitude first.
 * For softmax heads pass `base` (the column compared against) so the numbers are log-odds.
 * `valueAt` replaces the contribution with another per-feature value (a column, its value `x`),
 * e.g. the change of an expectation when the feature is removed (`explainExpectation`).
 *
 * @example
 * topContributions(head, row, bits, 1, 0, bag).slice(0, 3) // [{ feature: "rule:list_id", value: -1.2, … }]
 */
export function topContributions(
  head: LinearHead,
  row: SparseRow,
  bits: number,
  col: number,
  base: number | undefined,
  bag?: FeatureBag,
  skip?: ReadonlySet<number>,
  names: readonly { name: string; words: string }[] = NAMED_FEATURES,
  valueAt?: (column: number, x: number) => number,
): Contribution[] {
  const size = 1 << bits;
  const out: Contribution[] = [];
  // Only the strongest hashed slots need a token name; look those up, not every token.
  const top = new TopK(12);
  for (let j = 0; j < row.indices.length; j++) {
    const i = row.indices[j]!;
    if (skip?.has(i)) continue;
    const value = valueAt
      ? valueAt(i, row.values[j]!)
      : row.values[j]! *
        (head.weights[i * head.width + col]! -
          (base === undefined ? 0 : head.weights[i * head.width + base]!));
    if (value === 0) continue;
    if (i >= size) {
      const f = names[i - size]!;
      out.push({ feature: f.name, words: f.words, value, named: true, index: i });
    } else top.offer(i, value);
  }
  const tokenOf = new Map<number, string>();
  if (bag?.tokenAt && top.size > 0) {
    // The first token (in first-seen order) that filled each wanted slot; a byte per slot
    // marks the wanted ones (cleared again below).
    const mark = markFor(size);
    for (let n = 0; n < top.size; n++) mark[top.slot[n]!] = 1;
    for (let k = 0; k < bag.keys.length && tokenOf.size < top.size; k++) {
      const i = bag.keys[k]! & (size - 1);
      if (mark[i] === 1) {
        tokenOf.set(i, bag.tokenAt(k));
        mark[i] = 0;
      }
    }
    for (let n = 0; n < top.size; n++) mark[top.slot[n]!] = 0;
  }
  for (let n = 0; n < top.size; n++) {
    const t = tokenOf.get(top.slot[n]!) ?? "text";
    out.push({
      feature: `${TOKEN}${t}`,
      words: tokenWords(t),
      value: top.value[n]!,
      named: false,
      index: top.slot[n]!,
    });
  }
  return out.sort((a, b) => Math.abs(b.value) - Math.abs(a.value) || a.feature.localeCompare(b.feature));
}

/**
 * The `n` entries of largest |value|, strongest first, kept by insertion without sorting the
 * whole list (ties keep the earlier entry first).
 */
class TopK {
  size = 0;
  readonly slot: Int32Array;
  readonly value: Float64Array;
  private readonly n: number;
  constructor(n: number) {
    this.n = n;
    this.slot = new Int32Array(n);
    this.value = new Float64Array(n);
  }

  offer(i: number, v: number): void {
    const a = Math.abs(v);
    const n = this.n;
    if (this.size === n && a <= Math.abs(this.value[n - 1]!)) return;
    let k = this.size < n ? this.size++ : n - 1;
    while (k > 0 && Math.abs(this.value[k - 1]!) < a) {
      this.slot[k] = this.slot[k - 1]!;
      this.value[k] = this.value[k - 1]!;
      k--;
    }
    this.slot[k] = i;
    this.value[k] = v;
  }
}

const marks = new Map<number, Uint8Array>();
function markFor(size: number): Uint8Array {
  let m = marks.get(size);
  if (!m) {
    m = new Uint8Array(size);
    marks.set(size, m);
  }
  return m;
}

/**
 * A hashed slot's token in plain words. Words and word pairs are quoted; tokens that are
 * already phrases (sender, links, the opening) are kept; format tokens are spelled out.
 */
export function tokenWords(t: string): string {
  if (t === "#num") return "mentions a long number";
  if (PHRASED.test(t)) return t;
  const format = /^(ct|cs|tag) (.+)$/.exec(t);
  if (format) {
    const [, kind, v] = format;
    if (kind === "ct") return `is sent as ${v}`;
    if (kind === "cs")
      return v === "none" ? "declares no character set" : `is written in the ${v} character set`;
    return `its HTML uses <${v}>`;
  }
  return `mentions “${t}”`;
}
const PHRASED =
  /^(opens with|subject says|mentions|sender name|sender domain|links to|mail program|from|sent to|its first sentence:) /;

/** One head's question for `contributionsByHead`: column `col` of the head at `offset` in the fused row, against `base`. */
export interface HeadQuery {
  /** The head's first column in the fused weights (`FusedWeights.offsets`). */
  offset: number;
  col: number;
  base?: number;
  /** Contributions the caller keeps (its own filter), decided before any object is made. */
  keep: (value: number) => boolean;
  /** How many of the strongest the caller reads; weaker ones are never named or built. */
  limit: number;
}

/** Several heads' weights interleaved per feature: `weights[i * width + offset + k]` (the evaluator's layout). */
export interface FusedWeights {
  width: number;
  weights: Float32Array;
}

/**
 * `topContributions` for several heads of one row in one pass: each non-zero feature reads its
 * heads' weights from one contiguous run of the fused layout, and the hashed slots of every
 * head are named in one scan of the bag. For each query it returns exactly what `explainChoice`
 * (why.ts) builds on `topContributions(…).filter(keep).slice(0, limit)` (same
 * values, same order): hashed slots still compete for the 12 places by |value| before `keep`;
 * only candidates at least as strong as the `limit`-th are named and built (ties at that
 * strength are then ordered by name as before); a query whose answer names a lone function word
 * is asked again without that slot (`functionWordSlots`), as that function does.
 *
 * @example
 * contributionsByHead(fused, row, 13, [{ offset: 0, col: 2, base: 0, keep: (v) => v >= 0.05 }], bag)[0]
 */
export function contributionsByHead(
  fused: FusedWeights,
  row: SparseRow,
  bits: number,
  queries: readonly HeadQuery[],
  bag?: FeatureBag,
  skip?: ReadonlySet<number>,
  names: readonly { name: string; words: string }[] = NAMED_FEATURES,
): Contribution[][] {
  const outs = strongestByHead(fused, row, bits, queries, bag, skip, names);
  // A slot named by a lone function word is never a reason: that head answers again without it,
  // so the next contribution takes its place (rare: only then is the row read again).
  return outs.map((out, q) => {
    const words = functionWordSlots(out, skip);
    return words ? contributionsByHead(fused, row, bits, [queries[q]!], bag, words, names)[0]! : out;
  });
}

/**
 * `skip` plus the slots of `answer` named by a lone function word ("the", "opens with “und”"),
 * or undefined when it has none: such a word is on nearly every message and is never a reason.
 */
export function functionWordSlots(
  answer: readonly Contribution[],
  skip: ReadonlySet<number> | undefined,
): Set<number> | undefined {
  let words: Set<number> | undefined;
  for (const c of answer) {
    if (c.named || !isFunctionWordToken(c.feature.slice(TOKEN.length))) continue;
    words ??= new Set(skip);
    words.add(c.index);
  }
  return words;
}

function strongestByHead(
  fused: FusedWeights,
  row: SparseRow,
  bits: number,
  queries: readonly HeadQuery[],
  bag: FeatureBag | undefined,
  skip: ReadonlySet<number> | undefined,
  names: readonly { name: string; words: string }[],
): Contribution[][] {
  const size = 1 << bits;
  const { weights: w, width } = fused;
  const nq = queries.length;
  const named: number[][] = [];
  const tops: TopK[] = [];
  const cols = new Int32Array(nq);
  const bases = new Int32Array(nq);
  for (let q = 0; q < nq; q++) {
    const h = queries[q]!;
    named.push([]);
    tops.push(new TopK(12));
    cols[q] = h.offset + h.col;
    bases[q] = h.base === undefined ? -1 : h.offset + h.base;
  }
  const skipped = skip ? maskOf(skip, row.dim) : undefined;
  const { indices, values } = row;
  for (let j = 0; j < indices.length; j++) {
    const i = indices[j]!;
    if (skipped !== undefined && i < skipped.length && skipped[i] === 1) continue;
    const at = i * width;
    const x = values[j]!;
    for (let q = 0; q < nq; q++) {
      const b = bases[q]!;
      const value = x * (w[at + cols[q]!]! - (b < 0 ? 0 : w[at + b]!));
      if (value === 0) continue;
      if (i >= size) {
        if (queries[q]!.keep(value)) named[q]!.push(i, value);
      } else tops[q]!.offer(i, value);
    }
  }
  // Per query, the strength of its `limit`-th candidate: weaker ones cannot be in its answer.
  const floors = new Float64Array(nq);
  for (let q = 0; q < nq; q++) {
    const t = tops[q]!;
    const keep = queries[q]!.keep;
    const strengths: number[] = [];
    for (let n = 0; n < t.size; n++) {
      if (keep(t.value[n]!)) strengths.push(Math.abs(t.value[n]!));
      else t.value[n] = 0;
    }
    const nv = named[q]!;
    for (let n = 1; n < nv.length; n += 2) strengths.push(Math.abs(nv[n]!));
    const limit = queries[q]!.limit;
    floors[q] =
      limit <= 0
        ? Number.POSITIVE_INFINITY
        : strengths.length > limit
          ? strengths.sort((a, b) => b - a)[limit - 1]!
          : 0;
  }
  // The slots the queries keep, then their first tokens (first-seen order) in one scan.
  let wanted = 0;
  const mark = markFor(size);
  for (let q = 0; q < nq; q++) {
    const t = tops[q]!;
    for (let n = 0; n < t.size; n++) {
      const v = t.value[n]!;
      if (v === 0 || Math.abs(v) < floors[q]!) t.value[n] = 0;
      else if (mark[t.slot[n]!] === 0) {
        mark[t.slot[n]!] = 1;
        wanted++;
      }
    }
  }
  const tokenOf = new Map<number, string>();
  if (bag?.tokenAt && wanted > 0) {
    for (let k = 0; k < bag.keys.length && tokenOf.size < wanted; k++) {
      const i = bag.keys[k]! & (size - 1);
      if (mark[i] === 1) {
        tokenOf.set(i, bag.tokenAt(k));
        mark[i] = 2;
      }
    }
  }
  const outs: Contribution[][] = [];
  for (let q = 0; q < nq; q++) {
    const t = tops[q]!;
    const out: Contribution[] = [];
    const nv = named[q]!;
    for (let n = 0; n < nv.length; n += 2) {
      const i = nv[n]!;
      const value = nv[n + 1]!;
      if (Math.abs(value) < floors[q]!) continue;
      const f = names[i - size]!;
      out.push({ feature: f.name, words: f.words, value, named: true, index: i });
    }
    for (let n = 0; n < t.size; n++) {
      mark[t.slot[n]!] = 0;
      if (t.value[n] === 0) continue;
      const tok = tokenOf.get(t.slot[n]!) ?? "text";
      out.push({
        feature: `${TOKEN}${tok}`,
        words: tokenWords(tok),
        value: t.value[n]!,
        named: false,
        index: t.slot[n]!,
      });
    }
    out.sort((a, b) => Math.abs(b.value) - Math.abs(a.value) || a.feature.localeCompare(b.feature));
    outs.push(out.length > queries[q]!.limit ? out.slice(0, queries[q]!.limit) : out);
  }
  return outs;
}

/** A byte per column, 1 where `skip` holds it (built once per set). */
const masks = new WeakMap<ReadonlySet<number>, Uint8Array>();
function maskOf(skip: ReadonlySet<number>, dim: number): Uint8Array {
  let m = masks.get(skip);
  if (m && m.length >= dim) return m;
  let n = dim;
  for (const i of skip) if (i >= n) n = i + 1;
  m = new Uint8Array(n);
  for (const i of skip) if (i >= 0) m[i] = 1;
  masks.set(skip, m);
  return m;
}
