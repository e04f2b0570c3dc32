import type { Stage2Fields } from "@scouts/core/device/suggestion-from-proposal";
import type { Stage2Input } from "@scouts/core/triage/stage2";

/** What the device stores from TRIAGE's stage 2 (`classifyStage2`), structured-clone safe. */
export type DeviceStage2Result = Stage2Fields & { confidence: number };

/** The model Web Worker's API over comlink (`web/src/workers/model-worker.ts`). */
export interface ModelWorkerApi {
  /** Loads onnxruntime-web and the model once; later calls return the same load. */
  load(): Promise<{ runner: string; loadMs: number; crossOriginIsolated: boolean }>;
  classify(input: Stage2Input): Promise<DeviceStage2Result>;
  /** One round trip for many messages (benches, catch-up after a reconnect). */
  classifyMany(inputs: Stage2Input[]): Promise<DeviceStage2Result[]>;
  /** The worker's JS heap (Chromium's non-standard `performance.memory`), null where absent. */
  /** Stage-2 calls and the onnxruntime runs they were batched into. */
  stats(): Promise<{ calls: number; batches: number }>;
  heap(): Promise<{ usedJSHeapSize: number; totalJSHeapSize: number } | null>;
}

/** The device's stage-2 port: the worker in the browser, anything with the same shape in tests. */
export interface Stage2Port {
  classify(input: Stage2Input): Promise<DeviceStage2Result>;
  readonly runner: string;
}
