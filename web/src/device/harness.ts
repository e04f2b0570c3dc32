import type { ProjectEdit } from "@scouts/core/device/project-entities";
import type { EntityCollection, EntityPatch } from "@scouts/core/protocol/local-api";
import type { Stage2Input } from "@scouts/core/triage/stage2";
import type { BrowserDevice } from "./device.ts";
import { DEVICE_DB_NAME, DEVICE_DB_VERSION, openDeviceStore } from "./store.ts";

/**
 * `device-test.html`: exposes the device module on `window.scoutsDevice` so e2e tests and the
 * browser bench drive the real code (IndexedDB, Web Worker, WebSocket) without the UI.
 */
let device: BrowserDevice | null = null;
let benchModel: { terminate(): void } | null = null;

const api = {
  async start(pair?: { devEmail: string }) {
    const { startBrowserDevice } = await import("./device.ts");
    device = await startBrowserDevice({ pair, name: "e2e browser" });
    return { deviceId: device.identity()?.deviceId ?? null };
  },
  state: () => ({
    connected: device?.link.connected ?? false,
    received: device?.link.received ?? 0,
    acked: device?.link.acked ?? 0,
  }),
  /** Reads IndexedDB through a fresh connection: what is really stored, not in-memory state. */
  async stored() {
    const store = await openDeviceStore(DEVICE_DB_NAME);
    try {
      return { suggestions: await store.allSuggestions(), outbox: await store.outboxPending() };
    } finally {
      store.close();
    }
  },
  identity: () => device?.identity() ?? null,
  flush: () => device!.flush(),
  drop: () => device!.link.drop(),
  async act(id: string, action: "archive" | "mark_read" | "snooze", until?: number) {
    return device!.source.act(id, { action, ...(until ? { until } : {}) });
  },
  /** Runs the snooze wake now (the device also runs it every minute). */
  wakeSnoozes: () => device!.wakeSnoozes(),
  async undoOne(ledgerId: string) {
    return device!.source.undoOne(ledgerId);
  },
  async ledger() {
    return device!.source.ledger();
  },
  /** Tasks, events and notes as the device source lists them (IndexedDB). */
  entities(collection: EntityCollection) {
    return device!.source.entities!(collection);
  },
  patchEntity(collection: EntityCollection, id: string, patch: EntityPatch) {
    return device!.source.patchEntity!(collection, id, patch);
  },
  /** Projects synced from the agent (metadata only), and a rename/notes edit from this browser. */
  projects() {
    return device!.source.syncedProjects!();
  },
  patchProject(id: string, edit: ProjectEdit) {
    return device!.source.patchSyncedProject!(id, edit);
  },
  /** Every entity row in IndexedDB, raw (tests check nothing from the agent's file system is there). */
  async rawEntities() {
    const store = await openDeviceStore(DEVICE_DB_NAME);
    try {
      return (await store.entities.since(0, 10_000)).map((r) => r.entity);
    } finally {
      store.close();
    }
  },
  async stop() {
    await device?.stop();
    device = null;
  },
  endBench() {
    benchModel?.terminate();
    benchModel = null;
  },
  /** Stage 2 over `inputs` through the model worker: load time, then messages per second. */
  async bench(inputs: Stage2Input[], batch = 250) {
    const { startModelWorker } = await import("./model-client.ts");
    const model = startModelWorker();
    const t0 = performance.now();
    const loaded = await model.api.load();
    const loadWallMs = performance.now() - t0;
    const t1 = performance.now();
    const buckets: Record<string, number> = {};
    for (let i = 0; i < inputs.length; i += batch) {
      for (const r of await model.api.classifyMany(inputs.slice(i, i + batch)))
        buckets[r.bucket] = (buckets[r.bucket] ?? 0) + 1;
    }
    const ms = performance.now() - t1;
    const workerHeap = await model.api.heap();
    const stats = await model.api.stats();
    // Kept alive so the bench can read the worker's heap over CDP; `endBench()` stops it.
    benchModel = model;
    return {
      ...loaded,
      workerHeap,
      stats,
      loadWallMs,
      ms,
      count: inputs.length,
      perSecond: (inputs.length / ms) * 1000,
      buckets,
    };
  },
};

(globalThis as unknown as { scoutsDevice: typeof api }).scoutsDevice = api;
// The store module itself, so tests can exercise IndexedDB directly in the page.
(globalThis as unknown as { scoutsDeviceStore: unknown }).scoutsDeviceStore = {
  openDeviceStore,
  DEVICE_DB_VERSION,
};
document.body.dataset.ready = "true";
