import * as Comlink from "comlink";
import type { ModelWorkerApi, Stage2Port } from "./model-api.ts";

/**
 * Starts the stage-2 Web Worker lazily (its chunk, onnxruntime-web and the model are not in the
 * first-load bundle) and talks to it through comlink.
 *
 * @example const model = startModelWorker(); const r = await model.classify({ from, subject });
 */
export function startModelWorker(): Stage2Port & {
  api: Comlink.Remote<ModelWorkerApi>;
  terminate(): void;
} {
  const worker = new Worker(new URL("../workers/model-worker.ts", import.meta.url), {
    type: "module",
    name: "scouts-stage2",
  });
  const api = Comlink.wrap<ModelWorkerApi>(worker);
  return {
    api,
    runner: "onnxruntime-web",
    classify: (input) => api.classify(input),
    terminate: () => worker.terminate(),
  };
}
