import { hashToken } from "../../crypto/token-cipher.ts";
import { CoreError } from "../../errors.ts";
import { utcDay } from "../executor/daily-limits.ts";
import { startRuns } from "../executor/start-runs.ts";
import type { AutomationRecord, ExecutorCtx } from "../executor/types.ts";
import { compileSchema } from "../schema/json-schema.ts";
import type { TriggerStore } from "./ports.ts";

/** A new webhook bearer token: shown once, only its hash is kept. */
export function newWebhookToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `swh_${btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "")}`;
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

async function startFromBody(
  ctx: ExecutorCtx,
  automation: AutomationRecord,
  runId: string,
  rawBody: unknown,
) {
  const body = rawBody && typeof rawBody === "object" ? (rawBody as Record<string, unknown>) : {};
  const spec = automation.definition.triggers.find((t) => t.type === "webhook");
  if (spec?.type === "webhook" && spec.payload_schema) {
    const issues = compileSchema(spec.payload_schema)(body);
    if (issues.length) {
      throw new CoreError(
        "bad_input",
        `body: ${issues.map((i) => `${i.path || "/"} ${i.message}`).join("; ")}`,
        { details: { issues } },
      );
    }
  }
  const inputs =
    body.inputs && typeof body.inputs === "object" ? (body.inputs as Record<string, unknown>) : undefined;
  const [outcome] = await startRuns({
    ctx,
    input: [
      { automation, triggerType: "webhook", triggerPayload: body, runId, ...(inputs ? { inputs } : {}) },
    ],
  });
  return outcome;
}

export interface WebhookFireInput {
  automationId: string;
  token: string;
  idempotencyKey?: string;
  body: unknown;
}

/**
 * Fires an automation's webhook trigger. The bearer token must hash to this automation's
 * trigger (another automation's token is refused); an `Idempotency-Key` seen in the last 24 h
 * returns the run it started instead of starting another.
 * @example await fireWebhook({ ctx, input: { automationId, token, idempotencyKey: "k1", body: {} } }) // { runId, duplicate: false }
 */
export async function fireWebhook({
  ctx,
  input,
}: {
  ctx: ExecutorCtx & { triggers: TriggerStore };
  input: WebhookFireInput;
}): Promise<{ runId: string; duplicate: boolean }> {
  const trigger = await ctx.triggers.webhookTrigger(input.automationId);
  const hash = await hashToken(input.token);
  if (!trigger?.tokenHash || !timingSafeEqual(trigger.tokenHash, hash)) {
    throw new CoreError("unauthenticated", "webhook token is not valid for this automation");
  }
  const automation = await ctx.triggers.automation(input.automationId);
  if (!automation) throw new CoreError("not_found", "automation not found");
  const runId = ctx.ids();
  const key = input.idempotencyKey;
  if (key !== undefined) {
    if (!/^[\x21-\x7e]{1,200}$/.test(key))
      throw new CoreError("bad_input", "Idempotency-Key must be 1-200 visible ASCII characters");
    const existing = await ctx.triggers.claimIdempotencyKey({
      triggerId: trigger.triggerId,
      key,
      runId,
      now: ctx.clock.now(),
    });
    if (existing) return { runId: existing, duplicate: true };
  }
  let outcome: Awaited<ReturnType<typeof startRuns>>[number] | undefined;
  try {
    outcome = await startFromBody(ctx, automation, runId, input.body);
  } catch (e) {
    // Nothing was started: the client's retry with the same key must be able to start it.
    if (key !== undefined) await ctx.triggers.releaseIdempotencyKey(trigger.triggerId, key);
    throw e;
  }
  if (outcome && (outcome.status === "enqueued" || outcome.status === "waiting")) {
    return { runId: outcome.runId, duplicate: false };
  }
  if (key !== undefined) await ctx.triggers.releaseIdempotencyKey(trigger.triggerId, key);
  const reason = outcome && "reason" in outcome ? outcome.reason : "not started";
  if (reason === "budget_exceeded")
    throw new CoreError("budget_exceeded", "the automation's budget is lower than its estimated cost");
  if (reason.startsWith("inputs") || reason.startsWith("schema refused"))
    throw new CoreError("bad_input", reason);
  if (reason === "disabled") throw new CoreError("disabled", "the automation is disabled");
  if (reason === "daily_run_cap" || reason === "daily_spend_cap") {
    const { resetsAt } = utcDay(ctx.clock.now());
    throw new CoreError(
      "rate_limited",
      reason === "daily_run_cap"
        ? "this account started its daily number of automation runs; more can start after midnight UTC"
        : "this account's automations spent their daily budget; more can start after midnight UTC",
      { retryAfterSeconds: Math.ceil((resetsAt - ctx.clock.now()) / 1000) },
    );
  }
  throw new CoreError("conflict", `run not started: ${reason}`);
}
