import { senderAddress } from "@scouts/core/assistant/sender";
import type { RuleContext } from "@scouts/core/triage/rules/types";
import type { AgentCtx } from "./context.ts";

/**
 * What this device knows about its reader for one message from `from`, as triage takes it: their
 * own addresses (so "you are in To / only in Cc / on a list" can be told) and their relationship
 * with the sender (wrote to, replied to), learned from their sent mail. Undefined until the device
 * knows at least one of the person's addresses: then triage says nothing about the reader, exactly
 * as it was trained for mail without a known reader. Never leaves the device.
 */
export async function readerFor(
  ctx: AgentCtx,
  from: string,
): Promise<{ rules: RuleContext; addresses: string[]; wroteTo: boolean; repliedTo: boolean } | undefined> {
  const addresses = await ctx.stores.contacts.ownAddresses();
  if (addresses.length === 0) return undefined;
  const sender = senderAddress(from);
  const rel = (await ctx.stores.contacts.relationships([sender])).get(sender);
  const wroteTo = rel?.wroteTo === true;
  const repliedTo = rel?.repliedTo === true;
  return {
    addresses,
    wroteTo,
    repliedTo,
    rules: {
      reader: { addresses, contacts: new Map(rel ? [[sender, rel]] : []) },
      // The senders the person wrote to: a first contact is one they never wrote to.
      knownSenders: new Set(wroteTo ? [sender] : []),
    },
  };
}
