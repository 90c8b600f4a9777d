-- 2: SQLite's version 8 (the outbox's claims).
ALTER TABLE local_orders ADD COLUMN claimed_by TEXT;
ALTER TABLE local_orders ADD COLUMN claim_token TEXT;
ALTER TABLE local_orders ADD COLUMN lease_until TEXT COLLATE "C";
CREATE INDEX local_orders_claimable ON local_orders (account_id, dest_base, id)
    WHERE state = 'queued';
