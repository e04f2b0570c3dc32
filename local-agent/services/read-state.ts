import { CoreError } from "@scouts/core/errors";
import { READ_STATE_MAX_IDS } from "@scouts/core/protocol/frames";
import { and, desc, eq, gte } from "drizzle-orm";
import { scoutSuggestions } from "../db/schema/suggestions.ts";
import type { AgentCtx } from "./context.ts";

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

/** Most Gmail suggestions one refresh asks the cloud about (a few `read_state` frames). */
export const READ_STATE_REFRESH_MAX = 1000;

/**
 * Asks the cloud for the Gmail read state (the UNREAD label) of the suggestions received since
 * `since`, a frame of up to 100 ids at a time, and keeps the answer as `unread`. The cloud looks
 * the labels up now and keeps nothing. What it could not answer stays as it was.
 *
 * @example await refreshCloudReadState(ctx, { since: Date.now() - 30 * DAY }) // { asked: 12, changed: 3, error: null }
 */
export async function refreshCloudReadState(
  ctx: AgentCtx,
  input: { since: number },
): Promise<{ asked: number; changed: number; error: string | null }> {
  if (!Number.isFinite(input.since)) throw new CoreError("bad_input", "read state: since must be a time");
  const ask = ctx.cloudReadState;
  if (!ask) return { asked: 0, changed: 0, error: "not_linked" };
  const rows = await ctx.db
    .select({ id: scoutSuggestions.id })
    .from(scoutSuggestions)
    .where(and(eq(scoutSuggestions.source, "gmail"), gte(scoutSuggestions.receivedAt, input.since)))
    .orderBy(desc(scoutSuggestions.receivedAt))
    .limit(READ_STATE_REFRESH_MAX)
    .all();
  let changed = 0;
  for (let i = 0; i < rows.length; i += READ_STATE_MAX_IDS) {
    const answer = await ask(rows.slice(i, i + READ_STATE_MAX_IDS).map((r) => r.id));
    if (!answer.ok) return { asked: i, changed, error: answer.error ?? "refused" };
    for (const st of answer.states ?? [])
      if (st.unread !== null && (await applyReadState(ctx, st.proposalId, st.unread))) changed++;
  }
  return { asked: rows.length, changed, error: null };
}
