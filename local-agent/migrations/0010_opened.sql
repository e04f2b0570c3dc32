-- When the person opened the message in the reading view (the clean-up screen's read rate).
ALTER TABLE `scout_suggestions` ADD COLUMN `opened_at` integer;
