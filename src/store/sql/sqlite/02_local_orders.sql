-- 2: orders made or looked up on this machine: drafts, the outbox and the history in one
-- state machine per row (see `store::orders`). A queued row has its key and exact body.
-- `account_id` is not a foreign key: the history outlives a removed account.
CREATE TABLE local_orders (
    id                  INTEGER PRIMARY KEY,
    account_id          INTEGER,
    state               TEXT NOT NULL CHECK (state IN ('draft', 'queued', 'sent', 'completed', 'failed')),
    idempotency_key     TEXT UNIQUE,
    draft_json          TEXT,
    body                BLOB,
    reference           TEXT NOT NULL DEFAULT '',
    recipient           TEXT NOT NULL DEFAULT '',
    tracking_id         INTEGER,
    order_number        TEXT,
    record_json         TEXT,
    error_message       TEXT,
    last_error          TEXT,
    attempts            INTEGER NOT NULL DEFAULT 0,
    created_at          TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at          TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    queued_at           TEXT,
    placed_at           TEXT,
    CHECK (state <> 'queued' OR (idempotency_key IS NOT NULL AND body IS NOT NULL))
);
CREATE INDEX local_orders_by_state ON local_orders (account_id, state);
CREATE UNIQUE INDEX local_orders_tracking ON local_orders (account_id, tracking_id)
    WHERE tracking_id IS NOT NULL;
