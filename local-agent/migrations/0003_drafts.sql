-- The Gmail draft a suggestion's reply was saved as (cleared when the draft is undone).
ALTER TABLE `scout_suggestions` ADD COLUMN `draft_id` text;
