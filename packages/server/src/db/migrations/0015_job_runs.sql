-- Scheduled jobs run once across API nodes: each node's timer asks, the database decides.
-- A run holds a PostgreSQL advisory lock on the job's name while it works, and claims its
-- period (e.g. the minute `2026-11-24T09:05`) here in the same transaction: a second node at
-- the same moment finds the lock taken, one later in the period finds the claim. A run that
-- fails rolls its claim back, so the next tick of any node runs the period again.
CREATE TABLE job_runs (
  job         text        NOT NULL,
  period      text        NOT NULL,
  -- The node that ran it (host name and process id), for the operator reading the table.
  node        text        NOT NULL,
  started_at  timestamptz NOT NULL,
  finished_at timestamptz NOT NULL,
  PRIMARY KEY (job, period)
);

CREATE INDEX job_runs_started_idx ON job_runs (started_at);
