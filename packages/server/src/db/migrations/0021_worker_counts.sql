-- Per-miner worker counts by state, written by each roll-up (as of its minute): the totals of
-- the miners list and the account stats read one row instead of counting every worker.
CREATE TABLE worker_counts (
  pool     text   NOT NULL,
  miner    text   NOT NULL,
  at_ms    bigint NOT NULL,
  active   integer NOT NULL,
  inactive integer NOT NULL,
  dead     integer NOT NULL,
  PRIMARY KEY (pool, miner)
);
