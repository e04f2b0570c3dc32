-- A run is executed by whoever holds its lease: a queue redelivery while the holder still runs it
-- finds the lease fresh and does nothing, and an executor that lost the run (reaped, cancelled)
-- cannot overwrite how it ended.
ALTER TABLE automation_runs ADD COLUMN lease_holder text;
ALTER TABLE automation_runs ADD COLUMN lease_until integer;
