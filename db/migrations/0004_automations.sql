-- AUTOMATION: automations, triggers, runs with per-step state, webhook idempotency, artifacts,
-- MCP connections and tools, and the domain event log.
CREATE TABLE `automations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`version` integer NOT NULL,
	`definition` text NOT NULL,
	`concurrency` text NOT NULL,
	`last_fired_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE INDEX `automations_user_idx` ON `automations` (`user_id`);

CREATE TABLE `automation_triggers` (
	`id` text PRIMARY KEY NOT NULL,
	`automation_id` text NOT NULL,
	`user_id` text NOT NULL,
	`position` integer NOT NULL,
	`type` text NOT NULL,
	`event_type` text,
	`cron` text,
	`timezone` text,
	`next_fire_at` integer,
	`enabled` integer DEFAULT true NOT NULL,
	`token_hash` text,
	`token_created_at` integer,
	FOREIGN KEY (`automation_id`) REFERENCES `automations`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE INDEX `automation_triggers_due_idx` ON `automation_triggers` (`type`,`enabled`,`next_fire_at`);
CREATE INDEX `automation_triggers_event_idx` ON `automation_triggers` (`user_id`,`type`,`event_type`);
CREATE INDEX `automation_triggers_automation_idx` ON `automation_triggers` (`automation_id`);
CREATE UNIQUE INDEX `automation_triggers_token_uq` ON `automation_triggers` (`token_hash`);

CREATE TABLE `automation_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`automation_id` text NOT NULL,
	`user_id` text NOT NULL,
	`version` integer NOT NULL,
	`status` text NOT NULL,
	`enqueued` integer NOT NULL,
	`queue` text NOT NULL,
	`trigger_type` text NOT NULL,
	`trigger_payload` text,
	`inputs` text,
	`definition` text NOT NULL,
	`attempt` integer DEFAULT 1 NOT NULL,
	`chain_depth` integer DEFAULT 0 NOT NULL,
	`cost_usd` real DEFAULT 0 NOT NULL,
	`error` text,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	FOREIGN KEY (`automation_id`) REFERENCES `automations`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE INDEX `automation_runs_automation_idx` ON `automation_runs` (`automation_id`,`created_at`);
CREATE INDEX `automation_runs_status_idx` ON `automation_runs` (`automation_id`,`status`);

CREATE TABLE `automation_run_steps` (
	`run_id` text NOT NULL,
	`step_id` text NOT NULL,
	`phase` text NOT NULL,
	`position` integer NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`output` text,
	`error` text,
	`cost_usd` real DEFAULT 0 NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	PRIMARY KEY(`run_id`, `step_id`),
	FOREIGN KEY (`run_id`) REFERENCES `automation_runs`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE TABLE `automation_webhook_fires` (
	`trigger_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`run_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`trigger_id`, `idempotency_key`)
);
CREATE INDEX `automation_webhook_fires_age_idx` ON `automation_webhook_fires` (`created_at`);

CREATE TABLE `automation_artifacts` (
	`id` text PRIMARY KEY NOT NULL,
	`run_id` text NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`r2_key` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`visibility` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `automation_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE INDEX `automation_artifacts_run_idx` ON `automation_artifacts` (`run_id`);
CREATE INDEX `automation_artifacts_expiry_idx` ON `automation_artifacts` (`expires_at`);

CREATE TABLE `mcp_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`credential_ciphertext` text,
	`credential_key_version` integer,
	`status` text NOT NULL,
	`last_error` text,
	`last_harvest_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE INDEX `mcp_connections_user_idx` ON `mcp_connections` (`user_id`);

CREATE TABLE `mcp_tools` (
	`id` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`input_schema` text NOT NULL,
	`annotations` text,
	`side_effects` text NOT NULL,
	`side_effects_override` text,
	`harvested_at` integer NOT NULL,
	FOREIGN KEY (`connection_id`) REFERENCES `mcp_connections`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE UNIQUE INDEX `mcp_tools_connection_name_uq` ON `mcp_tools` (`connection_id`,`name`);

CREATE TABLE `domain_events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`subject` text,
	`payload` text NOT NULL,
	`chain_depth` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
CREATE INDEX `domain_events_user_type_idx` ON `domain_events` (`user_id`,`type`,`created_at`);
CREATE INDEX `domain_events_age_idx` ON `domain_events` (`created_at`);
