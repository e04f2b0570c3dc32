import type { FullPipelineCtx } from "../shared/pipeline-deps.ts";

/**
 * `scouts-dlq`: a job that failed max_retries times lands here. It is recorded in its scout's
 * run log (kind and attempts only) so the person sees it, then acked.
 */
export async function handleDeadLetters(batch: MessageBatch<unknown>, ctx: FullPipelineCtx): Promise<void> {
  for (const msg of batch.messages) {
    const body =
      typeof msg.body === "object" && msg.body !== null ? (msg.body as Record<string, unknown>) : {};
    const scoutId = typeof body.scoutId === "string" ? body.scoutId : undefined;
    const kind = typeof body.kind === "string" && /^[a-z_]{1,32}$/.test(body.kind) ? body.kind : "unknown";
    ctx.logger.log("error", "queue.dead_letter", { messageId: msg.id, scoutId, kind });
    try {
      if (scoutId && (await ctx.scouts.getScout(scoutId))) {
        await ctx.runLogs.record({
          id: ctx.ids(),
          scoutId,
          kind: "dead_letter",
          outcome: "poison",
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
