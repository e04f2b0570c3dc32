import { z } from "zod";
import { evaluateFilter } from "../filter/evaluate.ts";
import type { Filter } from "../filter/types.ts";
import { approval, MAX_APPROVAL_MINUTES } from "../registry/actions/approval.ts";
import { compileSchema } from "../schema/json-schema.ts";
import type { StepVerdict } from "./durable-ports.ts";
import { base, DURABLE_LEASE_SLACK_MS, type DurableStepArgs, load } from "./durable-step.ts";
import { renderWith } from "./render-with.ts";
import { buildRunScope } from "./run-scope.ts";

const DEFAULT_APPROVAL_MINUTES = 24 * 60;

/** What a person sends: approve or deny, by whom (the run's owner, checked by the API). */
export const ApprovalAnswer = z.object({ approved: z.boolean(), by: z.string().min(1).max(100) }).strict();
export type ApprovalAnswer = z.infer<typeof ApprovalAnswer>;

export type AskOutcome =
  | { status: "waiting"; askedAt: number; timeoutMs: number; onTimeout: "deny" | "approve" }
  | StepVerdict;

/**
 * Opens an approval step: renders its title, records the step as waiting for a person (with the
 * time it expires, which the PWA shows), extends the run's lease over the wait plus what remains
 * of its deadline (so the reaper leaves it be), and tells the owner's devices. Done inside a
 * `step.do`, so it happens once.
 */
export async function askApproval(ctx: Parameters<typeof load>[0], a: DurableStepArgs): Promise<AskOutcome> {
  const loaded = await load(ctx, a);
  if (!("run" in loaded)) return loaded;
  const { run, step, records, prior } = loaded;
  if (prior?.status === "succeeded" || prior?.status === "skipped") return { status: prior.status };
  const now = ctx.clock.now();
  if (a.phase === "main" && now >= a.deadline)
    return {
      status: "timed_out",
      error: { step: step.id, code: "timeout", message: "run deadline reached" },
    };
  const scope = buildRunScope(run, records);
  if (a.error) scope.error = a.error;
  if (step.when && !evaluateFilter(step.when as Filter, { run: scope })) {
    await ctx.store.saveStep(run.id, {
      ...base(step, a, now),
      status: "skipped",
      attempts: 0,
      output: null,
      error: null,
      finishedAt: now,
    });
    return { status: "skipped" };
  }
  const input = renderWith(step.with ?? {}, { run: scope }, {}, new Set(["title"])) as Record<
    string,
    unknown
  >;
  const issues = compileSchema(approval.inputSchema)(input);
  if (issues.length) {
    const error = {
      step: step.id,
      code: "bad_input",
      message: `step input: ${issues.map((i) => `${i.path || "/"} ${i.message}`).join("; ")}`,
    };
    await ctx.store.saveStep(run.id, {
      ...base(step, a, now),
      status: "failed",
      attempts: 1,
      output: null,
      error,
      finishedAt: now,
    });
    return { status: "failed", error };
  }
  const minutes = Math.min(Number(input.timeout_minutes ?? DEFAULT_APPROVAL_MINUTES), MAX_APPROVAL_MINUTES);
  const timeoutMs = minutes * 60_000;
  const onTimeout = input.on_timeout === "approve" ? "approve" : "deny";
  const remaining = Number.isFinite(a.deadline) ? Math.max(0, a.deadline - now) : 0;
  if (!(await ctx.store.renewLease(run.id, a.holder, now + timeoutMs + remaining + DURABLE_LEASE_SLACK_MS)))
    return { status: "lost" };
  await ctx.store.saveStep(run.id, {
    ...base(step, a, now),
    status: "running",
    attempts: 1,
    output: {
      awaiting: "approval",
      title: String(input.title),
      expires_at: now + timeoutMs,
      on_timeout: onTimeout,
    },
    error: null,
    finishedAt: null,
  });
  try {
    await ctx.services.notify?.({
      userId: run.userId,
      title: `Approval needed: ${String(input.title)}`,
      body: "",
      runId: run.id,
    });
  } catch (e) {
    // Best-effort, like the notification action: the PWA lists the waiting step either way.
    ctx.logger.log("warn", "automation.approval.notify_failed", { runId: run.id, error: String(e) });
  }
  return { status: "waiting", askedAt: now, timeoutMs, onTimeout };
}

/**
 * Closes an approval step with the person's answer, or with `on_timeout` when none came (`null`):
 * approved → succeeded `{approved, decided}`; denied → failed `denied`; expired and denied →
 * failed `approval_expired`. Returns how long the run waited (added to its deadline).
 */
export async function recordApproval(
  ctx: Parameters<typeof load>[0],
  a: DurableStepArgs & { askedAt: number; onTimeout: "deny" | "approve"; answer: unknown },
): Promise<{ verdict: StepVerdict; waitedMs: number }> {
  const now = ctx.clock.now();
  const waitedMs = Math.max(0, now - a.askedAt);
  const loaded = await load(ctx, a);
  if (!("run" in loaded)) return { verdict: loaded, waitedMs };
  const { run, step, prior } = loaded;
  const parsed = a.answer === null ? null : ApprovalAnswer.safeParse(a.answer);
  const answer = parsed?.success ? parsed.data : null;
  const approved = answer ? answer.approved : a.onTimeout === "approve";
  const decided = answer ? "person" : "deadline";
  const rec = { ...base(step, a, prior?.startedAt ?? a.askedAt), attempts: 1, finishedAt: now };
  if (approved) {
    await ctx.store.saveStep(run.id, {
      ...rec,
      status: "succeeded",
      output: { approved: true, decided, ...(answer ? { by: answer.by } : {}) },
      error: null,
    });
    return { verdict: { status: "succeeded" }, waitedMs };
  }
  const error = answer
    ? { step: step.id, code: "denied", message: "the owner denied this step" }
    : { step: step.id, code: "approval_expired", message: "nobody answered before the approval expired" };
  await ctx.store.saveStep(run.id, { ...rec, status: "failed", output: { approved: false, decided }, error });
  return { verdict: { status: "failed", error }, waitedMs };
}
