-- 14: a lost COMMIT answer (issue 38, item 1). `body_sha256`: the SHA-256 of a queued
-- row's exact body (hex), so a second `queue-order` of the same body for the same account
-- finds the first in the index instead of queueing it again. `team_kept.idempotency_key`:
-- a team draft placed here whose COMMIT went unanswered (the team may hold it queued): its
-- key, so the team's row is known for it on reconnect and Forget never gives it a new one.
ALTER TABLE local_orders ADD COLUMN body_sha256 TEXT;
CREATE INDEX local_orders_same_body ON local_orders (account_id, body_sha256)
    WHERE body_sha256 IS NOT NULL;
ALTER TABLE team_kept ADD COLUMN idempotency_key TEXT;
