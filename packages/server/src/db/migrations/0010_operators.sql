-- The operator console: who is an operator, and the audit log every operator action writes to.

-- A user with a row here is an operator: the /admin area and the /admin/... calls (permission
-- admin.view, role operator). A table rather than a column of users: a grant has facts of its
-- own (when, by whom), and revoking is deleting the row. Grants come from the demo seed or SQL;
-- there is no call that makes an operator.
CREATE TABLE operators (
  user_id    bigint      PRIMARY KEY REFERENCES users (id),
  granted_at timestamptz NOT NULL,
  -- The operator who granted it; NULL for the demo seed and grants made with SQL.
  granted_by bigint      REFERENCES users (id)
);

-- One row per operator action, written in the transaction of the action itself, so an action
-- without its entry (or an entry without its action) cannot exist.
CREATE TABLE audit_log (
  id          bigserial   PRIMARY KEY,
  actor_id    bigint      NOT NULL REFERENCES users (id),
  -- <area>.<verb>, e.g. coupons.issue
  action      text        NOT NULL CHECK (action ~ '^[a-z][a-z_]*(\.[a-z][a-z_]*)+$'),
  -- the kind of thing acted on, e.g. coupon_batch, and its id (NULL: no single target)
  target_type text        NOT NULL,
  target_id   text,
  -- a flat JSON object of what the action set
  details     jsonb       NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(details) = 'object'),
  ip          text,
  created_at  timestamptz NOT NULL
);

CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, created_at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC, id DESC);

-- The log is append-only: no UPDATE or DELETE reaches a row, whoever runs it.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;

CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
