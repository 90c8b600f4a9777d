-- 1: accounts. `base_url` is NULL for the embedded sandbox, whose address changes on every
-- start. `key_location` says where the key is: the OS keychain, this session's memory, or
-- nowhere (the sandbox's demo key is built in). The key itself is never in this file.
CREATE TABLE accounts (
    id                  INTEGER PRIMARY KEY,
    name                TEXT NOT NULL UNIQUE COLLATE NOCASE,
    kind                TEXT NOT NULL CHECK (kind IN ('sandbox', 'remote')),
    base_url            TEXT,
    auth_style          TEXT NOT NULL DEFAULT 'bearer' CHECK (auth_style IN ('bearer', 'x-api-key')),
    organization_id     INTEGER,
    key_location        TEXT NOT NULL DEFAULT 'keychain' CHECK (key_location IN ('keychain', 'session', 'none')),
    created_at          TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    CHECK ((kind = 'sandbox') = (base_url IS NULL))
);
CREATE UNIQUE INDEX accounts_one_sandbox ON accounts (kind) WHERE kind = 'sandbox';
