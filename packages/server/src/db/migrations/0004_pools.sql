-- The pool data engine: miners (accounts, addresses and the demo farm), workers, shares rolled up
-- into series, network state, blocks, daily profits, payments, worker groups and pay methods.
-- Times of the engine are epoch milliseconds (bigint), as the series on the wire; money is
-- NUMERIC; share difficulties are double precision (they measure work, they are not money).

-- One payout identity on a pool: a mining account (by name), a mining address, or the demo farm.
CREATE TABLE pool_miners (
  pool           text             NOT NULL,
  miner          text             NOT NULL,
  -- account | address | demo
  kind           text             NOT NULL,
  account_id     bigint           REFERENCES mining_accounts (id),
  first_share_ms bigint,
  last_share_ms  bigint,
  diff_15m       double precision NOT NULL DEFAULT 0,
  diff_1h        double precision NOT NULL DEFAULT 0,
  diff_24h       double precision NOT NULL DEFAULT 0,
  rej_24h        double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (pool, miner)
);

CREATE INDEX pool_miners_account_idx ON pool_miners (account_id);

CREATE TABLE worker_groups (
  id         bigserial   PRIMARY KEY,
  pool       text        NOT NULL,
  account_id bigint      NOT NULL REFERENCES mining_accounts (id),
  name       text        NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (pool, account_id, name)
);

-- A worker appears with its first share; its windows (15 min, 1 h, 24 h sums of accepted share
-- difficulty) are refreshed by the minute rollup, which also sets rolled_ms: lists show rolled
-- workers only.
CREATE TABLE workers (
  id              bigserial        PRIMARY KEY,
  pool            text             NOT NULL,
  miner           text             NOT NULL,
  name            text             NOT NULL,
  group_id        bigint           REFERENCES worker_groups (id) ON DELETE SET NULL,
  first_share_ms  bigint,
  last_share_ms   bigint,
  last_difficulty double precision,
  last_ip         text,
  hidden          boolean          NOT NULL DEFAULT false,
  rolled_ms       bigint,
  diff_15m        double precision NOT NULL DEFAULT 0,
  diff_1h         double precision NOT NULL DEFAULT 0,
  diff_24h        double precision NOT NULL DEFAULT 0,
  rej_24h         double precision NOT NULL DEFAULT 0,
  reject_rate     double precision NOT NULL DEFAULT 0,
  UNIQUE (pool, miner, name),
  FOREIGN KEY (pool, miner) REFERENCES pool_miners (pool, miner)
);

CREATE INDEX workers_group_idx ON workers (group_id);

-- The worker list sorts by every column of a row; with the name as tie-break in the same
-- direction, one index per column serves both orders (backward scan) and LIMIT stops early.
CREATE INDEX workers_list_15m_idx ON workers (pool, miner, diff_15m, name)
  WHERE NOT hidden AND rolled_ms IS NOT NULL;
CREATE INDEX workers_list_1h_idx ON workers (pool, miner, diff_1h, name)
  WHERE NOT hidden AND rolled_ms IS NOT NULL;
CREATE INDEX workers_list_24h_idx ON workers (pool, miner, diff_24h, name)
  WHERE NOT hidden AND rolled_ms IS NOT NULL;
CREATE INDEX workers_list_reject_idx ON workers (pool, miner, reject_rate, name)
  WHERE NOT hidden AND rolled_ms IS NOT NULL;
CREATE INDEX workers_list_last_share_idx ON workers (pool, miner, last_share_ms, name)
  WHERE NOT hidden AND rolled_ms IS NOT NULL;

-- Shares as the ingest seam receives them, summed per worker and minute. Kept 25 hours.
CREATE TABLE share_minutes (
  worker_id bigint           NOT NULL REFERENCES workers (id),
  minute_ms bigint           NOT NULL,
  acc_diff  double precision NOT NULL DEFAULT 0,
  rej_diff  double precision NOT NULL DEFAULT 0,
  acc_count integer          NOT NULL DEFAULT 0,
  rej_count integer          NOT NULL DEFAULT 0,
  PRIMARY KEY (worker_id, minute_ms)
);

CREATE INDEX share_minutes_minute_idx ON share_minutes (minute_ms);

-- Series of share difficulty sums: per pool (miner = '', worker_id = 0), per miner
-- (worker_id = 0) and per worker. 10-minute points are kept 30 days, hourly ones for good.
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
);

CREATE INDEX hashrate_10m_bucket_idx ON hashrate_10m (bucket_ms);

CREATE TABLE hashrate_1h (
  pool      text             NOT NULL,
  miner     text             NOT NULL,
  worker_id bigint           NOT NULL,
  bucket_ms bigint           NOT NULL,
  acc_diff  double precision NOT NULL,
  rej_diff  double precision NOT NULL,
  acc_count integer          NOT NULL,
  rej_count integer          NOT NULL,
  PRIMARY KEY (pool, miner, worker_id, bucket_ms)
);

-- Pool-wide figures of the last rollup.
CREATE TABLE pool_stats (
  pool       text             PRIMARY KEY,
  diff_15m   double precision NOT NULL,
  diff_24h   double precision NOT NULL,
  miners     integer          NOT NULL,
  workers    integer          NOT NULL,
  rolled_ms  bigint           NOT NULL
);

-- The chain as the stratum server last saw it, and the network difficulty of every hour (PPS
-- pays each hour's shares at that hour's difficulty).
CREATE TABLE pool_network (
  pool       text             PRIMARY KEY,
  height     bigint           NOT NULL,
  difficulty double precision NOT NULL,
  updated_ms bigint           NOT NULL
);

CREATE TABLE network_hourly (
  pool       text             NOT NULL,
  hour_ms    bigint           NOT NULL,
  difficulty double precision NOT NULL,
  height     bigint           NOT NULL,
  PRIMARY KEY (pool, hour_ms)
);

CREATE TABLE blocks (
  id                 bigserial        PRIMARY KEY,
  pool               text             NOT NULL,
  height             bigint           NOT NULL,
  hash               text             NOT NULL,
  reward             numeric          NOT NULL,
  subsidy            numeric          NOT NULL,
  finder             text             NOT NULL,
  solo               boolean          NOT NULL DEFAULT false,
  orphaned           boolean          NOT NULL DEFAULT false,
  effort             double precision NOT NULL,
  found_ms           bigint           NOT NULL,
  UNIQUE (pool, height, hash)
);

CREATE INDEX blocks_pool_found_idx ON blocks (pool, found_ms DESC);

-- One row per pool and UTC day once settled: the guard that makes a settlement run once.
CREATE TABLE settlements (
  pool       text   NOT NULL,
  day        date   NOT NULL,
  settled_ms bigint NOT NULL,
  PRIMARY KEY (pool, day)
);

CREATE TABLE profit_days (
  pool         text             NOT NULL,
  miner        text             NOT NULL,
  day          date             NOT NULL,
  diff         double precision NOT NULL,
  pps_amount   numeric          NOT NULL,
  pplns_amount numeric          NOT NULL,
  fee          numeric          NOT NULL,
  amount       numeric          NOT NULL,
  pay_method   text             NOT NULL,
  fee_percent  numeric          NOT NULL,
  -- pending (estimate of the running day) | settled
  status       text             NOT NULL,
  PRIMARY KEY (pool, miner, day)
);

CREATE TABLE payments (
  id         bigserial PRIMARY KEY,
  pool       text      NOT NULL,
  miner      text      NOT NULL,
  day        date      NOT NULL,
  amount     numeric   NOT NULL,
  fee        numeric   NOT NULL,
  tx_id      text,
  status     text      NOT NULL,
  created_ms bigint    NOT NULL,
  UNIQUE (pool, miner, day)
);

CREATE TABLE account_pay_methods (
  account_id bigint NOT NULL REFERENCES mining_accounts (id),
  pool       text   NOT NULL,
  pay_method text   NOT NULL,
  changed_ms bigint,
  PRIMARY KEY (account_id, pool)
);

-- Small engine state: rollup watermark, simulator progress.
CREATE TABLE engine_state (
  key   text   PRIMARY KEY,
  value bigint NOT NULL
);

-- Hashrate and offline alert settings of an account on a pool (the message center sends them).
CREATE TABLE alert_settings (
  account_id                bigint           NOT NULL REFERENCES mining_accounts (id),
  pool                      text             NOT NULL,
  enabled                   boolean          NOT NULL,
  hashrate_threshold        double precision,
  offline_workers_threshold integer,
  -- comma-separated: email, sms
  channels                  text             NOT NULL,
  PRIMARY KEY (account_id, pool)
);
