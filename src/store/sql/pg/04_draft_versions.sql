-- 4: SQLite's version 10 (a draft's version, its last saver, who edits it). The orders'
-- announcement also names the version and the editor (a save or "take over" shows on the
-- other desks at once); a renewal of the editor's lease announces nothing.
ALTER TABLE local_orders ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE local_orders ADD COLUMN saved_desk TEXT;
ALTER TABLE local_orders ADD COLUMN saved_name TEXT;
ALTER TABLE local_orders ADD COLUMN editing_desk TEXT;
ALTER TABLE local_orders ADD COLUMN editing_name TEXT;
ALTER TABLE local_orders ADD COLUMN editing_since TEXT COLLATE "C";
ALTER TABLE local_orders ADD COLUMN editing_until TEXT COLLATE "C";
DROP TRIGGER local_orders_announce ON local_orders;
CREATE TRIGGER local_orders_announce
    AFTER INSERT OR DELETE OR UPDATE OF state, draft_json, reference, recipient, tracking_id,
        order_number, record_json, error_message, last_error, dest_base, placed_by, account_id,
        version, editing_desk
    ON local_orders FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
