-- Cloud-mining contracts: the products operators sell, the orders users place, the payment
-- evidence they upload, and each day of output an order earned.

-- A product: units of hashrate of one coin for a number of days. Money is in the coin.
CREATE TABLE contract_products (
  id                     bigserial    PRIMARY KEY,
  name                   text         NOT NULL,
  coin                   text         NOT NULL,
  -- the catalogue's model name, e.g. `Antminer S21`
  miner                  text         NOT NULL,
  -- hashrate of one unit, H/s
  unit_hashrate          float8       NOT NULL CHECK (unit_hashrate > 0),
  -- price of one unit, in the coin
  price                  numeric      NOT NULL CHECK (price > 0),
  -- per unit per day, in the coin
  electricity_fee        numeric      NOT NULL CHECK (electricity_fee >= 0),
  -- a share of the day's gross output
  management_fee_percent numeric(5,2) NOT NULL
    CHECK (management_fee_percent >= 0 AND management_fee_percent < 100),
  duration_days          integer      NOT NULL CHECK (duration_days BETWEEN 1 AND 3650),
  -- T+n: mining starts n UTC days after the day of payment
  effective_delay_days   integer      NOT NULL CHECK (effective_delay_days BETWEEN 0 AND 30),
  -- units left; an order takes its units in the same UPDATE that checks them
  inventory              integer      NOT NULL CHECK (inventory >= 0),
  -- where a transfer payment goes
  pay_address            text         NOT NULL,
  -- terms per language: {"en": "...", "zh-CN": "...", ...}
  terms                  jsonb        NOT NULL DEFAULT '{}'::jsonb,
  on_sale                boolean      NOT NULL DEFAULT true,
  created_at             timestamptz  NOT NULL,
  updated_at             timestamptz  NOT NULL
);

-- An order: a snapshot of the product's terms at the time it was placed.
CREATE TABLE contract_orders (
  id                     bigserial    PRIMARY KEY,
  user_id                bigint       NOT NULL REFERENCES users (id),
  -- the mining account that pays from its wallet and receives the output
  account_id             bigint       NOT NULL REFERENCES mining_accounts (id),
  product_id             bigint       NOT NULL REFERENCES contract_products (id),
  batch                  text         NOT NULL,
  coin                   text         NOT NULL,
  miner                  text         NOT NULL,
  product_name           text         NOT NULL,
  quantity               integer      NOT NULL CHECK (quantity > 0),
  unit_hashrate          float8       NOT NULL,
  pay_amount             numeric      NOT NULL CHECK (pay_amount > 0),
  electricity_fee        numeric      NOT NULL,
  management_fee_percent numeric(5,2) NOT NULL,
  duration_days          integer      NOT NULL,
  effective_delay_days   integer      NOT NULL,
  pay_address            text         NOT NULL,
  status                 text         NOT NULL DEFAULT 'unpaid' CHECK (status IN
    ('unpaid', 'review', 'reject', 'pending', 'effect', 'finish', 'cancelled')),
  -- wallet | transfer, once paid or evidence uploaded
  pay_method             text         CHECK (pay_method IN ('wallet', 'transfer')),
  created_at             timestamptz  NOT NULL,
  pay_deadline           timestamptz  NOT NULL,
  paid_at                timestamptz,
  -- first mining day and the day after the last (end time = 00:00 UTC of end_date)
  effective_date         date,
  end_date               date,
  reject_reason          text,
  reviewed_by            bigint       REFERENCES users (id),
  reviewed_at            timestamptz,
  -- user | timeout
  cancel_reason          text         CHECK (cancel_reason IN ('user', 'timeout')),
  cancelled_at           timestamptz,
  ledger_transaction_id  bigint       REFERENCES ledger_transactions (id)
);

CREATE INDEX contract_orders_user_idx ON contract_orders (user_id, created_at DESC, id DESC);
CREATE INDEX contract_orders_unpaid_idx ON contract_orders (pay_deadline) WHERE status = 'unpaid';
CREATE INDEX contract_orders_review_idx ON contract_orders (created_at) WHERE status = 'review';

-- One uploaded payment-evidence file; its bytes live in the evidence store under `storage_key`.
CREATE TABLE contract_certificates (
  id           bigserial   PRIMARY KEY,
  order_id     bigint      NOT NULL REFERENCES contract_orders (id),
  file_name    text        NOT NULL,
  content_type text        NOT NULL,
  size_bytes   integer     NOT NULL CHECK (size_bytes > 0),
  storage_key  text        NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL
);

CREATE INDEX contract_certificates_order_idx ON contract_certificates (order_id, id);

-- One mining day of an order, written with its ledger credit (reference
-- `contract:<order id>:<day>`). `shortfall` is what the fees exceeded the gross output by:
-- the day then credits nothing and the shortfall is recorded, never carried or charged.
CREATE TABLE contract_order_days (
  order_id              bigint  NOT NULL REFERENCES contract_orders (id),
  day                   date    NOT NULL,
  power                 float8  NOT NULL,
  unit_output           numeric NOT NULL,
  gross                 numeric NOT NULL,
  electricity_fee       numeric NOT NULL,
  management_fee        numeric NOT NULL,
  net                   numeric NOT NULL CHECK (net >= 0),
  shortfall             numeric NOT NULL CHECK (shortfall >= 0),
  ledger_transaction_id bigint  REFERENCES ledger_transactions (id),
  PRIMARY KEY (order_id, day)
);
