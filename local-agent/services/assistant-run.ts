import { gateAction } from "@scouts/core/assistant/autonomy";
import type { MailboxAction, Suggestion } from "@scouts/core/protocol/local-api";
import { performAction, switches } from "./actions.ts";
import type { AgentCtx } from "./context.ts";

/** The one proactive action the assistant would take on a suggestion, if any. */
export function proposedAction(s: Suggestion): MailboxAction | null {
  if (s.verdict === "spam") return null;
  if (s.bucket === "low_priority") return "archive";
  if (s.bucket === "informational" && ["newsletters", "social", "transactional"].includes(s.cohort))
    return "mark_read";
  return null;
}

/**
 * After stage 2: acts on the suggestion only when its cohort's autonomy level allows it (L4+,
 * reversible actions, not killed/paused/travelling), grouped under `runId` for undo-by-run.
 */
export async function assistOnArrival(ctx: AgentCtx, s: Suggestion, runId: string): Promise<string | null> {
  const action = proposedAction(s);
  if (!action) return null;
  const policies = await ctx.stores.settings.policies();
  const gate = gateAction({
    input: {
      action,
      source: s.source,
      level: policies.levels[s.cohort],
      confidence: s.confidence,
      lowConfidenceThreshold: policies.lowConfidenceThreshold,
      initiator: "assistant",
      confirmed: false,
      now: ctx.clock.now(),
    },
    switches: await switches(ctx),
  });
  if (!gate.allowed) return null;
  const res = await performAction({
    ctx,
    input: { suggestionId: s.id, request: { action, runId, confirmed: false }, initiator: "assistant" },
  });
  return res.ledgerId;
}
