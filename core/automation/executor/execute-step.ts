import { MAX_IN_PROCESS_SLEEP_MS } from "../../connectors/http/backoff.ts";
import { CoreError, isCoreError, isTransient } from "../../errors.ts";
import { evaluateFilter } from "../filter/evaluate.ts";
import type { Filter } from "../filter/types.ts";
import type { Capability } from "../registry/types.ts";
import type { StepDefinition } from "../schema/definition-types.ts";
import { compileSchema } from "../schema/json-schema.ts";
import { backoffMs, maxAttempts } from "./backoff.ts";
import { renderWith } from "./render-with.ts";
import type { RunScope } from "./run-scope.ts";
import type { ExecutorCtx, RunError, RunRecord, StepRecord } from "./types.ts";

export const DEFAULT_STEP_TIMEOUT_MS = 60_000;

export function toRunError(e: unknown, step: string | null): RunError {
  if (outcomeUnknown(e))
    return { step, code: "timeout", message: (e as Error).message.slice(0, 500), mayHaveLanded: true };
  if (isCoreError(e)) return { step, code: e.code, message: e.message.slice(0, 500) };
  return { step, code: "internal", message: (e instanceof Error ? e.message : String(e)).slice(0, 500) };
}

/** How long a timed-out handler gets, once aborted, to settle before its outcome counts as unknown. */
export const SETTLE_GRACE_MS = 2_000;

/** A timed-out attempt whose handler did not settle after the abort: it may still land. */
export function outcomeUnknown(e: unknown): boolean {
  return isCoreError(e) && e.code === "timeout" && e.details?.outcome === "unknown";
}

/**
 * Runs `work` with a deadline. At the deadline its signal is aborted and the handler is awaited a
 * little longer: a late success is the attempt's result (it landed), a rejection means it did not
 * land, and no answer at all is an unknown outcome the caller must not blindly retry.
 */
async function withTimeout<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const ac = new AbortController();
  const running = work(ac.signal);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = (wait: number) =>
    new Promise<"tick">((resolve) => {
      timer = setTimeout(() => resolve("tick"), wait);
    });
  const settled = running.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  try {
    const first = await Promise.race([settled, tick(ms)]);
    if (first !== "tick") {
      if (first.ok) return first.value;
      throw first.error;
    }
    clearTimeout(timer);
    ac.abort(new CoreError("timeout", `step took longer than ${ms} ms`));
    const late = await Promise.race([settled, tick(Math.min(SETTLE_GRACE_MS, Math.max(ms, 10)))]);
    if (late !== "tick" && late.ok) return late.value;
    const unknown = late === "tick";
    throw new CoreError(
      "timeout",
      unknown
        ? `step took longer than ${ms} ms and did not stop when cancelled: it may still complete`
        : `step took longer than ${ms} ms`,
      unknown ? { details: { outcome: "unknown" } } : {},
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether an attempt whose outcome is unknown may be made again: the sink dedupes by the step's
 * idempotency key, or the action changes nothing outside the run.
 */
export function safeToRepeat(cap: Capability): boolean {
  return cap.idempotent === true || cap.sideEffects.every((s) => s === "READ" || s === "COST_INCURRING");
}

/** The same for every attempt of one step of one run (retries, redeliveries, restarts). */
export function stepIdempotencyKey(runId: string, phase: StepRecord["phase"], stepId: string): string {
  return `run:${runId}:${phase}:${stepId}`;
}

function budgetLeft(run: RunRecord): number | undefined {
  const max = run.definition.execution?.budget?.max_cost_usd;
  return max === undefined ? undefined : Math.max(0, max - run.costUsd);
}

const stringFieldCache = new WeakMap<Capability, Set<string>>();

function stringFields(cap: Capability): Set<string> {
  let set = stringFieldCache.get(cap);
  if (!set) {
    const props = (cap.inputSchema.properties ?? {}) as Record<string, { type?: unknown }>;
    set = new Set(
      Object.entries(props)
        .filter(([, p]) => p?.type === "string")
        .map(([k]) => k),
    );
    stringFieldCache.set(cap, set);
  }
  return set;
}

export async function attemptOnce(
  ctx: ExecutorCtx,
  run: RunRecord,
  step: StepDefinition,
  cap: Capability,
  scope: RunScope,
  ms: number,
  idempotencyKey: string,
) {
  const input = renderWith(
    step.with ?? {},
    { run: scope },
    cap.templateModes ?? {},
    stringFields(cap),
  ) as Record<string, unknown>;
  const issues = compileSchema(cap.inputSchema)(input);
  if (!issues.length) issues.push(...(cap.checkInput?.(input) ?? []));
  if (issues.length) {
    throw new CoreError(
      "bad_input",
      `step input: ${issues.map((i) => `${i.path || "/"} ${i.message}`).join("; ")}`,
    );
  }
  return withTimeout(ms, (signal) =>
    cap.handler({
      input,
      run: {
        id: run.id,
        userId: run.userId,
        automationId: run.automationId,
        artifacts: run.definition.execution?.produces_artifacts ?? [],
      },
      services: ctx.services,
      ...(budgetLeft(run) !== undefined ? { budgetRemainingUsd: budgetLeft(run) } : {}),
      idempotencyKey,
      signal,
    }),
  );
}

/** How long a lease outlives the attempt it covers (see `LEASE_MARGIN_MS` in execute-run). */
const LEASE_SLACK_MS = SETTLE_GRACE_MS + 30_000;

/** A retry wait handed back to the platform: `record` (status `waiting`) is persisted, the run waits `waitMs`. */
export interface StepWait {
  waiting: StepRecord;
  waitMs: number;
}

/**
 * Runs one step: its `when`, then attempts from `firstAttempt` with backoff while the error is
 * transient and time remains before `deadline`. Before each attempt the run's lease is renewed to
 * cover it; "lost" when the run is no longer this executor's (nothing was called). A wait longer
 * than `MAX_IN_PROCESS_SLEEP_MS` is not slept when `handBack`: it is returned (`StepWait`) for the
 * queue to wait out; without `handBack` it is shortened to that cap. Returns the record to
 * persist; never throws for step failures.
 */
export async function executeStep(
  ctx: ExecutorCtx,
  run: RunRecord,
  step: StepDefinition,
  position: number,
  phase: StepRecord["phase"],
  scope: RunScope,
  deadline: number,
  lease: (until: number) => Promise<boolean> = async () => true,
  opts: { firstAttempt?: number; handBack?: boolean } = {},
): Promise<StepRecord | StepWait | "lost"> {
  const startedAt = ctx.clock.now();
  const base = { stepId: step.id, phase, position, startedAt, costUsd: 0 };
  if (step.when && !evaluateFilter(step.when as Filter, { run: scope })) {
    return { ...base, status: "skipped", attempts: 0, output: null, error: null, finishedAt: startedAt };
  }
  const cap = ctx.registry.get(step.action);
  if (!cap) {
    const error = { step: step.id, code: "bad_input", message: `unknown action ${step.action}` };
    return { ...base, status: "failed", attempts: 0, output: null, error, finishedAt: ctx.clock.now() };
  }
  const allowed = maxAttempts(step.retry);
  let lastError: unknown;
  for (let attempt = opts.firstAttempt ?? 1; attempt <= allowed; attempt++) {
    const remaining = deadline - ctx.clock.now();
    if (remaining <= 0) {
      lastError = new CoreError("timeout", "run deadline reached");
      break;
    }
    const ms = Math.min(step.timeout_ms ?? DEFAULT_STEP_TIMEOUT_MS, remaining);
    if (!(await lease(ctx.clock.now() + ms + LEASE_SLACK_MS))) return "lost";
    try {
      const res = await attemptOnce(
        ctx,
        run,
        step,
        cap,
        scope,
        ms,
        stepIdempotencyKey(run.id, phase, step.id),
      );
      return attemptRecord(ctx, base, attempt, cap, { ok: true, result: res });
    } catch (e) {
      lastError = e;
      if (!isTransient(e) || attempt === allowed) return failedStep(ctx, base, attempt, e);
      // The handler may still post after we gave up on it: another attempt could do it twice.
      if (outcomeUnknown(e) && !safeToRepeat(cap)) return failedStep(ctx, base, attempt, e);
      const wait = backoffMs(step.retry, attempt + 1);
      if (ctx.clock.now() + wait >= deadline) return failedStep(ctx, base, attempt, e);
      ctx.logger.log("info", "automation.step.retry", {
        runId: run.id,
        step: step.id,
        attempt,
        waitMs: wait,
      });
      if (wait > MAX_IN_PROCESS_SLEEP_MS && opts.handBack) {
        const waiting: StepRecord = {
          ...base,
          status: "waiting",
          attempts: attempt,
          output: null,
          error: toRunError(e, step.id),
          finishedAt: null,
          resumeAttempt: attempt + 1,
        };
        return { waiting, waitMs: wait };
      }
      const sleepMs = Math.min(wait, MAX_IN_PROCESS_SLEEP_MS);
      if (!(await lease(ctx.clock.now() + sleepMs + LEASE_SLACK_MS))) return "lost";
      await ctx.sleep(sleepMs);
    }
  }
  return failedStep(ctx, base, allowed, lastError);
}

/** What every record of one step shares, before any attempt. */
export type StepBase = Omit<StepRecord, "status" | "attempts" | "output" | "error" | "finishedAt">;

/** How one attempt ended: the handler's result, or what it threw. */
export type AttemptOutcome =
  | { ok: true; result: Awaited<ReturnType<typeof attemptOnce>> }
  | { ok: false; error: unknown };

/**
 * The record of a finished attempt, for the queue and the durable runner alike: a success keeps
 * the handler's output and cost (the capability's estimate when it reports none); a failure its
 * error, `timed_out` when that is a timeout.
 */
export function attemptRecord(
  ctx: ExecutorCtx,
  base: StepBase,
  attempts: number,
  cap: Capability,
  outcome: AttemptOutcome,
): StepRecord {
  if (!outcome.ok) return failedStep(ctx, base, attempts, outcome.error);
  return {
    ...base,
    status: "succeeded",
    attempts,
    output: outcome.result.output ?? null,
    error: null,
    costUsd: outcome.result.costUsd ?? cap.costEstimateUsd,
    finishedAt: ctx.clock.now(),
  };
}

export function failedStep(ctx: ExecutorCtx, base: StepBase, attempts: number, e: unknown): StepRecord {
  const error = toRunError(e, base.stepId);
  const status = error.code === "timeout" ? "timed_out" : "failed";
  return { ...base, status, attempts, output: null, error, finishedAt: ctx.clock.now() };
}
