import type { EntityRows } from "@scouts/core/device/entity-log";
import {
  activeNotices,
  mergeNotice,
  type NoticeRows,
  noticeKey,
  type StoredNotice,
  shownNotice,
} from "@scouts/core/device/notices";
import type { SyncedEntity } from "@scouts/core/protocol/frames";
import type { Entity, LedgerEntry, Suggestion } from "@scouts/core/protocol/local-api";
import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB, type StoreNames } from "idb";
import { type DeviceStore, filterLedger, type OutboxItem, type SenderRecord } from "./store-types.ts";

/** Bump with a new step in `migrations`; steps run in order from the stored version. */
export const DEVICE_DB_VERSION = 3;
export const DEVICE_DB_NAME = "scouts-device";

interface DeviceDb extends DBSchema {
  suggestions: { key: string; value: Suggestion; indexes: { receivedAt: number; status: string } };
  ledger: { key: string; value: LedgerEntry; indexes: { createdAt: number } };
  outbox: { key: number; value: OutboxItem; indexes: { id: string; status: string } };
  senders: { key: string; value: SenderRecord };
  kv: { key: string; value: unknown };
  /** Tasks, events and notes with their sync log sequence (version 2). */
  entities: { key: string; value: SyncedEntity & { syncSeq: number }; indexes: { syncSeq: number } };
  /** The cloud's notices until dismissed, one per `key` (version 3). */
  notices: { key: string; value: StoredNotice; indexes: { key: string } };
}

type Db = IDBPDatabase<DeviceDb>;
type UpgradeTx = IDBPTransaction<DeviceDb, StoreNames<DeviceDb>[], "versionchange">;
const migrations: ((db: Db, tx: UpgradeTx) => void)[] = [
  (db) => {
    const s = db.createObjectStore("suggestions", { keyPath: "id" });
    s.createIndex("receivedAt", "receivedAt");
    s.createIndex("status", "status");
    db.createObjectStore("ledger", { keyPath: "id" }).createIndex("createdAt", "createdAt");
    const o = db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true });
    o.createIndex("id", "id", { unique: true });
    o.createIndex("status", "status");
    db.createObjectStore("senders", { keyPath: "address" });
    db.createObjectStore("kv");
  },
  (db, tx) => {
    db.createObjectStore("entities", { keyPath: "id" }).createIndex("syncSeq", "syncSeq");
    // Version 1 kept converted entities as kv `entity:<id>`: move them into the log.
    void (async () => {
      let seq = 0;
      const kv = tx.objectStore("kv");
      for (let c = await kv.openCursor(); c; c = await c.continue()) {
        if (!String(c.key).startsWith("entity:")) continue;
        const e = c.value as Entity;
        await tx.objectStore("entities").put({ ...e, deleted: false, writer: "local", syncSeq: ++seq });
        await c.delete();
      }
    })();
  },
  (db) => {
    db.createObjectStore("notices", { keyPath: "id" }).createIndex("key", "key", { unique: true });
  },
];

/** The `notices` object store as `NoticeRows`; an arrival is merged in one transaction. */
function idbNoticeRows(db: Db): NoticeRows {
  return {
    async receive(n, at, id) {
      const tx = db.transaction("notices", "readwrite");
      const row = mergeNotice(await tx.store.index("key").get(noticeKey(n)), n, at, id);
      await tx.store.put(row);
      await tx.done;
      return shownNotice(row);
    },
    active: async () => activeNotices(await db.getAll("notices")),
    async dismiss(id, at) {
      const tx = db.transaction("notices", "readwrite");
      const row = await tx.store.get(id);
      if (row && row.dismissedAt === null) await tx.store.put({ ...row, dismissedAt: at });
      await tx.done;
      return row !== undefined;
    },
  };
}

/** The `entities` object store as `EntityRows` (cursors in kv `entitySyncCursors`). */
function idbEntityRows(db: Db): EntityRows {
  const strip = ({ syncSeq: _s, ...e }: SyncedEntity & { syncSeq: number }): SyncedEntity => e;
  return {
    get: async (id) => {
      const r = await db.get("entities", id);
      return r ? strip(r) : undefined;
    },
    put: async (entity, seq) => {
      await db.put("entities", { ...entity, syncSeq: seq });
    },
    since: async (after, limit) =>
      (await db.getAllFromIndex("entities", "syncSeq", IDBKeyRange.lowerBound(after, true), limit)).map(
        (r) => ({ seq: r.syncSeq, entity: strip(r) }),
      ),
    maxSeq: async () => {
      const c = await db.transaction("entities").store.index("syncSeq").openCursor(null, "prev");
      return c?.value.syncSeq ?? 0;
    },
    list: async (kind) =>
      (await db.getAll("entities"))
        .filter((e) => e.kind === kind && !e.deleted)
        .sort((a, b) => b.createdAt - a.createdAt)
        .map(strip),
    cursors: async () => ((await db.get("kv", "entitySyncCursors")) as Record<string, number>) ?? {},
    setCursors: async (c) => {
      await db.put("kv", c, "entitySyncCursors");
    },
  };
}

/**
 * The browser device's IndexedDB: suggestions, the ledger mirror, the outbox (ordered by an
 * auto-increment key, so replay keeps the order actions were taken in), senders and settings.
 *
 * @example const store = await openDeviceStore(); await store.insertSuggestion(s);
 */
export async function openDeviceStore(name = DEVICE_DB_NAME): Promise<DeviceStore & { close(): void }> {
  const db = await openDB<DeviceDb>(name, DEVICE_DB_VERSION, {
    upgrade(db, oldVersion, _newVersion, tx) {
      for (let v = oldVersion; v < DEVICE_DB_VERSION; v++) migrations[v]!(db, tx);
    },
  });
  return {
    close: () => db.close(),
    entities: idbEntityRows(db),
    notices: idbNoticeRows(db),
    getSuggestion: (id) => db.get("suggestions", id),
    async insertSuggestion(s) {
      const tx = db.transaction("suggestions", "readwrite");
      // Check and insert in one transaction: a redelivered frame racing the first one stores once.
      if (await tx.store.getKey(s.id)) {
        await tx.done;
        return false;
      }
      await tx.store.add(s);
      await tx.done;
      return true;
    },
    putSuggestion: async (s) => {
      await db.put("suggestions", s);
    },
    deleteSuggestion: async (id) => {
      await db.delete("suggestions", id);
    },
    allSuggestions: () => db.getAll("suggestions"),
    ledgerGet: (id) => db.get("ledger", id),
    ledgerPut: async (e) => {
      await db.put("ledger", e);
    },
    ledgerList: async (selector) => filterLedger(await db.getAll("ledger"), selector),
    outboxAdd: async (item) => {
      await db.add("outbox", item as OutboxItem);
    },
    outboxPending: async () =>
      (await db.getAllFromIndex("outbox", "status", "pending")).sort((a, b) => a.seq! - b.seq!),
    outboxPut: async (item) => {
      await db.put("outbox", item);
    },
    outboxGet: (id) => db.getFromIndex("outbox", "id", id),
    sender: (address) => db.get("senders", address),
    putSender: async (r) => {
      await db.put("senders", r);
    },
    kvGet: async <T>(key: string) => (await db.get("kv", key)) as T | undefined,
    kvSet: async (key, value) => {
      await db.put("kv", value, key);
    },
  };
}
