import { travelActive } from "@scouts/core/assistant/control";
import { replyFromTemplate } from "@scouts/core/assistant/reply-templates";
import {
  dueTriage,
  proposedAction,
  scheduledCohorts,
  scheduledWork,
  triageRunId,
} from "@scouts/core/assistant/scheduled-triage";
import * as steps from "@scouts/core/device/action-steps";
import { draftLedgerEntry, draftOutcome, draftPayload } from "@scouts/core/device/draft-steps";
import type { DraftResponse, ReplyTemplate, Suggestion } from "@scouts/core/protocol/local-api";
import { type DeviceCtx, deviceAct, readPolicies, readSwitches } from "./actions.ts";
import { flushOutbox } from "./outbox.ts";
import { readSettings } from "./settings.ts";

/**
 * Saves a reply as a Gmail draft through the cloud (never sent): ledger entry, then an outbox row
 * (saved later when offline); undo deletes the draft.
 */
export async function saveDeviceDraft(
  ctx: DeviceCtx,
  s: Suggestion,
  text: string,
  by: { initiator: "person" | "assistant"; runId?: string },
): Promise<DraftResponse> {
  const entry = draftLedgerEntry({ s, id: ctx.ids(), sessionId: ctx.sessionId, now: ctx.now(), ...by });
  await ctx.store.ledgerPut(entry);
  ctx.emitLedger(entry, true);
  await ctx.store.outboxAdd({
    id: entry.id,
    kind: "draft",
    ledgerId: entry.id,
    payload: draftPayload(s, text, ctx.sessionId, by.runId),
    status: "pending",
    attempts: 0,
    lastError: null,
    createdAt: ctx.now(),
  });
  await flushOutbox({
    store: ctx.store,
    cloud: ctx.cloud,
    onLedger: (e) => ctx.emitLedger(e, false),
    onSuggestion: ctx.emitSuggestion,
  });
  return draftOutcome(text, entry.id, await ctx.store.ledgerGet(entry.id));
}

/**
 * After a proposal is stored: the assistant's reversible action, when the gate allows it
 * (effective L4+), as the agent does. Returns the ledger id, or null when it did nothing.
 */
export async function deviceAssistOnArrival(
  ctx: DeviceCtx,
  s: Suggestion,
  runId: string,
): Promise<string | null> {
  const action = proposedAction(s);
  if (!action) return null;
  return (await deviceAct(ctx, s.id, { action, runId }, "assistant")).ledgerId;
}

/** L5: a reply from one of the person's templates, saved as a draft by the assistant if the gate allows. */
export async function deviceTemplateDraft(
  ctx: DeviceCtx,
  s: Suggestion,
  template: ReplyTemplate,
  runId: string,
): Promise<DraftResponse | null> {
  const gate = steps.gateSuggestionAction({
    s,
    request: { action: "draft_reply", confirmed: false, runId },
    initiator: "assistant",
    templateId: template.id,
    policies: await readPolicies(ctx.store),
    switches: await readSwitches(ctx.store),
    now: ctx.now(),
  });
  if (!gate.allowed) return null;
  const { timezone } = await readSettings(ctx.store);
  const text = replyFromTemplate(template, s, { now: ctx.now(), timeZone: timezone });
  return saveDeviceDraft(ctx, s, text, { initiator: "assistant", runId });
}

/**
 * L5 scheduled triage in the browser while it is open, at the person's times: the same slots,
 * selection and gates as the agent's (`core/assistant/scheduled-triage.ts`).
 *
 * @example await deviceScheduledTriage(ctx) // { slot: "08:00", acted: 1, drafted: 2 } | null
 */
export async function deviceScheduledTriage(
  ctx: DeviceCtx,
): Promise<{ slot: string; acted: number; drafted: number } | null> {
  const policies = await readPolicies(ctx.store);
  const cohorts = scheduledCohorts(policies);
  if (cohorts.length === 0) return null;
  const [settings, { control }] = [await readSettings(ctx.store), await readSwitches(ctx.store)];
  const now = ctx.now();
  const done = (await ctx.store.kvGet<string[]>("triageRuns")) ?? [];
  const due = dueTriage({ now, timeZone: settings.timezone, times: policies.triageTimes, done });
  if (!due) return null;
  if (control.killed || control.paused || !settings.assistantEnabled || travelActive(control, now))
    return null;
  await ctx.store.kvSet("triageRuns", [...done.slice(-40), due.key]);
  const runId = triageRunId(due.key);
  const ledger = await ctx.store.ledgerList();
  let acted = 0;
  let drafted = 0;
  const open = (await ctx.store.allSuggestions()).filter(
    (s) => s.status === "new" && cohorts.includes(s.cohort),
  );
  for (const s of open) {
    const actions = ledger.filter((e) => e.suggestionId === s.id && e.actor !== "undo").map((e) => e.action);
    const work = scheduledWork({ input: { suggestion: s, policies, control, now, actions } });
    if (work.template && (await deviceTemplateDraft(ctx, s, work.template, runId).catch(() => null)))
      drafted++;
    if (work.action && (await deviceAssistOnArrival(ctx, s, runId))) acted++;
  }
  return { slot: due.slot, acted, drafted };
}
