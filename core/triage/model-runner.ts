import type { SparseRow } from "./features/featurize.ts";
import type { LinearModel } from "./onnx/linear-model.ts";

/** Scores for a batch: output name → row-major [rows × width] probabilities. */
export type ModelOutputs = Record<string, Float32Array>;

/**
 * Runs one triage model. Three implementations give the same answer within 1e-5: the plain
 * TypeScript evaluator (`ts-runner.ts`, used in the Worker), onnxruntime-node
 * (`local-agent/adapters/onnx-runner.ts`) and onnxruntime-web (`ort-runner.ts`, PWA Web Worker).
 */
export interface ModelRunner {
  readonly name: string;
  /** The weights as read from the same ONNX bytes, used to explain a result ("why"). */
  readonly model: LinearModel;
  run(rows: SparseRow[]): Promise<ModelOutputs>;
}
