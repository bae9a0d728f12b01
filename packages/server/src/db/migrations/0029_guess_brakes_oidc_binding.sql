-- Per-account brakes on guessing (http/guessBrake.ts): the password of one account at login,
-- coupon codes and red-packet codes of one user. One row per scope and subject (the subject as
-- SHA-256, so unknown emails typed at login are not kept in clear): the attempts of the current
-- streak, until when the next attempt waits, and when the streak is forgotten.
CREATE TABLE guess_brakes (
  key          text        PRIMARY KEY,          -- <scope>:<sha256 of the subject>
  attempts     integer     NOT NULL,
  locked_until timestamptz,
  expires_at   timestamptz NOT NULL
);

CREATE INDEX guess_brakes_expires_at_idx ON guess_brakes (expires_at);

-- Third-party login binds a pending sign-in to the browser that started it: the start answers
-- a secret the site keeps in sessionStorage, the finish must send it back (SHA-256 kept here).
-- Rows started before this migration have none and are refused (they expire in 10 minutes).
ALTER TABLE oidc_flows ADD COLUMN browser_binding_hash text;
