import type {
  AccountDecisionFrame,
  AccountDecisionResultFrame,
  AccountRelayFrame,
  RelayedSuggestion,
} from "@scouts/core/protocol/account-relay";
import type { DeviceToHubFrame } from "@scouts/core/protocol/frames";

/** What the phone knows of the computer's mail-account suggestions (memory only, never stored). */
export interface ComputerAccountsState {
  items: RelayedSuggestion[];
  /** null: not heard yet; false: the hub says no agent is connected. */
  agentOnline: boolean | null;
  updatedAt: number | null;
}

export type ComputerDecision = Pick<AccountDecisionFrame, "op" | "action" | "ledgerId">;

/** The agent's answer, or why there is none (`agent_offline`, `offline`, `timeout`). */
export type ComputerDecisionAnswer = Omit<AccountDecisionResultFrame, "type" | "from" | "to" | "requestId">;

export interface ComputerAccounts {
  state(): ComputerAccountsState;
  subscribe(listener: (s: ComputerAccountsState) => void): () => void;
  /** Asks the agent for its list (on connect, and when the screen opens). */
  refresh(): void;
  decide(suggestionId: string, d: ComputerDecision): Promise<ComputerDecisionAnswer>;
}

/**
 * The browser device's side of the account-suggestion relay: the agent's IMAP/JMAP/local-mailbox
 * suggestions as it last sent them, and decisions sent to it (performed there, on the mail
 * server). Kept in memory only: a reload asks the agent again. Nothing is queued while the
 * computer is offline: a decision then fails with `agent_offline` and nothing is done.
 *
 * @example const accounts = createComputerAccounts({ send: (f) => link.send(f), now: Date.now });
 */
export function createComputerAccounts(opts: {
  send: (f: DeviceToHubFrame) => boolean;
  now: () => number;
  timeoutMs?: number;
}) {
  let state: ComputerAccountsState = { items: [], agentOnline: null, updatedAt: null };
  let agentId: string | null = null;
  let seq = 0;
  const listeners = new Set<(s: ComputerAccountsState) => void>();
  const pending = new Map<string, (a: ComputerDecisionAnswer) => void>();
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
      const items = [...byId.values()].sort((a, b) => b.receivedAt - a.receivedAt);
      set({ items, agentOnline: true, updatedAt: opts.now() });
      return;
    }
    if (f.type !== "account_decision_result") return;
    const done = pending.get(f.requestId);
    pending.delete(f.requestId);
    if (f.error === "agent_offline") set({ ...state, agentOnline: false });
    if (f.item) {
      const item = f.item;
      set({ ...state, items: state.items.map((x) => (x.id === item.id ? item : x)) });
    }
    const { type: _t, from: _f, to: _to, requestId: _r, ...answer } = f;
    done?.(answer);
  }

  const api: ComputerAccounts = {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh() {
      opts.send({ type: "account_suggestions_request" });
    },
    decide(suggestionId, d) {
      const requestId = `a${++seq}`;
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
        const t = setTimeout(() => {
          pending.delete(requestId);
          resolve({ ok: false, error: "timeout" });
        }, opts.timeoutMs ?? 20_000);
        pending.set(requestId, (a) => {
          clearTimeout(t);
          resolve(a);
        });
        if (!opts.send(frame)) {
          clearTimeout(t);
          pending.delete(requestId);
          resolve({ ok: false, error: "offline" });
        }
      });
    },
  };
  return { ...api, handle };
}
