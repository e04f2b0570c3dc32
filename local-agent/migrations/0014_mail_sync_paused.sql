-- A mail account's syncing paused by the person (a large first sync): kept across agent restarts,
-- so a restarted agent does not start the paused sync again. 1 = paused.
ALTER TABLE `mail_accounts` ADD COLUMN `sync_paused` integer NOT NULL DEFAULT 0;
