import { CoreError, isTransient } from "../../errors.ts";
import { evaluateFilter } from "../filter/evaluate.ts";
import type { Filter } from "../filter/types.ts";
import type { StepDefinition } from "../schema/definition-types.ts";
import { backoffMs, maxAttempts } from "./backoff.ts";
import type { StepVerdict } from "./durable-ports.ts";
import {
  attemptOnce,
  attemptRecord,
  DEFAULT_STEP_TIMEOUT_MS,
  outcomeUnknown,
  SETTLE_GRACE_MS,
  safeToRepeat,
  stepIdempotencyKey,
} from "./execute-step.ts";
import { buildRunScope } from "./run-scope.ts";
import type { ExecutorCtx, RunError, RunRecord, StepRecord } from "./types.ts";

/** Lease slack past the work a durable step covers (the engine holds the run; the reaper waits). */
export const DURABLE_LEASE_SLACK_MS = SETTLE_GRACE_MS + 30_000;

/** Thrown inside `step.do` to have the engine retry the attempt after its backoff. */
export class RetryAttempt extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RetryAttempt";
  }
}

export interface DurableStepArgs {
  runId: string;
  holder: string;
  phase: StepRecord["phase"];
  position: number;
  deadline: number;
  /** The engine's attempt number for this step (1-based). */
  attempt: number;
  /** The failure `on_failure` steps see as `run.error`. */
  error?: RunError;
}

export interface Loaded {
  run: RunRecord;
  step: StepDefinition;
  records: StepRecord[];
  prior: StepRecord | undefined;
}

/** The run and step as stored, or the verdict when the run is no longer the holder's to run. */
export async function load(ctx: ExecutorCtx, a: DurableStepArgs): Promise<Loaded | StepVerdict> {
  const run = await ctx.store.getRun(a.runId);
  if (!run) return { status: "lost" };
  const list = a.phase === "main" ? run.definition.plan.steps : (run.definition.plan.on_failure ?? []);
  const step = list[a.position];
  if (!step) throw new CoreError("bad_input", `no ${a.phase} step at ${a.position}`);
  if (run.status === "cancelled" && a.phase === "main")
    return { status: "cancelled", error: { step: step.id, code: "cancelled", message: "run was cancelled" } };
  if (run.status !== "running") return { status: "lost" };
  const records = await ctx.store.listSteps(run.id);
  return { run, step, records, prior: records.find((r) => r.stepId === step.id) };
}

export function base(step: StepDefinition, a: DurableStepArgs, startedAt: number) {
  return { stepId: step.id, phase: a.phase, position: a.position, startedAt, costUsd: 0 };
}

/**
 * One attempt of one step of a run driven by the durable engine, inside its `step.do`: the same
 * rules as the queue executor (`when`, budget, deadline, cancel, idempotency key, abort at the
 * timeout, an interrupted non-idempotent call never repeated) but the retry is the engine's:
 * a retryable failure is saved and thrown as `RetryAttempt`; a final one is returned.
 */
export async function attemptDurableStep(ctx: ExecutorCtx, a: DurableStepArgs): Promise<StepVerdict> {
  const loaded = await load(ctx, a);
  if (!("run" in loaded)) return loaded;
  const { run, step, records, prior } = loaded;
  if (prior?.status === "succeeded" || prior?.status === "skipped") return { status: prior.status };
  const now = ctx.clock.now();
  const cap = ctx.registry.get(step.action);
  if (a.phase === "main") {
    if (now >= a.deadline)
      return {
        status: "timed_out",
        error: { step: step.id, code: "timeout", message: "run deadline reached" },
      };
    const budget = run.definition.execution?.budget?.max_cost_usd;
    if (budget !== undefined && run.costUsd + (cap?.costEstimateUsd ?? 0) > budget)
      return {
        status: "failed",
        error: { step: step.id, code: "budget_exceeded", message: `step would exceed the $${budget} budget` },
      };
  }
  if (prior?.status === "running" && cap && !safeToRepeat(cap)) {
    // The engine restarted this step mid-call: it may have landed and the sink cannot dedupe.
    const error = {
      step: step.id,
      code: "timeout",
      message: "interrupted by a restart while running; not repeated, it may already have taken effect",
      mayHaveLanded: true as const,
    };
    await ctx.store.saveStep(run.id, { ...prior, status: "timed_out", error, finishedAt: now });
    return { status: "failed", error };
  }
  const scope = buildRunScope(run, records);
  if (a.error) scope.error = a.error;
  if (step.when && !evaluateFilter(step.when as Filter, { run: scope })) {
    const rec = { ...base(step, a, now), status: "skipped" as const, attempts: 0, output: null, error: null };
    await ctx.store.saveStep(run.id, { ...rec, finishedAt: now });
    return { status: "skipped" };
  }
  if (!cap) {
    const error = { step: step.id, code: "bad_input", message: `unknown action ${step.action}` };
    await ctx.store.saveStep(run.id, {
      ...base(step, a, now),
      status: "failed",
      attempts: 0,
      output: null,
      error,
      finishedAt: now,
    });
    return { status: "failed", error };
  }
  const ms = Math.min(step.timeout_ms ?? DEFAULT_STEP_TIMEOUT_MS, a.deadline - now);
  // on_failure steps have no run deadline (Infinity): the lease covers the attempt alone.
  const covered = Number.isFinite(a.deadline) ? Math.max(now + ms, a.deadline) : now + ms;
  if (!(await ctx.store.renewLease(run.id, a.holder, covered + DURABLE_LEASE_SLACK_MS)))
    return { status: "lost" };
  const attempts = (prior?.attempts ?? 0) + 1;
  const started = { ...base(step, a, now), attempts, output: null, error: null, finishedAt: null };
  await ctx.store.saveStep(run.id, { ...started, status: "running" });
  const save = async (rec: StepRecord) => {
    await ctx.store.saveStep(run.id, rec);
    return rec;
  };
  try {
    const res = await attemptOnce(
      ctx,
      run,
      step,
      cap,
      scope,
      ms,
      stepIdempotencyKey(run.id, a.phase, step.id),
    );
    const { costUsd } = await save(attemptRecord(ctx, started, attempts, cap, { ok: true, result: res }));
    const spent = run.costUsd + costUsd;
    if (costUsd) await ctx.store.updateRun(run.id, { costUsd: spent });
    const budget = run.definition.execution?.budget?.max_cost_usd;
    if (a.phase === "main" && budget !== undefined && spent > budget)
      return {
        status: "failed",
        error: {
          step: step.id,
          code: "budget_exceeded",
          message: `spent $${spent.toFixed(4)} of a $${budget} budget`,
        },
      };
    return { status: "succeeded" };
  } catch (e) {
    const rec = await save(attemptRecord(ctx, started, attempts, cap, { ok: false, error: e }));
    const error = rec.error ?? { step: step.id, code: "internal", message: "step failed" };
    const retryable =
      isTransient(e) &&
      !(outcomeUnknown(e) && !safeToRepeat(cap)) &&
      a.attempt < maxAttempts(step.retry) &&
      ctx.clock.now() + backoffMs(step.retry, a.attempt + 1) < a.deadline;
    if (retryable) throw new RetryAttempt(`${error.code}: ${error.message}`);
    return { status: ctx.clock.now() >= a.deadline ? "timed_out" : "failed", error };
  }
}
