-- Read-only API keys: a user's bearer credential for family-B reads of chosen mining accounts
-- (modules/identity/apiKeys.ts). The secret is shown once; only its SHA-256 is kept (the key
-- carries 256 random bits, so a fast hash is enough), found by its public prefix.
CREATE TABLE api_keys (
  id           bigserial   PRIMARY KEY,
  user_id      bigint      NOT NULL REFERENCES users (id),
  name         text        NOT NULL,
  -- the public part of the key (`pk_<prefix>_<secret>`), shown in the list and used for lookup
  prefix       text        NOT NULL UNIQUE,
  secret_hash  text        NOT NULL,
  scopes       text        NOT NULL,               -- JSON array of permission strings
  ip_allow     text        NOT NULL DEFAULT '[]',  -- JSON array of CIDR blocks; empty: any
  expiry       text        NOT NULL,               -- one_month | three_months | one_year | forever
  expires_at   timestamptz,
  created_at   timestamptz NOT NULL,
  last_used_at timestamptz,
  last_used_ip text,
  revoked_at   timestamptz
);

CREATE INDEX api_keys_user_id_idx ON api_keys (user_id, id DESC);

-- The mining accounts a key may read (at least one).
CREATE TABLE api_key_accounts (
  key_id     bigint NOT NULL REFERENCES api_keys (id),
  account_id bigint NOT NULL REFERENCES mining_accounts (id),
  PRIMARY KEY (key_id, account_id)
);
