-- The message center (spec section 1): hashrate alerts, miner-offline notices and setting
-- updates. A message stores its text key and parameters, not its text, so it reads in the
-- language of whoever lists it (modules/notifications/texts.ts).
CREATE TABLE messages (
  id         bigserial   PRIMARY KEY,
  user_id    bigint      NOT NULL REFERENCES users (id),
  -- hashrate_alert | miner_offline | setting_update
  type       text        NOT NULL,
  -- text key of the `messages` i18n group (offline, offlineRecovered, hashrateLow, …)
  text_key   text        NOT NULL,
  params     text        NOT NULL DEFAULT '{}',
  pool       text,
  account    text,
  created_at timestamptz NOT NULL,
  read_at    timestamptz
);

CREATE INDEX messages_user_id_idx ON messages (user_id, id DESC);
CREATE INDEX messages_unread_idx ON messages (user_id) WHERE read_at IS NULL;

-- Which kinds alert, the webhook and its signing secret, the quiet window after a recovery.
ALTER TABLE alert_settings ADD COLUMN types text NOT NULL DEFAULT 'hashrate_alert,miner_offline';
ALTER TABLE alert_settings ADD COLUMN webhook_url text;
ALTER TABLE alert_settings ADD COLUMN webhook_secret text;
ALTER TABLE alert_settings ADD COLUMN quiet_minutes integer NOT NULL DEFAULT 60;

-- One row per account, pool and alert kind: whether an incident is open, whether its alert went
-- out, and until when a new incident stays quiet (flap damping). The alert check runs once per
-- minute across nodes (runExclusive), and changes a row only from the state it read.
CREATE TABLE alert_state (
  account_id     bigint  NOT NULL REFERENCES mining_accounts (id),
  pool           text    NOT NULL,
  -- hashrate_alert | miner_offline
  type           text    NOT NULL,
  open           boolean NOT NULL DEFAULT false,
  alerted        boolean NOT NULL DEFAULT false,
  opened_ms      bigint,
  quiet_until_ms bigint  NOT NULL DEFAULT 0,
  incidents      integer NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, pool, type)
);

-- Webhook deliveries: an outbox, so a delivery survives a failing receiver and a restart. The
-- id goes out with every attempt (X-PoolKit-Delivery) so the receiver can de-duplicate.
CREATE TABLE webhook_deliveries (
  id              text    PRIMARY KEY,
  account_id      bigint  NOT NULL REFERENCES mining_accounts (id),
  pool            text    NOT NULL,
  url             text    NOT NULL,
  event           text    NOT NULL,
  body            text    NOT NULL,
  -- pending | delivered | failed
  status          text    NOT NULL DEFAULT 'pending',
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_ms bigint  NOT NULL,
  last_status     integer,
  last_error      text,
  created_ms      bigint  NOT NULL,
  delivered_ms    bigint
);

CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_ms)
  WHERE status = 'pending';

-- Demo workers a developer stopped (POST /api/dev/workers, not in production): the simulator
-- sends no shares for them until they are started again.
CREATE TABLE dev_stopped_workers (
  pool   text NOT NULL,
  miner  text NOT NULL,
  worker text NOT NULL,
  PRIMARY KEY (pool, miner, worker)
);

-- Support tickets (spec sections 2 and 5): open → replied (an operator answered) → closed (the
-- user closed it). A user's reply opens it again.
CREATE TABLE support_tickets (
  id         bigserial   PRIMARY KEY,
  user_id    bigint      NOT NULL REFERENCES users (id),
  title      text        NOT NULL,
  content    text        NOT NULL,
  -- open | replied | closed
  status     text        NOT NULL DEFAULT 'open',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE INDEX support_tickets_user_idx ON support_tickets (user_id, id DESC);
CREATE INDEX support_tickets_queue_idx ON support_tickets (status, updated_at);

-- The thread: the user's follow-ups, operators' answers, and operators' internal notes (never
-- shown to the user).
CREATE TABLE support_ticket_replies (
  id          bigserial   PRIMARY KEY,
  ticket_id   bigint      NOT NULL REFERENCES support_tickets (id),
  -- user | support
  author      text        NOT NULL,
  operator_id bigint      REFERENCES users (id),
  internal    boolean     NOT NULL DEFAULT false,
  content     text        NOT NULL,
  created_at  timestamptz NOT NULL
);

CREATE INDEX support_ticket_replies_ticket_idx ON support_ticket_replies (ticket_id, id);
