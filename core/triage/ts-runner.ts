import type { SparseRow } from "./features/featurize.ts";
import type { ModelOutputs, ModelRunner } from "./model-runner.ts";
import { type LinearHead, type LinearModel, readLinearModel } from "./onnx/linear-model.ts";

/**
 * Evaluates a linear ONNX model in plain TypeScript over sparse rows: no WebAssembly, no native
 * code, so it runs in a Worker. Sums in float64 (onnxruntime sums in float32; parity is 1e-5).
 *
 * @example
 * const runner = createTsRunner(onnxBytes);
 * const out = await runner.run([row]); out.spam // Float32Array [pRelevant, pSpam]
 */
export function createTsRunner(bytes: Uint8Array | LinearModel): ModelRunner {
  const model = bytes instanceof Uint8Array ? readLinearModel(bytes) : bytes;
  return {
    name: "ts",
    model,
    run: async (rows) => evaluate(model, rows),
  };
}

/** Synchronous evaluation, for the Worker's hot path. */
export function evaluate(model: LinearModel, rows: SparseRow[]): ModelOutputs {
  if (model.heads.length > 1 && model.heads.every((h) => h.weights.length === model.dim * h.width))
    return evaluateFused(model, rows);
  const out: ModelOutputs = {};
  for (const head of model.heads) {
    const res = new Float32Array(rows.length * head.width);
    const z = new Float64Array(head.width);
    rows.forEach((row, r) => {
      logits(head, row, z);
      activate(head, z);
      for (let k = 0; k < head.width; k++) res[r * head.width + k] = z[k]!;
    });
    out[head.output] = res;
  }
  return out;
}

/**
 * Several heads over one input (stage 2): their weights interleaved per feature, so each
 * non-zero feature reads one contiguous run instead of one cache miss per head. Every output
 * still sums bias, then features in row order, exactly as `logits` does.
 */
function evaluateFused(model: LinearModel, rows: SparseRow[]): ModelOutputs {
  const f = fusedOf(model);
  const out: ModelOutputs = {};
  const results = model.heads.map((h) => new Float32Array(rows.length * h.width));
  const z = new Float64Array(f.width);
  rows.forEach((row, r) => {
    sums(f, row, z);
    model.heads.forEach((head, h) => {
      const zh = z.subarray(f.offsets[h]!, f.offsets[h]! + head.width);
      activate(head, zh);
      results[h]!.set(zh, r * head.width);
    });
  });
  model.heads.forEach((head, h) => {
    out[head.output] = results[h]!;
  });
  return out;
}

/**
 * z = row · W + b over the fused weights, six outputs at a time held in locals (a Float64Array
 * read and written per feature and output was most of the cost). Each output still sums its
 * bias, then the features in row order, in float64: the same additions as before.
 */
function sums(f: Fused, row: SparseRow, z: Float64Array): void {
  const { indices, values } = row;
  const { weights: w, width, bias } = f;
  const n = indices.length;
  let k = 0;
  for (; k + 6 <= width; k += 6) {
    let z0 = bias[k]!;
    let z1 = bias[k + 1]!;
    let z2 = bias[k + 2]!;
    let z3 = bias[k + 3]!;
    let z4 = bias[k + 4]!;
    let z5 = bias[k + 5]!;
    for (let j = 0; j < n; j++) {
      const base = indices[j]! * width + k;
      const x = values[j]!;
      z0 = z0 + x * w[base]!;
      z1 = z1 + x * w[base + 1]!;
      z2 = z2 + x * w[base + 2]!;
      z3 = z3 + x * w[base + 3]!;
      z4 = z4 + x * w[base + 4]!;
      z5 = z5 + x * w[base + 5]!;
    }
    z[k] = z0;
    z[k + 1] = z1;
    z[k + 2] = z2;
    z[k + 3] = z3;
    z[k + 4] = z4;
    z[k + 5] = z5;
  }
  for (; k < width; k++) {
    let zk = bias[k]!;
    for (let j = 0; j < n; j++) zk = zk + values[j]! * w[indices[j]! * width + k]!;
    z[k] = zk;
  }
}

export interface Fused {
  width: number;
  offsets: number[];
  weights: Float32Array;
  bias: Float64Array;
}
const fusedCache = new WeakMap<LinearModel, Fused>();

/**
 * The model's heads interleaved per feature (built once per model), for a caller that reads
 * several heads' weights of the same features, as the "why" does after evaluation.
 */
export function fusedOf(model: LinearModel): Fused {
  let f = fusedCache.get(model);
  if (f) return f;
  const offsets: number[] = [];
  let width = 0;
  for (const h of model.heads) {
    offsets.push(width);
    width += h.width;
  }
  const weights = new Float32Array(model.dim * width);
  const bias = new Float64Array(width);
  model.heads.forEach((h, n) => {
    const off = offsets[n]!;
    for (let k = 0; k < h.width; k++) bias[off + k] = h.bias[k]!;
    for (let i = 0; i < model.dim; i++)
      for (let k = 0; k < h.width; k++) weights[i * width + off + k] = h.weights[i * h.width + k]!;
  });
  f = { width, offsets, weights, bias };
  fusedCache.set(model, f);
  return f;
}

/** z = row · W + b for one head. */
export function logits(
  head: LinearHead,
  row: SparseRow,
  z: Float64Array = new Float64Array(head.width),
): Float64Array {
  const { width, weights, bias } = head;
  const { indices, values } = row;
  // Widths 1 and 2 (priority, stage 1) in locals; same additions in the same order as below.
  if (width === 1) {
    let z0 = bias[0]!;
    for (let j = 0; j < indices.length; j++) z0 = z0 + values[j]! * weights[indices[j]!]!;
    z[0] = z0;
    return z;
  }
  if (width === 2) {
    let z0 = bias[0]!;
    let z1 = bias[1]!;
    for (let j = 0; j < indices.length; j++) {
      const base = indices[j]! * 2;
      const x = values[j]!;
      z0 = z0 + x * weights[base]!;
      z1 = z1 + x * weights[base + 1]!;
    }
    z[0] = z0;
    z[1] = z1;
    return z;
  }
  for (let k = 0; k < width; k++) z[k] = bias[k]!;
  for (let j = 0; j < indices.length; j++) {
    const base = indices[j]! * width;
    const x = values[j]!;
    for (let k = 0; k < width; k++) z[k] = z[k]! + x * weights[base + k]!;
  }
  return z;
}

function activate(head: LinearHead, z: Float64Array): void {
  if (head.activation === "sigmoid") {
    for (let k = 0; k < z.length; k++) z[k] = 1 / (1 + Math.exp(-z[k]!));
    return;
  }
  let max = Number.NEGATIVE_INFINITY;
  for (const v of z) max = Math.max(max, v);
  let sum = 0;
  for (let k = 0; k < z.length; k++) {
    z[k] = Math.exp(z[k]! - max);
    sum += z[k]!;
  }
  for (let k = 0; k < z.length; k++) z[k] = z[k]! / sum;
}
