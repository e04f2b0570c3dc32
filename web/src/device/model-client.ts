import * as Comlink from "comlink";
import type { ModelWorkerApi, Stage2Port } from "./model-api.ts";

/**
 * Starts the stage-2 Web Worker lazily (its chunk, onnxruntime-web and the model are not in the
 * first-load bundle) and talks to it through comlink. A call that gets no answer within
 * `timeoutMs` (the worker failed to start or crashed: comlink would wait forever) rejects, so the
 * proposal is stored unprocessed and acked instead of stalling the hub link.
 *
 * @example const model = startModelWorker(); const r = await model.classify({ from, subject });
 */
export function startModelWorker(opts: { timeoutMs?: number } = {}): Stage2Port & {
  api: Comlink.Remote<ModelWorkerApi>;
  terminate(): void;
} {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const worker = new Worker(new URL("../workers/model-worker.ts", import.meta.url), {
    type: "module",
    name: "scouts-stage2",
  });
  let broken: string | null = null;
  worker.addEventListener("error", (e) => {
    broken = `model worker failed: ${e.message || "could not start"}`;
  });
  const api = Comlink.wrap<ModelWorkerApi>(worker);
  return {
    api,
    runner: "onnxruntime-web",
    classify(input) {
      if (broken) return Promise.reject(new Error(broken));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(broken ?? "model worker did not answer")), timeoutMs);
      });
      return Promise.race([api.classify(input), late]).finally(() => clearTimeout(timer));
    },
    terminate: () => worker.terminate(),
  };
}
