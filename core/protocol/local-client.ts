import { z } from "zod";
import { CoreError } from "../errors.ts";
import type { FetchLike } from "../ports.ts";
import type * as T from "./local-api.ts";
import {
  ActionResponse,
  AskResponse,
  BatchDecisionResponse,
  Brief,
  CorrectionResponse,
  DecisionResponse,
  DiscoverResponse,
  DraftResponse,
  Entity,
  EntityList,
  LedgerPage,
  LevelPreview,
  LOCAL_API_PREFIX,
  LocalEvent,
  LocalScoutList,
  PairResponse,
  Policies,
  ReadStateRefreshResponse,
  ScreenedPage,
  ScreenedResponse,
  ScreenerState,
  Settings,
  Status,
  Suggestion,
  SuggestionPage,
  UndoResponse,
  UnsubscribePlan,
  UnsubscribeResponse,
} from "./local-api.ts";
import { ReadableMessage } from "./message.ts";
import { RemoteImage } from "./remote-image.ts";

/**
 * A typed client for the agent's loopback API, validating every answer with the shared schemas.
 * The PWA and tools use it; errors come back as CoreError with the agent's code and message.
 *
 * @example
 *   const agent = localApiClient({ fetch, baseUrl: "http://127.0.0.1:8788", token });
 *   const page = await agent.suggestions({ status: "new", limit: 50 });
 */
export function localApiClient(opts: { fetch: FetchLike; baseUrl: string; token: () => string | null }) {
  const base = `${opts.baseUrl.replace(/\/+$/, "")}${LOCAL_API_PREFIX}`;
  async function call<S extends z.ZodType>(
    schema: S,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<z.output<S>> {
    const token = opts.token();
    const res = await opts.fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as {
      error?: { code?: string; message?: string; details?: unknown };
    };
    if (!res.ok) {
      const code = (json.error?.code ??
        (res.status === 401 ? "unauthenticated" : "internal")) as ConstructorParameters<typeof CoreError>[0];
      // Validation issues ({ issues: [{ path, message }] }) go along so forms can show them per field.
      const details = json.error?.details;
      throw new CoreError(code, json.error?.message ?? `agent answered ${res.status}`, {
        ...(details && typeof details === "object" ? { details: details as Record<string, unknown> } : {}),
      });
    }
    return schema.parse(json);
  }
  const qs = (q: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined) p.set(k, String(v));
    const s = p.toString();
    return s ? `?${s}` : "";
  };
  const id = encodeURIComponent;
  return {
    pair: (code: string) => call(PairResponse, "POST", "/pair", { code }),
    devToken: () => call(PairResponse, "GET", "/dev-token"),
    status: () => call(Status, "GET", "/status"),
    suggestions: (q: Partial<T.SuggestionQuery> = {}) => call(SuggestionPage, "GET", `/suggestions${qs(q)}`),
    suggestion: (sid: string) => call(Suggestion, "GET", `/suggestions/${id(sid)}`),
    decide: (sid: string, r: T.DecisionRequest) =>
      call(DecisionResponse, "POST", `/suggestions/${id(sid)}/decision`, r),
    batch: (r: T.BatchDecisionRequest) => call(BatchDecisionResponse, "POST", "/suggestions/batch", r),
    refreshReadState: (r: T.ReadStateRefreshRequest) =>
      call(ReadStateRefreshResponse, "POST", "/suggestions/read-state", r),
    act: (sid: string, r: Partial<T.ActionRequest> & Pick<T.ActionRequest, "action">) =>
      call(ActionResponse, "POST", `/suggestions/${id(sid)}/actions`, r),
    correct: (sid: string, r: T.CorrectionRequest) =>
      call(CorrectionResponse, "POST", `/suggestions/${id(sid)}/correct`, r),
    screened: () => call(ScreenedPage, "GET", "/screened"),
    notSpam: (sid: string) => call(ScreenedResponse, "POST", `/screened/${id(sid)}/not-spam`),
    undoNotSpam: (sid: string) => call(ScreenedResponse, "POST", `/screened/${id(sid)}/undo`),
    screener: () => call(ScreenerState, "GET", "/screener"),
    setScreener: (enabled: boolean) => call(ScreenerState, "PUT", "/screener", { enabled }),
    answerScreener: (r: T.ScreenerDecisionRequest) => call(ScreenerState, "POST", "/screener/decisions", r),
    unsubscribePlan: (sid: string) => call(UnsubscribePlan, "GET", `/suggestions/${id(sid)}/unsubscribe`),
    unsubscribe: (sid: string) =>
      call(UnsubscribeResponse, "POST", `/suggestions/${id(sid)}/unsubscribe`, { confirmed: true }),
    readMessage: (sid: string) => call(ReadableMessage, "GET", `/suggestions/${id(sid)}/message`),
    /** One remote image of that message, fetched and checked by the agent (bytes for a data: URL). */
    remoteImage: (sid: string, url: string) =>
      call(RemoteImage, "GET", `/suggestions/${id(sid)}/image?url=${encodeURIComponent(url)}`),
    draft: (sid: string, instructions?: string) =>
      call(DraftResponse, "POST", `/suggestions/${id(sid)}/draft`, { instructions }),
    ledger: (q: Partial<T.LedgerQuery> = {}) => call(LedgerPage, "GET", `/ledger${qs(q)}`),
    undoOne: (ledgerId: string) => call(UndoResponse, "POST", `/ledger/${id(ledgerId)}/undo`, {}),
    undo: (r: T.UndoRequest) => call(UndoResponse, "POST", "/ledger/undo", r),
    brief: (period: T.BriefPeriod = "morning") => call(Brief, "GET", `/brief${qs({ period })}`),
    ask: (question: string, projects?: string[]) =>
      call(AskResponse, "POST", "/ask", { question, ...(projects?.length ? { projects } : {}) }),
    /** Ids of the agent's linked project folders (FOLDERS' `/projects`), newest first. */
    projectIds: async (): Promise<string[]> =>
      (await call(z.object({ items: z.array(z.object({ id: z.string() })) }), "GET", "/projects")).items.map(
        (p) => p.id,
      ),
    settings: () => call(Settings, "GET", "/settings"),
    patchSettings: (p: T.SettingsPatch) => call(Settings, "PATCH", "/settings", p),
    policies: () => call(Policies, "GET", "/policies"),
    putPolicies: (p: T.PoliciesPatch) => call(Policies, "PUT", "/policies", p),
    previewLevel: (level: number, cohort?: T.Cohort) =>
      call(LevelPreview, "GET", `/policies/preview${qs({ level, cohort })}`),
    control: (r: T.ControlRequest) => call(Status, "POST", "/control", r),
    dismissNotice: (nid: string) => call(Status, "POST", `/notices/${id(nid)}/dismiss`, {}),
    localScouts: () => call(LocalScoutList, "GET", "/local-scouts"),
    entities: (c: T.EntityCollection) => call(EntityList, "GET", `/entities/${c}`),
    createEntity: (c: T.EntityCollection, e: T.EntityInput) => call(Entity, "POST", `/entities/${c}`, e),
    patchEntity: (c: T.EntityCollection, eid: string, e: T.EntityPatch) =>
      call(Entity, "PATCH", `/entities/${c}/${id(eid)}`, e),
    deleteEntity: (c: T.EntityCollection, eid: string) =>
      call(z.object({ deleted: z.literal(true) }), "DELETE", `/entities/${c}/${id(eid)}`),
    discoverAccounts: () => call(DiscoverResponse, "GET", "/accounts/discover"),
  };
}
export type LocalApiClient = ReturnType<typeof localApiClient>;

/**
 * Parses a `text/event-stream` body (from `fetch`, so the bearer header can be sent) into events.
 *
 * @example for await (const e of readLocalEvents(res.body!)) if (e.type === "suggestion.created") ...
 */
export async function* readLocalEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<T.LocalEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const chunk = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = chunk
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trimStart())
        .join("\n");
      if (data) {
        const parsed = LocalEvent.safeParse(JSON.parse(data));
        if (parsed.success) yield parsed.data;
      }
      end = buffer.indexOf("\n\n");
    }
  }
}
