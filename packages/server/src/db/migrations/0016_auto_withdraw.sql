-- Auto-withdraw: per mining account and coin, a saved withdraw address and a threshold. The
-- daily job (`modules/wallet/autoWithdraw.ts`) pays the available balance as an ordinary
-- withdrawal once it reaches the threshold, at most once per UTC day (`last_paid_day`, written
-- with the withdrawal in one transaction).
CREATE TABLE auto_withdrawals (
  mining_account_id bigint      NOT NULL REFERENCES mining_accounts (id),
  coin              text        NOT NULL,
  user_id           bigint      NOT NULL REFERENCES users (id),
  enabled           boolean     NOT NULL,
  -- Kept when switched off, so switching on again with the same address is no change.
  address_id        bigint      REFERENCES withdraw_addresses (id),
  threshold         numeric     CHECK (threshold > 0),
  updated_at        timestamptz NOT NULL,
  last_paid_day     date,
  PRIMARY KEY (mining_account_id, coin),
  CHECK (NOT enabled OR (address_id IS NOT NULL AND threshold IS NOT NULL))
);

CREATE INDEX auto_withdrawals_user_idx ON auto_withdrawals (user_id);
CREATE INDEX auto_withdrawals_due_idx ON auto_withdrawals (last_paid_day) WHERE enabled;
