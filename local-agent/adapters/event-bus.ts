import type { LocalEvent } from "@scouts/core/protocol/local-api";

export type Listener = (event: LocalEvent) => void;

/** In-process fan-out of local events to SSE subscribers. */
export function createEventBus() {
  const listeners = new Set<Listener>();
  return {
    emit(event: LocalEvent): void {
      for (const l of listeners) {
        try {
          l(event);
        } catch {
          listeners.delete(l);
        }
      }
    },
    subscribe(l: Listener): () => void {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    get size() {
      return listeners.size;
    },
  };
}
export type EventBus = ReturnType<typeof createEventBus>;
