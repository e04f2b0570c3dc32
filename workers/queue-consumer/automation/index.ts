import { executeOnFailure, executeRun } from "@scouts/core/automation/executor/execute-run";
import type { QueueLane } from "@scouts/core/automation/executor/types";
import { dispatchEvent } from "@scouts/core/automation/triggers/dispatch-event";
import { startFiredRun } from "@scouts/core/automation/triggers/dispatch-schedules";
import { isCoreError, isTransient } from "@scouts/core/errors";
import { MAX_QUEUE_DELAY_SECONDS } from "@scouts/core/pipeline/backoff";
import { z } from "zod";
import type { Env } from "../../env.ts";
import {
  type AutomationCtx,
  type AutomationOverrides,
  createAutomationCtx,
  forUser,
} from "../../shared/automation-deps.ts";

const AutomationMessage = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("automation.run"), runId: z.string().min(1).max(100) }),
  z.object({ kind: z.literal("automation.event"), eventId: z.string().min(1).max(100) }),
  z.object({ kind: z.literal("automation.on_failure"), runId: z.string().min(1).max(100) }),
  z.object({
    kind: z.literal("automation.fire"),
    automationId: z.string().min(1).max(100),
    triggerType: z.literal("schedule"),
    triggerPayload: z.record(z.string(), z.union([z.string(), z.number()])),
  }),
]);

/**
 * Deliveries a run message may use for step waits before it needs a fresh message: the long lane's
 * `max_retries` is 3, and a message past its lane's retries goes to the dead-letter queue.
 */
const RETRIES_FOR_WAITS = 3;

/**
 * A step's retry wait, waited out by the queue: the same message comes back after the wait
 * (`retry({ delaySeconds })`, up to the queue's 12 h), or a fresh delayed one once this one has
 * used the retries its lane allows.
 */
async function waitOnQueue(
  ctx: AutomationCtx,
  msg: Message<unknown>,
  lane: QueueLane,
  runId: string,
  waitMs: number,
): Promise<void> {
  const delaySeconds = Math.min(Math.max(1, Math.ceil(waitMs / 1000)), MAX_QUEUE_DELAY_SECONDS);
  ctx.logger.log("info", "automation.queue.run_waits", { runId, delaySeconds, attempts: msg.attempts });
  if (msg.attempts < RETRIES_FOR_WAITS) {
    msg.retry({ delaySeconds });
    return;
  }
  await ctx.queue.send(lane, [{ kind: "automation.run", runId }], delaySeconds);
  msg.ack();
}

/**
 * Handles the scouts-automation-fast/medium/long queues: run messages execute (or resume) a run,
 * fire messages start a scheduled run, event messages dispatch a stored event to subscribers and event triggers. Permanent failures
 * are acked and logged; transient ones retry with backoff (then the DLQ).
 */
export function createAutomationBatchHandler(overrides: AutomationOverrides = {}) {
  return async function handleAutomationBatch(
    batch: MessageBatch<unknown>,
    env: Env,
    _ctx: ExecutionContext,
  ): Promise<void> {
    const ctx = createAutomationCtx(env, overrides);
    for (const msg of batch.messages) {
      const parsed = AutomationMessage.safeParse(msg.body);
      if (!parsed.success) {
        ctx.logger.log("error", "automation.queue.bad_message", { queue: batch.queue });
        msg.ack();
        continue;
      }
      try {
        if (parsed.data.kind === "automation.run") {
          const run = await ctx.store.getRun(parsed.data.runId);
          const userCtx = run ? await forUser(ctx, run.userId) : ctx;
          // "leased": another delivery is executing it; if that one dies, its own message comes back.
          const outcome = await executeRun({ ctx: userCtx, input: { runId: parsed.data.runId } });
          if (typeof outcome === "object") {
            await waitOnQueue(ctx, msg, run?.queue ?? "fast", parsed.data.runId, outcome.waitMs);
            continue;
          }
          ctx.logger.log("info", "automation.queue.run", { runId: parsed.data.runId, outcome });
        } else if (parsed.data.kind === "automation.on_failure") {
          const run = await ctx.store.getRun(parsed.data.runId);
          const userCtx = run ? await forUser(ctx, run.userId) : ctx;
          const outcome = await executeOnFailure({ ctx: userCtx, input: { runId: parsed.data.runId } });
          ctx.logger.log("info", "automation.queue.on_failure", { runId: parsed.data.runId, outcome });
        } else if (parsed.data.kind === "automation.fire") {
          const owner = await ctx.triggers.automation(parsed.data.automationId);
          const userCtx = owner ? await forUser(ctx, owner.userId) : ctx;
          const outcome = await startFiredRun({ ctx: userCtx, input: parsed.data });
          ctx.logger.log("info", "automation.queue.fire", {
            automationId: parsed.data.automationId,
            outcome: outcome.status,
          });
        } else {
          const r = await dispatchEvent({ ctx, input: { eventId: parsed.data.eventId } });
          ctx.logger.log("info", "automation.queue.event", {
            eventId: parsed.data.eventId,
            matched: r.matched,
          });
        }
        msg.ack();
      } catch (e) {
        const code = isCoreError(e) ? e.code : "internal";
        if (isTransient(e)) {
          ctx.logger.log("warn", "automation.queue.retry", { code, attempts: msg.attempts });
          msg.retry({ delaySeconds: Math.min(2 ** msg.attempts * 5, 900) });
        } else {
          ctx.logger.log("error", "automation.queue.failed", { code });
          msg.ack();
        }
      }
    }
  };
}

export const handleAutomationBatch = createAutomationBatchHandler();
