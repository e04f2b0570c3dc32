import { memoryEntityRows } from "@scouts/core/device/entity-sync-memory";
import {
  activeNotices,
  mergeNotice,
  noticeKey,
  type StoredNotice,
  shownNotice,
} from "@scouts/core/device/notices";
import type { LedgerEntry, Suggestion } from "@scouts/core/protocol/local-api";
import { type DeviceStore, filterLedger, type OutboxItem, type SenderRecord } from "./store-types.ts";

/**
 * The DeviceStore in memory, same semantics as the IndexedDB one (structured copies in and out),
 * for Node tests of the device logic.
 *
 * @example const store = memoryDeviceStore(); await store.insertSuggestion(s) // true
 */
export function memoryDeviceStore(): DeviceStore {
  const suggestions = new Map<string, Suggestion>();
  const ledger = new Map<string, LedgerEntry>();
  const outbox = new Map<number, OutboxItem>();
  const senders = new Map<string, SenderRecord>();
  const kv = new Map<string, unknown>();
  const notices = new Map<string, StoredNotice>();
  let seq = 0;
  const copy = <T>(v: T): T => (v === undefined ? v : structuredClone(v));
  return {
    getSuggestion: async (id) => copy(suggestions.get(id)),
    async insertSuggestion(s) {
      if (suggestions.has(s.id)) return false;
      suggestions.set(s.id, copy(s));
      return true;
    },
    putSuggestion: async (s) => void suggestions.set(s.id, copy(s)),
    deleteSuggestion: async (id) => void suggestions.delete(id),
    allSuggestions: async () => [...suggestions.values()].map(copy),
    ledgerGet: async (id) => copy(ledger.get(id)),
    ledgerPut: async (e) => void ledger.set(e.id, copy(e)),
    ledgerList: async (selector) => filterLedger([...ledger.values()].map(copy), selector),
    async outboxAdd(item) {
      if ([...outbox.values()].some((o) => o.id === item.id)) throw new Error(`outbox: duplicate ${item.id}`);
      seq++;
      outbox.set(seq, { ...copy(item), seq });
    },
    outboxPending: async () =>
      [...outbox.values()]
        .filter((o) => o.status === "pending")
        .sort((a, b) => a.seq! - b.seq!)
        .map(copy),
    outboxPut: async (item) => void outbox.set(item.seq!, copy(item)),
    outboxGet: async (id) => copy([...outbox.values()].find((o) => o.id === id)),
    sender: async (a) => copy(senders.get(a)),
    putSender: async (r) => void senders.set(r.address, copy(r)),
    kvGet: async <T>(key: string) => copy(kv.get(key)) as T | undefined,
    kvSet: async (key, value) => void kv.set(key, copy(value)),
    entities: memoryEntityRows(),
    notices: {
      async receive(n, at, id) {
        const row = mergeNotice(
          [...notices.values()].find((r) => r.key === noticeKey(n)),
          n,
          at,
          id,
        );
        notices.set(row.id, row);
        return shownNotice(row);
      },
      active: async () => activeNotices([...notices.values()].map(copy)),
      async dismiss(id, at) {
        const row = notices.get(id);
        if (!row) return false;
        notices.set(id, { ...row, dismissedAt: row.dismissedAt ?? at });
        return true;
      },
    },
  };
}
