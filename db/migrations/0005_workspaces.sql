-- CONNECTORS: spaces (personal and shared), their members, the workspace directory keyed by
-- (space_id, workspace_key), and short-lived onboarding scan sessions. Names and counts only.
CREATE TABLE `spaces` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_user_id` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE INDEX `spaces_owner_idx` ON `spaces` (`owner_user_id`);

CREATE TABLE `space_members` (
	`space_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY(`space_id`, `user_id`),
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE INDEX `space_members_user_idx` ON `space_members` (`user_id`);

CREATE TABLE `workspaces` (
	`id` text PRIMARY KEY NOT NULL,
	`space_id` text NOT NULL,
	`workspace_key` text NOT NULL,
	`kind` text NOT NULL,
	`display_name` text,
	`display_name_at` integer,
	`member_count` integer,
	`archived` integer DEFAULT false NOT NULL,
	`archived_at` integer,
	`tags` text DEFAULT '[]' NOT NULL,
	`first_seen_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE UNIQUE INDEX `workspaces_space_key_uq` ON `workspaces` (`space_id`, `workspace_key`);
CREATE INDEX `workspaces_space_kind_idx` ON `workspaces` (`space_id`, `kind`);

CREATE TABLE `workspace_scan_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`space_id` text NOT NULL,
	`user_id` text NOT NULL,
	`scout_id` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`scout_id`) REFERENCES `scouts`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE INDEX `workspace_scan_sessions_expiry_idx` ON `workspace_scan_sessions` (`expires_at`);

CREATE TABLE `workspace_scan_items` (
	`session_id` text NOT NULL,
	`workspace_key` text NOT NULL,
	`kind` text NOT NULL,
	`display_name` text,
	`member_count` integer,
	`archived` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`session_id`, `workspace_key`),
	FOREIGN KEY (`session_id`) REFERENCES `workspace_scan_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
