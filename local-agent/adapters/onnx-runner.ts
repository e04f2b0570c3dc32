import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ModelRunner } from "@scouts/core/triage/model-runner";
import { createOrtRunner, type OrtLike } from "@scouts/core/triage/ort-runner";
import * as ort from "onnxruntime-node";

/** The committed stage-2 model (trained by `npm run train:triage`). */
export const STAGE2_MODEL_PATH = path.join(import.meta.dirname, "../../core/triage/model/stage2.onnx");

/**
 * Stage-2 ModelRunner on onnxruntime-node (CPU). Same weights and same answers (within 1e-5)
 * as the Worker's TypeScript evaluator and the PWA's onnxruntime-web runner.
 *
 * @example
 * const runner = await createOnnxRunner();
 * await classifyStage2({ ctx: { runner }, input: { from, subject, raw } });
 */
export async function createOnnxRunner(opts: { modelPath?: string } = {}): Promise<ModelRunner> {
  const bytes = new Uint8Array(await readFile(opts.modelPath ?? STAGE2_MODEL_PATH));
  return createOrtRunner(ort as unknown as OrtLike, bytes, "onnxruntime-node");
}
