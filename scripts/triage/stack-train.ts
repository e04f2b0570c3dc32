import type { SparseRow } from "../../core/triage/features/featurize.ts";
import { PERSONAL_HEADS, type PersonalHead } from "../../core/triage/personal.ts";
import { type StackHead, stackInputs, stackLogits } from "../../core/triage/stack.ts";

/** Per-row probabilities of every stage-2 class head (each a [width] array). */
export type HeadProbs = Record<PersonalHead, ArrayLike<number>>;

export interface StackOptions {
  l2: number;
  /** Class weights ∝ frequency^-power, as for the head itself. */
  classPower: number;
}
const ITERATIONS = 300;
const LEARNING_RATE = 0.05;

/** The layer's inputs for each row from its (out-of-fold) head probabilities. */
export function stackMatrix(
  flags: readonly string[],
  probs: readonly HeadProbs[],
  rows: readonly SparseRow[],
  bits: number,
): Float64Array[] {
  return probs.map((p, r) => stackInputs(flags, p, 0, rows[r]!, bits));
}

/**
 * Fits one head's layer (logits log p_own + W·z + b) by full-batch Adam on the class-weighted
 * mean cross-entropy plus l2/2·|W|², from zero (the layer starts as "change nothing").
 * Deterministic: same inputs, same bits.
 */
export function trainStackHead(
  head: PersonalHead,
  z: readonly Float64Array[],
  own: readonly ArrayLike<number>[],
  gold: readonly number[],
  opts: StackOptions,
): StackHead {
  const width = PERSONAL_HEADS[head].length;
  const d = z[0]!.length;
  const n = z.length;
  const counts = new Array(width).fill(0);
  for (const g of gold) counts[g]++;
  const sw = gold.map((g) => (counts[g] > 0 ? (n / counts[g]) ** opts.classPower : 1));
  const total = sw.reduce((a, b) => a + b, 0);
  const W = new Float64Array(width * d);
  const b = new Float64Array(width);
  const m = new Float64Array(W.length + width);
  const v = new Float64Array(W.length + width);
  const g = new Float64Array(W.length + width);
  const p = new Float64Array(width);
  const cur = { weights: W, bias: b } as unknown as StackHead;
  for (let it = 1; it <= ITERATIONS; it++) {
    g.fill(0);
    for (let r = 0; r < n; r++) {
      const logits = stackLogits(cur, z[r]!, own[r]!);
      let mx = Number.NEGATIVE_INFINITY;
      for (const x of logits) mx = Math.max(mx, x);
      let s = 0;
      for (let k = 0; k < width; k++) s += p[k] = Math.exp(logits[k]! - mx);
      const w = sw[r]! / total;
      for (let k = 0; k < width; k++) {
        const e = (p[k]! / s - (gold[r] === k ? 1 : 0)) * w;
        for (let j = 0; j < d; j++) g[k * d + j] = g[k * d + j]! + e * z[r]![j]!;
        g[W.length + k] = g[W.length + k]! + e;
      }
    }
    const c1 = 1 - 0.9 ** it;
    const c2 = 1 - 0.999 ** it;
    for (let i = 0; i < g.length; i++) {
      const gi = g[i]! + (i < W.length ? opts.l2 * W[i]! : 0);
      m[i] = 0.9 * m[i]! + 0.1 * gi;
      v[i] = 0.999 * v[i]! + 0.001 * gi * gi;
      const step = (LEARNING_RATE * (m[i]! / c1)) / (Math.sqrt(v[i]! / c2) + 1e-8);
      if (i < W.length) W[i] = W[i]! - step;
      else b[i - W.length] = b[i - W.length]! - step;
    }
  }
  // Rounded to float32 like the ONNX weights, so the sidecar's numbers are what every runtime reads.
  return { weights: Array.from(Float32Array.from(W)), bias: Array.from(Float32Array.from(b)) };
}
