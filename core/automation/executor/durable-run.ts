import type { StepDefinition } from "../schema/definition-types.ts";
import { backoffMs, maxAttempts } from "./backoff.ts";
import { askApproval, recordApproval } from "./durable-approval.ts";
import { type DurableSteps, durableHolder, type StepVerdict } from "./durable-ports.ts";
import { attemptDurableStep, DURABLE_LEASE_SLACK_MS } from "./durable-step.ts";
import { DEFAULT_RUN_TIMEOUT_MS, finish, type RunOutcome, repeatable } from "./execute-run.ts";
import { DEFAULT_STEP_TIMEOUT_MS, SETTLE_GRACE_MS } from "./execute-step.ts";
import type { ExecutorCtx, RunError, StepRecord } from "./types.ts";

type Begin =
  | { status: "missing" | "already_finished" | "leased" }
  | { status: "claimed"; startedAt: number; attempt: number };

type Failure = Extract<StepVerdict, { error: RunError }>;

/** The engine's retry policy for a step: ours, one attempt fewer (it counts retries). */
function engineConfig(step: StepDefinition) {
  const attempts = maxAttempts(step.retry);
  const timeoutMs = (step.timeout_ms ?? DEFAULT_STEP_TIMEOUT_MS) + SETTLE_GRACE_MS + 5_000;
  // Left out, the engine would retry 5 times on its own: no retry policy means one attempt.
  if (attempts <= 1) return { timeoutMs, retries: { limit: 0, delayMs: 0, backoff: "constant" as const } };
  const backoff = step.retry?.strategy === "linear" ? ("linear" as const) : ("exponential" as const);
  return { timeoutMs, retries: { limit: attempts - 1, delayMs: step.retry?.delay_ms ?? 1000, backoff } };
}

/**
 * Drives one run on the durable engine (instance id = run id): `begin` claims the run for the
 * instance, each step is a `step.do` with the definition's retries and timeout, an `approval`
 * step waits for the owner's event, a run-level retry is a durable sleep, and `finish` records,
 * announces and releases exactly as the queue executor does. Budget, concurrency, `on_failure`,
 * the snapshot and the run record stay the project's; the engine only makes each piece durable.
 * @example await driveRun({ ctx, steps, input: { runId } }) // "succeeded"
 */
export async function driveRun({
  ctx,
  steps,
  input,
}: {
  ctx: ExecutorCtx;
  steps: DurableSteps;
  input: { runId: string };
}): Promise<RunOutcome> {
  const runId = input.runId;
  const holder = durableHolder(runId);
  const begin = await steps.do<Begin>("begin", {}, async () => {
    const now = ctx.clock.now();
    const run = await ctx.store.getRun(runId);
    if (!run) return { status: "missing" };
    const timeout = run.definition.execution?.timeout_ms ?? DEFAULT_RUN_TIMEOUT_MS;
    const until = (run.startedAt ?? now) + timeout + DURABLE_LEASE_SLACK_MS;
    const claim = await ctx.store.claimRun(runId, holder, now, until);
    if (claim === "missing") return { status: "missing" };
    if (claim !== "claimed") return { status: claim === "leased" ? "leased" : "already_finished" };
    const fresh = await ctx.store.getRun(runId);
    return { status: "claimed", startedAt: fresh?.startedAt ?? now, attempt: fresh?.attempt ?? 1 };
  });
  if (begin.status !== "claimed") return begin.status;
  // The definition is the run's snapshot; reading it outside a step is the same on every replay.
  const run = await ctx.store.getRun(runId);
  if (!run) return "missing";
  const def = run.definition;
  const timeout = def.execution?.timeout_ms ?? DEFAULT_RUN_TIMEOUT_MS;
  let waited = 0;
  const deadline = () => begin.startedAt + timeout + waited;

  const phase = async (
    list: StepDefinition[],
    name: StepRecord["phase"],
    attempt: number,
    error?: RunError,
  ): Promise<StepVerdict> => {
    for (const [position, step] of list.entries()) {
      const label = `${name} ${step.id} #${attempt}`;
      const args = {
        runId,
        holder,
        phase: name,
        position,
        deadline: name === "main" ? deadline() : Number.POSITIVE_INFINITY,
        attempt: 1,
        ...(error ? { error } : {}),
      };
      let verdict: StepVerdict;
      if (step.action === "approval") {
        const ask = await steps.do(`${label} ask`, {}, () => askApproval(ctx, args));
        if (ask.status === "waiting") {
          let answer: unknown = null;
          try {
            const ev = await steps.waitForEvent(`${label} wait`, {
              type: `approval-${step.id}`,
              timeoutMs: ask.timeoutMs,
            });
            answer = ev ?? null;
          } catch {
            answer = null; // the approval expired: `on_timeout` decides
          }
          const closed = await steps.do(`${label} answer`, {}, () =>
            recordApproval(ctx, { ...args, askedAt: ask.askedAt, onTimeout: ask.onTimeout, answer }),
          );
          waited += closed.waitedMs;
          verdict = closed.verdict;
        } else verdict = ask;
      } else {
        try {
          verdict = await steps.do(label, engineConfig(step), (n) =>
            attemptDurableStep(ctx, { ...args, attempt: n }),
          );
        } catch (e) {
          // The engine gave up on the step (its own timeout): what the call did is unknown.
          verdict = {
            status: "failed",
            error: {
              step: step.id,
              code: "timeout",
              message: String((e as Error)?.message ?? e).slice(0, 500),
              mayHaveLanded: true,
            },
          };
        }
      }
      if (verdict.status === "succeeded" || verdict.status === "skipped") continue;
      if (verdict.status === "lost") return verdict;
      if (name === "on_failure") continue;
      return verdict;
    }
    return { status: "succeeded" };
  };

  for (let attempt = begin.attempt; ; attempt++) {
    const result = await phase(def.plan.steps, "main", attempt);
    if (result.status === "lost") return "already_finished";
    // The stored run carries what the steps spent; `finish` writes its cost back.
    if (result.status === "succeeded")
      return steps.do("finish", {}, async () =>
        finish(ctx, (await ctx.store.getRun(runId)) ?? run, holder, "succeeded", null),
      );
    const failure = result as Failure;
    if (
      failure.status === "failed" &&
      failure.error.code !== "budget_exceeded" &&
      !(failure.error.mayHaveLanded && !repeatable(ctx, def, failure.error.step)) &&
      attempt < maxAttempts(def.execution?.retry)
    ) {
      const kept = await steps.do(`retry #${attempt + 1}`, {}, async () => {
        if (!(await ctx.store.renewLease(runId, holder, deadline() + DURABLE_LEASE_SLACK_MS))) return false;
        await ctx.store.updateRun(runId, { attempt: attempt + 1, error: failure.error });
        return true;
      });
      if (!kept) return "already_finished";
      await steps.sleep(`retry #${attempt + 1} wait`, backoffMs(def.execution?.retry, attempt + 1));
      continue;
    }
    if (failure.status !== "cancelled" && def.plan.on_failure?.length) {
      const after = await phase(def.plan.on_failure, "on_failure", attempt, failure.error);
      if (after.status === "lost") return "already_finished";
    }
    return steps.do("finish", {}, async () => {
      const fresh = (await ctx.store.getRun(runId)) ?? run;
      return finish(ctx, fresh, holder, failure.status, failure.error);
    });
  }
}
