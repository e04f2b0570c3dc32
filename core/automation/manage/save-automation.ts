import { hashToken } from "../../crypto/token-cipher.ts";
import { CoreError } from "../../errors.ts";
import type { Clock, IdGenerator } from "../../ports.ts";
import type { AutomationRecord } from "../executor/types.ts";
import type { CapabilityRegistry } from "../registry/types.ts";
import type { AutomationDefinition } from "../schema/definition-types.ts";
import type { SchemaIssue } from "../schema/json-schema.ts";
import { nextFireAt } from "../triggers/schedule.ts";
import { newWebhookToken } from "../triggers/webhook.ts";
import { validateDefinition } from "../validate-definition.ts";
import type { AutomationRepo, TriggerRowInput } from "./ports.ts";

export interface ManageCtx {
  repo: AutomationRepo;
  registry: CapabilityRegistry;
  clock: Clock;
  ids: IdGenerator;
}

function triggerRows(ctx: ManageCtx, def: AutomationDefinition, now: number): TriggerRowInput[] {
  return def.triggers.map((t, position) => ({
    id: ctx.ids(),
    position,
    type: t.type,
    eventType: t.type === "event" ? t.event_type : null,
    cron: t.type === "schedule" ? t.cron : null,
    timezone: t.type === "schedule" ? t.timezone : null,
    nextFireAt: t.type === "schedule" ? nextFireAt(t.cron, t.timezone, now) : null,
  }));
}

function validOrThrow(
  ctx: ManageCtx,
  definition: unknown,
): { def: AutomationDefinition; warnings: SchemaIssue[] } {
  const report = validateDefinition({ ctx, input: definition });
  if (!report.ok || !report.definition) {
    throw new CoreError(
      "bad_input",
      `definition is invalid: ${report.errors.map((e) => `${e.path || "/"} ${e.rule}`).join("; ")}`,
      {
        details: { issues: report.errors },
      },
    );
  }
  return { def: report.definition, warnings: report.warnings };
}

/**
 * Saves a definition a human submitted: validates it, creates the automation (version 1) or
 * bumps the version of an existing one (optimistic: `expectedVersion` must match), and issues a
 * webhook token the first time a webhook trigger appears. The token is returned once only.
 * @example const { automation, webhookToken } = await saveAutomation({ ctx, input: { userId, definition } });
 */
export async function saveAutomation({
  ctx,
  input,
}: {
  ctx: ManageCtx;
  input: { userId: string; definition: unknown; id?: string; expectedVersion?: number };
}): Promise<{ automation: AutomationRecord; warnings: SchemaIssue[]; webhookToken?: string }> {
  const { def, warnings } = validOrThrow(ctx, input.definition);
  const now = ctx.clock.now();
  const triggers = triggerRows(ctx, def, now);
  let automation: AutomationRecord | null;
  if (input.id) {
    if (input.expectedVersion === undefined)
      throw new CoreError("bad_input", "expectedVersion is required to edit");
    const current = await ctx.repo.get(input.userId, input.id);
    if (!current) throw new CoreError("not_found", "automation not found");
    automation = await ctx.repo.update({
      id: input.id,
      userId: input.userId,
      expectedVersion: input.expectedVersion,
      definition: def,
      triggers,
      now,
    });
    if (!automation)
      throw new CoreError("conflict", "the automation changed since you loaded it; reload and edit again");
  } else {
    automation = await ctx.repo.insert({
      id: ctx.ids(),
      userId: input.userId,
      definition: def,
      triggers,
      now,
    });
  }
  const hook = def.triggers.some((t) => t.type === "webhook")
    ? await ctx.repo.webhookTrigger(automation.id)
    : null;
  if (hook && !hook.tokenHash) {
    const webhookToken = newWebhookToken();
    await ctx.repo.setWebhookTokenHash(hook.triggerId, await hashToken(webhookToken), now);
    return { automation, warnings, webhookToken };
  }
  return { automation, warnings };
}

/**
 * Replaces (rotate) or removes (revoke) an automation's webhook token; the old one stops working at once.
 * @example const { webhookToken } = await rotateWebhookToken({ ctx, input: { userId, automationId, revoke: false } });
 */
export async function rotateWebhookToken({
  ctx,
  input,
}: {
  ctx: ManageCtx;
  input: { userId: string; automationId: string; revoke: boolean };
}): Promise<{ webhookToken: string | null }> {
  const automation = await ctx.repo.get(input.userId, input.automationId);
  if (!automation) throw new CoreError("not_found", "automation not found");
  const hook = await ctx.repo.webhookTrigger(automation.id);
  if (!hook) throw new CoreError("bad_input", "this automation has no webhook trigger");
  if (input.revoke) {
    await ctx.repo.setWebhookTokenHash(hook.triggerId, null, ctx.clock.now());
    return { webhookToken: null };
  }
  const webhookToken = newWebhookToken();
  await ctx.repo.setWebhookTokenHash(hook.triggerId, await hashToken(webhookToken), ctx.clock.now());
  return { webhookToken };
}
