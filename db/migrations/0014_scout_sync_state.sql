-- What a connector keeps beside the history cursor (ids and times, never content): Gmail's
-- cursor time and a gap resync's progress after history expired (404).
ALTER TABLE `scout_connections` ADD `sync_state` text;
