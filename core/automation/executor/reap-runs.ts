import { publish } from "../../events/publish.ts";
import { DEFAULT_RUN_TIMEOUT_MS } from "./execute-run.ts";
import { releaseWaiting } from "./release-waiting.ts";
import type { ExecutorCtx } from "./types.ts";

/** How long past its deadline a run may still be `running` before the reaper ends it. */
export const REAP_GRACE_MS = 60_000;

/**
 * Ends runs still `running` past their deadline plus `REAP_GRACE_MS` (an isolate that died
 * mid-run never finishes its run) as `timed_out`, announces it as `automation.run.failed` (event
 * triggers see it), enqueues the run's `on_failure` steps, and releases the runs queued behind
 * them, so `drop_if_running` and `queue` automations never wedge. An executor still working on a
 * reaped run can no longer change how it ended.
 * @example await reapOverdueRuns({ ctx, input: { now } }) // { reaped: 1, released: 1 }
 */
export async function reapOverdueRuns({
  ctx,
  input,
}: {
  ctx: ExecutorCtx;
  input: { now: number };
}): Promise<{ reaped: number; released: number }> {
  let reaped = 0;
  let released = 0;
  const candidates = await ctx.store.runningStartedBefore(input.now - REAP_GRACE_MS, 500);
  for (const run of candidates) {
    const timeout = run.definition.execution?.timeout_ms ?? DEFAULT_RUN_TIMEOUT_MS;
    // A run waiting for a person's approval holds its lease past the deadline.
    const deadline = Math.max((run.startedAt ?? run.createdAt) + timeout, run.leaseUntil ?? 0);
    if (input.now < deadline + REAP_GRACE_MS) continue;
    const error = {
      step: null,
      code: "timeout",
      message: `run passed its ${timeout} ms deadline without finishing`,
    };
    const ended = await ctx.store.endIfRunning(run.id, { status: "timed_out", finishedAt: input.now, error });
    if (!ended) continue;
    reaped++;
    ctx.logger.log("warn", "automation.run.reaped", { runId: run.id });
    await publish(ctx.events, {
      type: "automation.run.failed",
      userId: run.userId,
      subject: `automation:${run.automationId}`,
      chainDepth: run.chainDepth,
      payload: { automationId: run.automationId, runId: run.id, status: "timed_out", errorCode: "timeout" },
    });
    if (run.definition.plan.on_failure?.length) {
      await ctx.queue.send(run.queue, [{ kind: "automation.on_failure", runId: run.id }]);
    }
    if (await releaseWaiting(ctx, run.automationId)) released++;
  }
  return { reaped, released };
}
