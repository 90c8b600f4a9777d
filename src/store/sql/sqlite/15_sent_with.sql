-- 15: which desks' keys sent a team row (issue 38, `store::identity`): each desk keeps
-- its own key of a team account, so a row remembers every (install id, key version) of a
-- desk that sent it, as ` <install>:<version> ` words. A desk whose key was replaced since
-- holds the row (its new key may belong to another organization), as a desk of its own
-- holds rows queued for an older key. Here so both schemas keep the same columns; on a
-- desk of its own it stays NULL.
ALTER TABLE local_orders ADD COLUMN sent_with TEXT;
