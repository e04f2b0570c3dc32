-- AGENT: mailbox actions from devices are idempotent per user (Idempotency-Key) and name the proposal.
ALTER TABLE `ledger_actions` ADD COLUMN `proposal_id` text;
ALTER TABLE `ledger_actions` ADD COLUMN `idempotency_key` text;
CREATE UNIQUE INDEX `ledger_actions_idem_uq` ON `ledger_actions` (`user_id`,`idempotency_key`);
