import { reversalFor, UNDO_REFUSED } from "../assistant/ledger.ts";
import { isTransient } from "../errors.ts";
import type { LedgerEntry } from "../protocol/local-api.ts";
import type { CloudClient } from "./cloud-client.ts";

/** A queued cloud call: an action, an undo of one, or a reply draft to save in Gmail. */
export interface OutboxRow {
  id: string;
  kind: "action" | "undo" | "draft";
  ledgerId: string | null;
  payload: Record<string, unknown>;
}

/** Where a device keeps its outbox and ledger (libSQL in the agent, IndexedDB in the PWA). */
export interface OutboxPort<R extends OutboxRow> {
  pending(): Promise<R[]>;
  killed(): Promise<boolean>;
  /** The call succeeded: mark the row done. False when it was cancelled while the call was in flight. */
  done(row: R): Promise<boolean>;
  /** Adds a row behind the pending ones (the cloud undo of an action cancelled while in flight). */
  enqueue(row: OutboxRow): Promise<void>;
  /** A transient failure: keep the row, count the attempt. */
  attempted(row: R, message: string): Promise<void>;
  failed(row: R, message: string): Promise<void>;
  ledgerGet(id: string): Promise<LedgerEntry | null | undefined>;
  /** The ledger entry the row settles changed (applied or failed). */
  settle(ledgerId: string, patch: Partial<LedgerEntry>): Promise<void>;
  /** Gmail named the draft: the suggestion keeps its id. */
  draftSaved(proposalId: string, draftId: string): Promise<void>;
  /**
   * The cloud refused to undo entry `targetLedgerId` for good (a 404, the scout gone): the entry is
   * applied again (`patch`), and the device puts its own copy back as the mailbox still has it.
   */
  undoRefused(targetLedgerId: string, patch: Partial<LedgerEntry>): Promise<void>;
}

export type FlushResult = { sent: number; stoppedBy: string | null };

/**
 * The row that undoes ledger entry `target` in the cloud, settling the undo's own entry
 * `undoEntryId` (applied or failed with the cloud's reason). Its id (the Idempotency-Key) is one
 * per entry, so the undo is applied once however often it is queued or replayed; a retry after a
 * refused undo is a new attempt with its own id.
 *
 * @example await outbox.enqueue(undoRowFor(entry, undoEntryId))
 */
export function undoRowFor(
  target: Pick<LedgerEntry, "id" | "error">,
  undoEntryId: string | null = null,
): OutboxRow {
  const retry = target.error?.startsWith(UNDO_REFUSED) && undoEntryId;
  return {
    id: retry ? `undo-${target.id}-${undoEntryId}` : `undo-${target.id}`,
    kind: "undo",
    ledgerId: undoEntryId,
    payload: { targetLedgerId: target.id },
  };
}

async function send<R extends OutboxRow>(cloud: CloudClient, port: OutboxPort<R>, item: R) {
  const { proposalId, ...body } = item.payload as { proposalId: string } & Record<string, unknown>;
  if (item.kind === "draft") {
    const res = await cloud.post<{ draftId: string; ledgerId: string }>(
      `/api/v1/items/${encodeURIComponent(proposalId)}/draft`,
      body,
      item.id,
    );
    await port.draftSaved(proposalId, res.draftId);
    // Undo becomes possible only now that Gmail named the draft.
    const reversal = reversalFor("draft_reply", { draftId: res.draftId });
    return { cloudLedgerId: res.ledgerId, reversal, reversible: true };
  }
  if (item.kind === "action") {
    const res = await cloud.post<{ ledgerId: string }>(
      `/api/v1/items/${encodeURIComponent(proposalId)}/actions`,
      body,
      item.id,
    );
    return { cloudLedgerId: res.ledgerId };
  }
  const target = await port.ledgerGet(String(item.payload.targetLedgerId));
  if (!target?.cloudLedgerId)
    throw Object.assign(new Error("the action to undo never reached the cloud"), { permanent: true });
  const res = await cloud.post<{ ledgerId?: string; undoEntries?: string[] }>(
    `/api/v1/ledger/${encodeURIComponent(target.cloudLedgerId)}/undo`,
    {},
    item.id,
  );
  return { cloudLedgerId: res.ledgerId ?? res.undoEntries?.[0] ?? null };
}

/**
 * Sends queued cloud calls strictly in order, each with its row id as Idempotency-Key, so a
 * replay after a lost answer is applied once by the cloud. Stops at the first transient failure
 * (order kept, retried on the next flush) or the kill switch; a permanent refusal marks that call
 * failed and moves on.
 *
 * @example await flushOutboxRows({ cloud, port }) // { sent: 3, stoppedBy: null }
 */
export async function flushOutboxRows<R extends OutboxRow>(args: {
  cloud: CloudClient;
  port: OutboxPort<R>;
}): Promise<FlushResult> {
  const { cloud, port } = args;
  let sent = 0;
  let killed = false;
  let again = true;
  while (again) {
    again = false;
    for (const item of await port.pending()) {
      // The kill switch stops the assistant, not the person: undos still go out.
      if (item.kind !== "undo" && (await port.killed())) {
        killed = true;
        continue;
      }
      try {
        const patch = await send(cloud, port, item);
        sent++;
        if (await port.done(item)) {
          if (item.ledgerId) await port.settle(item.ledgerId, { status: "applied", error: null, ...patch });
        } else if (item.ledgerId && item.kind === "action") {
          // Undone (or killed) while the call was in flight: the cloud applied it, so reverse it
          // there too. The entry stays cancelled; the undo row goes out on this same flush.
          await port.settle(item.ledgerId, { cloudLedgerId: patch.cloudLedgerId });
          await port.enqueue(undoRowFor({ id: item.ledgerId, error: null }));
          again = true;
        }
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        const permanent = (e as { permanent?: boolean }).permanent === true || !isTransient(e);
        if (!permanent) {
          await port.attempted(item, message);
          return { sent, stoppedBy: message };
        }
        await port.failed(item, message);
        if (item.ledgerId) await port.settle(item.ledgerId, { status: "failed", error: message });
        if (item.kind === "undo")
          await port.undoRefused(String(item.payload.targetLedgerId), {
            status: "applied",
            undoneAt: null,
            error: `${UNDO_REFUSED}${message}`,
          });
      }
    }
  }
  return { sent, stoppedBy: killed ? "kill switch" : null };
}

/**
 * One flush per key at a time: a call while one runs waits for it, then flushes again (so what
 * was queued meanwhile goes too).
 *
 * @example const flush = singleFlight<Ctx, FlushResult>((ctx) => run(ctx)); await flush(ctx);
 */
export function singleFlight<K extends object, T>(run: (key: K) => Promise<T>): (key: K) => Promise<T> {
  const running = new WeakMap<K, Promise<T>>();
  const flush = (key: K): Promise<T> => {
    const cur = running.get(key);
    if (cur) return cur.then(() => flush(key));
    const p = run(key).finally(() => running.delete(key));
    running.set(key, p);
    return p;
  };
  return flush;
}
