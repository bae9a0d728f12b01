-- The brake on guessing authenticator codes in a second validation (`POST
-- /users/second-validation` with `verify_type: totp`): each try is counted before its code is
-- checked, a right code clears the count, and the fifth wrong one in a row locks the user's
-- authenticator validations for 15 minutes (HTTP 429), the right code included.
ALTER TABLE users
  ADD COLUMN totp_failures     integer NOT NULL DEFAULT 0,
  ADD COLUMN totp_locked_until timestamptz;
