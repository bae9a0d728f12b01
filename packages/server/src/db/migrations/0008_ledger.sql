-- The ledger: one double-entry book for every movement of value (mining income and transfers
-- now; deposits, withdrawals, exchanges, contracts, programmes later). Owned by the wallet
-- module, whose ledger service is the only code that writes these tables.
--
-- * ledger_accounts: one balance per holder, coin and bucket. A holder is a mining account
--   (the user's money: each main account and sub-account holds its own) or the pool itself
--   (`system_name`, e.g. `mining_payouts`, whose balance goes negative as it pays out).
-- * ledger_transactions: the records a user sees in the wallet (a day's mining income, a
--   transfer), with their type and status.
-- * ledger_entries: the amounts a record adds to or takes from balances. Append-only. The
--   entries of a record sum to zero per coin (checked at commit), and every balance equals the
--   sum of its entries (checked by the reconciliation query).

CREATE TABLE ledger_accounts (
  id                bigserial PRIMARY KEY,
  -- mining_account | system
  holder            text      NOT NULL CHECK (holder IN ('mining_account', 'system')),
  mining_account_id bigint    REFERENCES mining_accounts (id),
  system_name       text,
  coin              text      NOT NULL,
  -- available (free to move) | frozen (held: withdrawals in progress, audits)
  bucket            text      NOT NULL DEFAULT 'available' CHECK (bucket IN ('available', 'frozen')),
  balance           numeric   NOT NULL DEFAULT 0,
  CHECK ((holder = 'mining_account') = (mining_account_id IS NOT NULL)),
  CHECK ((holder = 'system') = (system_name IS NOT NULL)),
  -- The last line of defence against an overdraft: a user's balance never goes below zero.
  CONSTRAINT ledger_accounts_no_overdraft CHECK (holder = 'system' OR balance >= 0),
  UNIQUE (id, coin)
);

CREATE UNIQUE INDEX ledger_accounts_mining_idx ON ledger_accounts (mining_account_id, coin, bucket)
  WHERE holder = 'mining_account';
CREATE UNIQUE INDEX ledger_accounts_system_idx ON ledger_accounts (system_name, coin, bucket)
  WHERE holder = 'system';

CREATE TABLE ledger_transactions (
  id                bigserial   PRIMARY KEY,
  -- mining | transfer (later: deposit, withdraw, exchange, contract, red_packet, invite_reward)
  type              text        NOT NULL,
  -- successful | failed | pending
  status            text        NOT NULL CHECK (status IN ('successful', 'failed', 'pending')),
  coin              text        NOT NULL,
  -- What makes a record posted by the system unique, so posting it twice is impossible:
  -- `mining:<mining account id>:<coin>:<day>` for a day's income.
  reference         text        UNIQUE,
  -- The user who asked for it (transfers); null for the system's records.
  initiator_user_id bigint      REFERENCES users (id),
  -- Mining income: the UTC day it was earned.
  mining_day        date,
  note              text,
  created_at        timestamptz NOT NULL
);

CREATE INDEX ledger_transactions_created_idx ON ledger_transactions (created_at DESC, id DESC);

CREATE TABLE ledger_entries (
  id                bigserial   PRIMARY KEY,
  transaction_id    bigint      NOT NULL REFERENCES ledger_transactions (id),
  ledger_account_id bigint      NOT NULL,
  coin              text        NOT NULL,
  amount            numeric     NOT NULL CHECK (amount <> 0),
  created_at        timestamptz NOT NULL,
  -- An entry moves the coin of its balance, never another.
  FOREIGN KEY (ledger_account_id, coin) REFERENCES ledger_accounts (id, coin)
);

CREATE INDEX ledger_entries_transaction_idx ON ledger_entries (transaction_id);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (ledger_account_id, transaction_id);

-- A record's entries sum to zero per coin: checked once per entry at commit (deferred), when
-- every entry of the record is in, so no half-written record can ever be committed.
CREATE FUNCTION ledger_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM ledger_entries WHERE transaction_id = NEW.transaction_id
    GROUP BY coin HAVING sum(amount) <> 0
  ) THEN
    RAISE EXCEPTION 'ledger transaction % does not sum to zero', NEW.transaction_id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER ledger_entries_balanced
  AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_balanced();

-- Entries are never changed or removed: a correction is a new record.
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER ledger_entries_append_only
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();

-- Idempotency keys of money-moving calls: the first successful answer under (user, key),
-- stored in the transaction that moved the money and replayed to any repeat. `request_hash` is
-- the SHA-256 of the call's fields other than its secrets, so the same key with other fields is
-- refused. `status` is 200 once answered (0 while claimed, seen only inside the claiming
-- transaction); `response` the envelope's data, as sent (json keeps its key order).
CREATE TABLE idempotency_keys (
  user_id      bigint      NOT NULL REFERENCES users (id),
  key          text        NOT NULL,
  endpoint     text        NOT NULL,
  request_hash text        NOT NULL,
  status       integer     NOT NULL,
  response     json        NOT NULL,
  created_at   timestamptz NOT NULL,
  PRIMARY KEY (user_id, key)
);

CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
