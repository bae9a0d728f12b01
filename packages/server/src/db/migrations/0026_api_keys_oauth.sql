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

-- PoolKit as an OAuth 2 provider (modules/identity/oauthProvider.ts): third-party apps that
-- operators register, the authorisations users give them (accounts and scopes), single-use
-- authorisation codes bound to a PKCE challenge, and the apps' access and refresh tokens.
-- Secrets, codes and tokens are kept as SHA-256 only.
CREATE TABLE oauth_apps (
  client_id     text        PRIMARY KEY,
  name          text        NOT NULL,
  logo_url      text,
  redirect_uris text        NOT NULL,               -- JSON array, matched exactly
  scopes        text        NOT NULL,               -- JSON array of permission strings
  secret_hash   text        NOT NULL,
  created_by    bigint      NOT NULL REFERENCES users (id),
  created_at    timestamptz NOT NULL,
  deleted_at    timestamptz
);

CREATE TABLE oauth_grants (
  id           bigserial   PRIMARY KEY,
  user_id      bigint      NOT NULL REFERENCES users (id),
  client_id    text        NOT NULL REFERENCES oauth_apps (client_id),
  scopes       text        NOT NULL,                -- JSON array of permission strings
  created_at   timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at   timestamptz
);

CREATE INDEX oauth_grants_user_id_idx ON oauth_grants (user_id, id DESC);

CREATE TABLE oauth_grant_accounts (
  grant_id   bigint NOT NULL REFERENCES oauth_grants (id),
  account_id bigint NOT NULL REFERENCES mining_accounts (id),
  PRIMARY KEY (grant_id, account_id)
);

CREATE TABLE oauth_codes (
  code_hash      text        PRIMARY KEY,
  grant_id       bigint      NOT NULL REFERENCES oauth_grants (id),
  redirect_uri   text        NOT NULL,
  code_challenge text        NOT NULL,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz
);

-- kind: access | refresh. A refresh token is used once (rotation); using it again revokes the grant.
CREATE TABLE oauth_tokens (
  token_hash text        PRIMARY KEY,
  grant_id   bigint      NOT NULL REFERENCES oauth_grants (id),
  kind       text        NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);

CREATE INDEX oauth_tokens_grant_id_idx ON oauth_tokens (grant_id);
