-- Fee coupons: batches of codes operators issue, the coupons users redeem and start, and what
-- each settled day saved.

-- One issue of codes: they share the reduction, the coin, the validity and the use-before date.
CREATE TABLE coupon_batches (
  id                    bigserial    PRIMARY KEY,
  -- a share of the pool fee in percent: 20 turns a 2.5 % fee into 2 %
  fee_reduction_percent numeric(5,2) NOT NULL
    CHECK (fee_reduction_percent > 0 AND fee_reduction_percent <= 100),
  -- the coin whose fee it reduces; NULL: any coin (chosen at start)
  coin                  text,
  validity_days         integer      NOT NULL CHECK (validity_days BETWEEN 1 AND 365),
  use_before            timestamptz  NOT NULL,
  count                 integer      NOT NULL CHECK (count >= 1),
  note                  text,
  created_by            bigint       NOT NULL REFERENCES users (id),
  created_at            timestamptz  NOT NULL
);

CREATE INDEX coupon_batches_created_idx ON coupon_batches (created_at DESC, id DESC);

-- One row per code: a code is one coupon (spec section 5: one code redeems one coupon). It
-- belongs to nobody until redeemed, then runs unused -> in_use -> used, or unused -> expired
-- (never started before use_before); the minute job moves the states off the server's clock.
CREATE TABLE coupons (
  id                bigserial   PRIMARY KEY,
  batch_id          bigint      NOT NULL REFERENCES coupon_batches (id),
  -- upper case; read in any case
  code              text        NOT NULL UNIQUE,
  user_id           bigint      REFERENCES users (id),
  redeemed_at       timestamptz,
  account_id        bigint      REFERENCES mining_accounts (id),
  -- the coin it was started for
  coin              text,
  started_at        timestamptz,
  -- 00:00 UTC after the last day it reduces
  ends_at           timestamptz,
  status            text        NOT NULL DEFAULT 'unused'
    CHECK (status IN ('unused', 'in_use', 'used', 'expired')),
  status_changed_at timestamptz,
  CHECK ((user_id IS NULL) = (redeemed_at IS NULL)),
  CHECK ((started_at IS NULL) = (account_id IS NULL)),
  CHECK ((started_at IS NULL) = (coin IS NULL)),
  CHECK ((started_at IS NULL) = (ends_at IS NULL)),
  CHECK (started_at IS NULL OR user_id IS NOT NULL),
  CHECK ((status IN ('in_use', 'used')) = (started_at IS NOT NULL))
);

CREATE INDEX coupons_batch_idx ON coupons (batch_id, id);
CREATE INDEX coupons_user_idx ON coupons (user_id, redeemed_at DESC, id DESC)
  WHERE user_id IS NOT NULL;
CREATE INDEX coupons_unused_idx ON coupons (batch_id) WHERE status = 'unused';
CREATE INDEX coupons_in_use_ends_idx ON coupons (ends_at) WHERE status = 'in_use';
-- Settlement looks up the coupon of an account and coin whose period covers a day.
CREATE INDEX coupons_period_idx ON coupons (account_id, coin, started_at)
  WHERE started_at IS NOT NULL;
-- One coupon in use per account and coin at a time.
CREATE UNIQUE INDEX coupons_one_in_use_idx ON coupons (account_id, coin) WHERE status = 'in_use';

-- A profit day settled (or estimated) with a coupon: which one, and the fee it saved.
ALTER TABLE profit_days ADD COLUMN coupon_id bigint REFERENCES coupons (id);
ALTER TABLE profit_days ADD COLUMN fee_saved numeric NOT NULL DEFAULT 0;

CREATE INDEX profit_days_coupon_idx ON profit_days (coupon_id, day DESC)
  WHERE coupon_id IS NOT NULL;
