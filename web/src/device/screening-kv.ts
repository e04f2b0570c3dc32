import type { DeviceStore } from "./store-types.ts";

/**
 * The Screened rows, "not spam" senders and the Screener's answers and held mail live in the
 * device's `kv` store (on this browser only, never synced): small maps, each written whole. Writes
 * to one key are serialised per store, so a proposal arriving while the person answers does not
 * lose either change.
 */
export const SCREENING_KEYS = {
  screened: "screened:rows",
  overrides: "screened:overrides",
  screener: "screener",
  answers: "screener:answers",
  held: "screener:held",
} as const;

const chains = new WeakMap<DeviceStore, Promise<unknown>>();

export async function readMap<V>(store: DeviceStore, key: string): Promise<Record<string, V>> {
  return (await store.kvGet<Record<string, V>>(key)) ?? {};
}

/** Read-modify-write of one kv map, after the store's earlier writes; answers what `change` returns. */
export function updateMap<V, R = void>(
  store: DeviceStore,
  key: string,
  change: (map: Record<string, V>) => R,
): Promise<R> {
  const run = (chains.get(store) ?? Promise.resolve()).then(async () => {
    const map = await readMap<V>(store, key);
    const result = change(map);
    await store.kvSet(key, map);
    return result;
  });
  chains.set(
    store,
    run.catch(() => {}),
  );
  return run;
}
