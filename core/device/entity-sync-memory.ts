import type { SyncedEntity } from "../protocol/frames.ts";
import { mergeEntity } from "./entity-merge.ts";
import type { EntitySyncStore } from "./entity-sync.ts";

/**
 * An entity log in memory with the same semantics as the agent's libSQL table and the PWA's
 * IndexedDB store: every version that wins (local write or merge) gets the next sequence.
 *
 * @example const s = memoryEntityLog(); await s.write(v); await s.changesSince(0, 10)
 */
export function memoryEntityLog(): EntitySyncStore & {
  write(v: SyncedEntity): Promise<void>;
  get(id: string): SyncedEntity | undefined;
  all(): SyncedEntity[];
} {
  const rows = new Map<string, { seq: number; entity: SyncedEntity }>();
  const cursors: Record<string, number> = {};
  let seq = 0;
  const put = (entity: SyncedEntity) => rows.set(entity.id, { seq: ++seq, entity: structuredClone(entity) });
  return {
    async write(v) {
      put(v);
    },
    get: (id) => rows.get(id)?.entity,
    all: () => [...rows.values()].map((r) => r.entity),
    async changesSince(after, limit) {
      return [...rows.values()]
        .filter((r) => r.seq > after)
        .sort((a, b) => a.seq - b.seq)
        .slice(0, limit);
    },
    async apply(changes) {
      const won: SyncedEntity[] = [];
      for (const c of changes) {
        const w = mergeEntity(rows.get(c.id)?.entity, c);
        if (w) {
          put(w);
          won.push(w);
        }
      }
      return won;
    },
    lastSeq: async () => seq,
    cursors: async () => ({ ...cursors }),
    async setCursor(peer, cursor) {
      cursors[peer] = cursor;
    },
  };
}
