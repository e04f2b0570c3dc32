-- Per-user daily run and spend caps count today's runs per user; the reaper finds runs stuck in
-- `running` by start time across all automations.
CREATE INDEX IF NOT EXISTS automation_runs_user_day_idx ON automation_runs (user_id, created_at);
CREATE INDEX IF NOT EXISTS automation_runs_running_idx ON automation_runs (status, started_at);
