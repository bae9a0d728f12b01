-- The network fee a coin node's wallet paid for a withdrawal part's transaction, read from the
-- node when the part is confirmed (`modules/wallet/withdrawalSending.ts`) and shown to operators.
-- The pool pays it on top of what the address receives, so it is a cost of the pool, never the
-- user's. NULL where no node reported one: the demo chain, a part not confirmed yet, or a part
-- that failed.

ALTER TABLE withdrawal_parts ADD COLUMN network_fee numeric CHECK (network_fee >= 0);
