import { senderAddress } from "@scouts/core/assistant/sender";
import { batchPlan } from "@scouts/core/device/batch-steps";
import { entityInputFor } from "@scouts/core/device/entity-log";
import { CoreError } from "@scouts/core/errors";
import type {
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
import type { AgentCtx } from "./context.ts";

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
  const updated = await ctx.stores.suggestions.update(s.id, {
    status: statusFor[request.decision],
    decidedAt: request.decision === "reopen" ? null : now,
    ...(converted ? { convertedKind: converted.kind, convertedEntityId: converted.entityId } : {}),
    ...(request.convertTo === "actionable_only" ? { bucket: "actionable" } : {}),
  });
  if (request.decision === "approve" || request.decision === "reject")
    await ctx.stores.senders.decided(senderAddress(s.from), request.decision);
  if (!updated) throw new CoreError("not_found", `no suggestion ${input.id}`);
  await teach(ctx, s, lessonsFrom(request, s.bucket));
  ctx.bus.emit({ type: "suggestion.updated", suggestion: updated });
  return { suggestion: updated, entity };
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
  for (const id of plan.ids) await decide({ ctx, input: { id, request: { decision: input.decision } } });
  return { updated: plan.ids, skipped: plan.skipped };
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
  for (const [head, label] of lessons)
    await ctx.stage2.learn({ from: s.from, subject: s.subject, snippet: s.snippet }, head, label, personal);
  await ctx.stores.personal.save(personal);
}
