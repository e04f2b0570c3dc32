import {
  folderDisplayName,
  type ProjectEdit,
  type SyncedProject,
} from "@scouts/core/device/project-entities";
import { ProjectList } from "@scouts/core/folders/api";
import type * as T from "@scouts/core/protocol/local-api";
import { type LocalApiClient, localApiClient, readLocalEvents } from "@scouts/core/protocol/local-client";
import type { ReadableMessage } from "@scouts/core/protocol/message";
import type { RemoteImage } from "@scouts/core/protocol/remote-image";
import type { ComputerAccounts } from "../device/account-relay.ts";

/**
 * Where the PWA's suggestions come from: the local agent over loopback (`agentSource`) or, when no
 * agent is reachable, the browser itself acting as a device (`web/src/device/**`, PWA-DEVICE).
 * Both implement this interface; the screens only ever see a `SuggestionSource`.
 *
 * @example
 *   const source = agentSource({ baseUrl: "http://127.0.0.1:8788", token: () => token });
 *   const page = await source.list({ status: "new", limit: 50 });
 *   const stop = source.subscribe((e) => e.type === "suggestion.created" && refresh());
 */
export interface SuggestionSource {
  /** "agent": the loopback agent; "device": this browser is the device. */
  readonly kind: "agent" | "device";
  status(): Promise<T.Status>;
  /** List/search (`q`) suggestions, newest/highest priority first. */
  list(query?: Partial<T.SuggestionQuery>): Promise<T.SuggestionPage>;
  get(id: string): Promise<T.Suggestion>;
  decide(id: string, request: T.DecisionRequest): Promise<T.DecisionResponse>;
  batch(request: T.BatchDecisionRequest): Promise<T.BatchDecisionResponse>;
  /** Refreshes the mailbox read state (Gmail UNREAD) of mail since then; the agent only (absent elsewhere). */
  refreshReadState?(request: T.ReadStateRefreshRequest): Promise<T.ReadStateRefreshResponse>;
  /** A mailbox write (archive, label, snooze, ...), gated by autonomy; recorded in the ledger. */
  act(
    id: string,
    request: Partial<T.ActionRequest> & Pick<T.ActionRequest, "action">,
  ): Promise<T.ActionResponse>;
  correct(id: string, request: T.CorrectionRequest): Promise<T.CorrectionResponse>;
  /** Reply draft through the local LLM; sources without one reject with CoreError("unavailable"-like). */
  draft(id: string, instructions?: string): Promise<T.DraftResponse>;
  /** How unsubscribing would work (one-click, mailto or by hand, and why), shown before the person confirms. */
  unsubscribePlan?(id: string): Promise<T.UnsubscribePlan>;
  /** RFC 8058 one-click unsubscribe after the person confirmed (irreversible); mailto/by hand otherwise. */
  unsubscribe?(id: string): Promise<T.UnsubscribeResponse>;
  /** The message itself for the reading view, fetched on demand (never kept); unsanitised HTML. */
  readMessage?(id: string): Promise<ReadableMessage>;
  /**
   * One remote image of that message, fetched and checked by the agent (the site CSP lets the
   * page show only `data:`/`blob:` pictures). Absent where nothing can fetch it safely.
   */
  loadImage?(id: string, url: string): Promise<RemoteImage>;
  /** What stage 1 set aside on the device, with "not spam" and its undo (the agent only, for now). */
  screened?(): Promise<T.ScreenedPage>;
  notSpam?(id: string): Promise<T.ScreenedResponse>;
  undoNotSpam?(id: string): Promise<T.ScreenedResponse>;
  /** The Screener for new senders: its switch, who waits, and the yes/no answers (the agent only, for now). */
  screener?(): Promise<T.ScreenerState>;
  setScreener?(enabled: boolean): Promise<T.ScreenerState>;
  answerScreener?(request: T.ScreenerDecisionRequest): Promise<T.ScreenerState>;
  ledger(query?: Partial<T.LedgerQuery>): Promise<T.LedgerPage>;
  undoOne(ledgerId: string): Promise<T.UndoResponse>;
  /** Undo by run, session or time window. */
  undo(request: T.UndoRequest): Promise<T.UndoResponse>;
  brief(period?: T.BriefPeriod): Promise<T.Brief>;
  settings(): Promise<T.Settings>;
  patchSettings(patch: T.SettingsPatch): Promise<T.Settings>;
  policies(): Promise<T.Policies>;
  putPolicies(patch: T.PoliciesPatch): Promise<T.Policies>;
  control(request: T.ControlRequest): Promise<T.Status>;
  /** The person dismissed a notice `status().notices` listed; answers the new status. */
  dismissNotice(id: string): Promise<T.Status>;
  /**
   * Ask box ("what's urgent today?"): the same deterministic answers from local data on both
   * sources, phrased by a local language model when one is configured; `projects` (agent) adds
   * their file manifests for the model.
   */
  ask?(question: string, projects?: string[]): Promise<T.AskResponse>;
  /** Tasks, events and notes made by converting suggestions (synced between the user's devices). */
  entities?(collection: T.EntityCollection): Promise<T.EntityList>;
  patchEntity?(collection: T.EntityCollection, id: string, patch: T.EntityPatch): Promise<T.Entity>;
  deleteEntity?(collection: T.EntityCollection, id: string): Promise<void>;
  /**
   * Projects as synced devices see them (name, notes, folder display name, file count, last
   * scan); files and manifests stay on the agent.
   */
  syncedProjects?(): Promise<SyncedProject[]>;
  /** Rename a project or edit its notes from this device (device mode; the agent applies it). */
  patchSyncedProject?(id: string, edit: ProjectEdit): Promise<SyncedProject>;
  /** Called when synced projects change (device mode); returns an unsubscribe function. */
  subscribeProjects?(onChange: () => void): () => void;
  /** The agent's own scouts (watched directory, local mailbox) and their state; agent only. */
  localScouts?(): Promise<T.LocalScoutList>;
  /** Device mode: the computer's mail-account suggestions, relayed by the hub (`device/account-relay.ts`). */
  computerAccounts?: ComputerAccounts;
  /** Change events (same union as the agent's SSE stream); returns an unsubscribe function. */
  subscribe(onEvent: (event: T.LocalEvent) => void): () => void;
}

export type AgentSourceOptions = {
  baseUrl: string;
  token: () => string | null;
  fetch?: typeof fetch;
};

/** The agent-backed source: local-client for calls, a fetch-based SSE reader (bearer header) for events. */
export function agentSource(opts: AgentSourceOptions): SuggestionSource & { client: LocalApiClient } {
  const doFetch = opts.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const client = localApiClient({ fetch: doFetch, baseUrl: opts.baseUrl, token: opts.token });
  return {
    kind: "agent",
    client,
    status: () => client.status(),
    list: (q) => client.suggestions(q),
    get: (id) => client.suggestion(id),
    decide: (id, r) => client.decide(id, r),
    batch: (r) => client.batch(r),
    refreshReadState: (r) => client.refreshReadState(r),
    act: (id, r) => client.act(id, r),
    correct: (id, r) => client.correct(id, r),
    draft: (id, instructions) => client.draft(id, instructions),
    unsubscribePlan: (id) => client.unsubscribePlan(id),
    unsubscribe: (id) => client.unsubscribe(id),
    readMessage: (id) => client.readMessage(id),
    loadImage: (id, url) => client.remoteImage(id, url),
    screened: () => client.screened(),
    notSpam: (id) => client.notSpam(id),
    undoNotSpam: (id) => client.undoNotSpam(id),
    screener: () => client.screener(),
    setScreener: (enabled) => client.setScreener(enabled),
    answerScreener: (r) => client.answerScreener(r),
    ledger: (q) => client.ledger(q),
    undoOne: (ledgerId) => client.undoOne(ledgerId),
    undo: (r) => client.undo(r),
    brief: (period) => client.brief(period),
    settings: () => client.settings(),
    patchSettings: (p) => client.patchSettings(p),
    policies: () => client.policies(),
    putPolicies: (p) => client.putPolicies(p),
    control: (r) => client.control(r),
    dismissNotice: (id) => client.dismissNotice(id),
    // The agent's linked projects go along, so its local model can name the file that covers a topic.
    ask: async (question, projects) =>
      client.ask(question, projects ?? (await client.projectIds().catch(() => [])).slice(0, 20)),
    entities: (c) => client.entities(c),
    patchEntity: (c, id, patch) => client.patchEntity(c, id, patch),
    deleteEntity: async (c, id) => void (await client.deleteEntity(c, id)),
    // Tasks and notes show their project's name; the agent's own list is the source here.
    async syncedProjects() {
      const token = opts.token();
      const res = await doFetch(`${opts.baseUrl.replace(/\/+$/, "")}/local/v1/projects`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!res.ok) throw new Error(`the agent answered ${res.status} for its projects`);
      return ProjectList.parse(await res.json()).items.map((p) => ({
        id: p.id,
        name: p.name,
        notes: p.notes ?? "",
        folderName: p.folder ? folderDisplayName(p.folder.path) : null,
        fileCount: p.folder?.fileCount ?? 0,
        lastScanAt: p.folder?.scan.finishedAt ?? null,
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
      }));
    },
    subscribe: shareEvents((emit) => subscribeAgentEvents(opts, doFetch, emit)),
    localScouts: () => client.localScouts(),
  };
}

/**
 * Fans one event stream out to every subscriber: the first opens it, the last closes it, so the
 * shell's status banner and the open screen share one SSE connection to the agent.
 */
export function shareEvents(
  open: (emit: (event: T.LocalEvent) => void) => () => void,
): (onEvent: (event: T.LocalEvent) => void) => () => void {
  const listeners = new Set<(event: T.LocalEvent) => void>();
  let close: (() => void) | null = null;
  return (onEvent) => {
    // A wrapper per call: the same function subscribed twice is two subscriptions.
    const listener = (e: T.LocalEvent) => onEvent(e);
    listeners.add(listener);
    close ??= open((e) => {
      for (const l of [...listeners]) l(e);
    });
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && close) {
        close();
        close = null;
      }
    };
  };
}

/** Keeps one SSE connection open, reconnecting with capped backoff until unsubscribed. */
function subscribeAgentEvents(
  opts: AgentSourceOptions,
  doFetch: typeof fetch,
  onEvent: (event: T.LocalEvent) => void,
): () => void {
  const abort = new AbortController();
  const url = `${opts.baseUrl.replace(/\/+$/, "")}/local/v1/events`;
  void (async () => {
    let delay = 500;
    while (!abort.signal.aborted) {
      try {
        const token = opts.token();
        const res = await doFetch(url, {
          headers: { accept: "text/event-stream", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          signal: abort.signal,
        });
        if (res.ok && res.body) {
          delay = 500;
          for await (const event of readLocalEvents(res.body)) onEvent(event);
        }
      } catch {
        // Network drop or abort: fall through to the backoff below.
      }
      if (abort.signal.aborted) return;
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 15_000);
    }
  })();
  return () => abort.abort();
}
