import type { Relationship, RuleContext } from "./rules/types.ts";

/**
 * The reader context triage takes for one message, built the same way wherever the knowledge
 * comes from (the agent's sent-mail contacts, the cloud's transient Gmail lookup, the eval):
 * the person's own addresses and what is known of their relationship with `sender`.
 * `relationship` null means "known to be none" (a stranger: `first_contact` may fire);
 * undefined means "not known" (the lookup failed or never ran: triage says nothing about it).
 *
 * @example readerRules({ addresses: ["me@x.org"], sender: "ann@y.org", relationship: { wroteTo: true } })
 */
export function readerRules(input: {
  addresses: readonly string[];
  sender: string;
  relationship: Relationship | null | undefined;
}): RuleContext {
  const addresses = input.addresses.map((a) => a.toLowerCase());
  const sender = input.sender.toLowerCase();
  if (input.relationship === undefined) return { reader: { addresses } };
  const rel = input.relationship;
  return {
    reader: { addresses, contacts: new Map(rel ? [[sender, rel]] : []) },
    // The senders the person wrote to: a first contact is one they never wrote to.
    knownSenders: new Set(rel?.wroteTo ? [sender] : []),
  };
}
