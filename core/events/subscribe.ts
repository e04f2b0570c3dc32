import type { DomainEvent, EventHandler } from "./types.ts";

const handlers = new Map<string, Set<EventHandler>>();

/**
 * Registers a handler for an event type (or a prefix ending in `*`, e.g. `scout.*`) in this
 * isolate. Handlers run in the event dispatch job, at least once per event: make them idempotent.
 * @example const off = subscribe("scout.run.finished", async (e) => harvest(e.payload.scoutId));
 */
export function subscribe(pattern: string, handler: EventHandler): () => void {
  let set = handlers.get(pattern);
  if (!set) {
    set = new Set();
    handlers.set(pattern, set);
  }
  set.add(handler);
  return () => set.delete(handler);
}

function matches(pattern: string, type: string): boolean {
  return pattern.endsWith("*") ? type.startsWith(pattern.slice(0, -1)) : pattern === type;
}

/** Runs every subscriber of `event.type`; one failing handler does not stop the others. */
export async function notifySubscribers(event: DomainEvent): Promise<{ failed: number }> {
  let failed = 0;
  for (const [pattern, set] of handlers) {
    if (!matches(pattern, event.type)) continue;
    for (const h of set) {
      try {
        await h(event);
      } catch {
        failed++;
      }
    }
  }
  return { failed };
}

/** Drops every subscription (tests). */
export function clearSubscriptions(): void {
  handlers.clear();
}
