//! Schema migrations: SQLite's numbered by `PRAGMA user_version` ([`MIGRATIONS`]), the team's
//! PostgreSQL's by the `schema_version` table of schema `logodesk` ([`PG_MIGRATIONS`], a list
//! of its own: PostgreSQL starts at SQLite's version 7 as its version 1).
//!
//! Migration `i` (0-based) brings the schema from version `i` to `i + 1`. Each runs in its own
//! transaction together with the version bump, so a crash leaves either the old or the new
//! schema. Add new tables (drafts, order history, the outbox) as new entries at the end of
//! both lists: the two schemas must stay the same tables and columns (the store's tests run on
//! both).

use super::StoreError;
use super::db::{Db, params};
use rusqlite::Connection;
use std::path::Path;

/// SQLite's `SET` list of History's columns, from the row's own (migration 10: its
/// backfill and its triggers). A record that is not JSON adds up to nothing.
macro_rules! history_columns {
    () => {
        "search_text = logodesk_fold(concat_ws(char(10), order_number, reference, recipient,
            CAST(tracking_id AS TEXT))),
        recipient_text = logodesk_fold(recipient),
        service_placed_at = CASE WHEN json_valid(record_json) THEN
            strftime('%Y-%m-%dT%H:%M:%fZ', json_extract(record_json, '$.order.placedAtUtc')) END,
        total_e4 = CASE WHEN json_valid(record_json) THEN
            CAST(round(json_extract(record_json, '$.order.total') * 10000) AS INTEGER) END,
        currency = CASE WHEN json_valid(record_json) THEN
            trim(json_extract(record_json, '$.order.currency')) END"
    };
}

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
    // 5: orders belong to a destination, account ids are never reused, keys are scoped to
    // this data folder.
    // - `accounts` is rebuilt with AUTOINCREMENT (a removed account's id is never handed out
    //   again, not even the ids that rows of removed accounts still name) and a
    //   `credential_version`, bumped whenever the key is replaced: the key's identity, never the
    //   key or anything derived from it.
    // - `local_orders` is rebuilt for the new states `uncertain` (a send may have reached the
    //   service, then it refused a resend: may already be placed) and `unknown` (the service
    //   does not know the tracking id), the destination each row was queued for (`dest_*`:
    //   address or `sandbox`, header style, organization, key version), whether any send may
    //   have reached the service (`reached`) or one was under way (`sending`, read as
    //   `reached` after a crash), and how long the tracker has been told "not found"
    //   (`unknown_since`, `unknown_polls`). Rows placed before keep the destination their
    //   account has now (rows of removed accounts have none and are held); a row already
    //   tried is taken as possibly reached. Tracking ids are unique per account and
    //   destination, not per account: another environment may hand out the same ids.
    // - `meta` keeps this data folder's `install_id`, which scopes its keychain entries.
    "CREATE TABLE accounts_v5 (
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
    INSERT INTO meta (name, value) VALUES ('install_id', lower(hex(randomblob(16))));",
    // 6: how many times in a row the service answered a send with a success that could not be
    // used (unreadable, implausible, too large): the order exists, so after a few such
    // answers the row ends `uncertain` instead of being sent for ever.
    "ALTER TABLE local_orders ADD COLUMN unusable_answers INTEGER NOT NULL DEFAULT 0;",
    // 7: the club's approval of each design line's proof (`store::approvals`): steps only
    // added, the newest per line counting. `proof_file` is the kept PDF, relative to the data
    // folder's `proofs/`; `snapshot_json` what that proof showed of the line. `order_id` is not
    // a foreign key: the steps (and the PDFs they name) outlive a deleted draft's row.
    "CREATE TABLE proof_steps (
        id                  INTEGER PRIMARY KEY,
        order_id            INTEGER NOT NULL,
        line_key            TEXT NOT NULL,
        status              TEXT NOT NULL CHECK (status IN ('sent', 'approved', 'changes_asked')),
        who                 TEXT NOT NULL DEFAULT '',
        note                TEXT NOT NULL DEFAULT '',
        at                  TEXT NOT NULL,
        proof_file          TEXT,
        proof_hash          TEXT,
        snapshot_json       TEXT NOT NULL
    );
    CREATE INDEX proof_steps_by_line ON proof_steps (order_id, line_key, id);",
    // 8: the team outbox's claims (issue 29, `store::orders`): the desk that holds a queued
    // row, the token that fences its writes, and until when (ISO-8601 UTC text, compared as
    // text). The index finds the next claimable queued row of an account without a scan.
    "ALTER TABLE local_orders ADD COLUMN claimed_by TEXT;
    ALTER TABLE local_orders ADD COLUMN claim_token TEXT;
    ALTER TABLE local_orders ADD COLUMN lease_until TEXT;
    CREATE INDEX local_orders_claimable ON local_orders (account_id, dest_base, id)
        WHERE state = 'queued';",
    // 9: what joining a team needs (issue 29; here so both schemas keep the same columns):
    // `origin` names the desk row a team row was moved from (joining twice moves nothing
    // twice), `placed_by` the desk that queued an order, `proof_pdf` a kept proof's bytes (the
    // team's desks cannot read each other's folders). On a desk of its own all stay NULL.
    "ALTER TABLE local_orders ADD COLUMN origin TEXT;
    ALTER TABLE local_orders ADD COLUMN placed_by TEXT;
    CREATE UNIQUE INDEX local_orders_origin ON local_orders (origin);
    ALTER TABLE proof_steps ADD COLUMN origin TEXT;
    ALTER TABLE proof_steps ADD COLUMN proof_pdf BLOB;
    CREATE UNIQUE INDEX proof_steps_origin ON proof_steps (origin);",
    // 10: two people on one draft (issue 29, `store::orders::editing`): the draft's version
    // (one more at every save, so a save based on an older one is refused, not written over
    // the newer), the desk that saved it last, and who is editing it now, since when and
    // until when (a lease renewed while the draft is open; ISO-8601 UTC text).
    "ALTER TABLE local_orders ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE local_orders ADD COLUMN saved_desk TEXT;
    ALTER TABLE local_orders ADD COLUMN saved_name TEXT;
    ALTER TABLE local_orders ADD COLUMN editing_desk TEXT;
    ALTER TABLE local_orders ADD COLUMN editing_name TEXT;
    ALTER TABLE local_orders ADD COLUMN editing_since TEXT;
    ALTER TABLE local_orders ADD COLUMN editing_until TEXT;",
    // 11: a team's drafts saved (and placed) on this desk while the team database was out of
    // reach (issue 29, `store::offline`), one row per team draft with the newest text: written
    // back to the team's row on reconnect, or kept as a new draft there when another desk
    // changed the row meanwhile. This desk's own table (not in the team's schema): the team's
    // ids are ≥ 2^40, not rows of this file. `body`: placed meanwhile, the exact body to queue;
    // `base_version`: the draft's version the first kept save was based on (migration 10).
    "CREATE TABLE team_kept (
        order_id            INTEGER PRIMARY KEY,
        account_id          INTEGER NOT NULL,
        draft_json          TEXT NOT NULL,
        reference           TEXT NOT NULL DEFAULT '',
        recipient           TEXT NOT NULL DEFAULT '',
        body                BLOB,
        base_version        INTEGER NOT NULL,
        kept_at             TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    );",
    // 12: History at the scale of a team (issue 29, item 9): what History filters and adds up
    // by, kept on each row so a page and its count are read from one index, never from the
    // rows' JSON. `search_text`: the order number, reference, recipient and tracking id, folded
    // to lower case by `logodesk_fold` (Rust's `to_lowercase`, registered on every connection:
    // SQLite's `lower` knows only ASCII); `recipient_text` the recipient alone; from the
    // service's record: `service_placed_at` (its `placedAtUtc` as the store's time text),
    // `total_e4` (the total in ten-thousandths, an integer: sums are exact in SQL) and
    // `currency`. Triggers keep them (whoever writes the row); the index is History's order
    // (newest first, `store::orders::history`) with every filtered column. A second index
    // reads the address book's newest placed forms (`placed_forms`) without a sort.
    concat!(
        "ALTER TABLE local_orders ADD COLUMN search_text TEXT;
    ALTER TABLE local_orders ADD COLUMN recipient_text TEXT;
    ALTER TABLE local_orders ADD COLUMN service_placed_at TEXT;
    ALTER TABLE local_orders ADD COLUMN total_e4 INTEGER;
    ALTER TABLE local_orders ADD COLUMN currency TEXT;
    UPDATE local_orders SET ",
        history_columns!(),
        ";
    CREATE TRIGGER local_orders_history_insert AFTER INSERT ON local_orders BEGIN
        UPDATE local_orders SET ",
        history_columns!(),
        " WHERE id = NEW.id;
    END;
    CREATE TRIGGER local_orders_history_update
        AFTER UPDATE OF order_number, reference, recipient, tracking_id, record_json ON local_orders
    BEGIN
        UPDATE local_orders SET ",
        history_columns!(),
        " WHERE id = NEW.id;
    END;
    CREATE INDEX local_orders_history ON local_orders (account_id, updated_at, id, state,
        currency, total_e4, service_placed_at, recipient_text, search_text)
        WHERE state <> 'draft';
    CREATE INDEX local_orders_placed_forms ON local_orders
        (account_id, COALESCE(queued_at, updated_at), id)
        WHERE state <> 'draft' AND draft_json IS NOT NULL;"
    ),
    // 13: the team's accounts as this desk last read them (issue 29, `store::offline`): a
    // desk that starts while the team database is out of reach lists them (and makes a new
    // draft under a copy of one), instead of showing no team account until it is back. The
    // columns of `accounts` a copy is made of; rewritten at every read of the team's accounts,
    // emptied when the desk leaves the team. This desk's own table, as `team_kept`.
    "CREATE TABLE team_accounts_read (
        id                  INTEGER PRIMARY KEY,
        name                TEXT NOT NULL,
        kind                TEXT NOT NULL,
        base_url            TEXT,
        auth_style          TEXT NOT NULL,
        organization_id     INTEGER,
        key_location        TEXT NOT NULL,
        credential_version  INTEGER NOT NULL
    );",
    // 14: a lost COMMIT answer (issue 38, item 1). `body_sha256`: the SHA-256 of a queued
    // row's exact body (hex), so a second `queue-order` of the same body for the same account
    // finds the first in the index instead of queueing it again. `team_kept.idempotency_key`:
    // a team draft placed here whose COMMIT went unanswered (the team may hold it queued): its
    // key, so the team's row is known for it on reconnect and Forget never gives it a new one.
    "ALTER TABLE local_orders ADD COLUMN body_sha256 TEXT;
    CREATE INDEX local_orders_same_body ON local_orders (account_id, body_sha256)
        WHERE body_sha256 IS NOT NULL;
    ALTER TABLE team_kept ADD COLUMN idempotency_key TEXT;",
    // 15: which desks' keys sent a team row (issue 38, `store::identity`): each desk keeps
    // its own key of a team account, so a row remembers every (install id, key version) of a
    // desk that sent it, as ` <install>:<version> ` words. A desk whose key was replaced since
    // holds the row (its new key may belong to another organization), as a desk of its own
    // holds rows queued for an older key. Here so both schemas keep the same columns; on a
    // desk of its own it stays NULL.
    "ALTER TABLE local_orders ADD COLUMN sent_with TEXT;",
    // 16: the print of the key a send that may have reached the service went with, when the
    // body names no `organizationId` (issue 38, `store::orders`, "Organizations"): the service
    // scopes the Idempotency-Key to the caller's own organization then, so only a key with
    // the same print resends it. NULL: no such send, or the body names its organization.
    "ALTER TABLE local_orders ADD COLUMN sent_key TEXT;",
    // 17: rows no desk placed are never sent (issue 38, item 3, `store::desks`). On every
    // order, the key id of the desk that signed it and its Ed25519 signature over the bytes
    // that matter for money, and why a desk refused to send it (`refused`: `unsigned`,
    // `changed`, `refused-desk`; its sentence is the row's `error_message`), with an index of
    // the refused rows. The team's `desks` (each desk's public key, under its key id) and
    // `desk_vouches` (a desk's signature over another desk's key) are here only so that both
    // schemas keep the same tables. This desk's own: `desk_trust`, the keys it trusts (its own,
    // those its person confirmed) or refused, never read from the team database; and
    // `refusals_told`, the refused team rows its person was told of.
    "ALTER TABLE local_orders ADD COLUMN signed_by TEXT;
    ALTER TABLE local_orders ADD COLUMN signature BLOB;
    ALTER TABLE local_orders ADD COLUMN refused TEXT;
    CREATE INDEX local_orders_refused ON local_orders (id) WHERE refused IS NOT NULL;
    CREATE TABLE desks (
        key_id              TEXT PRIMARY KEY,
        name                TEXT NOT NULL DEFAULT '',
        public_key          BLOB NOT NULL,
        registered_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    );
    CREATE TABLE desk_vouches (
        voucher             TEXT NOT NULL,
        key_id              TEXT NOT NULL,
        public_key          BLOB NOT NULL,
        signature           BLOB NOT NULL,
        at                  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        PRIMARY KEY (voucher, key_id)
    );
    CREATE TABLE desk_trust (
        key_id              TEXT PRIMARY KEY,
        public_key          BLOB NOT NULL,
        name                TEXT NOT NULL DEFAULT '',
        trust               TEXT NOT NULL CHECK (trust IN ('own', 'confirmed', 'refused')),
        at                  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    );
    CREATE TABLE refusals_told (
        order_id            INTEGER PRIMARY KEY
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
    if found < 0 {
        return Err(StoreError::BadVersion {
            path: path.to_owned(),
            found,
        });
    }
    if found > latest() {
        return Err(StoreError::TooNew {
            path: Some(path.to_owned()),
            found,
            known: latest(),
        });
    }
    if found == latest() {
        return Ok(());
    }
    // Table rebuilds (SQLite's way to change a column or a CHECK) must not cascade: a DROP
    // of `accounts` would otherwise delete the editor's and the tasks' rows. Foreign keys
    // are off while migrating and checked before each commit.
    let fk: i64 = conn.query_row("PRAGMA foreign_keys", [], |r| r.get(0))?;
    conn.pragma_update(None, "foreign_keys", "OFF")?;
    let result = apply(conn, found);
    conn.pragma_update(None, "foreign_keys", fk)?;
    result
}

fn apply(conn: &mut Connection, found: i64) -> Result<(), StoreError> {
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        let broken: i64 =
            tx.query_row("SELECT COUNT(*) FROM pragma_foreign_key_check", [], |r| {
                r.get(0)
            })?;
        if broken > 0 {
            return Err(StoreError::Sqlite(rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY),
                Some(format!(
                    "migration {} left {broken} rows pointing at nothing",
                    i + 1
                )),
            )));
        }
        tx.pragma_update(None, "user_version", i as i64 + 1)?;
        tx.commit()?;
        tracing::info!(version = i + 1, "local database migrated");
    }
    Ok(())
}

/// The team database's migrations, oldest first; run with `search_path` = `logodesk`.
/// Differences from SQLite's schema, which the store's SQL is written for on both:
/// - ids are `BIGINT GENERATED BY DEFAULT AS IDENTITY` (never handed out again, as SQLite's
///   `AUTOINCREMENT`), integers `BIGINT`, flags `BIGINT` 0/1, blobs `bytea`;
/// - account names are unique by `lower(name)` (SQLite: `COLLATE NOCASE`);
/// - timestamps are ISO-8601 UTC text as on SQLite, `COLLATE "C"` so they sort as text (by
///   time) whatever the database's collation;
/// - `vectorize_tasks` has an explicit `rowid` (SQLite's implicit one orders the list).
pub const PG_MIGRATIONS: &[&str] = &[
    // 1: SQLite's version 7.
    r#"CREATE TABLE accounts (
        id                  BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        name                TEXT NOT NULL,
        kind                TEXT NOT NULL CHECK (kind IN ('sandbox', 'remote')),
        base_url            TEXT,
        auth_style          TEXT NOT NULL DEFAULT 'bearer' CHECK (auth_style IN ('bearer', 'x-api-key')),
        organization_id     BIGINT,
        key_location        TEXT NOT NULL DEFAULT 'keychain' CHECK (key_location IN ('keychain', 'session', 'none')),
        created_at          TEXT COLLATE "C" NOT NULL
                            DEFAULT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
        credential_version  BIGINT NOT NULL DEFAULT 1,
        CHECK ((kind = 'sandbox') = (base_url IS NULL))
    );
    CREATE UNIQUE INDEX accounts_name ON accounts (lower(name));
    CREATE UNIQUE INDEX accounts_one_sandbox ON accounts (kind) WHERE kind = 'sandbox';

    CREATE TABLE local_orders (
        id                  BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        account_id          BIGINT,
        state               TEXT NOT NULL CHECK (state IN ('draft', 'queued', 'sent', 'completed', 'failed', 'uncertain', 'unknown')),
        idempotency_key     TEXT UNIQUE,
        draft_json          TEXT,
        body                BYTEA,
        reference           TEXT NOT NULL DEFAULT '',
        recipient           TEXT NOT NULL DEFAULT '',
        tracking_id         BIGINT,
        order_number        TEXT,
        record_json         TEXT,
        error_message       TEXT,
        last_error          TEXT,
        attempts            BIGINT NOT NULL DEFAULT 0,
        created_at          TEXT COLLATE "C" NOT NULL
                            DEFAULT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        updated_at          TEXT COLLATE "C" NOT NULL
                            DEFAULT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        queued_at           TEXT COLLATE "C",
        placed_at           TEXT COLLATE "C",
        dest_base           TEXT,
        dest_auth           TEXT,
        dest_org            BIGINT,
        dest_key_version    BIGINT,
        reached             BIGINT NOT NULL DEFAULT 0,
        sending             BIGINT NOT NULL DEFAULT 0,
        unknown_since       TEXT COLLATE "C",
        unknown_polls       BIGINT NOT NULL DEFAULT 0,
        unusable_answers    BIGINT NOT NULL DEFAULT 0,
        CHECK (state NOT IN ('queued', 'uncertain') OR (idempotency_key IS NOT NULL AND body IS NOT NULL))
    );
    CREATE INDEX local_orders_by_state ON local_orders (account_id, state);
    CREATE UNIQUE INDEX local_orders_tracking ON local_orders (account_id, dest_base, tracking_id)
        WHERE tracking_id IS NOT NULL;

    CREATE TABLE editor_drafts (
        account_id          BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        logo_id             BIGINT NOT NULL,
        original_colors     TEXT NOT NULL,
        method_confirmed    BIGINT,
        applied_targets     TEXT,
        PRIMARY KEY (account_id, logo_id)
    );

    CREATE TABLE vectorize_tasks (
        rowid               BIGINT GENERATED ALWAYS AS IDENTITY,
        account_id          BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        task_id             BIGINT NOT NULL,
        last_json           TEXT NOT NULL,
        updated_at          TEXT COLLATE "C" NOT NULL
                            DEFAULT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        PRIMARY KEY (account_id, task_id)
    );

    CREATE TABLE meta (
        name                TEXT PRIMARY KEY,
        value               TEXT NOT NULL
    );
    INSERT INTO meta (name, value) VALUES ('install_id', replace(gen_random_uuid()::text, '-', ''));

    CREATE TABLE proof_steps (
        id                  BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        order_id            BIGINT NOT NULL,
        line_key            TEXT NOT NULL,
        status              TEXT NOT NULL CHECK (status IN ('sent', 'approved', 'changes_asked')),
        who                 TEXT NOT NULL DEFAULT '',
        note                TEXT NOT NULL DEFAULT '',
        at                  TEXT NOT NULL,
        proof_file          TEXT,
        proof_hash          TEXT,
        snapshot_json       TEXT NOT NULL
    );
    CREATE INDEX proof_steps_by_line ON proof_steps (order_id, line_key, id);"#,
    // 2: SQLite's version 8 (the outbox's claims).
    r#"ALTER TABLE local_orders ADD COLUMN claimed_by TEXT;
    ALTER TABLE local_orders ADD COLUMN claim_token TEXT;
    ALTER TABLE local_orders ADD COLUMN lease_until TEXT COLLATE "C";
    CREATE INDEX local_orders_claimable ON local_orders (account_id, dest_base, id)
        WHERE state = 'queued';"#,
    // 3: SQLite's version 9 (joining: `origin`, `placed_by`, `proof_pdf`), and two things of
    // the team's own:
    // - its ids start at `store::TEAM_IDS_FROM`, so a desk tells a team row from its own by
    //   the id alone;
    // - every change a person would see is announced on channel `logodesk` (payload: the
    //   table), once per statement: the other desks reload what they show (LISTEN/NOTIFY,
    //   delivered when the transaction commits). A lease's renewal changes no column listed
    //   and announces nothing.
    r#"ALTER TABLE accounts ALTER COLUMN id RESTART WITH 1099511627776;
    ALTER TABLE local_orders ALTER COLUMN id RESTART WITH 1099511627776;
    ALTER TABLE proof_steps ALTER COLUMN id RESTART WITH 1099511627776;
    ALTER TABLE local_orders ADD COLUMN origin TEXT;
    ALTER TABLE local_orders ADD COLUMN placed_by TEXT;
    CREATE UNIQUE INDEX local_orders_origin ON local_orders (origin);
    ALTER TABLE proof_steps ADD COLUMN origin TEXT;
    ALTER TABLE proof_steps ADD COLUMN proof_pdf BYTEA;
    CREATE UNIQUE INDEX proof_steps_origin ON proof_steps (origin);
    CREATE FUNCTION announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        PERFORM pg_notify('logodesk', TG_TABLE_NAME);
        RETURN NULL;
    END $$;
    CREATE TRIGGER local_orders_announce
        AFTER INSERT OR DELETE OR UPDATE OF state, draft_json, reference, recipient, tracking_id,
            order_number, record_json, error_message, last_error, dest_base, placed_by, account_id
        ON local_orders FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
    CREATE TRIGGER accounts_announce AFTER INSERT OR UPDATE OR DELETE
        ON accounts FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
    CREATE TRIGGER proof_steps_announce AFTER INSERT OR UPDATE OR DELETE
        ON proof_steps FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
    CREATE TRIGGER vectorize_tasks_announce AFTER INSERT OR UPDATE OR DELETE
        ON vectorize_tasks FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
    CREATE TRIGGER editor_drafts_announce AFTER INSERT OR UPDATE OR DELETE
        ON editor_drafts FOR EACH STATEMENT EXECUTE FUNCTION announce_change();"#,
    // 4: SQLite's version 10 (a draft's version, its last saver, who edits it). The orders'
    // announcement also names the version and the editor (a save or "take over" shows on the
    // other desks at once); a renewal of the editor's lease announces nothing.
    r#"ALTER TABLE local_orders ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
    ALTER TABLE local_orders ADD COLUMN saved_desk TEXT;
    ALTER TABLE local_orders ADD COLUMN saved_name TEXT;
    ALTER TABLE local_orders ADD COLUMN editing_desk TEXT;
    ALTER TABLE local_orders ADD COLUMN editing_name TEXT;
    ALTER TABLE local_orders ADD COLUMN editing_since TEXT COLLATE "C";
    ALTER TABLE local_orders ADD COLUMN editing_until TEXT COLLATE "C";
    DROP TRIGGER local_orders_announce ON local_orders;
    CREATE TRIGGER local_orders_announce
        AFTER INSERT OR DELETE OR UPDATE OF state, draft_json, reference, recipient, tracking_id,
            order_number, record_json, error_message, last_error, dest_base, placed_by, account_id,
            version, editing_desk
        ON local_orders FOR EACH STATEMENT EXECUTE FUNCTION announce_change();"#,
    // 5: SQLite's version 12 (History's columns, kept by a trigger, and its indexes). Folding
    // to lower case takes ICU's rules where the server has them (`und-x-icu`), so a database
    // made with the "C" locale still folds Æ, Ø and Å; without ICU, the database's own.
    r#"ALTER TABLE local_orders ADD COLUMN search_text TEXT;
    ALTER TABLE local_orders ADD COLUMN recipient_text TEXT;
    ALTER TABLE local_orders ADD COLUMN service_placed_at TEXT COLLATE "C";
    ALTER TABLE local_orders ADD COLUMN total_e4 BIGINT;
    ALTER TABLE local_orders ADD COLUMN currency TEXT;
    DO $do$ BEGIN
        IF EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu') THEN
            EXECUTE 'CREATE FUNCTION logodesk_fold(t TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE
                PARALLEL SAFE AS $f$ SELECT lower(t COLLATE "und-x-icu") $f$';
        ELSE
            EXECUTE 'CREATE FUNCTION logodesk_fold(t TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE
                PARALLEL SAFE AS $f$ SELECT lower(t) $f$';
        END IF;
    END $do$;
    CREATE FUNCTION history_columns() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
        ord JSONB;
    BEGIN
        NEW.search_text := logodesk_fold(concat_ws(chr(10), NEW.order_number, NEW.reference,
            NEW.recipient, NEW.tracking_id::TEXT));
        NEW.recipient_text := logodesk_fold(NEW.recipient);
        NEW.service_placed_at := NULL;
        NEW.total_e4 := NULL;
        NEW.currency := NULL;
        -- The store writes the record as the service's JSON; anything else adds up to nothing.
        BEGIN
            ord := NEW.record_json::JSONB -> 'order';
            NEW.service_placed_at := to_char(CAST(ord ->> 'placedAtUtc' AS TIMESTAMPTZ)
                AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
            NEW.total_e4 := round(CAST(ord ->> 'total' AS NUMERIC) * 10000);
            NEW.currency := btrim(ord ->> 'currency');
        EXCEPTION WHEN others THEN
            NEW.service_placed_at := NULL;
            NEW.total_e4 := NULL;
            NEW.currency := NULL;
        END;
        RETURN NEW;
    END $$;
    CREATE TRIGGER local_orders_history
        BEFORE INSERT OR UPDATE OF order_number, reference, recipient, tracking_id, record_json
        ON local_orders FOR EACH ROW EXECUTE FUNCTION history_columns();
    UPDATE local_orders SET reference = reference;
    CREATE INDEX local_orders_history ON local_orders (account_id, updated_at, id)
        INCLUDE (state, currency, total_e4, service_placed_at, recipient_text, search_text)
        WHERE state <> 'draft';
    CREATE INDEX local_orders_placed_forms ON local_orders
        (account_id, COALESCE(queued_at, updated_at), id)
        WHERE state <> 'draft' AND draft_json IS NOT NULL;"#,
    // 6: SQLite's version 14 (`body_sha256` and its index; `team_kept` is a desk's own).
    r#"ALTER TABLE local_orders ADD COLUMN body_sha256 TEXT;
    CREATE INDEX local_orders_same_body ON local_orders (account_id, body_sha256)
        WHERE body_sha256 IS NOT NULL;"#,
    // 7: the trigger functions look in a fixed `search_path`, not the session's: a session
    // that looks elsewhere (psql, a report tool) writes a row as a desk does, and nothing a
    // role could put in another schema (or `pg_temp`) is called in their place.
    r#"ALTER FUNCTION announce_change() SET search_path = pg_catalog, logodesk, pg_temp;
    ALTER FUNCTION history_columns() SET search_path = pg_catalog, logodesk, pg_temp;"#,
    // 8: SQLite's version 15 (which desks' keys sent a row).
    r#"ALTER TABLE local_orders ADD COLUMN sent_with TEXT;"#,
    // 9: SQLite's version 16 (the print of the key a first send went with).
    "ALTER TABLE local_orders ADD COLUMN sent_key TEXT;",
    // 10: SQLite's version 17 (what each desk signs, `store::desks`), without the desk's own
    // tables: the team's `desks` and `desk_vouches`, announced on the channel like the
    // others (a desk asking to join shows on the others at once). A refusal is announced as
    // the change of state it is.
    r#"ALTER TABLE local_orders ADD COLUMN signed_by TEXT;
    ALTER TABLE local_orders ADD COLUMN signature BYTEA;
    ALTER TABLE local_orders ADD COLUMN refused TEXT;
    CREATE INDEX local_orders_refused ON local_orders (id) WHERE refused IS NOT NULL;
    CREATE TABLE desks (
        key_id              TEXT PRIMARY KEY,
        name                TEXT NOT NULL DEFAULT '',
        public_key          BYTEA NOT NULL,
        registered_at       TEXT COLLATE "C" NOT NULL
                            DEFAULT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    );
    CREATE TABLE desk_vouches (
        voucher             TEXT NOT NULL,
        key_id              TEXT NOT NULL,
        public_key          BYTEA NOT NULL,
        signature           BYTEA NOT NULL,
        at                  TEXT COLLATE "C" NOT NULL
                            DEFAULT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        PRIMARY KEY (voucher, key_id)
    );
    CREATE TRIGGER desks_announce AFTER INSERT OR UPDATE OR DELETE
        ON desks FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
    CREATE TRIGGER desk_vouches_announce AFTER INSERT OR UPDATE OR DELETE
        ON desk_vouches FOR EACH STATEMENT EXECUTE FUNCTION announce_change();"#,
];
/// The team database's schema version this build writes.
pub fn latest_postgres() -> i64 {
    PG_MIGRATIONS.len() as i64
}

/// The advisory lock (`pg_advisory_xact_lock`) every desk takes while it looks at the schema
/// version and migrates: two desks starting at once migrate one after the other, and the
/// second finds the work done. ("logodesk" in ASCII.)
const MIGRATION_LOCK: i64 = 0x6c6f_676f_6465_736b;

/// The team database's schema version (0: none yet).
pub(crate) fn postgres_version(db: &Db) -> Result<i64, StoreError> {
    Ok(db
        .query_opt("SELECT version FROM schema_version", &[])?
        .map(|r| r.get(0))
        .transpose()?
        .unwrap_or(0))
}

/// Creates schema `logodesk` and its `schema_version` if missing and applies the missing
/// migrations, each in a transaction of its own holding [`MIGRATION_LOCK`] (the version is
/// read under the lock). Refuses a database from a newer version ([`StoreError::TooNew`])
/// without writing anything. The connection's `search_path` is `logodesk`.
pub(crate) fn migrate_postgres(db: &Db) -> Result<(), StoreError> {
    let schema = super::PG_SCHEMA;
    loop {
        let done = db.transaction(|db| -> Result<bool, StoreError> {
            db.execute("SELECT pg_advisory_xact_lock($1)", &params![MIGRATION_LOCK])?;
            // Looked up first: a desk whose role may not create in the database still opens a
            // schema an administrator made.
            let exists = |sql: &str| -> Result<bool, StoreError> {
                db.query_row(sql, &params![schema])?.get(0)
            };
            if !exists("SELECT COUNT(*) FROM pg_namespace WHERE nspname = $1")? {
                db.batch(&format!("CREATE SCHEMA {schema}"))?;
            }
            if !exists(
                "SELECT COUNT(*) FROM pg_tables WHERE schemaname = $1 AND tablename = 'schema_version'",
            )? {
                db.batch(
                    "CREATE TABLE schema_version (
                        one      BOOLEAN PRIMARY KEY DEFAULT true CHECK (one),
                        version  BIGINT NOT NULL CHECK (version >= 0)
                    );
                    INSERT INTO schema_version (version) VALUES (0);",
                )?;
            }
            let found = postgres_version(db)?;
            let known = latest_postgres();
            if found > known {
                return Err(StoreError::TooNew {
                    path: None,
                    found,
                    known,
                });
            }
            if found == known {
                return Ok(true);
            }
            db.batch(PG_MIGRATIONS[found as usize])
                .map_err(|e| owner_needed(e, found, known))?;
            db.execute(
                "UPDATE schema_version SET version = $1",
                &params![found + 1],
            )?;
            tracing::info!(version = found + 1, "team database migrated");
            Ok(false)
        })?;
        if done {
            return Ok(());
        }
    }
}

/// A migration the connection's role may not make (the tables belong to the team's owner
/// role, README "the two roles"): [`StoreError::TeamNeedsOwner`]; any other error as it is.
fn owner_needed(e: StoreError, found: i64, known: i64) -> StoreError {
    match &e {
        StoreError::Postgres(pg)
            if pg.code() == Some(&postgres::error::SqlState::INSUFFICIENT_PRIVILEGE) =>
        {
            StoreError::TeamNeedsOwner { found, known }
        }
        _ => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;
    use crate::store::testing::{pg_client, pg_connect};
    use crate::team::pg_cluster;

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
        let said = err.to_string();
        assert!(said.contains("newer version of logodesk"), "{said}");
        assert!(said.contains("-wal") && said.contains("-shm"), "{said}");
        assert!(said.contains("waiting to be sent"), "{said}");
    }

    #[test]
    fn a_negative_version_is_refused_with_a_sentence_not_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("logodesk.sqlite");
        {
            let conn = Connection::open(&path).unwrap();
            conn.pragma_update(None, "user_version", -3).unwrap();
        }
        let err = Store::open(&path).unwrap_err();
        assert!(
            matches!(err, StoreError::BadVersion { found: -3, .. }),
            "{err:?}"
        );
        let said = err.to_string();
        assert!(said.contains("-3") && said.contains("-wal"), "{said}");
        // Nothing was migrated into it.
        let conn = Connection::open(&path).unwrap();
        assert_eq!(user_version(&conn).unwrap(), -3);
    }

    #[test]
    fn the_ledger_is_written_with_full_durability() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("logodesk.sqlite")).unwrap();
        let sync: i64 = store
            .sqlite()
            .unwrap()
            .query_row("PRAGMA synchronous", [], |r| r.get(0))
            .unwrap();
        assert_eq!(sync, 2, "synchronous = FULL");
    }

    /// A version-4 database as the previous release left it: the sandbox (1), a remote
    /// account (2) and a removed one (3, the highest id, which SQLite would hand out again),
    /// with orders, the editor's memory and a tracked task.
    fn version_4(path: &Path) {
        let mut conn = Connection::open(path).unwrap();
        for sql in &MIGRATIONS[..4] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", 4).unwrap();
        let tx = conn.transaction().unwrap();
        tx.execute_batch(
            "INSERT INTO accounts (id, name, kind, base_url, key_location) VALUES (1, 'Sandbox', 'sandbox', NULL, 'none');
             INSERT INTO accounts (id, name, kind, base_url, auth_style, organization_id)
                 VALUES (2, 'Live', 'remote', 'https://api.example.com/', 'x-api-key', 1002);
             INSERT INTO accounts (id, name, kind, base_url) VALUES (3, 'Old', 'remote', 'https://old.example.com/');
             DELETE FROM accounts WHERE id = 3;
             INSERT INTO local_orders (account_id, state, idempotency_key, body) VALUES (2, 'queued', 'k-fresh', x'7B7D');
             INSERT INTO local_orders (account_id, state, idempotency_key, body, attempts) VALUES (2, 'queued', 'k-tried', x'7B7D', 3);
             INSERT INTO local_orders (account_id, state, idempotency_key, body) VALUES (3, 'queued', 'k-orphan', x'7B7D');
             INSERT INTO local_orders (account_id, state, tracking_id) VALUES (1, 'completed', 7);
             INSERT INTO local_orders (account_id, state, idempotency_key) VALUES (2, 'draft', 'k-draft');
             INSERT INTO editor_drafts (account_id, logo_id, original_colors) VALUES (2, 5, '[]');
             INSERT INTO vectorize_tasks (account_id, task_id, last_json) VALUES (2, 9, '{}');",
        )
        .unwrap();
        tx.commit().unwrap();
    }

    #[test]
    fn version_4_migrates_without_losing_rows_and_never_reuses_an_account_id() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("logodesk.sqlite");
        version_4(&path);
        let store = Store::open(&path).unwrap();
        assert_eq!(store.schema_version().unwrap(), latest());
        let c = store.sqlite().unwrap();
        let count = |sql: &str| -> i64 { c.query_row(sql, [], |r| r.get(0)).unwrap() };
        // The rebuild of `accounts` did not cascade into the tables that refer to it.
        assert_eq!(count("SELECT COUNT(*) FROM editor_drafts"), 1);
        assert_eq!(count("SELECT COUNT(*) FROM vectorize_tasks"), 1);
        assert_eq!(count("SELECT COUNT(*) FROM local_orders"), 5);
        assert_eq!(count("SELECT COUNT(*) FROM accounts"), 2);
        let fk: i64 = count("PRAGMA foreign_keys");
        assert_eq!(fk, 1, "foreign keys are on again");
        // Rows take the destination their account has; a row already tried may have been
        // placed; the removed account's row has none (held).
        let dest = |key: &str| -> (
            Option<String>,
            Option<String>,
            Option<i64>,
            Option<i64>,
            i64,
        ) {
            c.query_row(
                "SELECT dest_base, dest_auth, dest_org, dest_key_version, reached FROM local_orders WHERE idempotency_key = ?1",
                [key],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
            )
            .unwrap()
        };
        assert_eq!(
            dest("k-fresh"),
            (
                Some("https://api.example.com/".into()),
                Some("x-api-key".into()),
                Some(1002),
                Some(1),
                0
            )
        );
        assert_eq!(dest("k-tried").4, 1);
        assert_eq!(dest("k-orphan"), (None, None, None, None, 0));
        assert_eq!(dest("k-draft").0, None);
        assert_eq!(
            count(
                "SELECT COUNT(*) FROM local_orders WHERE dest_base = 'sandbox' AND tracking_id = 7"
            ),
            1
        );
        // Account 3 is gone but its orders remain: the next account gets 4.
        let next = store
            .insert_account(&crate::store::NewAccount {
                name: "New".into(),
                base_url: url::Url::parse("https://new.example.com/").unwrap(),
                auth: crate::api::AuthStyle::Bearer,
                organization_id: None,
                key_location: crate::store::KeyLocation::Keychain,
            })
            .unwrap();
        assert_eq!(next.id.0, 4);
        store.delete_account(next.id).unwrap();
        let again = store
            .insert_account(&crate::store::NewAccount {
                name: "Again".into(),
                base_url: url::Url::parse("https://new.example.com/").unwrap(),
                auth: crate::api::AuthStyle::Bearer,
                organization_id: None,
                key_location: crate::store::KeyLocation::Keychain,
            })
            .unwrap();
        assert_eq!(
            again.id.0, 5,
            "a removed account's id is not handed out again"
        );
        assert_eq!(store.install_id().unwrap().len(), 32);
        drop(store);
        // Reopening changes nothing.
        let store = Store::open(&path).unwrap();
        assert_eq!(store.schema_version().unwrap(), latest());
    }

    /// The team database: created at its latest version, opened again unchanged, by any
    /// number of desks.
    #[test]
    fn a_fresh_team_database_reaches_latest_and_reopens() {
        let (client, name) = pg_client();
        let store = Store::open_postgres(client).unwrap();
        assert_eq!(store.schema_version().unwrap(), latest_postgres());
        let install_id = store.install_id().unwrap();
        assert_eq!(install_id.len(), 32);
        drop(store);
        let again = Store::open_postgres(pg_connect(&name)).unwrap();
        assert_eq!(again.schema_version().unwrap(), latest_postgres());
        assert_eq!(again.install_id().unwrap(), install_id);
        let tables = pg_cluster::shared()
            .psql(
                &name,
                "SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables WHERE schemaname = 'logodesk'",
            )
            .unwrap();
        assert_eq!(
            tables,
            "accounts,desk_vouches,desks,editor_drafts,local_orders,meta,proof_steps,schema_version,vectorize_tasks"
        );
    }

    /// Both schemas have the same tables with the same columns, in the same order (SQLite's
    /// implicit rowid is explicit on PostgreSQL).
    #[test]
    fn both_schemas_have_the_same_columns() {
        let sqlite = Store::open_in_memory().unwrap();
        let postgres = Store::open_postgres(pg_client().0).unwrap();
        for table in [
            "accounts",
            "local_orders",
            "editor_drafts",
            "vectorize_tasks",
            "meta",
            "proof_steps",
            "desks",
            "desk_vouches",
        ] {
            let mut pg = postgres.column_names(table);
            pg.retain(|c| c != "rowid");
            assert_eq!(sqlite.column_names(table), pg, "{table}");
        }
    }

    /// Two desks starting at once on a new team database: one migrates, the other waits for
    /// it and finds the work done; both end at the one latest version.
    #[test]
    fn two_desks_migrating_at_once_end_at_one_version() {
        let (_, name) = pg_client();
        let desks: Vec<_> = (0..2)
            .map(|_| {
                let client = pg_connect(&name);
                std::thread::spawn(move || {
                    Store::open_postgres(client)
                        .and_then(|s| s.schema_version())
                        .map_err(|e| e.to_string())
                })
            })
            .collect();
        for desk in desks {
            assert_eq!(desk.join().unwrap(), Ok(latest_postgres()));
        }
        let rows = pg_cluster::shared()
            .psql(
                &name,
                "SELECT COUNT(*) || ':' || MAX(version) FROM logodesk.schema_version",
            )
            .unwrap();
        assert_eq!(rows, format!("1:{}", latest_postgres()));
        let installs = pg_cluster::shared()
            .psql(
                &name,
                "SELECT COUNT(*) FROM logodesk.meta WHERE name = 'install_id'",
            )
            .unwrap();
        assert_eq!(installs, "1", "the schema was made once");
    }

    /// A team database a newer logodesk has migrated is refused with a sentence naming both
    /// versions, and nothing is written to it.
    #[test]
    fn a_newer_team_database_is_refused_and_left_alone() {
        let (client, name) = pg_client();
        drop(Store::open_postgres(client).unwrap());
        let newer = latest_postgres() + 3;
        let cluster = pg_cluster::shared();
        cluster
            .psql(
                &name,
                &format!("UPDATE logodesk.schema_version SET version = {newer}"),
            )
            .unwrap();
        let err = Store::open_postgres(pg_connect(&name)).unwrap_err();
        assert!(
            matches!(err, StoreError::TooNew { path: None, found, known }
                if found == newer && known == latest_postgres()),
            "{err:?}"
        );
        let said = err.to_string();
        assert!(said.contains("team database"), "{said}");
        assert!(
            said.contains(&newer.to_string()) && said.contains(&latest_postgres().to_string()),
            "{said}"
        );
        assert!(!said.contains("-wal"), "no file to move: {said}");
        assert_eq!(
            cluster
                .psql(&name, "SELECT version FROM logodesk.schema_version")
                .unwrap(),
            newer.to_string()
        );
    }

    /// The trigger functions look where they must whatever the session's `search_path`: a
    /// row written by a session that looks in `public` only (psql, a report tool) gets its
    /// History columns as the store's own writes do.
    #[test]
    fn the_trigger_functions_work_whatever_the_sessions_search_path() {
        let (client, name) = pg_client();
        drop(Store::open_postgres(client).unwrap());
        let cluster = pg_cluster::shared();
        cluster
            .psql(
                &name,
                "SET search_path TO public;
                 INSERT INTO logodesk.local_orders (state, reference, recipient)
                 VALUES ('draft', 'PO-7', 'FC Ærø');
                 UPDATE logodesk.local_orders SET recipient = 'FC Ærø Øst';",
            )
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            cluster
                .psql(&name, "SELECT recipient_text FROM logodesk.local_orders")
                .unwrap(),
            "fc ærø øst"
        );
    }

    /// The README's two roles (`packaging/team/roles.sql`, run as it is): the owner role makes
    /// the schema; a desk logged in as the desk role alone opens it, queues and claims an
    /// order, and can neither drop nor alter the schema, its tables or its functions. Meeting
    /// an older schema, a desk role says who upgrades it and writes nothing.
    #[test]
    fn a_desk_role_works_in_the_schema_the_owner_made_and_cannot_change_it() {
        use crate::store::{AccountId, DeskId};
        let cluster = pg_cluster::shared();
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging/team/roles.sql");
        cluster
            .psql_file("postgres", &script)
            .unwrap_or_else(|e| panic!("{e}"));
        let as_role = |role: &str| {
            let url = cluster
                .socket_url("logodesk")
                .replace("postgres://postgres@", &format!("postgres://{role}@"));
            crate::team::connect_to(&url, "desk").unwrap()
        };
        // The owner makes the tables (what `logodesk migrate-team` does).
        drop(Store::open_postgres(as_role("logodesk_owner")).unwrap());

        let mut desk = Store::open_postgres(as_role("logodesk")).unwrap_or_else(|e| panic!("{e}"));
        let account: AccountId = desk
            .insert_account(&crate::store::testing::remote("Club shop"))
            .unwrap()
            .id;
        let draft = desk.create_draft(account, "{}", "PO-1", "FC Ærø").unwrap();
        assert!(
            desk.queue_draft(draft.id, "{}", "PO-1", "FC Ærø", b"BODY")
                .unwrap()
        );
        let dest = desk.destination(account).unwrap();
        let key = crate::api::KeyPrint::of(&crate::api::ApiKey::new("the desk's key"));
        let claim = desk
            .claim_next(
                &DeskId("desk".into()),
                &[(account, dest.clone())],
                &key,
                std::time::Duration::from_secs(60),
            )
            .unwrap()
            .expect("the queued row is claimed by the desk role");
        assert_eq!(claim.id, draft.id);
        // Bound to the desk's key (a body naming no organization), as the desk role.
        assert!(
            desk.begin_send_fenced(draft.id, &dest, Some(&claim.token), Some(&key))
                .unwrap()
        );

        let mut raw = as_role("logodesk");
        for ddl in [
            "DROP SCHEMA logodesk CASCADE",
            "DROP TABLE logodesk.local_orders",
            "ALTER TABLE logodesk.local_orders ADD COLUMN sneaky TEXT",
            "CREATE TABLE logodesk.sneaky (id INT)",
            "DROP TRIGGER local_orders_announce ON logodesk.local_orders",
            "CREATE OR REPLACE FUNCTION logodesk.announce_change() RETURNS trigger
             LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$",
        ] {
            let e = raw
                .batch_execute(ddl)
                .expect_err(&format!("the desk role may not: {ddl}"));
            let code = match &e {
                StoreError::Postgres(pg) => pg.code().cloned(),
                _ => None,
            };
            assert_eq!(
                code,
                Some(postgres::error::SqlState::INSUFFICIENT_PRIVILEGE),
                "{ddl}: {e}"
            );
        }

        // An older schema (as after an upgrade of logodesk): the desk role cannot migrate it.
        let latest = latest_postgres();
        cluster
            .psql(
                "logodesk",
                &format!(
                    "UPDATE logodesk.schema_version SET version = {}",
                    latest - 1
                ),
            )
            .unwrap();
        let err = Store::open_postgres(as_role("logodesk")).unwrap_err();
        assert!(
            matches!(err, StoreError::TeamNeedsOwner { found, known }
                if found == latest - 1 && known == latest),
            "{err:?}"
        );
        let said = err.to_string();
        assert!(said.contains("migrate-team"), "{said}");
        assert!(said.contains("owner role"), "{said}");
        assert_eq!(
            cluster
                .psql("logodesk", "SELECT version FROM logodesk.schema_version")
                .unwrap(),
            (latest - 1).to_string(),
            "nothing written"
        );
        cluster
            .psql(
                "logodesk",
                &format!("UPDATE logodesk.schema_version SET version = {latest}"),
            )
            .unwrap();
        drop(Store::open_postgres(as_role("logodesk")).unwrap());
    }
}
