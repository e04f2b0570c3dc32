import { publish } from "../../events/publish.ts";
import type { StepDefinition } from "../schema/definition-types.ts";
import { backoffMs, maxAttempts } from "./backoff.ts";
import { executeStep, type StepWait, safeToRepeat } from "./execute-step.ts";
import { releaseWaiting } from "./release-waiting.ts";
import { buildRunScope, type RunScope } from "./run-scope.ts";
import {
  type ExecutorCtx,
  type RunError,
  type RunRecord,
  type RunStatus,
  type StepRecord,
  terminalStatuses,
} from "./types.ts";

export const DEFAULT_RUN_TIMEOUT_MS = 5 * 60_000;

/**
 * How long a lease outlives the work it covers: the holder renews it before every attempt, so a
 * holder that died is taken over this long after its last renewal.
 */
export const LEASE_MARGIN_MS = 30_000;

/**
 * `{ waiting, waitMs }`: a step's retry wait was handed back (its attempts saved, the lease
 * released); the caller has the run redelivered after `waitMs` (the queue's `retry({ delaySeconds })`).
 */
export type ExecuteOutcome = RunOutcome | { waiting: string; waitMs: number };

/** How a run's execution ended (or why nothing was executed). */
export type RunOutcome = RunStatus | "missing" | "already_finished" | "retry_scheduled" | "leased";

type Phase =
  | { status: "succeeded" }
  | { status: "lost" }
  | { status: "waiting"; stepId: string; waitMs: number }
  | { status: "failed" | "timed_out" | "cancelled"; error: RunError };

/** Renews the executor's lease until the given time; false when the run is no longer its own. */
export type LeaseRenewal = (until: number) => Promise<boolean>;

async function runPhase(
  ctx: ExecutorCtx,
  run: RunRecord,
  steps: StepDefinition[],
  phase: StepRecord["phase"],
  done: Map<string, StepRecord>,
  scope: RunScope,
  deadline: number,
  lease: LeaseRenewal,
): Promise<Phase> {
  const budget = run.definition.execution?.budget?.max_cost_usd;
  for (const [position, step] of steps.entries()) {
    const prior = done.get(step.id);
    if (prior && (prior.status === "succeeded" || prior.status === "skipped")) continue;
    if (phase === "main") {
      const current = await ctx.store.getRun(run.id);
      if (current?.status === "cancelled")
        return {
          status: "cancelled",
          error: { step: step.id, code: "cancelled", message: "run was cancelled" },
        };
      if (ctx.clock.now() >= deadline)
        return {
          status: "timed_out",
          error: { step: step.id, code: "timeout", message: "run deadline reached" },
        };
      const estimate = ctx.registry.get(step.action)?.costEstimateUsd ?? 0;
      if (budget !== undefined && run.costUsd + estimate > budget) {
        return {
          status: "failed",
          error: {
            step: step.id,
            code: "budget_exceeded",
            message: `step would exceed the $${budget} budget`,
          },
        };
      }
    }
    const startedAt = prior?.status === "waiting" ? prior.startedAt : ctx.clock.now();
    // A step resumed after a handed-back wait goes on at its next attempt; its earlier attempts
    // in this run attempt are already counted in `prior.attempts`.
    const resumeAt = prior?.status === "waiting" ? (prior.resumeAttempt ?? 1) : 1;
    const attemptsSoFar = (prior?.attempts ?? 0) - (resumeAt - 1);
    const cap = ctx.registry.get(step.action);
    if (prior?.status === "running" && cap && !safeToRepeat(cap)) {
      // A restart interrupted this step mid-call: it may have posted already, and this sink
      // cannot dedupe, so it is not called again.
      const error = {
        step: step.id,
        code: "timeout",
        message: "interrupted by a restart while running; not repeated, it may already have taken effect",
        mayHaveLanded: true as const,
      };
      await ctx.store.saveStep(run.id, {
        ...prior,
        status: "timed_out",
        error,
        finishedAt: ctx.clock.now(),
      });
      if (phase === "on_failure") continue;
      return { status: "failed", error };
    }
    await ctx.store.saveStep(run.id, {
      stepId: step.id,
      phase,
      position,
      status: "running",
      attempts: prior?.attempts ?? 0,
      output: null,
      error: null,
      costUsd: 0,
      startedAt,
      finishedAt: null,
    });
    const rec = await executeStep(ctx, run, step, position, phase, scope, deadline, lease, {
      firstAttempt: resumeAt,
      handBack: phase === "main",
    });
    if (rec === "lost") return { status: "lost" };
    if (isWait(rec)) {
      await ctx.store.saveStep(run.id, {
        ...rec.waiting,
        startedAt,
        attempts: rec.waiting.attempts + attemptsSoFar,
      });
      return { status: "waiting", stepId: step.id, waitMs: rec.waitMs };
    }
    rec.attempts += attemptsSoFar;
    rec.startedAt = startedAt;
    await ctx.store.saveStep(run.id, rec);
    run.costUsd += rec.costUsd;
    scope.cost_usd = run.costUsd;
    if (rec.costUsd) await ctx.store.updateRun(run.id, { costUsd: run.costUsd });
    if (rec.status === "succeeded" || rec.status === "skipped") {
      scope.steps[step.id] = { status: rec.status, output: rec.output };
      if (step.output_as && rec.status === "succeeded") scope.outputs[step.output_as] = rec.output;
      if (phase === "main" && budget !== undefined && run.costUsd > budget) {
        return {
          status: "failed",
          error: {
            step: step.id,
            code: "budget_exceeded",
            message: `spent $${run.costUsd.toFixed(4)} of a $${budget} budget`,
          },
        };
      }
      continue;
    }
    const error = rec.error ?? { step: step.id, code: "internal", message: "step failed" };
    if (phase === "on_failure") continue;
    return { status: ctx.clock.now() >= deadline ? "timed_out" : "failed", error };
  }
  return { status: "succeeded" };
}

/**
 * Executes (or resumes) one run: sequential steps with `when`, `output_as`, retries, timeouts and
 * the budget; state is saved after every step so a restarted Worker resumes where it stopped and
 * never repeats a succeeded step. On failure: an automation-level retry re-enqueues the run, else
 * `on_failure` steps run with `run.error`. Ends by publishing `automation.run.succeeded|failed`.
 * @example await executeRun({ ctx, input: { runId } }) // "succeeded"
 */
export async function executeRun({
  ctx,
  input,
}: {
  ctx: ExecutorCtx;
  input: { runId: string };
}): Promise<ExecuteOutcome> {
  const run = await ctx.store.getRun(input.runId);
  if (!run) return "missing";
  if (terminalStatuses.has(run.status)) return "already_finished";
  // A redelivery while another executor holds the run finds the lease fresh and leaves it be.
  const holder = `exec:${ctx.ids()}`;
  const claimedAt = ctx.clock.now();
  const claim = await ctx.store.claimRun(run.id, holder, claimedAt, claimedAt + LEASE_MARGIN_MS);
  if (claim === "leased") return "leased";
  if (claim !== "claimed") return claim === "missing" ? "missing" : "already_finished";
  const lease: LeaseRenewal = (until) => ctx.store.renewLease(run.id, holder, until);
  const fresh = (await ctx.store.getRun(run.id)) ?? run;
  const def = fresh.definition;
  const deadline =
    (fresh.startedAt ?? ctx.clock.now()) + (def.execution?.timeout_ms ?? DEFAULT_RUN_TIMEOUT_MS);
  const stepRecords = await ctx.store.listSteps(fresh.id);
  const done = new Map(stepRecords.map((s) => [s.stepId, s]));
  const scope = buildRunScope(fresh, stepRecords);
  const result = await runPhase(ctx, fresh, def.plan.steps, "main", done, scope, deadline, lease);
  if (result.status === "lost") return lost(ctx, fresh);
  if (result.status === "waiting") {
    // Released, not ended: the redelivery claims it at once instead of finding it "leased".
    if (!(await lease(ctx.clock.now()))) return lost(ctx, fresh);
    ctx.logger.log("info", "automation.step.handed_back", {
      runId: fresh.id,
      step: result.stepId,
      waitMs: result.waitMs,
    });
    return { waiting: result.stepId, waitMs: result.waitMs };
  }
  if (result.status === "succeeded") return finish(ctx, fresh, holder, "succeeded", null);
  if (
    result.status === "failed" &&
    result.error.code !== "budget_exceeded" &&
    !(result.error.mayHaveLanded && !repeatable(ctx, def, result.error.step)) &&
    fresh.attempt < maxAttempts(def.execution?.retry)
  ) {
    const delayMs = backoffMs(def.execution?.retry, fresh.attempt + 1);
    const requeued = await ctx.store.endIfHeld(fresh.id, holder, {
      status: "pending",
      attempt: fresh.attempt + 1,
      error: result.error,
    });
    if (!requeued) return lost(ctx, fresh);
    await ctx.queue.send(
      fresh.queue,
      [{ kind: "automation.run", runId: fresh.id }],
      Math.ceil(delayMs / 1000),
    );
    ctx.logger.log("info", "automation.run.retry", { runId: fresh.id, attempt: fresh.attempt + 1 });
    return "retry_scheduled";
  }
  if (result.status !== "cancelled" && def.plan.on_failure?.length) {
    scope.error = result.error;
    const after = await runPhase(
      ctx,
      fresh,
      def.plan.on_failure,
      "on_failure",
      done,
      scope,
      Number.POSITIVE_INFINITY,
      lease,
    );
    if (after.status === "lost") return lost(ctx, fresh);
  }
  return finish(ctx, fresh, holder, result.status, result.error);
}

/**
 * Runs the `on_failure` steps of a run the reaper ended (it cannot run steps itself), once: the
 * first delivery takes the ended run, a redelivery finds it taken.
 * @example await executeOnFailure({ ctx, input: { runId } }) // "ran"
 */
export async function executeOnFailure({
  ctx,
  input,
}: {
  ctx: ExecutorCtx;
  input: { runId: string };
}): Promise<"ran" | "skipped"> {
  const run = await ctx.store.getRun(input.runId);
  const steps = run?.definition.plan.on_failure ?? [];
  if (!run || !steps.length || !run.error) return "skipped";
  const holder = `on_failure:${ctx.ids()}`;
  if (!(await ctx.store.claimEnded(run.id, holder))) return "skipped";
  const stepRecords = await ctx.store.listSteps(run.id);
  const scope = buildRunScope(run, stepRecords);
  scope.error = run.error;
  const done = new Map(stepRecords.map((s) => [s.stepId, s]));
  // The run has ended, so there is no lease to keep: the claim above is the only gate.
  await runPhase(ctx, run, steps, "on_failure", done, scope, Number.POSITIVE_INFINITY, async () => true);
  return "ran";
}

function isWait(r: StepRecord | StepWait): r is StepWait {
  return "waiting" in r;
}

/** The run ended without this executor (reaped, cancelled, taken over): it changes nothing more. */
async function lost(ctx: ExecutorCtx, run: RunRecord): Promise<RunOutcome> {
  const now = await ctx.store.getRun(run.id);
  ctx.logger.log("warn", "automation.run.lost", { runId: run.id, status: now?.status ?? "missing" });
  return "already_finished";
}

export function repeatable(ctx: ExecutorCtx, def: RunRecord["definition"], stepId: string | null): boolean {
  const step = def.plan.steps.find((s) => s.id === stepId);
  const cap = step ? ctx.registry.get(step.action) : undefined;
  return cap ? safeToRepeat(cap) : false;
}

/**
 * Records how the run ended, publishes it and releases the next waiting run, only while this
 * executor still holds the run: a run the reaper ended (and announced) or a person cancelled
 * keeps that ending.
 */
export async function finish(
  ctx: ExecutorCtx,
  run: RunRecord,
  holder: string,
  status: RunStatus,
  error: RunError | null,
): Promise<RunOutcome> {
  const patch = { status, error, finishedAt: ctx.clock.now(), costUsd: run.costUsd };
  if (!(await ctx.store.endIfHeld(run.id, holder, patch))) {
    // Cancelled between steps: the canceller already released the queue.
    if (status === "cancelled") return "cancelled";
    return lost(ctx, run);
  }
  ctx.logger.log("info", "automation.run.finished", { runId: run.id, status });
  if (status !== "cancelled") {
    await publish(ctx.events, {
      type: status === "succeeded" ? "automation.run.succeeded" : "automation.run.failed",
      userId: run.userId,
      subject: `automation:${run.automationId}`,
      chainDepth: run.chainDepth,
      payload: { automationId: run.automationId, runId: run.id, status, errorCode: error?.code ?? null },
    });
  }
  await releaseWaiting(ctx, run.automationId);
  return status;
}
