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

const DEFAULT_STEP_TIMEOUT_MS = 60_000;

export function toRunError(e: unknown, step: string | null): RunError {
  if (isCoreError(e)) return { step, code: e.code, message: e.message.slice(0, 500) };
  return { step, code: "internal", message: (e instanceof Error ? e.message : String(e)).slice(0, 500) };
}

async function withTimeout<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const ac = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ac.abort();
      reject(new CoreError("timeout", `step took longer than ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([work(ac.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
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

async function attemptOnce(
  ctx: ExecutorCtx,
  run: RunRecord,
  step: StepDefinition,
  cap: Capability,
  scope: RunScope,
  ms: number,
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

      signal,
    }),
  );
}

/**
 * Runs one step: its `when`, then attempts with backoff while the error is transient and time
 * remains before `deadline`. Returns the record to persist; never throws for step failures.
 */
export async function executeStep(
  ctx: ExecutorCtx,
  run: RunRecord,
  step: StepDefinition,
  position: number,
  phase: StepRecord["phase"],
  scope: RunScope,
  deadline: number,
): Promise<StepRecord> {
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
  for (let attempt = 1; attempt <= allowed; attempt++) {
    const remaining = deadline - ctx.clock.now();
    if (remaining <= 0) {
      lastError = new CoreError("timeout", "run deadline reached");
      break;
    }
    try {
      const res = await attemptOnce(
        ctx,
        run,
        step,
        cap,
        scope,
        Math.min(step.timeout_ms ?? DEFAULT_STEP_TIMEOUT_MS, remaining),
      );
      const costUsd = res.costUsd ?? cap.costEstimateUsd;
      return {
        ...base,
        status: "succeeded",
        attempts: attempt,
        output: res.output ?? null,
        error: null,
        costUsd,
        finishedAt: ctx.clock.now(),
      };
    } catch (e) {
      lastError = e;
      if (!isTransient(e) || attempt === allowed) return failed(ctx, base, attempt, e);
      const wait = backoffMs(step.retry, attempt + 1);
      if (ctx.clock.now() + wait >= deadline) return failed(ctx, base, attempt, e);
      ctx.logger.log("info", "automation.step.retry", {
        runId: run.id,
        step: step.id,
        attempt,
        waitMs: wait,
      });
      await ctx.sleep(wait);
    }
  }
  return failed(ctx, base, allowed, lastError);
}

function failed(
  ctx: ExecutorCtx,
  base: Omit<StepRecord, "status" | "attempts" | "output" | "error" | "finishedAt">,
  attempts: number,
  e: unknown,
): StepRecord {
  const error = toRunError(e, base.stepId);
  const status = error.code === "timeout" ? "timed_out" : "failed";
  return { ...base, status, attempts, output: null, error, finishedAt: ctx.clock.now() };
}
