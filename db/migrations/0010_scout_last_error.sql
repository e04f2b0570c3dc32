-- The provider's error (HTTP status / Slack error code, never content) from a scout's latest
-- failed attempt, so work that runs out of queue retries is owed with the real cause.
ALTER TABLE `scouts` ADD `last_error` text;
ALTER TABLE `scouts` ADD `last_error_at` integer;
