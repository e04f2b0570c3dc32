import { reversalFor } from "../assistant/ledger.ts";
import type { LedgerEntry, Suggestion, SuggestionStatus } from "../protocol/local-api.ts";
import type { OutboxRow } from "./outbox-flush.ts";

/** Sources whose mailbox the cloud changes; the others (local scouts) live on the device only. */
const CLOUD_SOURCES = new Set(["gmail", "slack", "demo"]);

/** Where a device keeps what a wake touches (the agent's libSQL file, the browser's IndexedDB). */
export interface SnoozeWakePort {
  /** Snoozed suggestions whose wake-up time is at or before `now`. */
  due(now: number): Promise<Suggestion[]>;
  /** Every ledger entry about one suggestion. */
  entriesFor(suggestionId: string): Promise<LedgerEntry[]>;
  /**
   * Records the wake: the ledger entry, then its outbox row (null for a device-only item). Both
   * are insert-if-absent, so a tick that crashed halfway is finished by the next one. Returns the
   * entry that stands (the first one recorded).
   */
  record(entry: LedgerEntry, row: OutboxRow | null): Promise<LedgerEntry>;
  /** The suggestion is back in the list. */
  woke(s: Suggestion): Promise<void>;
}

/** The wake of one snooze has one id, whichever tick or replay records it: that is what makes it once. */
export const wakeIdFor = (snoozeEntryId: string) => `wake-${snoozeEntryId}`;

/** The snooze a wake ends: the newest snooze of the suggestion still standing (applied or queued). */
export function standingSnooze(entries: readonly LedgerEntry[]): LedgerEntry | null {
  const snoozes = entries
    .filter((e) => e.action === "snooze" && !e.undoOf && e.undoneAt === null)
    .filter((e) => e.status === "applied" || e.status === "pending")
    .sort((a, b) => b.createdAt - a.createdAt || (b.id < a.id ? -1 : 1));
  return snoozes[0] ?? null;
}

/**
 * The ledger entry and outbox row that wake a snooze: `unsnooze` puts the message back in the
 * inbox through the cloud action API (Idempotency-Key = the wake id, so a replay after a lost
 * answer is applied once). It belongs to the snooze's own session and run, so undoing those
 * unwinds the wake too; undoing the wake archives the message again.
 *
 * @example wakeFor({ s, snooze, now }).entry.action // "unsnooze"
 */
export function wakeFor(args: { s: Suggestion; snooze: LedgerEntry; now: number }): {
  entry: LedgerEntry;
  row: OutboxRow | null;
} {
  const { s, snooze, now } = args;
  const id = wakeIdFor(snooze.id);
  const cloud = CLOUD_SOURCES.has(s.source);
  const entry: LedgerEntry = {
    id,
    suggestionId: s.id,
    scoutId: s.scoutId,
    action: "unsnooze",
    targetRef: s.sourceMsgRef,
    reversal: reversalFor("unsnooze"),
    reversible: true,
    actor: snooze.actor,
    runId: snooze.runId,
    sessionId: snooze.sessionId,
    undoOf: null,
    status: cloud ? "pending" : "applied",
    cloudLedgerId: null,
    error: null,
    createdAt: now,
    undoneAt: null,
  };
  if (!cloud) return { entry, row: null };
  const payload: Record<string, unknown> = { proposalId: s.id, action: "unsnooze" };
  if (snooze.runId) payload.runId = snooze.runId;
  if (snooze.sessionId) payload.sessionId = snooze.sessionId;
  return { entry, row: { id, kind: "action", ledgerId: id, payload } };
}

/**
 * Wakes every snooze whose time has come: the suggestion goes back to the list and, when the
 * snooze archived the message at the provider, a recorded `unsnooze` is queued for the cloud
 * (sent in order after the snooze itself when that is still queued too). A snooze undone before
 * its time is no longer snoozed, so it never wakes. Nothing wakes while the kill switch is on.
 *
 * @example await wakeDueSnoozes({ ctx: { port, now: Date.now(), killed: false } }) // { woken: [...], entries: [...] }
 */
export async function wakeDueSnoozes(args: {
  ctx: { port: SnoozeWakePort; now: number; killed: boolean };
}): Promise<{ woken: Suggestion[]; entries: LedgerEntry[] }> {
  const { port, now, killed } = args.ctx;
  const woken: Suggestion[] = [];
  const entries: LedgerEntry[] = [];
  if (killed) return { woken, entries };
  for (const s of await port.due(now)) {
    const snooze = standingSnooze(await port.entriesFor(s.id));
    // Only a snooze that reached (or is on its way to) the provider needs the message put back.
    if (snooze) {
      const wake = wakeFor({ s, snooze, now });
      entries.push(await port.record(wake.entry, wake.row));
    }
    const prev = (snooze?.reversal?.prevStatus as SuggestionStatus | undefined) ?? "new";
    const back: Suggestion = { ...s, status: prev === "snoozed" ? "new" : prev, snoozedUntil: null };
    await port.woke(back);
    woken.push(back);
  }
  return { woken, entries };
}
