-- The Screener for new senders: the person's yes/no per sender and account, and the messages
-- waiting for (or screened out by) that answer. Kept on the device only, never sent to the cloud.
CREATE TABLE IF NOT EXISTS `screener_decisions` (
  `account_id` text NOT NULL,
  `sender` text NOT NULL,
  `decision` text NOT NULL,
  `decided_at` integer NOT NULL,
  PRIMARY KEY (`account_id`, `sender`)
);
-- A held suggestion is out of the suggestion list while `released_at` is null.
CREATE TABLE IF NOT EXISTS `screener_held` (
  `suggestion_id` text PRIMARY KEY NOT NULL,
  `account_id` text NOT NULL,
  `sender` text NOT NULL,
  `held_at` integer NOT NULL,
  `released_at` integer
);
CREATE INDEX IF NOT EXISTS `screener_held_sender_idx` ON `screener_held` (`account_id`, `sender`);
-- "Not spam" in the Screened view: the sender's later mail skips stage 1's spam verdict on the
-- device, and the screened row remembers the suggestion it became (for undo).
CREATE TABLE IF NOT EXISTS `spam_overrides` (
  `sender` text PRIMARY KEY NOT NULL,
  `created_at` integer NOT NULL
);
ALTER TABLE `mail_screened` ADD COLUMN `restored_at` integer;
-- Stage 1's reason in plain words (named signals only, never content), for the Screened view.
ALTER TABLE `mail_screened` ADD COLUMN `why` text;
