import { senderAddress } from "@scouts/core/assistant/sender";
import { approvalAction, batchApprovalRefusal, runApproval } from "@scouts/core/device/approve-steps";
import { batchPlan } from "@scouts/core/device/batch-steps";
import { entityInputFor } from "@scouts/core/device/entity-log";
import { CoreError } from "@scouts/core/errors";
import type {
  ApprovalOutcome,
  BatchDecisionRequest,
  BatchDecisionResponse,
  CorrectionRequest,
  CorrectionResponse,
  DecisionRequest,
  DecisionResponse,
  Entity,
  Suggestion,
} from "@scouts/core/protocol/local-api";
import type { PersonalHead } from "@scouts/core/triage/personal";
import { performAction } from "./actions.ts";
import type { AgentCtx } from "./context.ts";
import { draftReply } from "./draft.ts";
import { readerFor } from "./reader.ts";
import { unsubscribe } from "./unsubscribe.ts";

const statusFor = {
  approve: "approved",
  reject: "rejected",
  archive: "archived",
  reopen: "new",
  convert: "converted",
} as const;

/**
 * Approve, reject, archive, reopen or convert a suggestion. Converting to a task, event or note
 * creates a local entity (never anything in the cloud); "actionable_only" just marks it.
 *
 * @example await decide({ ctx, input: { id, request: { decision: "convert", convertTo: "task" } } })
 */
export async function decide(args: {
  ctx: AgentCtx;
  input: { id: string; request: DecisionRequest };
}): Promise<DecisionResponse> {
  const { ctx, input } = args;
  const { request } = input;
  const s = await ctx.stores.suggestions.get(input.id);
  if (!s) throw new CoreError("not_found", `no suggestion ${input.id}`);
  const now = ctx.clock.now();
  let entity: Entity | null = null;
  let converted: { kind: string; entityId: string | null } | null = null;
  if (request.decision === "convert") {
    if (!request.convertTo) throw new CoreError("bad_input", "convert needs convertTo");
    if (request.convertTo !== "actionable_only") {
      entity = await ctx.stores.entities.create(
        request.convertTo,
        entityInputFor(s, request.convertTo, request.entity),
        s.id,
      );
      ctx.bus.emit({ type: "entity.changed", entity, deleted: false });
    }
    converted = { kind: request.convertTo, entityId: entity?.id ?? null };
  }
  let outcome: ApprovalOutcome | null = null;
  if (request.decision === "approve") {
    outcome = await approve(ctx, s, request);
    if (outcome.entityId) {
      entity = (await ctx.stores.entities.get("task", outcome.entityId)) ?? null;
      converted = { kind: "task", entityId: outcome.entityId };
    }
  }
  // Approved whatever the action did to it, but a snooze stays "snoozed" so it wakes; the
  // ledger's undo restores "new" either way.
  const snoozed = outcome?.action.kind === "snooze";
  const updated = await ctx.stores.suggestions.update(s.id, {
    ...(snoozed ? {} : { status: statusFor[request.decision] }),
    decidedAt: request.decision === "reopen" ? null : now,
    ...(converted ? { convertedKind: converted.kind, convertedEntityId: converted.entityId } : {}),
    ...(request.convertTo === "actionable_only" ? { bucket: "actionable" } : {}),
  });
  if (request.decision === "approve" || request.decision === "reject")
    await ctx.stores.senders.decided(senderAddress(s.from), request.decision);
  if (!updated) throw new CoreError("not_found", `no suggestion ${input.id}`);
  await teach(ctx, s, lessonsFrom(request, s.bucket));
  ctx.bus.emit({ type: "suggestion.updated", suggestion: updated });
  return { suggestion: updated, entity, outcome };
}

/** Runs the approved action (the person's pick or the proposal) through the device's own paths. */
async function approve(ctx: AgentCtx, s: Suggestion, request: DecisionRequest): Promise<ApprovalOutcome> {
  const settings = await ctx.stores.settings.settings();
  const now = ctx.clock.now();
  const action = approvalAction(s, request.action, {
    now,
    timeZone: settings.timezone,
    drafts: settings.llmBaseUrl !== null || ctx.envLlm !== null,
  });
  return runApproval({
    ctx: {
      act: (r) => performAction({ ctx, input: { suggestionId: s.id, request: r, initiator: "person" } }),
      draft: () => draftReply(ctx, s.id, {}),
      unsubscribe: () => unsubscribe(ctx, s.id),
      async task() {
        const entity = await ctx.stores.entities.create("task", entityInputFor(s, "task"), s.id);
        ctx.bus.emit({ type: "entity.changed", entity, deleted: false });
        return entity;
      },
    },
    input: { action, confirmed: request.confirmed === true, now },
  });
}

/**
 * Approve/reject/archive many at once, by ids or everything new in a cohort, as far as each
 * suggestion's level allows batch approve (`batchPlan`: L3+); the rest are skipped with why.
 */
export async function decideBatch(args: {
  ctx: AgentCtx;
  input: BatchDecisionRequest;
}): Promise<BatchDecisionResponse> {
  const { ctx, input } = args;
  const found: Suggestion[] = [];
  for (const id of input.ids ?? []) {
    const s = await ctx.stores.suggestions.get(id);
    if (s) found.push(s);
  }
  if (input.cohort)
    found.push(
      ...(await ctx.stores.suggestions.list({ status: "new", cohort: input.cohort, limit: 500 })).items,
    );
  const plan = batchPlan({
    input: {
      request: input,
      found,
      policies: await ctx.stores.settings.policies(),
      control: await ctx.stores.settings.control(),
      now: ctx.clock.now(),
    },
  });
  if (input.decision !== "approve") {
    for (const id of plan.ids) await decide({ ctx, input: { id, request: { decision: input.decision } } });
    return { updated: plan.ids, skipped: plan.skipped, outcomes: [] };
  }
  const settings = await ctx.stores.settings.settings();
  const proposalCtx = {
    now: ctx.clock.now(),
    timeZone: settings.timezone,
    drafts: settings.llmBaseUrl !== null || ctx.envLlm !== null,
  };
  const byId = new Map(found.map((s) => [s.id, s]));
  const updated: string[] = [];
  const skipped = [...plan.skipped];
  const outcomes: (ApprovalOutcome & { id: string })[] = [];
  for (const id of plan.ids) {
    const action = approvalAction(byId.get(id) as Suggestion, undefined, proposalCtx);
    const refusal = batchApprovalRefusal(action);
    if (refusal) {
      skipped.push({ id, reason: refusal });
      continue;
    }
    try {
      const r = await decide({ ctx, input: { id, request: { decision: "approve", action } } });
      if (r.outcome) outcomes.push({ ...r.outcome, id });
      updated.push(id);
    } catch (e) {
      skipped.push({ id, reason: (e as Error).message });
    }
  }
  return { updated, skipped, outcomes };
}

/**
 * Moves a suggestion to another bucket or cohort; the correction is stored per sender and
 * decides the next message from that sender.
 */
export async function correct(args: {
  ctx: AgentCtx;
  input: { id: string; request: CorrectionRequest };
}): Promise<CorrectionResponse> {
  const { ctx, input } = args;
  const s = await ctx.stores.suggestions.get(input.id);
  if (!s) throw new CoreError("not_found", `no suggestion ${input.id}`);
  const sender = senderAddress(s.from);
  const now = ctx.clock.now();
  const patch: Partial<Record<"bucket" | "cohort", string>> = {};
  for (const field of ["bucket", "cohort"] as const) {
    const to = input.request[field];
    if (to === undefined) continue;
    await ctx.stores.senders.addCorrection({
      id: ctx.ids(),
      suggestionId: s.id,
      sender,
      field,
      from: s[field],
      to,
      createdAt: now,
    });
    patch[field] = to;
  }
  // Move to… teaches the person's own layer, not only this sender's override.
  if (patch.bucket) await teach(ctx, s, [["bucket", patch.bucket]]);
  const updated = (await ctx.stores.suggestions.update(s.id, { ...patch, corrected: true })) as Suggestion;
  ctx.bus.emit({ type: "suggestion.updated", suggestion: updated });
  return { suggestion: updated, corrections: await ctx.stores.senders.corrections(sender) };
}

type Lesson = [PersonalHead, string];

/**
 * What a decision says about the labels: approving confirms the bucket, rejecting says it was
 * not worth the person's time, converting to a task says there is something to do (an event:
 * a meeting), a note that it was worth keeping.
 */
function lessonsFrom(request: DecisionRequest, bucket: string | null): Lesson[] {
  if (request.decision === "approve") return bucket ? [["bucket", bucket]] : [];
  if (request.decision === "reject") return [["bucket", "low_priority"]];
  if (request.decision !== "convert") return [];
  if (request.convertTo === "event")
    return [
      ["speech_act", "meet"],
      ["bucket", "actionable"],
    ];
  if (request.convertTo === "note") return [["bucket", "informational"]];
  return [["bucket", "actionable"]];
}

/** Updates the person's on-device stage-2 layer (core/triage/personal.ts); nothing leaves the device. */
async function teach(ctx: AgentCtx, s: Suggestion, lessons: Lesson[]): Promise<void> {
  if (lessons.length === 0 || !ctx.stage2?.learn) return;
  const personal = await ctx.stores.personal.load();
  // As close to what classified it as the device still has: recipients and what it knows of the reader.
  const known = await readerFor(ctx, s.from);
  const input = {
    from: s.from,
    subject: s.subject,
    snippet: s.snippet,
    ...(s.to ? { to: s.to } : {}),
    ...(known
      ? {
          reader: {
            addresses: known.addresses,
            sender: { wroteTo: known.wroteTo, repliedTo: known.repliedTo },
          },
        }
      : {}),
  };
  for (const [head, label] of lessons) await ctx.stage2.learn(input, head, label, personal);
  await ctx.stores.personal.save(personal);
}
