import { draftPrompt } from "@scouts/core/assistant/llm-chat";
import { draftLedgerEntry, draftOutcome } from "@scouts/core/device/draft-steps";
import { CoreError } from "@scouts/core/errors";
import type { DraftResponse } from "@scouts/core/protocol/local-api";
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
  const entry = draftLedgerEntry({ s, id: ctx.ids(), sessionId: ctx.sessionId, now: ctx.clock.now() });
  await ctx.stores.ledger.append(entry);
  ctx.bus.emit({ type: "ledger.appended", entry });
  await ctx.stores.outbox.enqueue({
    id: entry.id,
    kind: "draft",
    ledgerId: entry.id,
    payload: { proposalId: s.id, body: text, sessionId: ctx.sessionId },
  });
  await flushOutbox(ctx);
  return draftOutcome(text, entry.id, await ctx.stores.ledger.get(entry.id));
}
