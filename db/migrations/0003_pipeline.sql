-- PIPELINE: the demo source's counter, and indexes for the cron sweeps.
CREATE TABLE `demo_feeds` (
	`scout_id` text PRIMARY KEY NOT NULL,
	`emitted` integer DEFAULT 0 NOT NULL,
	`last_emit_minute` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`scout_id`) REFERENCES `scouts`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE INDEX `scout_triage_queue_expiry_idx` ON `scout_triage_queue` (`status`,`expires_at`);
CREATE INDEX `devices_user_idx` ON `devices` (`user_id`);
