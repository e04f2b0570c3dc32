-- Device-to-device entity sync: the last writer (device id), tombstones for deletes, and this
-- device's change-log sequence (every version that wins here gets the next one).
ALTER TABLE `entities` ADD COLUMN `deleted` integer NOT NULL DEFAULT 0;
ALTER TABLE `entities` ADD COLUMN `writer` text NOT NULL DEFAULT 'local';
ALTER TABLE `entities` ADD COLUMN `sync_seq` integer NOT NULL DEFAULT 0;
UPDATE `entities` SET `sync_seq` = rowid;
CREATE INDEX IF NOT EXISTS `entities_sync_seq_idx` ON `entities` (`sync_seq`);
