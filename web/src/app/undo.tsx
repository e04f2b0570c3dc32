import { CANCELLED_NOTHING_TO_UNDO } from "@scouts/core/assistant/ledger";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { SuggestionSource } from "../data/source.ts";
import { useConnection } from "./connection.tsx";

/**
 * What one undo reverses: ledger entries of mailbox actions and drafts (undone through the
 * cloud), tasks an approval made (deleted), and decisions on suggestions (reopened).
 */
export type Undoable = {
  what: string;
  ledgerIds: string[];
  taskIds: string[];
  reopen: string[];
  /** Waiting in the outbox (offline): it reaches the mailbox once back online. */
  queued?: boolean;
};

type Toast = { text: string; state: "done" | "undoing" | "undone" | "failed"; item: Undoable | null };

type UndoApi = {
  /** Records what just happened and shows it in the toast with its Undo. */
  push(u: Undoable, text?: string): void;
  /** An action under way: an undo asked for meanwhile waits for it, then undoes it. */
  track<T>(p: Promise<T>): Promise<T>;
  /** Undoes the newest recorded action (the `u` key, the toast's button). */
  undoLast(): Promise<void>;
  toast: Toast | null;
  dismiss(): void;
  /** Counts finished undos (done or failed): screens showing what changed read again. */
  undos: number;
};

const UndoContext = createContext<UndoApi | null>(null);

/**
 * Reverses one Undoable, newest ledger entry first. A reversal the device or cloud refused (a
 * 404, the source gone) throws with its reason, so it never reads "undone". An action the kill
 * switch cancelled before it left never reached the mailbox: it is listed in `cancelled` (nothing
 * to undo there) and the rest of the undo (tasks, reopening) still runs.
 */
export async function reverse(source: SuggestionSource, u: Undoable): Promise<{ cancelled: string[] }> {
  const cancelled: string[] = [];
  for (const id of [...u.ledgerIds].reverse()) {
    const r = await source.undoOne(id);
    const refused = r.skipped.find((x) => x.id === id);
    if (refused?.reason === CANCELLED_NOTHING_TO_UNDO) {
      cancelled.push(id);
      continue;
    }
    if (refused) throw new Error(refused.reason);
    if (!r.undone.includes(id)) throw new Error("the undo was not applied");
  }
  for (const id of u.taskIds) await source.deleteEntity?.("tasks", id);
  for (const id of u.reopen) await source.decide(id, { decision: "reopen" });
  return { cancelled };
}

/** What the toast says once an undo went through: a cancelled action had nothing to undo in the mailbox. */
export function undoneText(u: Undoable, cancelled: readonly string[]): string {
  return cancelled.length > 0 && cancelled.length === u.ledgerIds.length
    ? `${u.what}: ${CANCELLED_NOTHING_TO_UNDO} in the mailbox.`
    : `Undone: ${u.what}.`;
}

/** " Press u to undo." where a keyboard is likely; on a phone the toast's Undo button is the way. */
export function keyboardHint(): string {
  return typeof matchMedia === "function" && matchMedia("(hover: hover) and (pointer: fine)").matches
    ? " Press u to undo."
    : "";
}

/** The undo stack and its toast, above the routes, so both survive moving between screens. */
export function UndoProvider(props: { children: ReactNode }) {
  const { source } = useConnection();
  const stack = useRef<Undoable[]>([]);
  const inflight = useRef<Promise<unknown>>(Promise.resolve());
  const [toast, setToast] = useState<Toast | null>(null);
  const [undos, setUndos] = useState(0);
  // A done or undone toast steps aside after a while (u still undoes); a failed one stays.
  useEffect(() => {
    if (!toast || toast.state === "failed" || toast.state === "undoing") return;
    const t = setTimeout(() => setToast(null), 10_000);
    return () => clearTimeout(t);
  }, [toast]);
  const push = useCallback((u: Undoable, text?: string) => {
    stack.current.push(u);
    setToast({ text: text ?? `Done: ${u.what}.${keyboardHint()}`, state: "done", item: u });
  }, []);
  const track = useCallback(<T,>(p: Promise<T>): Promise<T> => {
    inflight.current = p.catch(() => {});
    return p;
  }, []);
  const undoLast = useCallback(async () => {
    await inflight.current;
    const last = stack.current.pop();
    if (!last || !source) {
      setToast({ text: "Nothing to undo.", state: "undone", item: null });
      return;
    }
    setToast({ text: `Undoing ${last.what}…`, state: "undoing", item: last });
    try {
      const { cancelled } = await reverse(source, last);
      setToast({ text: undoneText(last, cancelled), state: "undone", item: null });
    } catch (e) {
      // Kept on the stack: Retry (or u) tries the same undo again.
      stack.current.push(last);
      setToast({ text: `Undo failed: ${(e as Error).message}`, state: "failed", item: last });
    } finally {
      setUndos((n) => n + 1);
    }
  }, [source]);
  const api = useMemo(
    () => ({ push, track, undoLast, toast, dismiss: () => setToast(null), undos }),
    [push, track, undoLast, toast, undos],
  );
  return <UndoContext.Provider value={api}>{props.children}</UndoContext.Provider>;
}

export function useUndo(): UndoApi {
  const c = useContext(UndoContext);
  if (!c) throw new Error("useUndo outside UndoProvider");
  return c;
}

/** The toast: what was done, Undo (or Retry after a failed undo), and close. */
export function UndoToast() {
  const { toast, undoLast, dismiss } = useUndo();
  return (
    <div
      className={toast ? `undo-toast undo-${toast.state}` : "sr-only"}
      role="status"
      aria-label="Last action"
    >
      {toast && (
        <>
          <span className="undo-text">{toast.text}</span>
          {toast.item && toast.state === "done" && (
            <button type="button" onClick={() => void undoLast()} aria-keyshortcuts="u">
              Undo
            </button>
          )}
          {toast.state === "failed" && (
            <button type="button" onClick={() => void undoLast()}>
              Retry undo
            </button>
          )}
          <button type="button" className="link" onClick={dismiss} aria-label="Close">
            ×
          </button>
        </>
      )}
    </div>
  );
}
