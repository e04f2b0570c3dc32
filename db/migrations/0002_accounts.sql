-- INGRESS: Google account identity on users, and which device a pairing code paired.
ALTER TABLE `users` ADD `google_sub` text;
ALTER TABLE `users` ADD `last_sign_in_at` integer;
CREATE UNIQUE INDEX `users_google_sub_uq` ON `users` (`google_sub`);
ALTER TABLE `device_pairings` ADD `device_id` text;
