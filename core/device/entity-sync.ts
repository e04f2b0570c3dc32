import type { Logger } from "../ports.ts";
import type {
  DeviceToHubFrame,
  EntityChangesFrame,
  EntitySyncRequestFrame,
  SyncedEntity,
} from "../protocol/frames.ts";

/** What the sync needs from a device's entity storage (libSQL in the agent, IndexedDB in the PWA). */
export interface EntitySyncStore {
  /** This device's change log: versions whose local sequence is > `after`, oldest first. */
  changesSince(after: number, limit: number): Promise<{ seq: number; entity: SyncedEntity }[]>;
  /** Merges incoming versions (last writer wins, `mergeEntity`); returns those that won. */
  apply(changes: SyncedEntity[]): Promise<SyncedEntity[]>;
  /** Highest local sequence so far (0 when empty). */
  lastSeq(): Promise<number>;
  /** How far this device has read each peer's log. */
  cursors(): Promise<Record<string, number>>;
  setCursor(peer: string, cursor: number): Promise<void>;
}

export interface EntitySyncOptions {
  store: EntitySyncStore;
  /** Sends through the hub link; false when the socket is not open (the change stays in the log). */
  send: (frame: DeviceToHubFrame) => boolean;
  /** Versions from other devices that won here (to refresh screens). */
  onApplied?: (entities: SyncedEntity[]) => void;
  logger?: Logger;
  /** Keeps each frame well under the hub's relay limit. */
  maxFrameBytes?: number;
}

const batchLimit = 100;

/**
 * Device-to-device entity sync over the hub. Every local write and every merge that won gets a
 * new local sequence; the log is the outbox: a peer asks for everything after its cursor when
 * either side connects (`connected`), and live writes are pushed at once (`pushed`). Cursors move
 * only over a contiguous range, so a lost or reordered frame is fetched again, never skipped.
 *
 * @example
 *   const sync = createEntitySync({ store, send: (f) => link.send(f) });
 *   link.onWelcome = () => sync.connected(); link.onEntityFrame = (f) => sync.handle(f);
 */
export function createEntitySync(opts: EntitySyncOptions) {
  const maxBytes = opts.maxFrameBytes ?? 256 * 1024;
  let chain: Promise<unknown> = Promise.resolve();
  /** Highest sequence already pushed live on this connection. */
  let pushedTo: number | null = null;

  const serially = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn);
    chain = next.catch((e: unknown) =>
      opts.logger?.log("warn", "entity_sync.failed", { error: e instanceof Error ? e.name : "error" }),
    );
    return next;
  };

  /** Sends the log after `after` in size-bounded frames; returns the last sequence sent. */
  async function sendLog(after: number, to: string | undefined): Promise<number> {
    let from = after;
    for (;;) {
      const rows = await opts.store.changesSince(from, batchLimit);
      if (rows.length === 0) return from;
      let size = 0;
      const take: typeof rows = [];
      for (const r of rows) {
        const bytes = JSON.stringify(r.entity).length;
        if (take.length > 0 && size + bytes > maxBytes) break;
        take.push(r);
        size += bytes;
      }
      const cursor = take[take.length - 1]!.seq;
      const frame: EntityChangesFrame = {
        type: "entity_changes",
        ...(to ? { to } : {}),
        after: from,
        cursor,
        changes: take.map((r) => r.entity),
      };
      if (!opts.send(frame)) return from;
      from = cursor;
      if (rows.length < batchLimit && take.length === rows.length) return from;
    }
  }

  async function request(to: string | undefined, reciprocate: boolean): Promise<void> {
    opts.send({
      type: "entity_sync_request",
      ...(to ? { to } : {}),
      cursors: await opts.store.cursors(),
      reciprocate,
    });
  }

  async function onRequest(f: EntitySyncRequestFrame): Promise<void> {
    if (!f.from) return;
    await sendLog(f.cursors[f.from] ?? 0, f.from);
    if (f.reciprocate) await request(f.from, false);
  }

  async function onChanges(f: EntityChangesFrame): Promise<void> {
    if (!f.from) return;
    const won = f.changes.length > 0 ? await opts.store.apply(f.changes) : [];
    if (won.length > 0) opts.onApplied?.(won);
    const mine = (await opts.store.cursors())[f.from] ?? 0;
    if (f.after <= mine) {
      if (f.cursor > mine) await opts.store.setCursor(f.from, f.cursor);
    } else {
      // A gap (a frame lost or overtaken): applying was safe, the cursor waits for the missing range.
      await request(f.from, false);
    }
    // What won here is new in this device's log: pass it on to devices that missed the original.
    if (won.length > 0) await pushNew();
  }

  async function pushNew(): Promise<void> {
    if (pushedTo === null) return;
    pushedTo = await sendLog(pushedTo, undefined);
  }

  return {
    /** On (re)connection: ask every other device for what this one missed; they ask back. */
    connected(): Promise<void> {
      return serially(async () => {
        pushedTo = await opts.store.lastSeq();
        await request(undefined, true);
      });
    },
    disconnected(): void {
      pushedTo = null;
    },
    /** A relayed sync frame from the hub. */
    handle(frame: EntitySyncRequestFrame | EntityChangesFrame): Promise<void> {
      return serially(() => (frame.type === "entity_sync_request" ? onRequest(frame) : onChanges(frame)));
    },
    /** After a local write: push it to connected devices now (offline it waits in the log). */
    pushed(): Promise<void> {
      return serially(pushNew);
    },
    /** Resolves when every queued sync step ran (tests). */
    idle: () => serially(async () => {}),
  };
}
export type EntitySync = ReturnType<typeof createEntitySync>;
