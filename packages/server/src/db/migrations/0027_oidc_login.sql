-- Third-party login (OpenID Connect relying party, modules/identity/oidcLogin.ts): the users'
-- linked identities at configured providers, and the pending sign-ins (state, nonce and PKCE
-- verifier kept server-side, single use, expiring). The state is kept as SHA-256 only.
CREATE TABLE user_identities (
  id         bigserial   PRIMARY KEY,
  user_id    bigint      NOT NULL REFERENCES users (id),
  provider   text        NOT NULL,               -- the provider id of OIDC_PROVIDERS
  subject    text        NOT NULL,               -- the provider's `sub`
  email      text,                               -- the email it gave, for the settings list
  created_at timestamptz NOT NULL,
  UNIQUE (provider, subject)
);

CREATE INDEX user_identities_user_id_idx ON user_identities (user_id, id);

CREATE TABLE oidc_flows (
  state_hash    text        PRIMARY KEY,
  provider      text        NOT NULL,
  purpose       text        NOT NULL,            -- login | link
  user_id       bigint      REFERENCES users (id), -- link: the signed-in user who asked
  code_verifier text        NOT NULL,
  nonce         text        NOT NULL,
  redirect_uri  text        NOT NULL,
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz
);

CREATE INDEX oidc_flows_expires_at_idx ON oidc_flows (expires_at);

-- Users who registered through a provider have no password until they set one; the last way
-- to sign in is never unlinked.
ALTER TABLE users ADD COLUMN password_set boolean NOT NULL DEFAULT true;
