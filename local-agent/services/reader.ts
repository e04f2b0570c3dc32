import { senderAddress } from "@scouts/core/assistant/sender";
import { readerRules } from "@scouts/core/triage/reader-context";
import type { Relationship, RuleContext } from "@scouts/core/triage/rules/types";
import type { AgentCtx } from "./context.ts";

/**
 * What this device knows about its reader for one message from `from`, as triage takes it: their
 * own addresses (so "you are in To / only in Cc / on a list" can be told) and their relationship
 * with the sender (wrote to, replied to), learned from their sent mail. Undefined until the device
 * knows at least one of the person's addresses: then triage says nothing about the reader, exactly
 * as it was trained for mail without a known reader. Never leaves the device.
 *
 * `cloud` is what the cloud learned for a Gmail proposal (one transient sent-mail lookup, in
 * memory on the frame): used only when this device has no relationship of its own with the
 * sender (a Gmail account has no sent folder here). Absent or undefined `wroteTo`: not known.
 */
export async function readerFor(
  ctx: AgentCtx,
  from: string,
  cloud?: { wroteTo?: boolean | undefined },
): Promise<{ rules: RuleContext; addresses: string[]; wroteTo: boolean; repliedTo: boolean } | undefined> {
  const addresses = await ctx.stores.contacts.ownAddresses();
  if (addresses.length === 0) return undefined;
  const sender = senderAddress(from);
  const local = (await ctx.stores.contacts.relationships([sender])).get(sender);
  const rel: Relationship | null = local ?? (cloud?.wroteTo === true ? { wroteTo: true } : null);
  return {
    addresses,
    wroteTo: rel?.wroteTo === true,
    repliedTo: rel?.repliedTo === true,
    rules: readerRules({ addresses, sender, relationship: rel }),
  };
}
