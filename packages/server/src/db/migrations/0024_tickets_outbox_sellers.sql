-- Notice emails and texts (alerts, ticket answers) go through an outbox: the row is written in
-- the same transaction as the message it tells about, and the notifications module's poller
-- sends it with retries (`modules/notifications/emailOutbox.ts`). Each attempt is claimed by a
-- conditional update with a lease, so two nodes never send one row twice.
CREATE TABLE email_deliveries (
  id              bigserial PRIMARY KEY,
  -- email | sms
  channel         text      NOT NULL,
  recipient       text      NOT NULL,
  subject         text      NOT NULL,
  body            text      NOT NULL,
  -- pending | sent | failed
  status          text      NOT NULL DEFAULT 'pending',
  attempts        integer   NOT NULL DEFAULT 0,
  next_attempt_ms bigint    NOT NULL,
  last_error      text,
  created_ms      bigint    NOT NULL,
  sent_ms         bigint
);

CREATE INDEX email_deliveries_due_idx ON email_deliveries (next_attempt_ms)
  WHERE status = 'pending';

-- A ticket's category (a fixed list: account, payout, mining, contract, other), and optionally
-- the coin and the user's own mining account it is about.
ALTER TABLE support_tickets ADD COLUMN category text NOT NULL DEFAULT 'other';
ALTER TABLE support_tickets ADD COLUMN coin text;
ALTER TABLE support_tickets ADD COLUMN account_id bigint REFERENCES mining_accounts (id);

CREATE INDEX support_tickets_category_idx ON support_tickets (category, coin);

-- Files attached to a ticket when it is opened (images or PDF, checked by their magic bytes;
-- the bytes live in the attachment store under `storage_key`).
CREATE TABLE support_ticket_attachments (
  id           bigserial   PRIMARY KEY,
  ticket_id    bigint      NOT NULL REFERENCES support_tickets (id),
  file_name    text        NOT NULL,
  content_type text        NOT NULL,
  size_bytes   integer     NOT NULL,
  storage_key  text        NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL
);

CREATE INDEX support_ticket_attachments_ticket_idx ON support_ticket_attachments (ticket_id, id);

-- The shops selling catalogue machines (spec section 3, the catalogue item's sellers: store,
-- country or region, price, stock). Prices in CNY, the catalogue's currency; `null` price: on
-- request; `null` stock: unknown. `machine_id` is the catalogue's slug (`catalogueData.ts`).
CREATE TABLE catalogue_sellers (
  id             bigserial      PRIMARY KEY,
  machine_id     text           NOT NULL,
  store          text           NOT NULL,
  country_region text           NOT NULL DEFAULT '',
  price          numeric(20, 2),
  stock          integer        CHECK (stock >= 0),
  url            text,
  UNIQUE (machine_id, store)
);
