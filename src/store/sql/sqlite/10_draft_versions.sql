-- 10: two people on one draft (issue 29, `store::orders::editing`): the draft's version
-- (one more at every save, so a save based on an older one is refused, not written over
-- the newer), the desk that saved it last, and who is editing it now, since when and
-- until when (a lease renewed while the draft is open; ISO-8601 UTC text).
ALTER TABLE local_orders ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE local_orders ADD COLUMN saved_desk TEXT;
ALTER TABLE local_orders ADD COLUMN saved_name TEXT;
ALTER TABLE local_orders ADD COLUMN editing_desk TEXT;
ALTER TABLE local_orders ADD COLUMN editing_name TEXT;
ALTER TABLE local_orders ADD COLUMN editing_since TEXT;
ALTER TABLE local_orders ADD COLUMN editing_until TEXT;
