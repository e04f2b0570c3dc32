import type {
  AccountDecisionFrame,
  AccountDecisionResultFrame,
  AccountFoldersFrame,
  AccountRelayFrame,
  RelayedFolder,
  RelayedSuggestion,
} from "@scouts/core/protocol/account-relay";
import type { DeviceToHubFrame } from "@scouts/core/protocol/frames";

/** What the phone knows of the computer's mail-account suggestions (memory only, never stored). */
const MAX_DECIDED = 20;

export interface ComputerAccountsState {
  items: RelayedSuggestion[];
  /** null: not heard yet; false: the hub says no agent is connected. */
  agentOnline: boolean | null;
  updatedAt: number | null;
}

/** A decision; `requestId` only to try one again that got no answer (the agent never does it twice). */
export type ComputerDecision = Pick<AccountDecisionFrame, "op" | "action" | "ledgerId"> & {
  requestId?: string;
};

/**
 * The agent's answer, or why there is none (`agent_offline`, `offline`, `timeout`). With
 * `timeout`, `retryId` tries the same request again: the agent answers it once more if it was
 * done (its answer was lost), or does it now.
 */
export type ComputerDecisionAnswer = Omit<
  AccountDecisionResultFrame,
  "type" | "from" | "to" | "requestId"
> & {
  retryId?: string;
};

export interface ComputerAccounts {
  state(): ComputerAccountsState;
  subscribe(listener: (s: ComputerAccountsState) => void): () => void;
  /** Asks the agent for its list, and again for the answers still awaited (on connect, and when the screen opens). */
  refresh(): void;
  decide(suggestionId: string, d: ComputerDecision): Promise<ComputerDecisionAnswer>;
  /** One of the computer's mail accounts' folders, read by the agent now; rejects with why in words. */
  folders(accountId: string): Promise<RelayedFolder[]>;
}

const FOLDER_ERROR_TEXT: Record<string, string> = {
  agent_offline: "your computer is offline",
  offline: "this phone is offline",
  timeout: "your computer did not answer in time",
};

/**
 * The browser device's side of the account-suggestion relay: the agent's IMAP/JMAP/local-mailbox
 * suggestions as it last sent them, and decisions sent to it (performed there, on the mail
 * server). Kept in memory only: a reload asks the agent again. Nothing is queued while the
 * computer is offline: a decision then fails with `agent_offline` and nothing is done.
 * An answer can be lost (either side's hub socket dropping mid-decision), so a decision is sent
 * again every `resendMs` and on reconnect, with the same request id, until its answer comes or
 * `timeoutMs` passes; the agent performs a request id once and repeats its answer.
 *
 * @example const accounts = createComputerAccounts({ send: (f) => link.send(f), now: Date.now });
 */
export function createComputerAccounts(opts: {
  send: (f: DeviceToHubFrame) => boolean;
  now: () => number;
  timeoutMs?: number;
  resendMs?: number;
}) {
  let state: ComputerAccountsState = { items: [], agentOnline: null, updatedAt: null };
  let agentId: string | null = null;
  let seq = 0;
  // Unique across reloads and tabs: the agent remembers answers by request id.
  const session =
    globalThis.crypto?.randomUUID?.() ?? `${opts.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const listeners = new Set<(s: ComputerAccountsState) => void>();
  /** The cards this page decided on, as last answered (memory only). */
  const decided = new Map<string, RelayedSuggestion>();
  const pending = new Map<
    string,
    { frame: DeviceToHubFrame; sent: number; done: (a: ComputerDecisionAnswer) => void }
  >();
  /** Folder reads awaiting the agent's answer (a read: sent again on reconnect, harmless twice). */
  const folderReads = new Map<string, { frame: DeviceToHubFrame; done: (f: AccountFoldersFrame) => void }>();
  const resend = () => {
    for (const p of pending.values()) if (opts.send(p.frame)) p.sent++;
    for (const r of folderReads.values()) opts.send(r.frame);
  };
  const set = (next: ComputerAccountsState) => {
    state = next;
    for (const l of listeners) l(state);
  };

  function handle(f: AccountRelayFrame): void {
    if (f.type === "account_suggestions") {
      if (!f.agentOnline) {
        agentId = null;
        set({ ...state, agentOnline: false, updatedAt: opts.now() });
        return;
      }
      agentId = f.from ?? agentId;
      const byId = new Map((f.full ? [] : state.items).map((x) => [x.id, x]));
      for (const x of f.items) byId.set(x.id, x);
      // A full list holds new items only: a card decided here stays (its Undo with it) when the
      // list is sent again (either side reconnecting between Archive and Undo).
      if (f.full)
        for (const x of decided.values()) if (!byId.has(x.id) && x.status !== "new") byId.set(x.id, x);
      const items = [...byId.values()].sort((a, b) => b.receivedAt - a.receivedAt);
      set({ items, agentOnline: true, updatedAt: opts.now() });
      return;
    }
    if (f.type === "account_folders") {
      folderReads.get(f.requestId)?.done(f);
      return;
    }
    if (f.type !== "account_decision_result") return;
    const waiting = pending.get(f.requestId);
    // A repeated answer (the request was sent again) changes nothing more.
    if (!waiting) return;
    // The hub's "no agent" to a repeat proves nothing: an earlier send may have reached the agent,
    // which is doing it now. Only the first send's refusal says nothing was done.
    if (f.error === "agent_offline" && waiting.sent > 1) return;
    pending.delete(f.requestId);
    if (f.error === "agent_offline") set({ ...state, agentOnline: false });
    if (f.item) {
      const item = f.item;
      decided.delete(item.id);
      decided.set(item.id, item);
      if (decided.size > MAX_DECIDED) decided.delete(decided.keys().next().value as string);
      set({ ...state, items: state.items.map((x) => (x.id === item.id ? item : x)) });
    }
    const { type: _t, from: _f, to: _to, requestId: _r, ...answer } = f;
    waiting.done(answer);
  }

  function folders(accountId: string): Promise<RelayedFolder[]> {
    const requestId = `${session}-f${++seq}`;
    const frame: DeviceToHubFrame = {
      type: "account_folders_request",
      requestId,
      accountId,
      ...(agentId ? { to: agentId } : {}),
    };
    const failed = (code: string) => new Error(FOLDER_ERROR_TEXT[code] ?? code);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => {
        folderReads.delete(requestId);
        reject(failed("timeout"));
      }, opts.timeoutMs ?? 20_000);
      folderReads.set(requestId, {
        frame,
        done(f) {
          clearTimeout(t);
          folderReads.delete(requestId);
          if (f.ok) resolve(f.folders ?? []);
          else reject(failed(f.error ?? "refused"));
        },
      });
      if (!opts.send(frame)) {
        clearTimeout(t);
        folderReads.delete(requestId);
        reject(failed("offline"));
      }
    });
  }

  const api: ComputerAccounts = {
    folders,
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh() {
      opts.send({ type: "account_suggestions_request" });
      resend();
    },
    decide(suggestionId, d) {
      const requestId = d.requestId ?? `${session}-${++seq}`;
      const frame: DeviceToHubFrame = {
        type: "account_decision",
        requestId,
        suggestionId,
        op: d.op,
        ...(agentId ? { to: agentId } : {}),
        ...(d.action ? { action: d.action } : {}),
        ...(d.ledgerId ? { ledgerId: d.ledgerId } : {}),
      };
      return new Promise((resolve) => {
        const again = setInterval(() => {
          const p = pending.get(requestId);
          if (p && opts.send(frame)) p.sent++;
        }, opts.resendMs ?? 4_000);
        const t = setTimeout(() => {
          clearInterval(again);
          pending.delete(requestId);
          resolve({ ok: false, error: "timeout", retryId: requestId });
        }, opts.timeoutMs ?? 20_000);
        pending.set(requestId, {
          frame,
          // A retry's earlier sends may have reached the agent: a "no agent" answer is not final for it.
          sent: d.requestId ? 2 : 1,
          done(a) {
            clearTimeout(t);
            clearInterval(again);
            resolve(a);
          },
        });
        if (!opts.send(frame)) {
          clearTimeout(t);
          clearInterval(again);
          pending.delete(requestId);
          resolve({ ok: false, error: "offline" });
        }
      });
    },
  };
  return { ...api, handle };
}
