/**
 * Which scouts (and their owners) a Gmail mailbox belongs to, remembered per isolate for a
 * minute. Identity only, never state: a push for a known mailbox starts the owners' DeviceHub
 * sync before the D1 lookup, and the hub reads the scout itself (paused, re-auth, cursor), so a
 * stale entry costs at most one wasted hub read.
 */
export interface PushOwner {
  userId: string;
  scoutId: string;
}

export const pushOwnersTtlMs = 60_000;
/** Bounded so a flood of distinct mailboxes cannot grow an isolate's memory. */
export const pushOwnersMaxEntries = 10_000;

/**
 * @example
 * const owners = createPushOwners();
 * owners.remember("a@example.com", [{ userId, scoutId }], Date.now());
 * owners.recall("a@example.com", Date.now()); // [{ userId, scoutId }] for the next minute
 */
export function createPushOwners(opts: { ttlMs?: number; maxEntries?: number } = {}) {
  const ttlMs = opts.ttlMs ?? pushOwnersTtlMs;
  const max = opts.maxEntries ?? pushOwnersMaxEntries;
  const entries = new Map<string, { at: number; owners: PushOwner[] }>();
  return {
    recall(mailbox: string, now: number): PushOwner[] | undefined {
      const hit = entries.get(mailbox);
      if (!hit) return undefined;
      if (now - hit.at >= ttlMs) {
        entries.delete(mailbox);
        return undefined;
      }
      return hit.owners;
    },
    remember(mailbox: string, owners: PushOwner[], now: number): void {
      entries.delete(mailbox);
      if (owners.length === 0) return;
      // Map iteration order is insertion order: the first key is the oldest entry.
      if (entries.size >= max) entries.delete(entries.keys().next().value as string);
      entries.set(mailbox, { at: now, owners });
    },
    get size() {
      return entries.size;
    },
  };
}
