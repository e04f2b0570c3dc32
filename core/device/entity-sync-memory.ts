import type { SyncedEntity } from "../protocol/frames.ts";
import { createEntityLog, type EntityRows } from "./entity-log.ts";
import type { EntitySyncStore } from "./entity-sync.ts";

/**
 * `EntityRows` in memory (structured copies in and out), same semantics as the agent's libSQL
 * table and the PWA's IndexedDB store; `peek`/`all` read synchronously for tests.
 *
 * @example const rows = memoryEntityRows(); await rows.put(v, 1); rows.peek(v.id)
 */
export function memoryEntityRows(): EntityRows & {
  peek(id: string): SyncedEntity | undefined;
  all(): SyncedEntity[];
} {
  const rows = new Map<string, { seq: number; entity: SyncedEntity }>();
  let cursors: Record<string, number> = {};
  return {
    peek: (id) => rows.get(id)?.entity,
    all: () => [...rows.values()].map((r) => r.entity),
    get: async (id) => structuredClone(rows.get(id)?.entity),
    put: async (entity, seq) => void rows.set(entity.id, { seq, entity: structuredClone(entity) }),
    since: async (after, limit) =>
      [...rows.values()]
        .filter((r) => r.seq > after)
        .sort((a, b) => a.seq - b.seq)
        .slice(0, limit)
        .map((r) => structuredClone(r)),
    maxSeq: async () => Math.max(0, ...[...rows.values()].map((r) => r.seq)),
    list: async (kind) =>
      [...rows.values()]
        .map((r) => r.entity)
        .filter((e) => e.kind === kind && !e.deleted)
        .sort((a, b) => b.createdAt - a.createdAt)
        .map((r) => structuredClone(r)),
    cursors: async () => ({ ...cursors }),
    setCursors: async (c) => {
      cursors = { ...c };
    },
  };
}

/**
 * A device's entity log in memory for sync tests: `write` stores a version as a local write
 * (next sequence), `get`/`all` read synchronously.
 *
 * @example const s = memoryEntityLog(); await s.write(v); await s.changesSince(0, 10)
 */
export function memoryEntityLog(): EntitySyncStore & {
  write(v: SyncedEntity): Promise<void>;
  get(id: string): SyncedEntity | undefined;
  all(): SyncedEntity[];
} {
  const rows = memoryEntityRows();
  const log = createEntityLog({ rows, now: () => 0, ids: () => "", writer: () => "" });
  return {
    ...log.sync,
    write: async (v) => rows.put(v, (await rows.maxSeq()) + 1),
    get: rows.peek,
    all: rows.all,
  };
}
