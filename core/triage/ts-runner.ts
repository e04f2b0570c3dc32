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
