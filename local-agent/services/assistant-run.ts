import { proposedAction } from "@scouts/core/assistant/scheduled-triage";
import type { Suggestion } from "@scouts/core/protocol/local-api";
import { performAction } from "./actions.ts";
import type { AgentCtx } from "./context.ts";

/**
 * After stage 2: the assistant's reversible action on the suggestion, taken only when the action
 * gate allows it (effective L4+, not killed/paused/travelling), grouped under `runId` for
 * undo-by-run. Returns the ledger id, or null when it did nothing.
 */
export async function assistOnArrival(ctx: AgentCtx, s: Suggestion, runId: string): Promise<string | null> {
  const action = proposedAction(s);
  if (!action) return null;
  const res = await performAction({
    ctx,
    input: { suggestionId: s.id, request: { action, runId, confirmed: false }, initiator: "assistant" },
  });
  return res.ledgerId;
}
