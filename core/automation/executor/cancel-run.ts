import { CoreError } from "../../errors.ts";
import { releaseWaiting } from "./release-waiting.ts";
import type { ExecutorCtx } from "./types.ts";

/**
 * Cancels a pending or running run of the user. A running run stops before its next step (the
 * executor checks between steps); a pending one never starts, and the next run waiting behind it
 * (`queue` concurrency) is released in both cases.
 * @example await cancelRun({ ctx, input: { userId, runId } })
 */
export async function cancelRun({
  ctx,
  input,
}: {
  ctx: ExecutorCtx;
  input: { userId: string; runId: string };
}): Promise<void> {
  const run = await ctx.store.getRun(input.runId);
  if (!run || run.userId !== input.userId) throw new CoreError("not_found", "run not found");
  if (run.status !== "pending" && run.status !== "running")
    throw new CoreError("conflict", `run is already ${run.status}`);
  await ctx.store.updateRun(run.id, { status: "cancelled", finishedAt: ctx.clock.now() });
  // Whether it was running or enqueued, the next waiting run may go now; a running run's executor
  // stops before its next step.
  await releaseWaiting(ctx, run.automationId);
}
