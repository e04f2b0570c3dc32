import type { MessageRef, SourceConnector } from "../connectors/source-connector.ts";
import { isCoreError } from "../errors.ts";
import type { InlineTriage, PipelineScout, TriageCtx } from "./ports.ts";
import { triageItem } from "./triage-item.ts";

/**
 * Runs the triage verb for each ref concurrently, on the connector the sync job already holds.
 * Returns the refs that failed (any error), which the caller enqueues as ordinary triage jobs:
 * one ref's transient failure never blocks or loses the others, and the (scout, ref) unique row
 * makes an inline run and a later job for the same ref converge on one row.
 * @example const failed = await triageInline(inline, scout, gmail, refs); // then enqueue `failed`
 */
export async function triageInline(
  inline: InlineTriage,
  scout: PipelineScout,
  connector: SourceConnector,
  refs: MessageRef[],
  /** Fetch while the dedupe read runs (items just listed). Off for a pushed item's queued copy, usually a duplicate. */
  overlapDedupe = true,
): Promise<MessageRef[]> {
  const ctx: TriageCtx = { ...inline.ctx, connectorFor: async () => connector };
  const settled = await Promise.allSettled(
    refs.map(async (ref) => {
      const started = ctx.clock.now();
      const { outcome } = await triageItem({
        ctx,
        input: { kind: "triage", scoutId: scout.id, ref },
        options: { scout, overlapDedupe },
      });
      // Same shape as the consumer's `queue.triage` line, so stage timings stay comparable.
      ctx.logger.log("info", "queue.triage_inline", {
        scoutId: scout.id,
        outcome,
        ms: ctx.clock.now() - started,
      });
    }),
  );
  const failed: MessageRef[] = [];
  settled.forEach((s, i) => {
    if (s.status === "fulfilled") return;
    failed.push(refs[i]!);
    const code = isCoreError(s.reason) ? s.reason.code : "internal";
    ctx.logger.log("warn", "queue.triage_inline_failed", { scoutId: scout.id, code });
  });
  return failed;
}
