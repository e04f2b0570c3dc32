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
    z.set(f.bias);
    const { indices, values } = row;
    const w = f.weights;
    const width = f.width;
    for (let j = 0; j < indices.length; j++) {
      const base = indices[j]! * width;
      const x = values[j]!;
      for (let k = 0; k < width; k++) z[k] = z[k]! + x * w[base + k]!;
    }
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

interface Fused {
  width: number;
  offsets: number[];
  weights: Float32Array;
  bias: Float64Array;
}
const fusedCache = new WeakMap<LinearModel, Fused>();

function fusedOf(model: LinearModel): Fused {
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
