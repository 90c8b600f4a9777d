//! Schema migrations, numbered by `PRAGMA user_version`.
//!
//! Migration `i` (0-based) brings the schema from version `i` to `i + 1`. Each runs in its own
//! transaction together with the version bump, so a crash leaves either the old or the new
//! schema. Add new tables (drafts, order history, the outbox) as new entries at the end.

use super::StoreError;
use rusqlite::Connection;
use std::path::Path;

/// Every migration, oldest first.
pub const MIGRATIONS: &[&str] = &[
    // 1: accounts. `base_url` is NULL for the embedded sandbox, whose address changes on every
    // start. `key_location` says where the key is: the OS keychain, this session's memory, or
    // nowhere (the sandbox's demo key is built in). The key itself is never in this file.
    "CREATE TABLE accounts (
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
    CREATE UNIQUE INDEX accounts_one_sandbox ON accounts (kind) WHERE kind = 'sandbox';",
    // 2: orders made or looked up on this machine: drafts, the outbox and the history in one
    // state machine per row (see `store::orders`). A queued row has its key and exact body.
    // `account_id` is not a foreign key: the history outlives a removed account.
    "CREATE TABLE local_orders (
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
        WHERE tracking_id IS NOT NULL;",
    // 3: what the draft editor must remember of a logo that the service does not say: its
    // original colors (JSON array, for `changecolors`' `from`), whether this app confirmed
    // its method (NULL: unknown), and the targets the service applied (JSON array of ids).
    "CREATE TABLE editor_drafts (
        account_id          INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        logo_id             INTEGER NOT NULL,
        original_colors     TEXT NOT NULL,
        method_confirmed    INTEGER,
        applied_targets     TEXT,
        PRIMARY KEY (account_id, logo_id)
    );",
    // 4: vectorize tasks a person tracks, per account, with the newest answer of the service
    // (`last_json`, the task as returned) and when it was fetched. The backend polls the
    // pending ones, also after a restart.
    "CREATE TABLE vectorize_tasks (
        account_id          INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        task_id             INTEGER NOT NULL,
        last_json           TEXT NOT NULL,
        updated_at          TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        PRIMARY KEY (account_id, task_id)
    );",
];

/// The schema version this build writes.
pub fn latest() -> i64 {
    MIGRATIONS.len() as i64
}

pub(crate) fn user_version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("PRAGMA user_version", [], |r| r.get(0))
}

/// Applies the missing migrations; refuses a database from a newer version.
pub(crate) fn migrate(conn: &mut Connection, path: &Path) -> Result<(), StoreError> {
    let found = user_version(conn)?;
    if found > latest() {
        return Err(StoreError::TooNew {
            path: path.to_owned(),
            found,
            known: latest(),
        });
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", i as i64 + 1)?;
        tx.commit()?;
        tracing::info!(version = i + 1, "local database migrated");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    #[test]
    fn fresh_database_reaches_latest_and_reopens() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("logodesk.sqlite");
        let store = Store::open(&path).unwrap();
        assert_eq!(store.schema_version().unwrap(), latest());
        drop(store);
        let again = Store::open(&path).unwrap();
        assert_eq!(again.schema_version().unwrap(), latest());
    }

    #[test]
    fn newer_database_is_refused_with_a_sentence() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("logodesk.sqlite");
        {
            let conn = Connection::open(&path).unwrap();
            conn.pragma_update(None, "user_version", latest() + 5)
                .unwrap();
        }
        let err = Store::open(&path).unwrap_err();
        assert!(matches!(err, StoreError::TooNew { .. }));
        assert!(err.to_string().contains("newer version of logodesk"));
    }
}
