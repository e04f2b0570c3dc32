CREATE TABLE IF NOT EXISTS `scout_suggestions` (
	`id` text PRIMARY KEY NOT NULL,
	`scout_id` text NOT NULL,
	`source` text NOT NULL,
	`source_msg_ref` text NOT NULL,
	`thread_ref` text,
	`from_addr` text NOT NULL,
	`sender` text NOT NULL,
	`subject` text NOT NULL,
	`snippet` text NOT NULL,
	`received_at` integer NOT NULL,
	`stored_at` integer NOT NULL,
	`status` text NOT NULL,
	`category` text NOT NULL,
	`bucket` text,
	`speech_act` text,
	`content_category` text,
	`priority` real,
	`why` text NOT NULL,
	`cohort` text NOT NULL,
	`entities` text NOT NULL,
	`verdict` text NOT NULL,
	`confidence` real NOT NULL,
	`reason` text NOT NULL,
	`corrected` integer NOT NULL,
	`snoozed_until` integer,
	`labels` text NOT NULL,
	`converted_kind` text,
	`converted_entity_id` text,
	`decided_at` integer,
	`headers` text,
	`acked_at` integer
);
CREATE INDEX IF NOT EXISTS `scout_suggestions_status_idx` ON `scout_suggestions` (`status`,`received_at`);
CREATE INDEX IF NOT EXISTS `scout_suggestions_sender_idx` ON `scout_suggestions` (`sender`);

CREATE TABLE IF NOT EXISTS `sender_reputation` (
	`sender` text PRIMARY KEY NOT NULL,
	`first_seen_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`message_count` integer NOT NULL,
	`approved_count` integer NOT NULL,
	`rejected_count` integer NOT NULL
);

CREATE TABLE IF NOT EXISTS `corrections` (
	`id` text PRIMARY KEY NOT NULL,
	`suggestion_id` text NOT NULL,
	`sender` text NOT NULL,
	`field` text NOT NULL,
	`from_value` text,
	`to_value` text NOT NULL,
	`created_at` integer NOT NULL
);
CREATE INDEX IF NOT EXISTS `corrections_sender_idx` ON `corrections` (`sender`,`created_at`);

CREATE TABLE IF NOT EXISTS `ledger_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`suggestion_id` text,
	`scout_id` text,
	`action` text NOT NULL,
	`target_ref` text NOT NULL,
	`reversal` text,
	`reversible` integer NOT NULL,
	`actor` text NOT NULL,
	`run_id` text,
	`session_id` text,
	`undo_of` text,
	`status` text NOT NULL,
	`cloud_ledger_id` text,
	`error` text,
	`created_at` integer NOT NULL,
	`undone_at` integer
);
CREATE INDEX IF NOT EXISTS `ledger_entries_created_idx` ON `ledger_entries` (`created_at`);
CREATE INDEX IF NOT EXISTS `ledger_entries_run_idx` ON `ledger_entries` (`run_id`);

CREATE TABLE IF NOT EXISTS `pending_actions` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`kind` text NOT NULL,
	`ledger_id` text,
	`payload` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`done_at` integer
);
CREATE UNIQUE INDEX IF NOT EXISTS `pending_actions_id_unique` ON `pending_actions` (`id`);
CREATE INDEX IF NOT EXISTS `pending_actions_status_idx` ON `pending_actions` (`status`,`seq`);

CREATE TABLE IF NOT EXISTS `entities` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`due` integer,
	`done` integer NOT NULL,
	`start_at` integer,
	`end_at` integer,
	`location` text,
	`project_id` text,
	`source_suggestion_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);

CREATE TABLE IF NOT EXISTS `agent_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);

CREATE TABLE IF NOT EXISTS `device_identity` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`device_id` text NOT NULL,
	`cloud_url` text NOT NULL,
	`paired_at` integer NOT NULL
);

CREATE TABLE IF NOT EXISTS `local_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`label` text NOT NULL,
	`created_at` integer NOT NULL
);
