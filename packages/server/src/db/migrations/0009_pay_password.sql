-- The pay password of money-moving calls (scrypt, like the login password, and never equal to
-- it) and its guard: five wrong ones in a row lock it for an hour.
ALTER TABLE users
  ADD COLUMN pay_password_hash         text,
  ADD COLUMN pay_password_failures     integer NOT NULL DEFAULT 0,
  ADD COLUMN pay_password_locked_until timestamptz;
