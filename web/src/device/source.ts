import { answerQuestion } from "@scouts/core/assistant/ask";
import { byPriority, composeBrief } from "@scouts/core/assistant/brief";
import { briefWindow } from "@scouts/core/assistant/brief-schedule";
import { applyControl, initialControl } from "@scouts/core/assistant/control";
import {
  assertLocalLlmUrl,
  chatCompletion,
  draftPrompt,
  type LlmEndpoint,
  phraseAnswer,
} from "@scouts/core/assistant/llm-chat";
import { applyPoliciesPatch } from "@scouts/core/assistant/policies";
import { assertPolicies } from "@scouts/core/assistant/policies-check";
import { withProposal } from "@scouts/core/assistant/proposal";
import { searchFilter } from "@scouts/core/assistant/search-query";
import { senderAddress } from "@scouts/core/assistant/sender";
import { cardCohorts, withSurface } from "@scouts/core/assistant/surface";
import * as steps from "@scouts/core/device/action-steps";
import { approvalAction, batchApprovalRefusal, runApproval } from "@scouts/core/device/approve-steps";
import { batchPlan } from "@scouts/core/device/batch-steps";
import {
  createEntityLog,
  type EntityLog,
  entityInputFor,
  unknownProject,
} from "@scouts/core/device/entity-log";
import { clearHealedNotices } from "@scouts/core/device/notices";
import { ProjectEdit } from "@scouts/core/device/project-entities";
import { CoreError } from "@scouts/core/errors";
import type { Notice } from "@scouts/core/protocol/frames";
import type * as T from "@scouts/core/protocol/local-api";
import { ControlRequest, NoticeId, SettingsPatch, UnsubscribePlan } from "@scouts/core/protocol/local-api";
import { RemoteImage } from "@scouts/core/protocol/remote-image";
import { parseInput } from "@scouts/core/validate";
import type { SuggestionSource } from "../data/source.ts";
import { applyLocal, type DeviceCtx, deviceAct, deviceUndo, readPolicies, readSwitches } from "./actions.ts";
import { saveDeviceDraft } from "./assistant.ts";
import { readSettings } from "./settings.ts";
import type { DeviceStore } from "./store-types.ts";

/** Link state the device source reports in `status()`. */
export interface DeviceLinkState {
  deviceId: string | null;
  userId: string | null;
  connected: boolean;
  lastConnectedAt: number | null;
  lastError: string | null;
  stage2Runner: string | null;
}

const VERSION = "pwa-device/1";

/**
 * Suggestions a query selects, highest priority then newest first. `view: "cards"` keeps the
 * cohorts whose level shows cards (`cards`, L2+); otherwise L0 and L1 are listed too (search).
 */
export function selectSuggestions(
  all: T.Suggestion[],
  q: Partial<T.SuggestionQuery>,
  cards?: readonly T.Cohort[],
  clock: { now: number; timeZone: string } = { now: Date.now(), timeZone: "UTC" },
): T.SuggestionPage {
  // Operators (from:, is:unread, …) and free text, one parser with the agent's (bad_input if wrong).
  const search = q.q ? searchFilter(q.q, clock) : null;
  const items = all
    .filter(
      (s) =>
        (q.view !== "cards" || !cards || cards.includes(s.cohort)) &&
        (!q.status || s.status === q.status) &&
        (!q.bucket || s.bucket === q.bucket) &&
        (!q.cohort || s.cohort === q.cohort) &&
        (!q.category || s.category === q.category) &&
        (q.since === undefined || s.receivedAt >= q.since) &&
        (!search || search(s)),
    )
    .sort(byPriority);
  const offset = Number(q.cursor ?? 0) || 0;
  const limit = q.limit ?? 50;
  const page = items.slice(offset, offset + limit);
  return {
    items: page,
    nextCursor: offset + limit < items.length ? String(offset + limit) : null,
    total: items.length,
  };
}

/**
 * The browser-as-device SuggestionSource: suggestions, ledger and settings in IndexedDB, actions
 * and undo through the cloud API (outbox when offline), the same core assistant logic the agent
 * uses (autonomy gates, ledger undo, brief, search, corrections).
 *
 * @example const source = deviceSource({ ctx, link: () => state }); await source.list({ status: "new" });
 */
export function deviceSource(args: {
  ctx: Omit<DeviceCtx, "emitSuggestion" | "emitLedger">;
  link: () => DeviceLinkState;
}): SuggestionSource & {
  emit(e: T.LocalEvent): void;
  receiveNotice(n: Notice): Promise<void>;
  checkNotices(): Promise<string[]>;
  ctx: DeviceCtx;
  entityLog: EntityLog;
  /** Synced projects changed (a version from the agent won here). */
  projectsChanged(): void;
} {
  const listeners = new Set<(e: T.LocalEvent) => void>();
  const projectListeners = new Set<() => void>();
  const projectsChanged = () => {
    for (const l of projectListeners) l();
  };
  const emit = (e: T.LocalEvent) => {
    for (const l of listeners) l(e);
  };
  const ctx: DeviceCtx = {
    ...args.ctx,
    emitSuggestion: (suggestion) => emit({ type: "suggestion.updated", suggestion }),
    emitLedger: (entry, created) => emit({ type: created ? "ledger.appended" : "ledger.updated", entry }),
  };
  const store: DeviceStore = ctx.store;
  // Tasks, events and notes live here, local-first; entity sync carries them to the user's other devices.
  const entityLog = createEntityLog({
    rows: ctx.store.entities,
    now: ctx.now,
    ids: ctx.ids,
    writer: () => args.link().deviceId ?? "local",
    // Links only to projects the agent synced here (a browser cannot make projects: no folders).
    async checkProject(projectId) {
      if (!(await entityLog.projects()).some((p) => p.id === projectId)) throw unknownProject(projectId);
    },
  });
  const kindOf = { tasks: "task", events: "event", notes: "note" } as const;
  const must = async (id: string) => {
    const s = await store.getSuggestion(id);
    if (!s) throw new CoreError("not_found", `no suggestion ${id}`);
    return s;
  };
  const save = async (s: T.Suggestion) => {
    await store.putSuggestion(s);
    ctx.emitSuggestion(s);
    return s;
  };
  const settings = () => readSettings(store);
  const policies = () => readPolicies(store);
  /** A language model this browser can reach on its own machine (Settings); null = drafts off. */
  const llm = async (): Promise<LlmEndpoint | null> => {
    const s = await settings();
    if (!s.llmBaseUrl) return null;
    const apiKey = (await store.kvGet<string>("llmApiKey")) ?? null;
    return { baseUrl: s.llmBaseUrl, model: s.llmModel ?? "local", apiKey };
  };
  const doFetch = ctx.fetch ?? ((i, init) => fetch(i, init));
  // Without a start time from the device (tests), the first status call marks it.
  let startedAt = ctx.sessionStartedAt;
  const sessionStart = () => {
    startedAt ??= ctx.now();
    return startedAt;
  };

  /** Kill switch: queued cloud calls never leave; their ledger entries say so. */
  async function cancelPending() {
    for (const item of await store.outboxPending()) {
      if (item.kind === "undo") continue; // the person's undos still go out
      await store.outboxPut({ ...item, status: "cancelled" });
      const e = item.ledgerId ? await store.ledgerGet(item.ledgerId) : undefined;
      if (e) {
        const next: T.LedgerEntry = { ...e, status: "cancelled", error: "kill switch" };
        await store.ledgerPut(next);
        ctx.emitLedger(next, false);
        // The action never reached the mailbox: put the suggestion back the way it was (as the agent does).
        const s = e.suggestionId ? await store.getSuggestion(e.suggestionId) : undefined;
        if (s && e.reversal) await applyLocal(ctx, s, String(e.reversal.action), e.reversal);
      }
    }
  }

  /**
   * A reply draft written by a local model this browser reaches (never a cloud model), saved as
   * a Gmail draft through the cloud action API via the outbox (never sent).
   */
  async function draftFor(id: string, instructions?: string): Promise<T.DraftResponse> {
    const s = await must(id);
    const model = await llm();
    if (!model)
      throw new CoreError(
        "disabled",
        "reply drafts need a language model on this machine (Settings → local language model endpoint)",
      );
    if ((await readSwitches(store)).control.killed)
      throw new CoreError("disabled", "kill switch is on: resume first");
    const prompt = draftPrompt(s, instructions);
    const text = await chatCompletion({ ctx: { fetch: doFetch }, input: { llm: model, ...prompt } });
    if (s.source !== "gmail") return { text, stored: false, ledgerId: null, draftId: null };
    return saveDeviceDraft(ctx, s, text, { initiator: "person" });
  }

  /**
   * RFC 8058 one-click unsubscribe, confirmed by the person (irreversible: always ask). A
   * browser cannot check where a URI resolves nor read the sender's answer, so the cloud sends
   * it: it reads the list headers transiently and keeps only ids. Online only, never queued.
   */
  async function unsubscribeFrom(id: string): Promise<T.UnsubscribeResponse> {
    const s = await must(id);
    const request = { action: "unsubscribe" as const, confirmed: true };
    const gate = steps.gateSuggestionAction({
      s,
      request,
      initiator: "person",
      policies: await policies(),
      switches: await readSwitches(store),
      now: ctx.now(),
    });
    if (!gate.allowed) throw new CoreError("disabled", gate.reasons.join("; "));
    const entry = {
      ...steps.ledgerEntryFor({
        s,
        request,
        initiator: "person",
        id: ctx.ids(),
        sessionId: ctx.sessionId,
        now: ctx.now(),
      }),
    };
    const out = await ctx.cloud.post<T.UnsubscribeResponse>(
      `/api/v1/items/${encodeURIComponent(s.id)}/unsubscribe`,
      { confirmed: true, sessionId: ctx.sessionId },
      entry.id,
    );
    if (out.done && out.ledgerId) {
      const applied: T.LedgerEntry = { ...entry, status: "applied", cloudLedgerId: out.ledgerId };
      await store.ledgerPut(applied);
      ctx.emitLedger(applied, true);
      return { ...out, ledgerId: applied.id };
    }
    return { ...out, ledgerId: null };
  }

  /** What a proposal may offer on this device: drafts need a model this browser can reach. */
  const proposalCtx = async () => ({
    now: ctx.now(),
    timeZone: (await settings()).timezone,
    drafts: (await llm()) !== null,
  });

  /** Runs the approved action (the person's pick or the proposal) through this device's own paths. */
  async function approve(s: T.Suggestion, r: T.DecisionRequest): Promise<T.ApprovalOutcome> {
    const pctx = await proposalCtx();
    return runApproval({
      ctx: {
        act: (request) => deviceAct(ctx, s.id, request),
        draft: () => draftFor(s.id),
        unsubscribe: () => unsubscribeFrom(s.id),
        async task() {
          const entity = await entityLog.create("task", entityInputFor(s, "task"), s.id);
          emit({ type: "entity.changed", entity, deleted: false });
          return entity;
        },
      },
      input: { action: approvalAction(s, r.action, pctx), confirmed: r.confirmed === true, now: pctx.now },
    });
  }

  async function decide(id: string, r: T.DecisionRequest): Promise<T.DecisionResponse> {
    const before = await must(id);
    const now = ctx.now();
    if (r.decision === "convert" && !r.convertTo) throw new CoreError("bad_input", "convert needs convertTo");
    let entity: T.Entity | null = null;
    if (r.decision === "convert" && r.convertTo && r.convertTo !== "actionable_only") {
      entity = await entityLog.create(r.convertTo, entityInputFor(before, r.convertTo, r.entity), before.id);
      emit({ type: "entity.changed", entity, deleted: false });
    }
    const outcome = r.decision === "approve" ? await approve(before, r) : null;
    if (outcome?.entityId) entity = await entityLog.get("task", outcome.entityId);
    // Approved whatever the action did to it, but a snooze stays "snoozed" so it wakes; the
    // ledger's undo restores "new" either way.
    const s = await must(id);
    const status: T.SuggestionStatus =
      outcome?.action.kind === "snooze"
        ? s.status
        : r.decision === "approve"
          ? "approved"
          : r.decision === "reject"
            ? "rejected"
            : r.decision === "archive"
              ? "archived"
              : r.decision === "reopen"
                ? "new"
                : "converted";
    const next: T.Suggestion = {
      ...s,
      status,
      decidedAt: r.decision === "reopen" ? null : now,
      bucket: r.convertTo === "actionable_only" ? "actionable" : s.bucket,
      convertedTo:
        r.decision === "convert" && r.convertTo
          ? { kind: r.convertTo, entityId: entity?.id ?? null }
          : outcome?.entityId
            ? { kind: "task", entityId: outcome.entityId }
            : s.convertedTo,
    };
    return { suggestion: await save(next), entity, outcome };
  }

  return {
    kind: "device",
    ctx,
    emit,
    entityLog,
    entities: async (c) => ({ items: await entityLog.list(kindOf[c]) }),
    projectsChanged,
    syncedProjects: () => entityLog.projects(),
    async patchSyncedProject(id, edit) {
      const p = await entityLog.patchProject(id, parseInput(ProjectEdit, edit, "project edit"));
      if (!p) throw new CoreError("not_found", `no project ${id}`);
      projectsChanged();
      return p;
    },
    subscribeProjects(onChange) {
      projectListeners.add(onChange);
      return () => projectListeners.delete(onChange);
    },
    async patchEntity(c, id, patch) {
      const entity = await entityLog.patch(kindOf[c], id, patch);
      if (!entity) throw new CoreError("not_found", "no such entity");
      emit({ type: "entity.changed", entity, deleted: false });
      return entity;
    },
    async deleteEntity(c, id) {
      const entity = await entityLog.remove(kindOf[c], id);
      if (!entity) throw new CoreError("not_found", "no such entity");
      emit({ type: "entity.changed", entity, deleted: true });
    },
    async status() {
      const l = args.link();
      const all = await store.allSuggestions();
      const sw = await readSwitches(store);
      return {
        agentVersion: VERSION,
        deviceId: l.deviceId,
        userId: l.userId,
        paired: l.deviceId !== null,
        cloud: {
          url: globalThis.location?.origin ?? "",
          connected: l.connected,
          lastConnectedAt: l.lastConnectedAt,
          lastError: l.lastError,
        },
        control: sw.control,
        assistantEnabled: sw.assistantEnabled,
        providers: sw.providers,
        outbox: { pending: (await store.outboxPending()).length },
        suggestions: {
          total: all.length,
          new: all.filter((s) => s.status === "new").length,
          unprocessed: all.filter((s) => s.category === "unprocessed").length,
        },
        stage2: { available: l.stage2Runner !== null, runner: l.stage2Runner },
        llm: { configured: (await llm()) !== null },
        session: { id: ctx.sessionId, startedAt: sessionStart() },
        notices: await store.notices.active(),
        // Only the local agent reads mail accounts itself (IMAP needs sockets a browser has not).
        mailAccounts: [],
        now: ctx.now(),
      };
    },
    /** A notice from the hub: kept in IndexedDB until dismissed (the hub sends each one once). */
    async receiveNotice(n: Notice) {
      await store.notices.receive(n, ctx.now(), ctx.ids());
      emit({ type: "notice", kind: n.kind, message: n.message });
      emit({ type: "status.changed", status: await this.status() });
    },
    async dismissNotice(id) {
      if (!(await store.notices.dismiss(parseInput(NoticeId, id, "notice id"), ctx.now())))
        throw new CoreError("not_found", `no notice ${id}`);
      const status = await this.status();
      emit({ type: "status.changed", status });
      return status;
    },
    /** Dismisses re-authorization notices whose connection the cloud reports healthy again. */
    async checkNotices() {
      const cleared = await clearHealedNotices({
        ctx: { notices: store.notices, cloud: ctx.cloud, now: ctx.now },
      });
      if (cleared.length > 0) emit({ type: "status.changed", status: await this.status() });
      return cleared;
    },
    async list(q = {}) {
      const [p, { control }] = [await policies(), await readSwitches(store)];
      const page = selectSuggestions(await store.allSuggestions(), q, cardCohorts(p), {
        now: ctx.now(),
        timeZone: (await settings()).timezone,
      });
      const items = withSurface(page.items, { policies: p, control, now: ctx.now() });
      return { ...page, items: withProposal(items, await proposalCtx()) };
    },
    /** One suggestion as the list shows it (surface and proposal computed now, never stored). */
    async get(id) {
      const [p, { control }] = [await policies(), await readSwitches(store)];
      const items = withSurface([await must(id)], { policies: p, control, now: ctx.now() });
      return withProposal(items, await proposalCtx())[0] as T.Suggestion;
    },
    decide,
    /** Batch decisions as far as each suggestion's level allows (`batchPlan`: L3+), the rest skipped with why. */
    async batch(r) {
      const all = await store.allSuggestions();
      const found = all.filter(
        (s) => r.ids?.includes(s.id) || (r.cohort && s.status === "new" && s.cohort === r.cohort),
      );
      const plan = batchPlan({
        input: {
          request: r,
          found,
          policies: await policies(),
          control: (await readSwitches(store)).control,
          now: ctx.now(),
        },
      });
      if (r.decision !== "approve") {
        for (const id of plan.ids) await decide(id, { decision: r.decision });
        return { updated: plan.ids, skipped: plan.skipped, outcomes: [] };
      }
      const pctx = await proposalCtx();
      const updated: string[] = [];
      const skipped = [...plan.skipped];
      const outcomes: T.BatchDecisionResponse["outcomes"] = [];
      for (const id of plan.ids) {
        const action = approvalAction(await must(id), undefined, pctx);
        const refusal = batchApprovalRefusal(action);
        if (refusal) {
          skipped.push({ id, reason: refusal });
          continue;
        }
        try {
          const d = await decide(id, { decision: "approve", action });
          if (d.outcome) outcomes.push({ ...d.outcome, id });
          updated.push(id);
        } catch (e) {
          skipped.push({ id, reason: (e as Error).message });
        }
      }
      return { updated, skipped, outcomes };
    },
    act: (id, r) => deviceAct(ctx, id, r),
    async correct(id, r) {
      const s = await must(id);
      const address = senderAddress(s.from || "unknown");
      const rec = (await store.sender(address)) ?? { address, firstSeenAt: ctx.now(), corrections: [] };
      const made: T.Correction[] = [];
      for (const field of ["bucket", "cohort"] as const) {
        const to = r[field];
        if (to === undefined) continue;
        made.push({
          id: ctx.ids(),
          suggestionId: s.id,
          sender: address,
          field,
          from: s[field],
          to,
          createdAt: ctx.now(),
        });
      }
      await store.putSender({ ...rec, corrections: [...rec.corrections, ...made] });
      const next = await save({
        ...s,
        bucket: r.bucket ?? s.bucket,
        cohort: r.cohort ?? s.cohort,
        corrected: true,
      });
      return { suggestion: next, corrections: made };
    },
    draft: draftFor,
    /** The cloud reads the list headers transiently and answers the plan; nothing is sent or kept. */
    async unsubscribePlan(id) {
      const s = await must(id);
      return parseInput(
        UnsubscribePlan,
        await ctx.cloud.get<unknown>(`/api/v1/items/${encodeURIComponent(s.id)}/unsubscribe`),
        "unsubscribe plan",
      );
    },
    unsubscribe: unsubscribeFrom,
    /** One remote image of the message, fetched and checked by the Worker now; nothing is kept. */
    async loadImage(id, url) {
      const s = await must(id);
      const path = `/api/v1/items/${encodeURIComponent(s.id)}/image?url=${encodeURIComponent(url)}`;
      return parseInput(RemoteImage, await ctx.cloud.get<unknown>(path), "image");
    },
    /** The agent's deterministic answers over this browser's IndexedDB, phrased by a local model when set. */
    async ask(question) {
      const answer = answerQuestion({
        input: {
          question,
          suggestions: await store.allSuggestions(),
          policies: await policies(),
          now: ctx.now(),
          timeZone: (await settings()).timezone,
          tasks: (await entityLog.list("task")).filter((t) => !t.done),
        },
      });
      const model = await llm();
      return model
        ? phraseAnswer({ ctx: { fetch: doFetch }, input: { llm: model, question, answer } })
        : answer;
    },
    async ledger(q = {}) {
      const sel = q.runId ? { runId: q.runId } : q.sessionId ? { sessionId: q.sessionId } : undefined;
      const items = (await store.ledgerList(sel))
        .filter(
          (e) =>
            (q.since === undefined || e.createdAt >= q.since) &&
            (q.until === undefined || e.createdAt <= q.until),
        )
        .slice(0, q.limit ?? 100);
      // Subject and sender from this browser's own copy: shown here, never sent anywhere.
      return {
        items: await Promise.all(
          items.map(async (e) => {
            const s = e.suggestionId ? await store.getSuggestion(e.suggestionId) : undefined;
            return { ...e, subject: s?.subject ?? null, from: s?.from ?? null };
          }),
        ),
      };
    },
    undoOne: (ledgerId) => deviceUndo(ctx, { ledgerId }),
    undo: (r) =>
      deviceUndo(
        ctx,
        r.runId !== undefined
          ? { runId: r.runId }
          : r.sessionId !== undefined
            ? { sessionId: r.sessionId }
            : { since: r.since ?? 0, until: r.until },
      ),
    async brief(period = "morning") {
      const now = ctx.now();
      const s = await settings();
      // The browser posts no briefs, so the morning one starts at yesterday's evening time.
      const window = briefWindow({ period, now, timeZone: s.timezone, evening: s.briefEvening });
      return composeBrief({
        input: {
          suggestions: await store.allSuggestions(),
          policies: await policies(),
          period,
          since: window.since,
          now,
        },
      });
    },
    settings,
    async patchSettings(input) {
      const p = parseInput(SettingsPatch, input, "settings");
      const cur = await settings();
      const { llmApiKey, providers, ...rest } = p;
      if (rest.llmBaseUrl) assertLocalLlmUrl(rest.llmBaseUrl);
      const local = (["watchedDirectory", "localMailbox"] as const).filter((k) => rest[k]);
      if (local.length > 0)
        throw new CoreError(
          "bad_input",
          "a browser cannot read folders or mailbox files: set them in the local agent",
          {
            details: {
              issues: local.map((path) => ({
                path,
                message: "only the local agent can watch files on this computer",
              })),
            },
          },
        );
      if (llmApiKey !== undefined) await store.kvSet("llmApiKey", llmApiKey);
      const next: T.Settings = { ...cur, ...rest, providers: { ...cur.providers, ...providers } };
      await store.kvSet("settings", next);
      // Toggles and the master switch show in the shell's banner, as the agent's SSE does.
      emit({ type: "status.changed", status: await this.status() });
      return next;
    },
    policies,
    /** The same merge and checks as the agent's (templates in the sandbox, names, times); nothing saved on a problem. */
    async putPolicies(p) {
      const next = assertPolicies(applyPoliciesPatch(await policies(), p));
      await store.kvSet("policies", next);
      return next;
    },
    async control(r) {
      const state = (await store.kvGet<T.ControlState>("control")) ?? initialControl;
      await store.kvSet("control", applyControl({ state, input: parseInput(ControlRequest, r, "control") }));
      if (r.command === "kill") await cancelPending();
      const status = await this.status();
      emit({ type: "status.changed", status });
      return status;
    },
    subscribe(onEvent) {
      listeners.add(onEvent);
      return () => listeners.delete(onEvent);
    },
  };
}
