-- The two series tables that grow and shrink fastest become partitioned by time (one
-- partition per UTC day, created ahead and dropped past their retention by the engine's
-- maintenance, `engine/partitions.ts`), so retention drops a day's partition instead of
-- deleting millions of rows. A DEFAULT partition keeps whatever falls outside the daily ones
-- (history back-filled before its day's partition existed); the maintenance moves such rows
-- into their day's partition when it creates it. Hourly points are kept for good and stay one
-- table.

ALTER TABLE share_minutes RENAME TO share_minutes_unpartitioned;
ALTER TABLE share_minutes_unpartitioned RENAME CONSTRAINT share_minutes_pkey TO share_minutes_unpartitioned_pkey;
ALTER INDEX share_minutes_minute_idx RENAME TO share_minutes_unpartitioned_minute_idx;

CREATE TABLE share_minutes (
  worker_id bigint           NOT NULL REFERENCES workers (id),
  minute_ms bigint           NOT NULL,
  acc_diff  double precision NOT NULL DEFAULT 0,
  rej_diff  double precision NOT NULL DEFAULT 0,
  acc_count integer          NOT NULL DEFAULT 0,
  rej_count integer          NOT NULL DEFAULT 0,
  PRIMARY KEY (worker_id, minute_ms)
) PARTITION BY RANGE (minute_ms);
CREATE INDEX share_minutes_minute_idx ON share_minutes (minute_ms);
CREATE TABLE share_minutes_default PARTITION OF share_minutes DEFAULT;
INSERT INTO share_minutes SELECT * FROM share_minutes_unpartitioned;
DROP TABLE share_minutes_unpartitioned;

ALTER TABLE hashrate_10m RENAME TO hashrate_10m_unpartitioned;
ALTER TABLE hashrate_10m_unpartitioned RENAME CONSTRAINT hashrate_10m_pkey TO hashrate_10m_unpartitioned_pkey;
ALTER INDEX hashrate_10m_bucket_idx RENAME TO hashrate_10m_unpartitioned_bucket_idx;

CREATE TABLE hashrate_10m (
  pool      text             NOT NULL,
  miner     text             NOT NULL,
  worker_id bigint           NOT NULL,
  bucket_ms bigint           NOT NULL,
  acc_diff  double precision NOT NULL,
  rej_diff  double precision NOT NULL,
  acc_count integer          NOT NULL,
  rej_count integer          NOT NULL,
  PRIMARY KEY (pool, miner, worker_id, bucket_ms)
) PARTITION BY RANGE (bucket_ms);
CREATE INDEX hashrate_10m_bucket_idx ON hashrate_10m (bucket_ms);
CREATE TABLE hashrate_10m_default PARTITION OF hashrate_10m DEFAULT;
INSERT INTO hashrate_10m SELECT * FROM hashrate_10m_unpartitioned;
DROP TABLE hashrate_10m_unpartitioned;
