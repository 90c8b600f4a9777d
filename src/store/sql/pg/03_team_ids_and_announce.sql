-- 3: SQLite's version 9 (joining: `origin`, `placed_by`, `proof_pdf`), and two things of
-- the team's own:
-- - its ids start at `store::TEAM_IDS_FROM`, so a desk tells a team row from its own by
--   the id alone;
-- - every change a person would see is announced on channel `logodesk` (payload: the
--   table), once per statement: the other desks reload what they show (LISTEN/NOTIFY,
--   delivered when the transaction commits). A lease's renewal changes no column listed
--   and announces nothing.
ALTER TABLE accounts ALTER COLUMN id RESTART WITH 1099511627776;
ALTER TABLE local_orders ALTER COLUMN id RESTART WITH 1099511627776;
ALTER TABLE proof_steps ALTER COLUMN id RESTART WITH 1099511627776;
ALTER TABLE local_orders ADD COLUMN origin TEXT;
ALTER TABLE local_orders ADD COLUMN placed_by TEXT;
CREATE UNIQUE INDEX local_orders_origin ON local_orders (origin);
ALTER TABLE proof_steps ADD COLUMN origin TEXT;
ALTER TABLE proof_steps ADD COLUMN proof_pdf BYTEA;
CREATE UNIQUE INDEX proof_steps_origin ON proof_steps (origin);
CREATE FUNCTION announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('logodesk', TG_TABLE_NAME);
    RETURN NULL;
END $$;
CREATE TRIGGER local_orders_announce
    AFTER INSERT OR DELETE OR UPDATE OF state, draft_json, reference, recipient, tracking_id,
        order_number, record_json, error_message, last_error, dest_base, placed_by, account_id
    ON local_orders FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
CREATE TRIGGER accounts_announce AFTER INSERT OR UPDATE OR DELETE
    ON accounts FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
CREATE TRIGGER proof_steps_announce AFTER INSERT OR UPDATE OR DELETE
    ON proof_steps FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
CREATE TRIGGER vectorize_tasks_announce AFTER INSERT OR UPDATE OR DELETE
    ON vectorize_tasks FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
CREATE TRIGGER editor_drafts_announce AFTER INSERT OR UPDATE OR DELETE
    ON editor_drafts FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
