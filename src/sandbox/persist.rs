//! Write-through persistence in SQLite: each entity is one JSON row in `entities(kind, id,
//! json)`, reserved idempotency keys live in `idempotency(org, key, body, order_id)`, and
//! pictures are PNG blobs in `pictures(id, png)` (read and written by
//! [`super::pictures::Pictures`]). The in-memory state is the source of truth for entities;
//! this store only makes it survive a restart.
//!
//! Layout versions (`PRAGMA user_version`): 1 kept each logo's pictures as base64 inside its
//! JSON row; 2 moves them to `pictures`. A version-1 file is migrated on open.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use rusqlite::{Connection, OptionalExtension as _, params};
use serde_json::Value;

use super::error::{Result, SandboxError};
use super::records::{DesignRec, IdemRec, LogoRec, OrderRec, TaskRec};

/// Version of the table layout, kept in `PRAGMA user_version`.
const SCHEMA_VERSION: i64 = 2;

/// An open sandbox database.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
}

/// Everything read back from a store.
#[derive(Debug, Default)]
pub struct Loaded {
    /// Logos by id.
    pub logos: BTreeMap<i64, LogoRec>,
    /// Designs by id.
    pub designs: BTreeMap<i64, DesignRec>,
    /// Orders by id.
    pub orders: BTreeMap<i64, OrderRec>,
    /// Tasks by id.
    pub tasks: BTreeMap<i64, TaskRec>,
    /// Reserved idempotency keys.
    pub idempotency: HashMap<(i64, String), IdemRec>,
}

/// One entity row to write: kind, id, JSON.
pub type Row = (&'static str, i64, String);
/// One idempotency row to write: organization, key, body JSON, order id.
pub type KeyRow = (i64, String, String, i64);

/// Version 1 → 2: moves each logo's base64 pictures out of its JSON row into `pictures`
/// (the high-res preview shares the original's picture when they are the same), in one
/// transaction.
fn migrate_pictures_out_of_rows(conn: &Connection) -> Result<()> {
    let tx = conn.unchecked_transaction()?;
    let rows: Vec<(i64, String)> = {
        let mut stmt = tx.prepare("SELECT id, json FROM entities WHERE kind = 'logo'")?;
        stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?
    };
    let mut put = tx.prepare("INSERT INTO pictures (png) VALUES (?1)")?;
    let mut store = |b64: &str| -> Result<Option<i64>> {
        if b64.is_empty() {
            return Ok(None);
        }
        let png = STANDARD
            .decode(b64.trim())
            .map_err(|e| SandboxError::Internal(format!("a stored picture is not base64: {e}")))?;
        put.execute(params![png])?;
        Ok(Some(tx.last_insert_rowid()))
    };
    let take = |v: &mut Value, key: &str| -> String {
        match v.get_mut(key) {
            Some(Value::String(s)) => std::mem::take(s),
            _ => String::new(),
        }
    };
    let mut rewritten = Vec::with_capacity(rows.len());
    for (id, json) in rows {
        let mut rec: Value = serde_json::from_str(&json)?;
        let original = match rec.get_mut("original_png").map(Value::take) {
            Some(Value::String(s)) => s,
            _ => String::new(),
        };
        let (high, low) = match rec.get_mut("logo") {
            Some(logo) => (take(logo, "highResBase64"), take(logo, "lowResBase64")),
            None => (String::new(), String::new()),
        };
        let original_id = store(&original)?;
        let high_id = if high == original {
            original_id
        } else {
            store(&high)?
        };
        let low_id = store(&low)?;
        if let Some(obj) = rec.as_object_mut() {
            obj.remove("original_png");
            obj.insert(
                "pictures".into(),
                serde_json::json!({"original": original_id, "high": high_id, "low": low_id}),
            );
        }
        rewritten.push((id, serde_json::to_string(&rec)?));
    }
    drop(put);
    {
        let mut update =
            tx.prepare("UPDATE entities SET json = ?2 WHERE kind = 'logo' AND id = ?1")?;
        for (id, json) in &rewritten {
            update.execute(params![id, json])?;
        }
    }
    tx.execute_batch(&format!("PRAGMA user_version = {SCHEMA_VERSION}"))?;
    tx.commit()?;
    tracing::info!(
        logos = rewritten.len(),
        "sandbox data moved to layout version 2"
    );
    // The rows shrank to a fraction; give the space back once.
    if let Err(e) = conn.execute_batch("VACUUM") {
        tracing::warn!(error = %e, "sandbox database not compacted after migrating");
    }
    Ok(())
}

impl Store {
    /// Opens (creating when needed) the database file and its tables, in WAL mode.
    pub fn open(path: &Path) -> Result<Self> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let conn = Connection::open(path)?;
        Self::init(conn)
    }

    fn init(conn: Connection) -> Result<Self> {
        // `journal_mode` answers with a row, so it is read rather than executed.
        let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
        conn.execute_batch(
            "PRAGMA synchronous = NORMAL;
             PRAGMA busy_timeout = 5000;
             CREATE TABLE IF NOT EXISTS entities (
                 kind TEXT NOT NULL,
                 id   INTEGER NOT NULL,
                 json TEXT NOT NULL,
                 PRIMARY KEY (kind, id)
             );
             CREATE TABLE IF NOT EXISTS idempotency (
                 org      INTEGER NOT NULL,
                 key      TEXT NOT NULL,
                 body     TEXT NOT NULL,
                 order_id INTEGER NOT NULL,
                 PRIMARY KEY (org, key)
             );
             CREATE TABLE IF NOT EXISTS pictures (
                 id  INTEGER PRIMARY KEY,
                 png BLOB NOT NULL
             );
             CREATE TABLE IF NOT EXISTS meta (
                 name  TEXT PRIMARY KEY,
                 value TEXT NOT NULL
             );
             INSERT OR IGNORE INTO meta (name, value)
                 VALUES ('instance', lower(hex(randomblob(16))));",
        )?;
        let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if version == 1 {
            migrate_pictures_out_of_rows(&conn)?;
        } else if version == 0 {
            conn.execute_batch(&format!("PRAGMA user_version = {SCHEMA_VERSION}"))?;
        } else if version != SCHEMA_VERSION {
            return Err(SandboxError::Internal(format!(
                "sandbox database has schema version {version}, expected {SCHEMA_VERSION}; \
                 delete it to start afresh"
            )));
        }
        Ok(Store { conn })
    }

    /// This file's identity, made when the file was created: a sandbox started afresh (the
    /// file deleted) has another one, so a client can tell its orders from the old ones'.
    pub fn instance_id(&self) -> Result<String> {
        Ok(self
            .conn
            .query_row("SELECT value FROM meta WHERE name = 'instance'", [], |r| {
                r.get(0)
            })?)
    }

    /// Whether nothing was ever stored (the demo data is then seeded).
    pub fn is_empty(&self) -> Result<bool> {
        let n: i64 = self
            .conn
            .query_row("SELECT COUNT(*) FROM entities", [], |r| r.get(0))?;
        Ok(n == 0)
    }

    /// Upserts rows in one transaction.
    pub fn write(&self, rows: &[Row], keys: &[KeyRow]) -> Result<()> {
        let tx = self.conn.unchecked_transaction()?;
        {
            let mut put = tx.prepare_cached(
                "INSERT INTO entities (kind, id, json) VALUES (?1, ?2, ?3)
                 ON CONFLICT (kind, id) DO UPDATE SET json = excluded.json",
            )?;
            for (kind, id, json) in rows {
                put.execute(params![kind, id, json])?;
            }
            let mut key = tx.prepare_cached(
                "INSERT INTO idempotency (org, key, body, order_id) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (org, key) DO UPDATE SET body = excluded.body, order_id = excluded.order_id",
            )?;
            for (org, k, body, order) in keys {
                key.execute(params![org, k, body, order])?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// The stored JSON of one entity, `None` when it was never written.
    pub fn entity(&self, kind: &str, id: i64) -> Result<Option<String>> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT json FROM entities WHERE kind = ?1 AND id = ?2")?;
        Ok(stmt.query_row(params![kind, id], |r| r.get(0)).optional()?)
    }

    /// The stored body JSON and order id of one idempotency key, `None` when never written.
    pub fn idempotency_key(&self, org: i64, key: &str) -> Result<Option<(String, i64)>> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT body, order_id FROM idempotency WHERE org = ?1 AND key = ?2")?;
        Ok(stmt
            .query_row(params![org, key], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?)
    }

    /// Reads every stored entity back.
    pub fn load(&self) -> Result<Loaded> {
        let mut out = Loaded::default();
        let mut stmt = self
            .conn
            .prepare("SELECT kind, id, json FROM entities ORDER BY kind, id")?;
        let rows = stmt.query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, String>(2)?,
            ))
        })?;
        for row in rows {
            let (kind, id, json) = row?;
            match kind.as_str() {
                "logo" => {
                    out.logos.insert(id, serde_json::from_str(&json)?);
                }
                "design" => {
                    out.designs.insert(id, serde_json::from_str(&json)?);
                }
                "order" => {
                    out.orders.insert(id, serde_json::from_str(&json)?);
                }
                "task" => {
                    out.tasks.insert(id, serde_json::from_str(&json)?);
                }
                other => tracing::warn!(kind = other, id, "ignoring unknown sandbox row"),
            }
        }
        let mut stmt = self
            .conn
            .prepare("SELECT org, key, body, order_id FROM idempotency")?;
        let rows = stmt.query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, i64>(3)?,
            ))
        })?;
        for row in rows {
            let (org, key, body, order_id) = row?;
            out.idempotency.insert(
                (org, key),
                IdemRec {
                    body: serde_json::from_str(&body)?,
                    order_id,
                },
            );
        }
        Ok(out)
    }
}
