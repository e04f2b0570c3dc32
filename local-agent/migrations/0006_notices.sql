-- Notices from the cloud (a connection needing re-authorization, an automation's notification),
-- kept until the person dismisses them or the cloud reports the connection healthy again. One
-- row per `dedupe_key` (scout and kind): a repeat shows the notice again.
CREATE TABLE IF NOT EXISTS `device_notices` (
  `id` text PRIMARY KEY NOT NULL,
  `dedupe_key` text NOT NULL,
  `kind` text NOT NULL,
  `scout_id` text,
  `provider` text,
  `message` text NOT NULL,
  `received_at` integer NOT NULL,
  `dismissed_at` integer
);
CREATE UNIQUE INDEX IF NOT EXISTS `device_notices_dedupe_key_uq` ON `device_notices` (`dedupe_key`);
CREATE INDEX IF NOT EXISTS `device_notices_received_idx` ON `device_notices` (`received_at`);
