-- The person's own triage layer on top of the shipped stage-2 model (core/triage/personal.ts):
-- per-feature label offsets learned from their corrections, one blob per head. On this device
-- only: never sent to the cloud.
CREATE TABLE IF NOT EXISTS `personal_model` (
  `head` text PRIMARY KEY NOT NULL,
  `weights` blob NOT NULL,
  `corrections` integer NOT NULL,
  `updated_at` integer NOT NULL
);
