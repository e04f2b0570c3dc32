import { z } from "zod";
import { Bucket, Proposal, ProposedAction, SuggestionStatus } from "./local-api.ts";

/**
 * Suggestions from the mail accounts the agent reads itself (IMAP, JMAP, its local mailbox),
 * shown on the person's other devices (a phone) through the DeviceHub's relay. The cloud never
 * sees these accounts: it passes the frames on in memory and keeps nothing. `from`/`to` are
 * device ids (`from` set by the hub, as for entity sync).
 */

const DeviceRef = z.string().min(1).max(128);
const Id = z.string().min(1).max(200);

export const AccountSource = z.enum(["imap", "jmap", "local_mail"]);
export type AccountSource = z.infer<typeof AccountSource>;

/** One suggestion as the phone shows it: what the card needs, nothing more (no body, no headers). */
export const RelayedSuggestion = z.object({
  id: Id,
  source: AccountSource,
  from: z.string().max(500),
  subject: z.string().max(1_000),
  snippet: z.string().max(300),
  receivedAt: z.number().int().nonnegative(),
  status: SuggestionStatus,
  bucket: Bucket.nullable(),
  why: z.array(z.string().max(200)).max(5),
  proposal: Proposal.nullable(),
  /** The agent's mail account (IMAP/JMAP) it came from, for "Move to a folder…"; absent for the local mailbox. */
  account: Id.nullable().optional(),
  /** The IMAP folder the message is in now (left out of the folder choices). */
  folder: z.string().max(500).nullable().optional(),
});
export type RelayedSuggestion = z.infer<typeof RelayedSuggestion>;

/** Largest list the agent sends in one frame (newest first). */
export const MAX_RELAYED_SUGGESTIONS = 100;

/**
 * Agent → other devices: `full` replaces the receiver's list (on connect, or answering a
 * request), else `items` are upserts. The hub answers a request itself with `agentOnline: false`
 * when no device that reads mail accounts is connected.
 */
export const AccountSuggestionsFrame = z.object({
  type: z.literal("account_suggestions"),
  from: DeviceRef.optional(),
  to: DeviceRef.optional(),
  full: z.boolean(),
  items: z.array(RelayedSuggestion).max(MAX_RELAYED_SUGGESTIONS),
  agentOnline: z.boolean().default(true),
});
export type AccountSuggestionsFrame = z.infer<typeof AccountSuggestionsFrame>;

/** A device → the agent(s): "send me your account suggestions". */
export const AccountSuggestionsRequestFrame = z.object({
  type: z.literal("account_suggestions_request"),
  from: DeviceRef.optional(),
  to: DeviceRef.optional(),
});
export type AccountSuggestionsRequestFrame = z.infer<typeof AccountSuggestionsRequestFrame>;

/**
 * A device → the agent: approve (the proposed action, or the one picked), reject, or undo what an
 * approval did (`ledgerId` from its result). The agent performs it on the mail server.
 */
export const AccountDecisionFrame = z.object({
  type: z.literal("account_decision"),
  from: DeviceRef.optional(),
  to: DeviceRef.optional(),
  requestId: z.string().min(1).max(128),
  suggestionId: Id,
  op: z.enum(["approve", "reject", "undo"]),
  /** With `approve`: the action the person picked instead of the proposed one. */
  action: ProposedAction.optional(),
  ledgerId: Id.optional(),
});
export type AccountDecisionFrame = z.infer<typeof AccountDecisionFrame>;

/**
 * The agent's answer (or the hub's, `error: "agent_offline"`, when no agent is connected):
 * the suggestion as it now is, and the ledger entry an approval made (for undo).
 */
export const AccountDecisionResultFrame = z.object({
  type: z.literal("account_decision_result"),
  from: DeviceRef.optional(),
  to: DeviceRef.optional(),
  requestId: z.string().min(1).max(128),
  ok: z.boolean(),
  error: z.string().max(300).optional(),
  /** What was done, in words ("Archived", "Moved back to the inbox"). */
  message: z.string().max(300).optional(),
  item: RelayedSuggestion.optional(),
  ledgerId: Id.nullable().optional(),
});
export type AccountDecisionResultFrame = z.infer<typeof AccountDecisionResultFrame>;

/** A device → the agent: "list the folders of this account of yours" (for "Move to a folder…"). */
export const AccountFoldersRequestFrame = z.object({
  type: z.literal("account_folders_request"),
  from: DeviceRef.optional(),
  to: DeviceRef.optional(),
  requestId: z.string().min(1).max(128),
  accountId: Id,
});
export type AccountFoldersRequestFrame = z.infer<typeof AccountFoldersRequestFrame>;

/** Largest folder list one answer carries. */
export const MAX_RELAYED_FOLDERS = 1_000;

/** One folder as the picker shows it: names only (account metadata, never message content). */
export const RelayedFolder = z.object({
  path: z.string().min(1).max(500),
  name: z.string().max(500),
  specialUse: z.string().max(64).nullable(),
  selectable: z.boolean(),
});
export type RelayedFolder = z.infer<typeof RelayedFolder>;

/**
 * The agent's answer to a folder request (or the hub's, `error: "agent_offline"`, when no agent
 * is connected): the folders, or why there are none ("no such mail account", a failed login).
 */
export const AccountFoldersFrame = z.object({
  type: z.literal("account_folders"),
  from: DeviceRef.optional(),
  to: DeviceRef.optional(),
  requestId: z.string().min(1).max(128),
  ok: z.boolean(),
  error: z.string().max(300).optional(),
  folders: z.array(RelayedFolder).max(MAX_RELAYED_FOLDERS).optional(),
});
export type AccountFoldersFrame = z.infer<typeof AccountFoldersFrame>;

export type AccountRelayFrame =
  | AccountSuggestionsFrame
  | AccountSuggestionsRequestFrame
  | AccountDecisionFrame
  | AccountDecisionResultFrame
  | AccountFoldersRequestFrame
  | AccountFoldersFrame;

/** The hello capability of a device that reads mail accounts itself (the agent). */
export const MAIL_ACCOUNTS_CAPABILITY = "mail_accounts";

const ACCOUNT_FRAME_TYPES = new Set<string>([
  "account_suggestions",
  "account_suggestions_request",
  "account_decision",
  "account_decision_result",
  "account_folders_request",
  "account_folders",
]);

/** True for the account-suggestion relay frames. */
export function isAccountRelayFrame(f: { type: string }): f is AccountRelayFrame {
  return ACCOUNT_FRAME_TYPES.has(f.type);
}

/** The mail account an IMAP or JMAP suggestion came from (its scout is `imap:<id>` / `jmap:<id>`), else null. */
export function mailAccountOf(s: { source: string; scoutId: string }): string | null {
  if (s.source !== "imap" && s.source !== "jmap") return null;
  const prefix = `${s.source}:`;
  return s.scoutId.startsWith(prefix) ? s.scoutId.slice(prefix.length) : null;
}

/** The IMAP folder a message is in now (`imap:<uidvalidity>:<uid>:<folder>`), else null. */
export function folderOfRef(sourceMsgRef: string): string | null {
  return /^imap:\d+:\d+:(.+)$/s.exec(sourceMsgRef)?.[1] ?? null;
}
