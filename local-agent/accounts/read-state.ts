import type { AgentCtx } from "../services/context.ts";

/**
 * Keeps a suggestion's `unread` in step with its mailbox (IMAP `\Seen`, JMAP `$seen`), so a message
 * the person read in another mail app counts as opened on the clean-up screen. True when it changed.
 */
export async function applyReadState(ctx: AgentCtx, id: string, unread: boolean): Promise<boolean> {
  const current = await ctx.stores.suggestions.get(id);
  if (!current || current.unread === unread) return false;
  const updated = await ctx.stores.suggestions.update(id, { unread });
  if (updated) ctx.bus.emit({ type: "suggestion.updated", suggestion: updated });
  return updated !== null;
}
