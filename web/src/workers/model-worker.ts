import { createOrtRunner, type OrtLike } from "@scouts/core/triage/ort-runner";
import { classifyStage2, type Stage2Input } from "@scouts/core/triage/stage2";
import * as Comlink from "comlink";
import stage2ModelUrl from "../../../core/triage/model/stage2.onnx?url";
import type { DeviceStage2Result, ModelWorkerApi } from "../device/model-api.ts";
import { batchingRunner } from "./batching-runner.ts";

type Loaded = { runner: ReturnType<typeof batchingRunner>; loadMs: number };
let loading: Promise<Loaded> | null = null;

/** onnxruntime-web (wasm from our own origin under /ort/) with the committed stage-2 model. */
async function load(): Promise<Loaded> {
  const started = performance.now();
  const ort = await import("onnxruntime-web/wasm");
  ort.env.wasm.wasmPaths = new URL("/ort/", self.location.origin).href;
  // Threads need SharedArrayBuffer, which needs cross-origin isolation.
  ort.env.wasm.numThreads = self.crossOriginIsolated ? Math.min(4, navigator.hardwareConcurrency || 1) : 1;
  const res = await fetch(stage2ModelUrl);
  if (!res.ok) throw new Error(`stage-2 model: HTTP ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const runner = batchingRunner(await createOrtRunner(ort as unknown as OrtLike, bytes, "onnxruntime-web"));
  return { runner, loadMs: performance.now() - started };
}

function ready() {
  loading ??= load().catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
}

/** The fields the device keeps; the structured extras stay in the worker. */
function slim(r: Awaited<ReturnType<typeof classifyStage2>>): DeviceStage2Result {
  return {
    bucket: r.bucket,
    speechAct: r.speechAct,
    category: r.category,
    priority: r.priority,
    why: r.why,
    cohortHints: r.cohortHints,
    entities: r.entities,
    confidence: r.confidence,
  };
}

const api: ModelWorkerApi = {
  async load() {
    const { runner, loadMs } = await ready();
    return { runner: runner.name, loadMs, crossOriginIsolated: self.crossOriginIsolated };
  },
  async classify(input: Stage2Input) {
    const { runner } = await ready();
    return slim(await classifyStage2({ ctx: { runner }, input }));
  },
  async classifyMany(inputs: Stage2Input[]) {
    const { runner } = await ready();
    // Concurrent so the batching runner sends their rows to onnxruntime in one call.
    return (await Promise.all(inputs.map((input) => classifyStage2({ ctx: { runner }, input })))).map(slim);
  },
  async stats() {
    const { runner } = await ready();
    return { ...runner.stats };
  },
  async heap() {
    const m = (performance as unknown as { memory?: { usedJSHeapSize: number; totalJSHeapSize: number } })
      .memory;
    return m ? { usedJSHeapSize: m.usedJSHeapSize, totalJSHeapSize: m.totalJSHeapSize } : null;
  },
};

Comlink.expose(api);
