-- Deposits from a coin node's wallet (`modules/chain/nodeInbound.ts`, recorded by
-- `modules/wallet/deposits.ts`).
--
-- * chain_cursors: per coin on a node, the last block whose transfers are recorded
--   (`listsinceblock`'s `lastblock`), moved in the transaction that records them, so a restart
--   neither misses a transfer nor records one twice.
-- * deposit_addresses.source: who handed the address out (`demo`, or the node, `node-ltc`):
--   an address of the demo chain is never handed out for a coin that moved to a node.
-- * deposits.reversals: how often a credit was reversed because its block left the chain; the
--   next credit of the same transfer gets a reference of its own, so it is credited again once.
-- * deposit_shortfalls: a reversal the account could not pay (the money was spent), for the
--   operator; open until the transfer is confirmed again.

CREATE TABLE chain_cursors (
  coin       text        PRIMARY KEY,
  -- The node's name (`node-ltc`) the cursor belongs to.
  chain      text        NOT NULL,
  last_block text        NOT NULL,
  updated_at timestamptz NOT NULL
);

ALTER TABLE deposit_addresses ADD COLUMN source text NOT NULL DEFAULT 'demo';

ALTER TABLE deposits ADD COLUMN reversals integer NOT NULL DEFAULT 0;

CREATE TABLE deposit_shortfalls (
  id                bigserial   PRIMARY KEY,
  deposit_id        bigint      NOT NULL REFERENCES deposits (id),
  mining_account_id bigint      NOT NULL REFERENCES mining_accounts (id),
  coin              text        NOT NULL,
  amount            numeric     NOT NULL CHECK (amount > 0),
  flagged_at        timestamptz NOT NULL,
  resolved_at       timestamptz
);

CREATE UNIQUE INDEX deposit_shortfalls_open_idx ON deposit_shortfalls (deposit_id)
  WHERE resolved_at IS NULL;
