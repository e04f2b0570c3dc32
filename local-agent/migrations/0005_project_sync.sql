-- Projects sync to the user's other devices as entities (kind `project`): their metadata (folder
-- display name, file count, last scan) as JSON, and the notes the person keeps on a project.
ALTER TABLE `entities` ADD COLUMN `project` text;
ALTER TABLE `projects` ADD COLUMN `notes` text NOT NULL DEFAULT '';
