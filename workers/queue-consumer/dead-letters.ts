import { ScoutJob } from "@scouts/core/protocol/jobs";
import type { FullPipelineCtx } from "../shared/pipeline-deps.ts";

/** The failure noted by the attempt that exhausted the retries happened just before this; older ones are another story. */
const lastFailureWindowMs = 60 * 60_000;

/**
 * `scouts-dlq`: a job that failed max_retries times lands here. Its ids are recorded as owed
 * (cron redoes it with backoff until it succeeds, sooner once a job of that scout succeeds:
 * nothing is lost to an outage of any length)
 * and in the scout's run log (kind and attempts only) so the person sees it; then acked.
 * A write that fails retries the dead letter itself.
 */
export async function handleDeadLetters(batch: MessageBatch<unknown>, ctx: FullPipelineCtx): Promise<void> {
  for (const msg of batch.messages) {
    const parsed = ScoutJob.safeParse(msg.body);
    const body =
      typeof msg.body === "object" && msg.body !== null ? (msg.body as Record<string, unknown>) : {};
    const scoutId = typeof body.scoutId === "string" ? body.scoutId : undefined;
    const kind = typeof body.kind === "string" && /^[a-z_]{1,32}$/.test(body.kind) ? body.kind : "unknown";
    ctx.logger.log("error", "queue.dead_letter", { messageId: msg.id, scoutId, kind });
    try {
      const scout = scoutId ? await ctx.scouts.getScout(scoutId) : null;
      if (scoutId && scout) {
        const now = ctx.clock.now();
        // A renewal is claimed again by the next nightly run (inside its 48 h window).
        if (parsed.success && parsed.data.kind !== "renew") {
          const job = parsed.data;
          await ctx.owed.owe(
            {
              scoutId: job.scoutId,
              jobKind: job.kind,
              itemRef: job.kind === "triage" ? job.ref.id : "",
              source: job.kind === "triage" ? job.ref.source : scout.sourceType,
              threadRef: job.kind === "triage" ? (job.ref.threadId ?? null) : null,
              lastError:
                (await ctx.owed.lastFailure(job.scoutId, now - lastFailureWindowMs)) ?? "retries_exhausted",
            },
            now,
            // Due at the next tick; from then on the redo cron spaces the attempts on its own clock.
            () => now,
          );
        }
        await ctx.runLogs.record({
          id: ctx.ids(),
          scoutId,
          kind: "dead_letter",
          outcome: !parsed.success ? "poison" : parsed.data.kind === "renew" ? "retries_exhausted" : "owed",
          detail: `job=${kind}`,
          createdAt: ctx.clock.now(),
        });
      }
      msg.ack();
    } catch {
      msg.retry({ delaySeconds: 30 });
    }
  }
}
