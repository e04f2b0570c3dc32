import { readableMessage } from "@scouts/core/assistant/read-message";
import { readCloudMessage } from "@scouts/core/device/read-message";
import { CoreError } from "@scouts/core/errors";
import type { ReadableMessage } from "@scouts/core/protocol/message";
import { readLocalMailbox } from "../scouts/mailbox-reader.ts";
import type { AgentCtx } from "./context.ts";

/**
 * The message behind a suggestion for the PWA's reading view, in memory only: a cloud item through
 * the hub (`read_item`, fetched now by the Worker for this device), a local mailbox message from
 * the mailbox file itself. Nothing of it is written to the agent's database.
 *
 * @example await readMessage(ctx, "p-123") // { subject, html, text, thread, ... }
 */
export async function readMessage(ctx: AgentCtx, id: string): Promise<ReadableMessage> {
  const suggestion = await ctx.stores.suggestions.get(id);
  if (!suggestion) throw new CoreError("not_found", `no suggestion ${id}`);
  let message: ReadableMessage;
  if (suggestion.source === "local_mail") message = await readLocalMessage(ctx, id, suggestion.receivedAt);
  else {
    if (!["gmail", "slack", "demo"].includes(suggestion.source))
      throw new CoreError("disabled", `reading ${suggestion.source} messages here is not supported yet`);
    const answer = ctx.readItemAnswer;
    if (!answer) throw new CoreError("upstream_unavailable", "this agent is not linked to the cloud");
    message = await readCloudMessage({ ctx: { readItemAnswer: answer }, input: { suggestion } });
  }
  // Only the time of the first opening is kept (the clean-up screen's read rate), never the message.
  if (suggestion.openedAt == null) await ctx.stores.suggestions.update(id, { openedAt: ctx.clock.now() });
  return message;
}

async function readLocalMessage(ctx: AgentCtx, id: string, receivedAt: number): Promise<ReadableMessage> {
  const settings = await ctx.stores.settings.settings();
  const location = settings.localMailbox;
  const format = settings.localMailboxFormat;
  if (!location || !format) throw new CoreError("not_found", "no local mailbox is set any more");
  const wanted = id.replace(/^local-mail:/, "");
  const found = (await readLocalMailbox(location, format)).find((m) => m.id === wanted);
  if (!found) throw new CoreError("not_found", "the message is no longer in the local mailbox");
  return readableMessage({ input: { raw: found.raw, date: receivedAt } });
}
