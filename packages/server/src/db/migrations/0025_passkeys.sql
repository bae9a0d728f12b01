-- Passkeys (WebAuthn, spec sections 2 and 3): the credentials users register, and the
-- challenges of the ceremonies. Challenges live in the database, not in a node's memory, so any
-- node can finish a ceremony another node started; each is used once and expires.

-- The opaque WebAuthn user handle (random, base64url): authenticators store it with a
-- discoverable credential and give it back at sign-in. Never the user id or an address.
ALTER TABLE users ADD COLUMN webauthn_user_id text UNIQUE;

CREATE TABLE passkeys (
  id            bigserial   PRIMARY KEY,
  user_id       bigint      NOT NULL REFERENCES users (id),
  -- the credential id, base64url; one credential belongs to one user
  credential_id text        NOT NULL UNIQUE,
  -- the COSE public key, base64url
  public_key    text        NOT NULL,
  sign_count    bigint      NOT NULL DEFAULT 0,
  -- JSON array of the authenticator's transports (usb, nfc, ble, internal, hybrid)
  transports    text        NOT NULL DEFAULT '[]',
  -- singleDevice | multiDevice, and whether it is backed up (synced)
  device_type   text        NOT NULL,
  backed_up     boolean     NOT NULL,
  nickname      text        NOT NULL,
  created_at    timestamptz NOT NULL,
  last_used_at  timestamptz
);

CREATE INDEX passkeys_user_id_idx ON passkeys (user_id, id);

CREATE TABLE passkey_challenges (
  id         bigserial   PRIMARY KEY,
  -- registration | authentication (sign-in) | validation (second validation of a scene)
  purpose    text        NOT NULL,
  -- the user of a registration or a validation; NULL for a sign-in
  user_id    bigint      REFERENCES users (id),
  -- the sensitive action of a validation
  scene      text,
  challenge  text        NOT NULL,
  -- the relying party id and origin the ceremony was started for
  rp_id      text        NOT NULL,
  origin     text        NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);

CREATE INDEX passkey_challenges_expires_idx ON passkey_challenges (expires_at);
