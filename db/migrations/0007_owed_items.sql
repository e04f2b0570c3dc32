-- PIPELINE-A: jobs that exhausted their queue retries stay owed (ids only) until a redo succeeds.
CREATE TABLE `scout_owed_items` (
	`scout_id` text NOT NULL,
	`job_kind` text NOT NULL,
	`item_ref` text NOT NULL,
	`source` text NOT NULL,
	`thread_ref` text,
	`attempts` integer DEFAULT 1 NOT NULL,
	`last_error` text NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`scout_id`, `job_kind`, `item_ref`),
	FOREIGN KEY (`scout_id`) REFERENCES `scouts`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE INDEX `scout_owed_items_due_idx` ON `scout_owed_items` (`next_attempt_at`);
