-- 9: SQLite's version 16 (the print of the key a first send went with).
ALTER TABLE local_orders ADD COLUMN sent_key TEXT;
