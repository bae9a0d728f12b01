-- Deposits: coins sent on chain to a mining account's deposit address, credited through the
-- ledger (record type `deposit`, from the pool's `deposits_received` account) once the chain
-- has confirmed them. Owned by the wallet module (`modules/wallet/deposits.ts`).
--
-- * deposit_addresses: one address per mining account and coin (money belongs to mining
--   accounts, so each account receives on its own address), handed out by the address source
--   and kept, so an account's address never changes.
-- * deposits: every chain transfer seen paying one of those addresses, with its confirmations.
--   Unique by chain transaction and output, so a transfer seen twice is one deposit, credited
--   once (the ledger record's reference `deposit:<coin>:<tx id>:<output>` makes sure again).
-- * demo_chain_transactions: the demo inbound chain of the simulator (development only): what
--   the development "send a demo deposit" call broadcasts, mined into a block a few minutes
--   later by the app clock.

CREATE TABLE deposit_addresses (
  id                bigserial   PRIMARY KEY,
  mining_account_id bigint      NOT NULL REFERENCES mining_accounts (id),
  coin              text        NOT NULL,
  address           text        NOT NULL,
  -- The chain of multi-chain coins (KDA: 0); null for single-chain coins.
  chain             integer,
  created_at        timestamptz NOT NULL,
  UNIQUE (mining_account_id, coin),
  UNIQUE (coin, address)
);

CREATE TABLE deposits (
  id                    bigserial   PRIMARY KEY,
  coin                  text        NOT NULL,
  tx_id                 text        NOT NULL,
  output_index          integer     NOT NULL DEFAULT 0,
  address               text        NOT NULL,
  mining_account_id     bigint      NOT NULL REFERENCES mining_accounts (id),
  amount                numeric     NOT NULL CHECK (amount > 0),
  confirmations         integer     NOT NULL DEFAULT 0,
  -- pending (waits for confirmations) | credited | below_minimum (kept, never credited)
  status                text        NOT NULL CHECK (status IN ('pending', 'credited', 'below_minimum')),
  ledger_transaction_id bigint      REFERENCES ledger_transactions (id),
  seen_at               timestamptz NOT NULL,
  credited_at           timestamptz,
  UNIQUE (coin, tx_id, output_index),
  CHECK ((status = 'credited') = (ledger_transaction_id IS NOT NULL))
);

CREATE INDEX deposits_account_idx ON deposits (mining_account_id, seen_at DESC);
CREATE INDEX deposits_ledger_idx ON deposits (ledger_transaction_id);

CREATE TABLE demo_chain_transactions (
  id           bigserial   PRIMARY KEY,
  coin         text        NOT NULL,
  tx_id        text        NOT NULL UNIQUE,
  address      text        NOT NULL,
  amount       numeric     NOT NULL CHECK (amount > 0),
  broadcast_at timestamptz NOT NULL,
  -- The demo block that includes it, and when; null while it waits in the mempool.
  block_height bigint,
  mined_at     timestamptz
);

CREATE INDEX demo_chain_transactions_mempool_idx ON demo_chain_transactions (coin)
  WHERE block_height IS NULL;
