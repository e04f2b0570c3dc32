import type { Preprocessed } from "../preprocess/preprocess.ts";

/** Names of the deterministic T0 rules. They appear in verdict reasons and in "why". */
export const RULE_IDS = [
  "list_unsubscribe",
  "list_id",
  "bulk_precedence",
  "transactional_sender",
  "social_sender",
  "auth_spf_fail",
  "auth_dkim_fail",
  "auth_dmarc_fail",
  "punycode_domain",
  "homoglyph_domain",
  "display_name_mismatch",
  "reply_to_mismatch",
  "first_contact",
  "urgency_payment",
  "urgency_credentials",
  "undisclosed_recipients",
  "injection_attempt",
  "hidden_content",
] as const;
export type RuleId = (typeof RULE_IDS)[number];

export interface RuleHit {
  id: RuleId;
  /** Plain-language explanation shown in "why". Never quotes message content. */
  words: string;
}

export interface RuleContext {
  /** Addresses the user has corresponded with; when absent, `first_contact` never fires. */
  knownSenders?: ReadonlySet<string>;
  /**
   * The authserv-id of the mailbox's receiving server (`mx.google.com` for Gmail). Only the
   * top-most Authentication-Results header with this id counts.
   */
  authservId?: string;
  /** The reader and what the device knows about their senders (never sent to the cloud). */
  reader?: ReaderContext;
  /** The item came from metadata without recipients: say nothing about them. */
  recipientsUnknown?: boolean;
}

/** What the person's device knows about one sender. */
export interface Relationship {
  wroteTo?: boolean;
  repliedTo?: boolean;
  /** The person corrected a triage of this sender's mail before. */
  corrected?: boolean;
}

export interface ReaderContext {
  /** The mailbox owner's own addresses (lower case). */
  addresses: readonly string[];
  /** Sender address (lower case) → relationship, from the agent's database. */
  contacts?: ReadonlyMap<string, Relationship>;
}

export type Rule = (p: Preprocessed, ctx: RuleContext) => RuleHit | RuleHit[] | undefined;
