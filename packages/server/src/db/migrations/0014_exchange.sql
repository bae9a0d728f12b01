-- Prices and exchange between coins.
--
-- * market_prices: the latest price of each coin in USD and the latest rate of each currency
--   (units per USD), written by the price feed (the demo's random walk, or a configured HTTP
--   feed) and read by every server process. A failed feed read writes nothing, so the last good
--   prices stay. `walk_minute` is the demo walk's last clock minute (null for a feed's prices).
-- * exchange_quotes: the firm quotes of `GET /wallets/exchanges/quote`, kept server-side so the
--   price of an exchange is the one the server quoted, never one the caller sends. A quote is
--   used at most once (`used_at`, set in the transaction that posts its ledger record).

CREATE TABLE market_prices (
  asset       text        PRIMARY KEY,
  -- coin: `asset` is a coin id and `usd` its price in USD; currency: `asset` is an ISO code
  -- and `usd` the units of it one USD buys.
  kind        text        NOT NULL CHECK (kind IN ('coin', 'currency')),
  usd         numeric     NOT NULL CHECK (usd > 0),
  -- demo | feed
  source      text        NOT NULL CHECK (source IN ('demo', 'feed')),
  walk_minute bigint,
  updated_at  timestamptz NOT NULL
);

CREATE TABLE exchange_quotes (
  -- A random opaque id (not a sequence), so quotes cannot be guessed.
  id                    text        PRIMARY KEY,
  user_id               bigint      NOT NULL REFERENCES users (id),
  mining_account_id     bigint      NOT NULL REFERENCES mining_accounts (id),
  from_coin             text        NOT NULL,
  to_coin               text        NOT NULL CHECK (to_coin <> from_coin),
  amount_in             numeric     NOT NULL CHECK (amount_in > 0),
  -- What the account receives: gross (amount_in × rate, cut to the coin's decimals) less fee.
  amount_out            numeric     NOT NULL CHECK (amount_out > 0),
  rate                  numeric     NOT NULL CHECK (rate > 0),
  fee                   numeric     NOT NULL CHECK (fee >= 0),
  fee_percent           numeric     NOT NULL,
  from_usd              numeric     NOT NULL,
  to_usd                numeric     NOT NULL,
  created_at            timestamptz NOT NULL,
  expires_at            timestamptz NOT NULL,
  used_at               timestamptz,
  ledger_transaction_id bigint      REFERENCES ledger_transactions (id)
);

CREATE INDEX exchange_quotes_created_idx ON exchange_quotes (created_at);
