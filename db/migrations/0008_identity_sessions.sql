-- PIPELINE-B: identity by provider id (an e-mail address is contact data, never an identity),
-- server-side sessions that sign-out can end, one ledger row per scout action on an item.
DROP INDEX `users_email_unique`;
CREATE INDEX `users_email_idx` ON `users` (`email`);
-- Only accounts without a provider identity (dev sign-in) are found by address.
CREATE UNIQUE INDEX `users_dev_email_uq` ON `users` (`email`) WHERE `google_sub` IS NULL;

CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);
CREATE INDEX `sessions_expiry_idx` ON `sessions` (`expires_at`);

-- The Slack person (authed_user.id) who connected: events are routed by it; one Scouts account per person.
ALTER TABLE `scout_connections` ADD `provider_user_id` text;
CREATE UNIQUE INDEX `scout_connections_person_uq` ON `scout_connections` (`provider`,`account_ref`,`provider_user_id`);
-- Slack connections made before this have no person to route by: they must be reconnected.
UPDATE `scout_connections` SET `needs_reauth` = 1, `reauth_notified_at` = NULL
	WHERE `provider` = 'slack' AND `provider_user_id` IS NULL;

DELETE FROM `ledger_actions` WHERE substr(`actor`, 1, 6) = 'scout:' AND `rowid` NOT IN (
	SELECT min(`rowid`) FROM `ledger_actions` WHERE substr(`actor`, 1, 6) = 'scout:'
	GROUP BY `scout_id`, `action`, `target_ref`);
CREATE UNIQUE INDEX `ledger_actions_scout_target_uq` ON `ledger_actions` (`scout_id`,`action`,`target_ref`)
	WHERE substr(`actor`, 1, 6) = 'scout:';
