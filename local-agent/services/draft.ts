import { draftPrompt } from "@scouts/core/assistant/llm-chat";
import { replyFromTemplate } from "@scouts/core/assistant/reply-templates";
import * as steps from "@scouts/core/device/action-steps";
import { draftLedgerEntry, draftOutcome, draftPayload } from "@scouts/core/device/draft-steps";
import { CoreError } from "@scouts/core/errors";
import type { DraftResponse, ReplyTemplate, Suggestion } from "@scouts/core/protocol/local-api";
import { switches } from "./actions.ts";
import { chat } from "./assist.ts";
import type { AgentCtx } from "./context.ts";
import { flushOutbox } from "./outbox.ts";

/**
 * Saves a reply as a Gmail draft in the thread through the cloud (never sent): a ledger entry
 * first, then an outbox row, so an offline draft is saved later and undo deletes it.
 */
async function saveDraft(
  ctx: AgentCtx,
  s: Suggestion,
  text: string,
  by: { initiator: "person" | "assistant"; runId?: string },
): Promise<DraftResponse> {
  const entry = draftLedgerEntry({ s, id: ctx.ids(), sessionId: ctx.sessionId, now: ctx.clock.now(), ...by });
  await ctx.stores.ledger.append(entry);
  ctx.bus.emit({ type: "ledger.appended", entry });
  await ctx.stores.outbox.enqueue({
    id: entry.id,
    kind: "draft",
    ledgerId: entry.id,
    payload: draftPayload(s, text, ctx.sessionId, by.runId),
  });
  await flushOutbox(ctx);
  return draftOutcome(text, entry.id, await ctx.stores.ledger.get(entry.id));
}

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
  return saveDraft(ctx, s, text, { initiator: "person" });
}

/**
 * L5: a reply from one of the person's own templates (sandboxed LiquidJS, no language model),
 * saved as a Gmail draft by the assistant under the scheduled run's id. The action gate decides
 * first: effective L5, a template of the person's, not killed, paused or travelling. Returns
 * null when the gate says no.
 *
 * @example await templateDraft(ctx, s, template, "scheduled-2026-11-20@08:00") // { stored: true, draftId, ... }
 */
export async function templateDraft(
  ctx: AgentCtx,
  s: Suggestion,
  template: ReplyTemplate,
  runId: string,
): Promise<DraftResponse | null> {
  const policies = await ctx.stores.settings.policies();
  const gate = steps.gateSuggestionAction({
    s,
    request: { action: "draft_reply", confirmed: false, runId },
    initiator: "assistant",
    templateId: template.id,
    policies,
    switches: await switches(ctx),
    now: ctx.clock.now(),
  });
  if (!gate.allowed) return null;
  const { timezone } = await ctx.stores.settings.settings();
  const text = replyFromTemplate(template, s, { now: ctx.clock.now(), timeZone: timezone });
  return saveDraft(ctx, s, text, { initiator: "assistant", runId });
}
