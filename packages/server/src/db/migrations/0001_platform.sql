-- Platform tables: rate-limit counters and server settings.
CREATE TABLE rate_limit_hits (
  key          text        NOT NULL,
  window_start timestamptz NOT NULL,
  count        integer     NOT NULL,
  expires_at   timestamptz NOT NULL,
  PRIMARY KEY (key, window_start)
);

CREATE INDEX rate_limit_hits_expires_at_idx ON rate_limit_hits (expires_at);

CREATE TABLE app_settings (
  key        text        PRIMARY KEY,
  value      text        NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
