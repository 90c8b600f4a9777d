-- 8: SQLite's version 15 (which desks' keys sent a row).
ALTER TABLE local_orders ADD COLUMN sent_with TEXT;
