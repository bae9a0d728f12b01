-- Codes tried against a login ticket or a second-validation token. Each try is counted before
-- its code is checked, at most 5 per ticket; a wrong fifth spends the ticket (used_at).
ALTER TABLE identity_tickets ADD COLUMN attempts integer NOT NULL DEFAULT 0;
