-- Users and their mining accounts (sub-accounts). Shared by the identity module (which owns
-- the users' credentials and settings) and the pool data engine (which hangs workers, shares,
-- series and profits off mining accounts).
CREATE TABLE users (
  id                        bigserial   PRIMARY KEY,
  username                  text        NOT NULL UNIQUE,
  email                     text        UNIQUE,
  country_code              text,
  phone                     text,
  password_hash             text        NOT NULL,
  timezone                  text        NOT NULL DEFAULT 'UTC+00:00',
  language                  text        NOT NULL DEFAULT 'en',
  currency                  text        NOT NULL DEFAULT 'CNY',
  -- active | cancelling (within the 30-day grace) | cancelled (final, data anonymised)
  status                    text        NOT NULL DEFAULT 'active',
  cancellation_requested_at timestamptz,
  current_account_id        bigint,
  created_at                timestamptz NOT NULL DEFAULT now(),
  UNIQUE (country_code, phone)
);

-- A mining account's name is also the stratum user name, so it is unique across the pool.
CREATE TABLE mining_accounts (
  id         bigserial   PRIMARY KEY,
  user_id    bigint      NOT NULL REFERENCES users (id),
  name       text        NOT NULL UNIQUE,
  -- pool_management | profit_management | read_only
  permission text        NOT NULL DEFAULT 'pool_management',
  -- normal | abnormal
  status     text        NOT NULL DEFAULT 'normal',
  is_main    boolean     NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX mining_accounts_user_id_idx ON mining_accounts (user_id);
