import type { UndoSelector } from "@scouts/core/assistant/ledger";
import type { EntityRows } from "@scouts/core/device/entity-log";
import type { NoticeRows } from "@scouts/core/device/notices";
import type { Correction, LedgerEntry, Suggestion } from "@scouts/core/protocol/local-api";

/** A cloud call waiting to be sent; `seq` orders replay, `id` is the Idempotency-Key. */
export interface OutboxItem {
  seq?: number;
  id: string;
  kind: "action" | "undo" | "draft";
  /** The local ledger entry this call settles (actions), or null (undos). */
  ledgerId: string | null;
  payload: Record<string, unknown>;
  status: "pending" | "done" | "failed" | "cancelled";
  attempts: number;
  lastError: string | null;
  createdAt: number;
}

/** What the device keeps about a sender: seen before (first contact) and the person's corrections. */
export interface SenderRecord {
  address: string;
  firstSeenAt: number;
  corrections: Correction[];
}

/**
 * The browser device's storage: IndexedDB in the PWA (`store.ts`), an in-memory twin for Node
 * tests (`memory-store.ts`). Same semantics in both.
 */
export interface DeviceStore {
  getSuggestion(id: string): Promise<Suggestion | undefined>;
  /** False when a suggestion with this id is already stored (proposals are redelivered). */
  insertSuggestion(s: Suggestion): Promise<boolean>;
  putSuggestion(s: Suggestion): Promise<void>;
  /** Removes one (the Screener held it again, or "not spam" was taken back). */
  deleteSuggestion(id: string): Promise<void>;
  allSuggestions(): Promise<Suggestion[]>;
  ledgerGet(id: string): Promise<LedgerEntry | undefined>;
  ledgerPut(entry: LedgerEntry): Promise<void>;
  ledgerList(selector?: UndoSelector): Promise<LedgerEntry[]>;
  outboxAdd(item: Omit<OutboxItem, "seq">): Promise<void>;
  outboxPending(): Promise<OutboxItem[]>;
  outboxPut(item: OutboxItem): Promise<void>;
  outboxGet(id: string): Promise<OutboxItem | undefined>;
  sender(address: string): Promise<SenderRecord | undefined>;
  putSender(r: SenderRecord): Promise<void>;
  kvGet<T>(key: string): Promise<T | undefined>;
  kvSet(key: string, value: unknown): Promise<void>;
  /** Tasks, events and notes with their sync log (`core/device/entity-log.ts`). */
  entities: EntityRows;
  /** The cloud's notices until dismissed (`core/device/notices.ts`): one per scout and kind. */
  notices: NoticeRows;
}

/** Ledger entries a selector names, newest first. */
export function filterLedger(all: LedgerEntry[], selector?: UndoSelector): LedgerEntry[] {
  const out = all.filter((e) => {
    if (!selector) return true;
    if ("ledgerId" in selector) return e.id === selector.ledgerId;
    if ("runId" in selector) return e.runId === selector.runId;
    if ("sessionId" in selector) return e.sessionId === selector.sessionId;
    return e.createdAt >= selector.since && (selector.until === undefined || e.createdAt <= selector.until);
  });
  return out.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
}
