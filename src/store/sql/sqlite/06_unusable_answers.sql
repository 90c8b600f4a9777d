-- 6: how many times in a row the service answered a send with a success that could not be
-- used (unreadable, implausible, too large): the order exists, so after a few such
-- answers the row ends `uncertain` instead of being sent for ever.
ALTER TABLE local_orders ADD COLUMN unusable_answers INTEGER NOT NULL DEFAULT 0;
