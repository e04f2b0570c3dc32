import { z } from "zod";
import { MailAccountHealth } from "./local-api.ts";

/**
 * Answers of the agent's `/local/v1/mail-accounts` routes (the PWA's Accounts screen). Requests are
 * validated by the agent itself; the PWA parses answers with these, so a changed agent fails loudly.
 *
 * @example const { accounts } = MailAccountList.parse(await res.json());
 */

export const ImapTls = z.enum(["on", "starttls", "off"]);
export type ImapTls = z.infer<typeof ImapTls>;

export const MailPreset = z.object({
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
  tls: ImapTls,
  note: z.string(),
});
export type MailPreset = z.infer<typeof MailPreset>;
export const MailPresetList = z.object({ presets: z.array(MailPreset) });

/** `GET /find?email=`: the server found for an address (preset, RFC 6186 SRV or autoconfig), or null. */
export const FoundImapServer = z.object({
  host: z.string(),
  port: z.number().int(),
  tls: ImapTls,
  username: z.string().optional(),
  note: z.string().optional(),
  via: z.string(),
});
export const FindResponse = z.object({ found: FoundImapServer.nullable() });
export type FindResponse = z.infer<typeof FindResponse>;

/** `POST /probe` and `/jmap/probe`: the folders a login sees, before anything is saved. */
export const ProbeResponse = z.object({
  folders: z.array(z.object({ path: z.string(), specialUse: z.string().nullable() })),
});
export type ProbeResponse = z.infer<typeof ProbeResponse>;

/**
 * `GET /:id/folders`: where "Move to…" may put a message. `path` is what a move names; `specialUse`
 * the RFC 6154 flag (`\Archive`, `\Junk`, `\Trash`, `\Sent`…; JMAP roles in the same form);
 * `selectable` false for a parent that cannot hold messages (`\Noselect`).
 */
export const AccountFolder = z.object({
  path: z.string(),
  name: z.string(),
  specialUse: z.string().nullable(),
  selectable: z.boolean(),
});
export type AccountFolder = z.infer<typeof AccountFolder>;
export const AccountFolderList = z.object({ id: z.string(), folders: z.array(AccountFolder) });
export type AccountFolderList = z.infer<typeof AccountFolderList>;

/** An account as listed: its settings (never the secret) and the watcher's health, null when unwatched. */
export const MailAccount = z.object({
  id: z.string(),
  kind: z.enum(["imap", "jmap"]),
  label: z.string(),
  server: z.string(),
  username: z.string(),
  folders: z.array(z.string()),
  lastSyncAt: z.number().nullable(),
  lastChangeAt: z.number().nullable(),
  lastError: z.string().nullable(),
});
export type MailAccount = z.infer<typeof MailAccount>;
/**
 * A sync pass in flight (a first sync of a large mailbox): the folder it reads, messages read of
 * those it found there, and whether the person paused it. Null between passes.
 */
export const MailSyncProgress = z.object({
  folder: z.string(),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  paused: z.boolean(),
});
export type MailSyncProgress = z.infer<typeof MailSyncProgress>;
export const MailAccountWithHealth = MailAccount.extend({
  health: MailAccountHealth.nullable(),
  progress: MailSyncProgress.nullable().default(null),
});
export type MailAccountWithHealth = z.infer<typeof MailAccountWithHealth>;
export const MailAccountList = z.object({ accounts: z.array(MailAccountWithHealth) });
export const AddedMailAccount = z.object({ account: MailAccount });

/** `POST /:id/test`: each watched folder's message count after a fresh login. */
export const MailAccountTest = z.object({
  folders: z.array(z.object({ name: z.string(), messages: z.number().int() })),
});
export type MailAccountTest = z.infer<typeof MailAccountTest>;
export const RemovedMailAccount = z.object({ removed: z.string() });

/** `:id` of the account routes: what the agent issues (`imap-…`, `jmap-…`), bounded. */
export const MailAccountId = z
  .string()
  .regex(/^(imap|jmap)-[A-Za-z0-9_-]{1,40}$/, "an account id (imap-… or jmap-…)");
/** `POST /:id/pause` and `/:id/resume`: no body fields (an empty object or none). */
export const SyncControlBody = z.object({}).strict();
/** Their answer: the account and its progress after the change. */
export const SyncControlResponse = z.object({ id: z.string(), progress: MailSyncProgress.nullable() });
export type SyncControlResponse = z.infer<typeof SyncControlResponse>;

/** `email` for `GET /find`: an address, bounded. */
export const FindQuery = z.object({ email: z.string().trim().min(3).max(320).email("an email address") });
