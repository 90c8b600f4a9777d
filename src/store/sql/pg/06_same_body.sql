-- 6: SQLite's version 14 (`body_sha256` and its index; `team_kept` is a desk's own).
ALTER TABLE local_orders ADD COLUMN body_sha256 TEXT;
CREATE INDEX local_orders_same_body ON local_orders (account_id, body_sha256)
    WHERE body_sha256 IS NOT NULL;
