import { draftPrompt } from "@scouts/core/assistant/llm-chat";
import { CoreError } from "@scouts/core/errors";
import type { DraftResponse, LedgerEntry } from "@scouts/core/protocol/local-api";
import { chat } from "./assist.ts";
import type { AgentCtx } from "./context.ts";
import { flushOutbox } from "./outbox.ts";

/**
 * Drafts a reply with the configured local language model and saves it as a Gmail draft in the
 * thread through the cloud (never sent), via the outbox so an offline draft is saved later.
 * Without a local model this says why it is off.
 * @example const d = await draftReply(ctx, suggestionId, { instructions: "say yes" }) // { stored: true, draftId, ... }
 */
export async function draftReply(
  ctx: AgentCtx,
  id: string,
  input: { instructions?: string },
): Promise<DraftResponse> {
  const s = await ctx.stores.suggestions.get(id);
  if (!s) throw new CoreError("not_found", `no suggestion ${id}`);
  if ((await ctx.stores.settings.control()).killed)
    throw new CoreError("disabled", "kill switch is on: resume first");
  const prompt = draftPrompt(s, input.instructions);
  const text = await chat(ctx, prompt.system, prompt.user);
  if (s.source !== "gmail") return { text, stored: false, ledgerId: null, draftId: null };
  const entry: LedgerEntry = {
    id: ctx.ids(),
    suggestionId: s.id,
    scoutId: s.scoutId,
    action: "draft_reply",
    targetRef: s.sourceMsgRef,
    // Reversible (delete_draft) once the cloud answers with the draft id.
    reversal: null,
    reversible: false,
    actor: "person",
    runId: null,
    sessionId: ctx.sessionId,
    undoOf: null,
    status: "pending",
    cloudLedgerId: null,
    error: null,
    createdAt: ctx.clock.now(),
    undoneAt: null,
  };
  await ctx.stores.ledger.append(entry);
  ctx.bus.emit({ type: "ledger.appended", entry });
  await ctx.stores.outbox.enqueue({
    id: entry.id,
    kind: "draft",
    ledgerId: entry.id,
    payload: { proposalId: s.id, body: text, sessionId: ctx.sessionId },
  });
  await flushOutbox(ctx);
  const after = await ctx.stores.ledger.get(entry.id);
  if (after?.status === "applied") {
    const draftId = String(after.reversal?.draftId ?? "") || null;
    return { text, stored: draftId !== null, ledgerId: entry.id, draftId };
  }
  return { text, stored: false, ledgerId: entry.id, draftId: null, queued: after?.status === "pending" };
}
