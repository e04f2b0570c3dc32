import type { SparseRow } from "../../core/triage/features/featurize.ts";

export interface TrainOptions {
  iterations: number;
  learningRate: number;
  l2: number;
}

/** Weight constraints, as indices into the row-major [dim × width] weights. */
export interface Constraints {
  /** Kept at zero (features left out of the model). */
  zero?: readonly number[];
  /** Projected onto ≥ 0 after every step (signals that may only raise the score). */
  nonNegative?: readonly number[];
}

/**
 * Full-batch Adam on the mean cross-entropy plus L2, fully deterministic (no sampling).
 * `activation` "softmax" treats targets as class distributions per row; "sigmoid" as
 * independent probabilities per column. Returns row-major [dim × width] weights and the bias.
 */
export function trainLinear(
  rows: SparseRow[],
  targets: Float64Array,
  width: number,
  activation: "softmax" | "sigmoid",
  opts: TrainOptions,
  sampleWeights?: Float64Array,
  constraints: Constraints = {},
): { weights: Float64Array; bias: Float64Array } {
  if (width === 1 && activation === "sigmoid")
    return trainBinary(rows, targets, opts, sampleWeights, constraints);
  const dim = rows[0]!.dim;
  const W = new Float64Array(dim * width);
  const b = new Float64Array(width);
  const gW = new Float64Array(dim * width);
  const gb = new Float64Array(width);
  const mW = new Float64Array(dim * width);
  const vW = new Float64Array(dim * width);
  const mb = new Float64Array(width);
  const vb = new Float64Array(width);
  const z = new Float64Array(width);
  let totalWeight = 0;
  for (let r = 0; r < rows.length; r++) totalWeight += sampleWeights?.[r] ?? 1;
  const beta1 = 0.9;
  const beta2 = 0.999;
  for (let it = 1; it <= opts.iterations; it++) {
    gW.fill(0);
    gb.fill(0);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r]!;
      const sw = (sampleWeights?.[r] ?? 1) / totalWeight;
      forward(W, b, row, width, activation, z);
      for (let k = 0; k < width; k++) {
        const g = (z[k]! - targets[r * width + k]!) * sw;
        gb[k] = gb[k]! + g;
        for (let j = 0; j < row.indices.length; j++) {
          const idx = row.indices[j]! * width + k;
          gW[idx] = gW[idx]! + g * row.values[j]!;
        }
      }
    }
    const lr = opts.learningRate;
    const c1 = 1 - beta1 ** it;
    const c2 = 1 - beta2 ** it;
    for (let i = 0; i < W.length; i++) {
      const g = gW[i]! + opts.l2 * W[i]!;
      mW[i] = beta1 * mW[i]! + (1 - beta1) * g;
      vW[i] = beta2 * vW[i]! + (1 - beta2) * g * g;
      W[i] = W[i]! - (lr * (mW[i]! / c1)) / (Math.sqrt(vW[i]! / c2) + 1e-8);
    }
    for (const i of constraints.zero ?? []) W[i] = 0;
    for (const i of constraints.nonNegative ?? []) if (W[i]! < 0) W[i] = 0;
    for (let k = 0; k < width; k++) {
      mb[k] = beta1 * mb[k]! + (1 - beta1) * gb[k]!;
      vb[k] = beta2 * vb[k]! + (1 - beta2) * gb[k]! * gb[k]!;
      b[k] = b[k]! - (lr * (mb[k]! / c1)) / (Math.sqrt(vb[k]! / c2) + 1e-8);
    }
  }
  return { weights: W, bias: b };
}

/**
 * `trainLinear` for one sigmoid output (stage 1), over the rows packed into flat arrays. The
 * same operations in the same order, so the same bits, ~2× faster: stage 1's cross-validation
 * trains it dozens of times on a shared machine.
 */
function trainBinary(
  rows: SparseRow[],
  targets: Float64Array,
  opts: TrainOptions,
  sampleWeights: Float64Array | undefined,
  constraints: Constraints,
): { weights: Float64Array; bias: Float64Array } {
  const dim = rows[0]!.dim;
  const n = rows.length;
  const start = new Int32Array(n + 1);
  for (let r = 0; r < n; r++) start[r + 1] = start[r]! + rows[r]!.indices.length;
  const idx = new Int32Array(start[n]!);
  const val = new Float64Array(start[n]!);
  for (let r = 0; r < n; r++) {
    idx.set(rows[r]!.indices, start[r]!);
    val.set(rows[r]!.values, start[r]!);
  }
  let totalWeight = 0;
  for (let r = 0; r < n; r++) totalWeight += sampleWeights?.[r] ?? 1;
  const sw = Float64Array.from({ length: n }, (_, r) => (sampleWeights?.[r] ?? 1) / totalWeight);
  const W = new Float64Array(dim);
  const gW = new Float64Array(dim);
  const mW = new Float64Array(dim);
  const vW = new Float64Array(dim);
  let b = 0;
  let mb = 0;
  let vb = 0;
  const beta1 = 0.9;
  const beta2 = 0.999;
  const zero = Int32Array.from(constraints.zero ?? []);
  const nonNegative = Int32Array.from(constraints.nonNegative ?? []);
  for (let it = 1; it <= opts.iterations; it++) {
    gW.fill(0);
    let gb = 0;
    for (let r = 0; r < n; r++) {
      const end = start[r + 1]!;
      let z = b;
      for (let j = start[r]!; j < end; j++) z = z + val[j]! * W[idx[j]!]!;
      const g = (1 / (1 + Math.exp(-z)) - targets[r]!) * sw[r]!;
      gb = gb + g;
      for (let j = start[r]!; j < end; j++) gW[idx[j]!] = gW[idx[j]!]! + g * val[j]!;
    }
    const lr = opts.learningRate;
    const c1 = 1 - beta1 ** it;
    const c2 = 1 - beta2 ** it;
    for (let i = 0; i < dim; i++) {
      const g = gW[i]! + opts.l2 * W[i]!;
      mW[i] = beta1 * mW[i]! + (1 - beta1) * g;
      vW[i] = beta2 * vW[i]! + (1 - beta2) * g * g;
      W[i] = W[i]! - (lr * (mW[i]! / c1)) / (Math.sqrt(vW[i]! / c2) + 1e-8);
    }
    for (const i of zero) W[i] = 0;
    for (const i of nonNegative) if (W[i]! < 0) W[i] = 0;
    mb = beta1 * mb + (1 - beta1) * gb;
    vb = beta2 * vb + (1 - beta2) * gb * gb;
    b = b - (lr * (mb / c1)) / (Math.sqrt(vb / c2) + 1e-8);
  }
  return { weights: W, bias: Float64Array.of(b) };
}

/** Probabilities for one row under weights W, b. */
export function forward(
  W: Float64Array,
  b: Float64Array,
  row: SparseRow,
  width: number,
  activation: "softmax" | "sigmoid",
  z = new Float64Array(width),
): Float64Array {
  for (let k = 0; k < width; k++) z[k] = b[k]!;
  for (let j = 0; j < row.indices.length; j++) {
    const base = row.indices[j]! * width;
    const x = row.values[j]!;
    for (let k = 0; k < width; k++) z[k] = z[k]! + x * W[base + k]!;
  }
  if (activation === "sigmoid") {
    for (let k = 0; k < width; k++) z[k] = 1 / (1 + Math.exp(-z[k]!));
  } else {
    let max = Number.NEGATIVE_INFINITY;
    for (const v of z) max = Math.max(max, v);
    let s = 0;
    for (let k = 0; k < width; k++) {
      z[k] = Math.exp(z[k]! - max);
      s += z[k]!;
    }
    for (let k = 0; k < width; k++) z[k] = z[k]! / s;
  }
  return z;
}

/**
 * Platt scaling: fits p = sigmoid(a·z + c) to out-of-fold logits by Newton's method, so the
 * exported confidence is calibrated on data the model did not train on.
 */
export function fitPlatt(logits: number[], labels: number[], weights?: number[]): { a: number; c: number } {
  let a = 1;
  let c = 0;
  for (let it = 0; it < 50; it++) {
    let ga = 0;
    let gc = 0;
    let haa = 1e-9;
    let hac = 0;
    let hcc = 1e-9;
    for (let i = 0; i < logits.length; i++) {
      const z = logits[i]!;
      const p = 1 / (1 + Math.exp(-(a * z + c)));
      const sw = weights?.[i] ?? 1;
      const d = (p - labels[i]!) * sw;
      const w = p * (1 - p) * sw;
      ga += d * z;
      gc += d;
      haa += w * z * z;
      hac += w * z;
      hcc += w;
    }
    const det = haa * hcc - hac * hac;
    if (Math.abs(det) < 1e-12) break;
    const da = (hcc * ga - hac * gc) / det;
    const dc = (haa * gc - hac * ga) / det;
    a -= da;
    c -= dc;
    if (Math.abs(da) + Math.abs(dc) < 1e-10) break;
  }
  return { a, c };
}
