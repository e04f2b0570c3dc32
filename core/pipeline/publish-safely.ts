import type { EventPublisher, PipelineCtx } from "./ports.ts";

/**
 * Publishes a pipeline event; a failing bus is logged, never rethrown, so an event can not undo
 * or repeat the work it reports (the job already stored its result).
 * @example await publishSafely(ctx, { type: "scout.run.finished", userId, subject: `scout:${id}`, payload: { scoutId: id } })
 */
export async function publishSafely(
  ctx: PipelineCtx,
  input: Parameters<EventPublisher["publish"]>[0],
): Promise<void> {
  if (!ctx.events) return;
  try {
    await ctx.events.publish(input);
  } catch (e) {
    const code = typeof e === "object" && e !== null && "code" in e ? String(e.code) : "error";
    ctx.logger.log("warn", "pipeline.event_publish_failed", { type: input.type, code });
  }
}
