import type { SyncedEntity } from "../protocol/frames.ts";

export type { SyncedEntity };

/** Fields in a fixed order, so two devices compare the same canonical text. */
const fields = [
  "id",
  "kind",
  "title",
  "body",
  "due",
  "done",
  "start",
  "end",
  "location",
  "projectId",
  "sourceSuggestionId",
  "createdAt",
  "updatedAt",
  "deleted",
  "writer",
  "project",
] as const satisfies readonly (keyof SyncedEntity)[];

function canonical(e: SyncedEntity): string {
  // Project metadata as a tuple: key order differs between a parsed frame and a stored row.
  const p = e.project;
  return JSON.stringify(
    fields.map((f) => (f === "project" ? (p ? [p.folderName, p.fileCount, p.lastScanAt] : null) : e[f])),
  );
}

/**
 * Total order on versions of one entity: later `updatedAt` wins, then the larger writer device
 * id, then (only for a device that reused a timestamp) the larger canonical text — so every
 * device picks the same winner whatever order or how often the versions arrive.
 *
 * @example compareVersions({ ...a, updatedAt: 2 }, { ...a, updatedAt: 1 }) // > 0
 */
export function compareVersions(a: SyncedEntity, b: SyncedEntity): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt - b.updatedAt;
  if (a.writer !== b.writer) return a.writer < b.writer ? -1 : 1;
  const ca = canonical(a);
  const cb = canonical(b);
  return ca === cb ? 0 : ca < cb ? -1 : 1;
}

/**
 * Last writer wins: the version to keep when `incoming` meets `current`, or null when `current`
 * stays (including an exact duplicate), so callers write and forward only real changes.
 *
 * @example mergeEntity(undefined, v) // v ; mergeEntity(v, v) // null
 */
export function mergeEntity(current: SyncedEntity | undefined, incoming: SyncedEntity): SyncedEntity | null {
  if (!current) return incoming;
  return compareVersions(incoming, current) > 0 ? incoming : null;
}

/**
 * Applies changes to a state by id (pure; the input map is not modified). Returns the new state
 * and the versions that won, in arrival order.
 *
 * @example mergeChanges(new Map(), [v1, v2]).state.get(v1.id)
 */
export function mergeChanges(
  state: ReadonlyMap<string, SyncedEntity>,
  changes: readonly SyncedEntity[],
): { state: Map<string, SyncedEntity>; changed: SyncedEntity[] } {
  const next = new Map(state);
  const changed: SyncedEntity[] = [];
  for (const c of changes) {
    const won = mergeEntity(next.get(c.id), c);
    if (won) {
      next.set(c.id, won);
      changed.push(won);
    }
  }
  return { state: next, changed };
}

/**
 * Stamps a local write: this device is the writer, and `updatedAt` moves strictly past the
 * previous version even when the clock did not (so a device never makes two versions with one key).
 *
 * @example stampLocal(prev, { ...prev, title: "new" }, "dev-1", Date.now())
 */
export function stampLocal(
  prev: SyncedEntity | undefined,
  next: Omit<SyncedEntity, "updatedAt" | "writer">,
  writer: string,
  now: number,
): SyncedEntity {
  const updatedAt = prev ? Math.max(now, prev.updatedAt + 1) : now;
  return { ...next, updatedAt, writer };
}

/**
 * A delete as a version: the tombstone keeps id, kind and times and drops the content, so a
 * late edit from another device cannot resurrect it unless it is newer.
 *
 * @example tombstone(prev, "dev-1", Date.now()).deleted // true
 */
export function tombstone(prev: SyncedEntity, writer: string, now: number): SyncedEntity {
  return stampLocal(
    prev,
    {
      ...prev,
      title: "",
      body: "",
      due: null,
      done: false,
      start: null,
      end: null,
      location: null,
      projectId: null,
      deleted: true,
      project: null,
    },
    writer,
    now,
  );
}
