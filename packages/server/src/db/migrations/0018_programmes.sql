-- Hashrate red packets and the invitation programme (spec sections 3, 4, 5, 6 and 9).

-- A red-packet campaign an operator runs: `count` packets of the same hashrate of one coin for
-- `duration_days` once activated. `code` is the campaign's own link id: a claim through it
-- takes any packet left that is not reserved for a receiving email.
CREATE TABLE red_packet_campaigns (
  id                  bigserial   PRIMARY KEY,
  code                text        NOT NULL UNIQUE,
  name                text        NOT NULL,
  coin                text        NOT NULL,
  -- H/s each packet gives
  hashrate            numeric     NOT NULL CHECK (hashrate > 0),
  duration_days       integer     NOT NULL CHECK (duration_days BETWEEN 1 AND 365),
  count               integer     NOT NULL CHECK (count BETWEEN 1 AND 1000),
  -- receiving and activation close then
  activation_deadline timestamptz NOT NULL,
  -- active | disabled (no more receipts; packets not yet activated become invalid)
  status              text        NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_by          bigint      NOT NULL REFERENCES users (id),
  created_at          timestamptz NOT NULL,
  disabled_at         timestamptz
);

CREATE INDEX red_packet_campaigns_created_idx ON red_packet_campaigns (created_at DESC, id DESC);

-- One packet: `code` is its own link id (/activity/red_packet/:packet_id). Unclaimed until a
-- user receives it, then inactive -> activated -> expired (end of duration), or inactive ->
-- invalid (not activated by the deadline, or the campaign was disabled).
CREATE TABLE red_packets (
  id              bigserial   PRIMARY KEY,
  campaign_id     bigint      NOT NULL REFERENCES red_packet_campaigns (id),
  code            text        NOT NULL UNIQUE,
  -- only the user whose bound email this is may receive it (lower case)
  receiving_email text,
  user_id         bigint      REFERENCES users (id),
  received_at     timestamptz,
  -- the mining account its income goes to
  account_id      bigint      REFERENCES mining_accounts (id),
  activated_at    timestamptz,
  ends_at         timestamptz,
  status          text        NOT NULL DEFAULT 'unclaimed'
    CHECK (status IN ('unclaimed', 'inactive', 'activated', 'expired', 'invalid')),
  -- income is credited for every UTC day before this one (NULL: none yet)
  credited_until  date,
  total_profit    numeric     NOT NULL DEFAULT 0,
  CHECK ((user_id IS NULL) = (received_at IS NULL)),
  CHECK ((status = 'unclaimed') = (user_id IS NULL)),
  CHECK ((activated_at IS NULL) = (account_id IS NULL)),
  CHECK ((activated_at IS NULL) = (ends_at IS NULL)),
  CHECK ((status IN ('activated', 'expired')) = (activated_at IS NOT NULL))
);

CREATE INDEX red_packets_campaign_idx ON red_packets (campaign_id, id);
-- One packet per user and campaign.
CREATE UNIQUE INDEX red_packets_one_per_user_idx ON red_packets (campaign_id, user_id)
  WHERE user_id IS NOT NULL;
CREATE INDEX red_packets_user_idx ON red_packets (user_id, received_at DESC, id DESC)
  WHERE user_id IS NOT NULL;
CREATE INDEX red_packets_open_idx ON red_packets (campaign_id) WHERE status = 'unclaimed';
CREATE INDEX red_packets_earning_idx ON red_packets (status) WHERE status IN ('inactive', 'activated', 'expired');

-- One UTC day of a packet's income, written with its ledger record (reference
-- `red_packet:<packet id>:<day>`).
CREATE TABLE red_packet_income (
  packet_id             bigint  NOT NULL REFERENCES red_packets (id),
  day                   date    NOT NULL,
  -- hashrate over the part of the day the packet ran (H/s × share of the day)
  hashrate              numeric NOT NULL,
  amount                numeric NOT NULL CHECK (amount >= 0),
  ledger_transaction_id bigint  REFERENCES ledger_transactions (id),
  PRIMARY KEY (packet_id, day)
);

-- Every user's invitation code, drawn the first time it is asked for.
CREATE TABLE invitation_codes (
  user_id    bigint      PRIMARY KEY REFERENCES users (id),
  code       text        NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);

-- Who invited whom: one inviter per user, never oneself.
CREATE TABLE invitations (
  invitee_id bigint      PRIMARY KEY REFERENCES users (id),
  inviter_id bigint      NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL,
  CHECK (invitee_id <> inviter_id)
);

CREATE INDEX invitations_inviter_idx ON invitations (inviter_id, created_at DESC, invitee_id DESC);

-- A reward of 0.2 % of an invitee's mining revenue of one coin and UTC day, paid to the
-- inviter's main account the next day (ledger reference `invite:<invitee id>:<coin>:<day>`).
CREATE TABLE invite_rewards (
  invitee_id            bigint      NOT NULL REFERENCES users (id),
  coin                  text        NOT NULL,
  day                   date        NOT NULL,
  inviter_id            bigint      NOT NULL REFERENCES users (id),
  revenue               numeric     NOT NULL,
  amount                numeric     NOT NULL CHECK (amount >= 0),
  ledger_transaction_id bigint      REFERENCES ledger_transactions (id),
  settled_at            timestamptz NOT NULL,
  PRIMARY KEY (invitee_id, coin, day)
);

CREATE INDEX invite_rewards_inviter_idx ON invite_rewards (inviter_id, day DESC, coin, invitee_id);
