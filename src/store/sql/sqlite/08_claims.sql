-- 8: the team outbox's claims (issue 29, `store::orders`): the desk that holds a queued
-- row, the token that fences its writes, and until when (ISO-8601 UTC text, compared as
-- text). The index finds the next claimable queued row of an account without a scan.
ALTER TABLE local_orders ADD COLUMN claimed_by TEXT;
ALTER TABLE local_orders ADD COLUMN claim_token TEXT;
ALTER TABLE local_orders ADD COLUMN lease_until TEXT;
CREATE INDEX local_orders_claimable ON local_orders (account_id, dest_base, id)
    WHERE state = 'queued';
