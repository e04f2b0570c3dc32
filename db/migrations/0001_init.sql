CREATE TABLE `ledger_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`scout_id` text,
	`action` text NOT NULL,
	`target_ref` text NOT NULL,
	`reversal` text,
	`run_id` text,
	`session_id` text,
	`actor` text NOT NULL,
	`undo_of` text,
	`created_at` integer NOT NULL,
	`undone_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE INDEX `ledger_actions_user_idx` ON `ledger_actions` (`user_id`,`created_at`);
CREATE INDEX `ledger_actions_run_idx` ON `ledger_actions` (`run_id`);
CREATE TABLE `scout_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`scout_id` text NOT NULL,
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`account_ref` text NOT NULL,
	`token_ciphertext` text,
	`token_key_version` integer,
	`scopes` text DEFAULT '' NOT NULL,
	`watch_expiration` integer,
	`history_cursor` text,
	`needs_reauth` integer DEFAULT false NOT NULL,
	`reauth_notified_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`scout_id`) REFERENCES `scouts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE UNIQUE INDEX `scout_connections_scout_uq` ON `scout_connections` (`scout_id`);
CREATE INDEX `scout_connections_account_idx` ON `scout_connections` (`provider`,`account_ref`);
CREATE TABLE `scout_run_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`scout_id` text NOT NULL,
	`kind` text NOT NULL,
	`outcome` text NOT NULL,
	`detail` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`scout_id`) REFERENCES `scouts`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE INDEX `scout_run_logs_scout_idx` ON `scout_run_logs` (`scout_id`,`created_at`);
CREATE TABLE `scout_triage_queue` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`scout_id` text NOT NULL,
	`source_msg_ref` text NOT NULL,
	`thread_ref` text,
	`verdict` text NOT NULL,
	`reason` text NOT NULL,
	`confidence` real NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`delivered_at` integer,
	`acked_at` integer,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`scout_id`) REFERENCES `scouts`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE UNIQUE INDEX `scout_triage_queue_ref_uq` ON `scout_triage_queue` (`scout_id`,`source_msg_ref`);
CREATE INDEX `scout_triage_queue_user_status_idx` ON `scout_triage_queue` (`user_id`,`status`);
CREATE TABLE `scouts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`source_type` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`paused_reason` text,
	`auto_trash_spam` integer DEFAULT false NOT NULL,
	`device_inactivity_pause_days` integer DEFAULT 14 NOT NULL,
	`poll_interval_seconds` integer DEFAULT 900 NOT NULL,
	`schedule` text,
	`last_run_at` integer,
	`last_notification_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE INDEX `scouts_user_idx` ON `scouts` (`user_id`);
CREATE TABLE `slack_events_seen` (
	`event_id` text PRIMARY KEY NOT NULL,
	`received_at` integer NOT NULL
);

CREATE TABLE `device_pairings` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE TABLE `devices` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE UNIQUE INDEX `devices_token_hash_unique` ON `devices` (`token_hash`);
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`display_name` text,
	`created_at` integer NOT NULL
);

CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);