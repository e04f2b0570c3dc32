import type { Suggestion } from "@scouts/core/protocol/local-api";
import { openDB } from "idb";

/**
 * The shell's offline copy of the last synced suggestions (IndexedDB "scouts-shell-cache"), read
 * when neither the agent nor device mode answers. Device mode keeps its own store.
 *
 * @example await cacheSuggestions(page.items, true); const offline = await cachedSuggestions();
 */
const db = () =>
  openDB("scouts-shell-cache", 1, {
    upgrade(d) {
      d.createObjectStore("suggestions", { keyPath: "id" });
    },
  });

/** `replace`: the items are the whole current list, so anything else cached is stale and goes. */
export async function cacheSuggestions(items: Suggestion[], replace = false): Promise<void> {
  const tx = (await db()).transaction("suggestions", "readwrite");
  await Promise.all([...(replace ? [tx.store.clear()] : []), ...items.map((s) => tx.store.put(s)), tx.done]);
}

export async function cachedSuggestions(): Promise<Suggestion[]> {
  return (await db()).getAll("suggestions") as Promise<Suggestion[]>;
}
