-- Identity: credentials, sessions, codes, second factors, observer links, logs and the mail
-- outbox. Owned by the identity and accounts modules.
ALTER TABLE users
  ADD COLUMN verify_type           text        NOT NULL DEFAULT 'email',
  ADD COLUMN hide_wallet           boolean     NOT NULL DEFAULT false,
  ADD COLUMN hide_amount           boolean     NOT NULL DEFAULT false,
  -- base32 secret of the authenticator app once turned on, and one waiting for its first code
  ADD COLUMN totp_secret           text,
  ADD COLUMN totp_pending_secret   text,
  -- the last 30-second step accepted, so that a code works once
  ADD COLUMN totp_last_step        bigint,
  ADD COLUMN withdraw_paused_until timestamptz,
  ADD COLUMN cancelled_at          timestamptz;

CREATE INDEX users_cancelling_idx ON users (cancellation_requested_at) WHERE status = 'cancelling';

-- One login session: its refresh tokens rotate inside it; revoking it ends the access tokens
-- that carry its id (`sid`) too.
CREATE TABLE token_families (
  id         text        PRIMARY KEY,
  user_id    bigint      NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);

CREATE INDEX token_families_user_id_idx ON token_families (user_id);

CREATE TABLE refresh_tokens (
  token_hash text        PRIMARY KEY,
  family_id  text        NOT NULL REFERENCES token_families (id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- set when exchanged; a second exchange is a reuse and revokes the family
  used_at    timestamptz
);

CREATE INDEX refresh_tokens_family_id_idx ON refresh_tokens (family_id);

-- Captcha challenges already solved, kept until they expire (single use).
CREATE TABLE captcha_used_lots (
  lot_number text        PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

CREATE INDEX captcha_used_lots_expires_at_idx ON captcha_used_lots (expires_at);

-- Email and SMS codes. `target` is the email or `<country code>:<phone>`.
CREATE TABLE verification_codes (
  id          bigserial   PRIMARY KEY,
  channel     text        NOT NULL,
  target      text        NOT NULL,
  scene       text        NOT NULL,
  code_hash   text        NOT NULL,
  attempts    integer     NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  consumed_at timestamptz
);

CREATE INDEX verification_codes_target_idx ON verification_codes (channel, target, scene, created_at);

-- Single-use tokens: login tickets (password step done, TOTP pending) and second validations.
CREATE TABLE identity_tickets (
  token_hash text        PRIMARY KEY,
  kind       text        NOT NULL,
  user_id    bigint      NOT NULL REFERENCES users (id),
  scene      text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);

CREATE TABLE observer_links (
  id              bigserial   PRIMARY KEY,
  account_id      bigint      NOT NULL REFERENCES mining_accounts (id),
  nickname        text        NOT NULL,
  expiry          text        NOT NULL,
  expires_at      timestamptz,
  token_hash      text        NOT NULL UNIQUE,
  -- the token itself, AES-256-GCM encrypted with a key derived from the server secret, so the
  -- owner can list the link again; lookups use the hash only
  token_encrypted text        NOT NULL,
  pools           text        NOT NULL DEFAULT '[]', -- JSON array of pool names
  created_at      timestamptz NOT NULL,
  deleted_at      timestamptz
);

CREATE INDEX observer_links_account_id_idx ON observer_links (account_id);

CREATE TABLE user_logs (
  id         bigserial   PRIMARY KEY,
  user_id    bigint      NOT NULL REFERENCES users (id),
  time       timestamptz NOT NULL,
  type       text        NOT NULL,
  action     text        NOT NULL,
  ip         text        NOT NULL,
  user_agent text
);

CREATE INDEX user_logs_user_id_time_idx ON user_logs (user_id, time DESC);

-- Mail and SMS that were not sent through a server (development outbox).
CREATE TABLE mail_outbox (
  id         bigserial   PRIMARY KEY,
  channel    text        NOT NULL,
  recipient  text        NOT NULL,
  subject    text        NOT NULL,
  body       text        NOT NULL,
  created_at timestamptz NOT NULL
);
