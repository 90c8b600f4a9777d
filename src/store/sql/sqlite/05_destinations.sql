-- 5: orders belong to a destination, account ids are never reused, keys are scoped to
-- this data folder.
-- - `accounts` is rebuilt with AUTOINCREMENT (a removed account's id is never handed out
--   again, not even the ids that rows of removed accounts still name) and a
--   `credential_version`, bumped whenever the key is replaced: the key's identity, never the
--   key or anything derived from it.
-- - `local_orders` is rebuilt for the new states `uncertain` (a send may have reached the
--   service, then it refused a resend: may already be placed) and `unknown` (the service
--   does not know the tracking id), the destination each row was queued for (`dest_*`:
--   address or `sandbox`, header style, organization, key version), whether any send may
--   have reached the service (`reached`) or one was under way (`sending`, read as
--   `reached` after a crash), and how long the tracker has been told "not found"
--   (`unknown_since`, `unknown_polls`). Rows placed before keep the destination their
--   account has now (rows of removed accounts have none and are held); a row already
--   tried is taken as possibly reached. Tracking ids are unique per account and
--   destination, not per account: another environment may hand out the same ids.
-- - `meta` keeps this data folder's `install_id`, which scopes its keychain entries.
CREATE TABLE accounts_v5 (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    name                TEXT NOT NULL UNIQUE COLLATE NOCASE,
    kind                TEXT NOT NULL CHECK (kind IN ('sandbox', 'remote')),
    base_url            TEXT,
    auth_style          TEXT NOT NULL DEFAULT 'bearer' CHECK (auth_style IN ('bearer', 'x-api-key')),
    organization_id     INTEGER,
    key_location        TEXT NOT NULL DEFAULT 'keychain' CHECK (key_location IN ('keychain', 'session', 'none')),
    created_at          TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    credential_version  INTEGER NOT NULL DEFAULT 1,
    CHECK ((kind = 'sandbox') = (base_url IS NULL))
);
INSERT INTO accounts_v5 (id, name, kind, base_url, auth_style, organization_id, key_location, created_at)
    SELECT id, name, kind, base_url, auth_style, organization_id, key_location, created_at FROM accounts;
DROP TABLE accounts;
ALTER TABLE accounts_v5 RENAME TO accounts;
CREATE UNIQUE INDEX accounts_one_sandbox ON accounts (kind) WHERE kind = 'sandbox';
DELETE FROM sqlite_sequence WHERE name = 'accounts';
INSERT INTO sqlite_sequence (name, seq) SELECT 'accounts', COALESCE(MAX(used), 0) FROM (
    SELECT MAX(id) AS used FROM accounts
    UNION ALL SELECT MAX(account_id) FROM local_orders
    UNION ALL SELECT MAX(account_id) FROM editor_drafts
    UNION ALL SELECT MAX(account_id) FROM vectorize_tasks
);

CREATE TABLE local_orders_v5 (
    id                  INTEGER PRIMARY KEY,
    account_id          INTEGER,
    state               TEXT NOT NULL CHECK (state IN ('draft', 'queued', 'sent', 'completed', 'failed', 'uncertain', 'unknown')),
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
    dest_base           TEXT,
    dest_auth           TEXT,
    dest_org            INTEGER,
    dest_key_version    INTEGER,
    reached             INTEGER NOT NULL DEFAULT 0,
    sending             INTEGER NOT NULL DEFAULT 0,
    unknown_since       TEXT,
    unknown_polls       INTEGER NOT NULL DEFAULT 0,
    CHECK (state NOT IN ('queued', 'uncertain') OR (idempotency_key IS NOT NULL AND body IS NOT NULL))
);
INSERT INTO local_orders_v5 (id, account_id, state, idempotency_key, draft_json, body, reference,
        recipient, tracking_id, order_number, record_json, error_message, last_error, attempts,
        created_at, updated_at, queued_at, placed_at,
        dest_base, dest_auth, dest_org, dest_key_version, reached)
    SELECT o.id, o.account_id, o.state, o.idempotency_key, o.draft_json, o.body, o.reference,
        o.recipient, o.tracking_id, o.order_number, o.record_json, o.error_message, o.last_error,
        o.attempts, o.created_at, o.updated_at, o.queued_at, o.placed_at,
        CASE WHEN o.state = 'draft' OR a.id IS NULL THEN NULL
             WHEN a.kind = 'sandbox' THEN 'sandbox' ELSE a.base_url END,
        CASE WHEN o.state = 'draft' THEN NULL ELSE a.auth_style END,
        CASE WHEN o.state = 'draft' THEN NULL ELSE a.organization_id END,
        CASE WHEN o.state = 'draft' THEN NULL ELSE a.credential_version END,
        CASE WHEN o.state = 'queued' AND o.attempts = 0 THEN 0 ELSE 1 END
    FROM local_orders o LEFT JOIN accounts a ON a.id = o.account_id;
DROP TABLE local_orders;
ALTER TABLE local_orders_v5 RENAME TO local_orders;
CREATE INDEX local_orders_by_state ON local_orders (account_id, state);
CREATE UNIQUE INDEX local_orders_tracking ON local_orders (account_id, dest_base, tracking_id)
    WHERE tracking_id IS NOT NULL;

CREATE TABLE meta (
    name                TEXT PRIMARY KEY,
    value               TEXT NOT NULL
);
INSERT INTO meta (name, value) VALUES ('install_id', lower(hex(randomblob(16))));
