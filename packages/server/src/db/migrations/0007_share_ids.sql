-- Share ids the ingest seam has accounted (shares that arrive with an id: the share stream's),
-- written in the transaction that adds the share to share_minutes. A share delivered again (the
-- stream redelivers what was not acknowledged, a stratum server may publish twice) finds its id
-- and counts once. Rows are kept 48 hours (longer than the stream keeps a message), then pruned
-- by the stream consumer.
CREATE TABLE ingested_shares (
  share_id text   PRIMARY KEY,
  seen_ms  bigint NOT NULL
);

CREATE INDEX ingested_shares_seen_idx ON ingested_shares (seen_ms);
