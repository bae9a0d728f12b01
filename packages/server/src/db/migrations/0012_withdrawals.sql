-- Withdrawals: the address book, the withdrawals with their chain-sized parts, and the chain
-- broadcasts. Owned by the wallet module (`modules/wallet/withdrawals.ts`) and the chain adapter
-- (`modules/chain/`); the money itself moves only as ledger records (0008_ledger.sql).

-- Saved withdraw addresses of a user, per coin. `public_key` is for KDA only.
CREATE TABLE withdraw_addresses (
  id          bigserial   PRIMARY KEY,
  user_id     bigint      NOT NULL REFERENCES users (id),
  coin        text        NOT NULL,
  alias       text        NOT NULL,
  address     text        NOT NULL,
  public_key  text,
  created_at  timestamptz NOT NULL,
  -- Deleted addresses stay for the withdrawals that were paid to them.
  deleted_at  timestamptz,
  CHECK (public_key IS NULL OR coin = 'kda')
);

CREATE INDEX withdraw_addresses_user_idx ON withdraw_addresses (user_id, coin)
  WHERE deleted_at IS NULL;

-- One withdrawal: what the user asked for. `hold_transaction_id` is its ledger record (type
-- `withdraw`, available → frozen of amount + fee), the id the user and the operators see.
CREATE TABLE withdrawals (
  id                  bigserial   PRIMARY KEY,
  user_id             bigint      NOT NULL REFERENCES users (id),
  mining_account_id   bigint      NOT NULL REFERENCES mining_accounts (id),
  address_id          bigint      NOT NULL REFERENCES withdraw_addresses (id),
  coin                text        NOT NULL,
  -- Copied from the address: what is paid to, even after the address is renamed or deleted.
  address             text        NOT NULL,
  amount              numeric     NOT NULL CHECK (amount > 0),
  fee                 numeric     NOT NULL CHECK (fee >= 0),
  -- manual (waiting for an operator) | processing | successful | partly_failed | failed | rejected
  state               text        NOT NULL CHECK (state IN
    ('manual', 'processing', 'successful', 'partly_failed', 'failed', 'rejected')),
  hold_transaction_id bigint      NOT NULL UNIQUE REFERENCES ledger_transactions (id),
  created_at          timestamptz NOT NULL,
  -- Manual audits only: when the audit is due (24 hours after the request).
  audit_due_at        timestamptz,
  reviewed_by         bigint      REFERENCES users (id),
  reviewed_at         timestamptz,
  reject_reason       text
);

CREATE INDEX withdrawals_state_idx ON withdrawals (state, created_at);
CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, created_at DESC);

-- The chain transactions a withdrawal is split into (at most the coin's maximum single
-- withdrawal each; the fee is charged on part 1). Each settles on its own: its payout record
-- (frozen → system `withdrawals_paid` and `withdraw_fees`) or its refund record (frozen →
-- available).
CREATE TABLE withdrawal_parts (
  id                    bigserial   PRIMARY KEY,
  withdrawal_id         bigint      NOT NULL REFERENCES withdrawals (id),
  part_no               integer     NOT NULL CHECK (part_no >= 1),
  amount                numeric     NOT NULL CHECK (amount > 0),
  fee                   numeric     NOT NULL CHECK (fee >= 0),
  -- held (waiting for audit) | queued (to broadcast) | broadcast | confirmed | failed | rejected
  state                 text        NOT NULL CHECK (state IN
    ('held', 'queued', 'broadcast', 'confirmed', 'failed', 'rejected')),
  tx_id                 text,
  broadcast_at          timestamptz,
  settled_at            timestamptz,
  settle_transaction_id bigint      REFERENCES ledger_transactions (id),
  UNIQUE (withdrawal_id, part_no)
);

CREATE INDEX withdrawal_parts_open_idx ON withdrawal_parts (state)
  WHERE state IN ('queued', 'broadcast');

-- What was sent to a chain, keyed by the withdrawal part it pays: the chain adapter writes it
-- with the chain's answer, and a broadcast under a key that exists answers the stored
-- transaction instead of sending again, so a crash between the broadcast and the part's own
-- record never pays twice. The demo chain also keeps its confirmations here.
CREATE TABLE chain_broadcasts (
  chain             text        NOT NULL,
  idempotency_key   text        NOT NULL,
  coin              text        NOT NULL,
  address           text        NOT NULL,
  amount            numeric     NOT NULL,
  tx_id             text        NOT NULL,
  -- pending | confirmed | failed (the chain's view)
  status            text        NOT NULL CHECK (status IN ('pending', 'confirmed', 'failed')),
  broadcast_at      timestamptz NOT NULL,
  PRIMARY KEY (chain, idempotency_key),
  UNIQUE (chain, tx_id)
);
