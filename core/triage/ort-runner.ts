import { type SparseRow, toDense } from "./features/featurize.ts";
import type { ModelOutputs, ModelRunner } from "./model-runner.ts";
import { readLinearModel } from "./onnx/linear-model.ts";

/** The slice of the onnxruntime API (node or web) this runner uses; passed in so core imports neither. */
export interface OrtLike {
  InferenceSession: { create(model: Uint8Array, options?: Record<string, unknown>): Promise<OrtSession> };
  Tensor: new (type: "float32", data: Float32Array, dims: readonly number[]) => unknown;
}
export interface OrtSession {
  run(feeds: Record<string, unknown>): Promise<Record<string, { data: unknown }>>;
}

/**
 * A ModelRunner over an injected onnxruntime namespace: `onnxruntime-node` in the agent,
 * `onnxruntime-web` in the PWA's Web Worker (or in Node for the parity test).
 *
 * @example
 * import * as ort from "onnxruntime-web";
 * const runner = await createOrtRunner(ort, bytes, "onnxruntime-web");
 */
export async function createOrtRunner(
  ort: OrtLike,
  bytes: Uint8Array,
  name = "onnxruntime",
): Promise<ModelRunner> {
  const model = readLinearModel(bytes);
  const session = await ort.InferenceSession.create(bytes);
  return {
    name,
    model,
    async run(rows: SparseRow[]): Promise<ModelOutputs> {
      const dense = new Float32Array(rows.length * model.dim);
      rows.forEach((row, r) => {
        toDense(row, dense.subarray(r * model.dim, (r + 1) * model.dim));
      });
      const feeds = { [model.input]: new ort.Tensor("float32", dense, [rows.length, model.dim]) };
      const res = await session.run(feeds);
      const out: ModelOutputs = {};
      for (const h of model.heads) out[h.output] = Float32Array.from(res[h.output]!.data as Float32Array);
      return out;
    },
  };
}
