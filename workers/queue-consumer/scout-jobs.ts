import { isCoreError, isTransient } from "@scouts/core/errors";
import { retryDelaySeconds } from "@scouts/core/pipeline/backoff";
import { providerErrorCode } from "@scouts/core/pipeline/provider-error";
import { renewWatch } from "@scouts/core/pipeline/renew-watches";
import { syncScout } from "@scouts/core/pipeline/sync-scout";
import { triageItem } from "@scouts/core/pipeline/triage-item";
import { ScoutJob } from "@scouts/core/protocol/jobs";
import type { FullPipelineCtx } from "../shared/pipeline-deps.ts";

/**
 * `scouts-jobs`: sync jobs one after another (each sees the cursor the previous one moved, so
 * duplicate pushes cost nothing), then triage jobs concurrently. Invalid and permanently failing
 * messages are acked and logged; transient failures retry with exponential backoff, and after
 * max_retries the queue moves them to the dead-letter queue.
 */
export async function handleScoutJobs(batch: MessageBatch<unknown>, ctx: FullPipelineCtx): Promise<void> {
  const parsed = batch.messages.map((msg) => ({ msg, job: ScoutJob.safeParse(msg.body) }));
  // Each message's own worst-case cost first; inline triage gets only what is left.
  ctx.budget?.reserveJobs(batch.messages.length);
  ctx.budget?.reserveSyncs(parsed.filter(({ job }) => job.success && job.data.kind === "sync").length);
  for (const { msg, job } of parsed) {
    if (job.success) continue;
    ctx.logger.log("error", "queue.invalid_job", {
      messageId: msg.id,
      issues: job.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.code}`).join("; "),
    });
    msg.ack();
  }
  for (const { msg, job } of parsed) {
    if (job.success && job.data.kind === "sync")
      await runOne(msg, job.data, ctx, () => syncScout({ ctx, input: job.data as never }));
  }
  await Promise.all(
    parsed.map(({ msg, job }) => {
      if (!job.success) return undefined;
      const data = job.data;
      if (data.kind === "triage") return runOne(msg, data, ctx, () => triageItem({ ctx, input: data }));
      if (data.kind === "renew") return runOne(msg, data, ctx, () => renewWatch({ ctx, input: data }));
      return undefined;
    }),
  );
}

async function runOne(
  msg: Message<unknown>,
  job: ScoutJob,
  ctx: FullPipelineCtx,
  run: () => Promise<{ outcome: string }>,
): Promise<void> {
  const { scoutId, kind } = job;
  const started = ctx.clock.now();
  try {
    const { outcome } = await run();
    // A redo of owed work that ran (whatever the verdict) is owed no more.
    if (job.kind !== "renew" && job.redo)
      await ctx.owed.settle(scoutId, job.kind, job.kind === "triage" ? job.ref.id : "");
    if (reachedProvider(job, outcome)) await pullOwedForward(ctx, scoutId);
    const ms = ctx.clock.now() - started;
    // waitMs: enqueue → this job starting, the queue hop's share of webhook→device latency.
    const waitMs = started - msg.timestamp.getTime();
    ctx.logger.log("info", `queue.${kind}`, { scoutId, outcome, attempts: msg.attempts, ms, waitMs });
    msg.ack();
  } catch (e) {
    const code = isCoreError(e) ? e.code : "internal";
    if (isTransient(e)) {
      const delaySeconds =
        ctx.retryDelaySeconds ??
        retryDelaySeconds({
          attempts: msg.attempts,
          retryAfterSeconds: isCoreError(e) ? e.retryAfterSeconds : undefined,
        });
      ctx.logger.log("warn", `queue.${kind}_retry`, { scoutId, code, attempts: msg.attempts, delaySeconds });
      await noteFailure(ctx, scoutId, e);
      msg.retry({ delaySeconds });
      return;
    }
    ctx.logger.log("error", `queue.${kind}_failed`, { scoutId, code });
    await noteFailure(ctx, scoutId, e);
    await recordFailure(ctx, scoutId, kind, code);
    msg.ack();
  }
}

/** Outcomes that took a provider's answer (not a paused scout, a stale push or a known duplicate). */
const answered = new Set([
  "enqueued",
  "up_to_date",
  "queued",
  "spam",
  "spam_trashed",
  "trashed",
  "not_visible",
]);

/** A listing sync or a redo that the provider answered: proof it is up for this scout. */
function reachedProvider(job: ScoutJob, outcome: string): boolean {
  if (job.kind === "sync") return !job.ref && answered.has(outcome);
  return job.kind === "triage" && job.redo === true && answered.has(outcome);
}

/**
 * The provider answers again: what the scout owes is redone at the next tick, not after the
 * backoff it grew during the outage. A listing sync (one per push or poll) or a redo that reached
 * the provider says so; other triage jobs follow a sync, so they add nothing and cost no statement.
 */
async function pullOwedForward(ctx: FullPipelineCtx, scoutId: string): Promise<void> {
  try {
    const n = await ctx.owed.pullForward(scoutId, ctx.clock.now());
    if (n > 0) ctx.logger.log("info", "queue.owed_pulled_forward", { scoutId, items: n });
  } catch (err) {
    ctx.logger.log("error", "queue.owed_pull_failed", {
      scoutId,
      code: isCoreError(err) ? err.code : "internal",
    });
  }
}

/** The provider's code, so work that later runs out of retries is owed with its real cause. */
async function noteFailure(ctx: FullPipelineCtx, scoutId: string, e: unknown): Promise<void> {
  try {
    await ctx.owed.noteFailure(scoutId, providerErrorCode(e), ctx.clock.now());
  } catch (err) {
    ctx.logger.log("error", "queue.note_failure_failed", {
      scoutId,
      code: isCoreError(err) ? err.code : "internal",
    });
  }
}

async function recordFailure(
  ctx: FullPipelineCtx,
  scoutId: string,
  kind: string,
  code: string,
): Promise<void> {
  try {
    if (!(await ctx.scouts.getScout(scoutId))) return;
    await ctx.runLogs.record({ id: ctx.ids(), scoutId, kind, outcome: code, createdAt: ctx.clock.now() });
  } catch (e) {
    ctx.logger.log("error", "queue.run_log_failed", { scoutId, code: isCoreError(e) ? e.code : "internal" });
  }
}
