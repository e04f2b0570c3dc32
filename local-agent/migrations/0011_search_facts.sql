-- What search needs about the envelope (core/assistant/search-query.ts): recipients for `to:`,
-- unread for `is:unread`, the attachment flag for `has:attachment`. On this device only; NULL
-- when the source did not say (older rows included).
ALTER TABLE `scout_suggestions` ADD COLUMN `recipients` text;
ALTER TABLE `scout_suggestions` ADD COLUMN `unread` integer;
ALTER TABLE `scout_suggestions` ADD COLUMN `has_attachment` integer;
