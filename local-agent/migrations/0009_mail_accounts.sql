-- Mail accounts the agent reads itself (IMAP, JMAP): their server, the credential sealed with the
-- device's own key (never in clear, never sent anywhere but the account's server), the folders
-- to watch and, per folder, where the last sync stopped (UIDVALIDITY, last UID, HIGHESTMODSEQ).
CREATE TABLE IF NOT EXISTS `mail_accounts` (
  `id` text PRIMARY KEY NOT NULL,
  `kind` text NOT NULL,
  `label` text NOT NULL,
  `server` text NOT NULL,
  `username` text NOT NULL,
  `secret` text NOT NULL,
  `folders` text NOT NULL,
  `cursor` text NOT NULL,
  `enabled` integer NOT NULL DEFAULT 1,
  `last_sync_at` integer,
  `last_change_at` integer,
  `last_error` text,
  `created_at` integer NOT NULL
);
-- What stage 1 set aside from these accounts: kept on the device (it is the person's own mail) so
-- the Screened view can show it and "not spam" can bring it back; also how a resync knows it.
CREATE TABLE IF NOT EXISTS `mail_screened` (
  `id` text PRIMARY KEY NOT NULL,
  `account_id` text NOT NULL,
  `source_msg_ref` text NOT NULL,
  `from_addr` text NOT NULL,
  `subject` text NOT NULL,
  `reason` text NOT NULL,
  `confidence` real NOT NULL,
  `screened_at` integer NOT NULL
);
CREATE INDEX IF NOT EXISTS `mail_screened_account_idx` ON `mail_screened` (`account_id`, `screened_at`);
