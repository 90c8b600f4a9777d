//! The one seam under [`super::Store`]: a connection to SQLite (one desk) or PostgreSQL (a
//! team), with the few calls the store makes — [`Db::execute`], [`Db::query_opt`],
//! [`Db::query_all`], [`Db::transaction`] — so every store method is written once.
//!
//! - SQL is written once with `$1…$n` placeholders (PostgreSQL's); for SQLite they become
//!   `?1…?n` (the same numbers, so a parameter may be used twice).
//! - Where the dialects really differ the text holds a token, replaced per backend by
//!   [`dialect`]: `{now}` (the time now as ISO-8601 UTC text, millisecond precision),
//!   `{greatest}` (SQLite's scalar `MAX`, PostgreSQL's `GREATEST`), `{same}` (null-safe
//!   equality: SQLite's `IS`, PostgreSQL's `IS NOT DISTINCT FROM`), `{skip_locked}` (after a
//!   `SELECT`'s `LIMIT`: PostgreSQL's `FOR UPDATE SKIP LOCKED`, nothing on SQLite, whose one
//!   writer at a time makes the statement atomic anyway), and two with an argument:
//!   `{seconds_since(expr)}` (the seconds from the time text `expr` to now) and
//!   `{seconds_from_now(expr)}` (the time text `expr` seconds after now: a lease's end).
//! - Timestamps are ISO-8601 UTC *text* in both databases, as SQLite has them since version 1:
//!   rows read the same on both, ordering by text is ordering by time, and nothing about the
//!   desk's or the server's time zone enters. PostgreSQL writes them from `clock_timestamp()`
//!   (the time of the statement, not of the transaction's start: `now()` is frozen in a
//!   transaction, which would make a lease expire before it is committed).
//! - Parameters are [`Value`]s both drivers bind; a row is read as owned [`Value`]s through
//!   [`Row::get`], whatever the driver.
//! - PostgreSQL's client needs `&mut` for every call; the store's methods take `&self` (the ~74
//!   `with_store` call sites stay as they are), so the client sits in a `RefCell`. The store is
//!   used by one blocking lane at a time (never shared between threads), so a borrow is never
//!   contended; a nested borrow would be a bug in this file and panics loudly in tests.

use super::StoreError;
use postgres::types::{IsNull, ToSql, Type, to_sql_checked};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A parameter or a column value, as both drivers know it. Flags are integers 0/1 in both
/// schemas (portable comparisons `= 1`, `<> 0`), so there is no boolean here. No column is
/// REAL / `double precision`; [`Value::Real`] is for parameters compared with a computed
/// number (a duration in seconds).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value {
    Null,
    Int(i64),
    Real(f64),
    Text(String),
    Bytes(Vec<u8>),
}

impl From<i64> for Value {
    fn from(v: i64) -> Value {
        Value::Int(v)
    }
}
impl From<u32> for Value {
    fn from(v: u32) -> Value {
        Value::Int(i64::from(v))
    }
}
impl From<f64> for Value {
    fn from(v: f64) -> Value {
        Value::Real(v)
    }
}
impl From<bool> for Value {
    fn from(v: bool) -> Value {
        Value::Int(i64::from(v))
    }
}
impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value::Text(v.to_owned())
    }
}
impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::Text(v)
    }
}
impl From<&String> for Value {
    fn from(v: &String) -> Value {
        Value::Text(v.clone())
    }
}
impl From<&[u8]> for Value {
    fn from(v: &[u8]) -> Value {
        Value::Bytes(v.to_vec())
    }
}
impl From<Vec<u8>> for Value {
    fn from(v: Vec<u8>) -> Value {
        Value::Bytes(v)
    }
}
impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::Null, Into::into)
    }
}

/// Parameters: `params![a, b, …]` builds an array of [`Value`]s (`&params![…]` is a
/// `&[Value]`).
macro_rules! params {
    ($($v:expr),* $(,)?) => {
        [$($crate::store::db::Value::from($v)),*]
    };
}
pub(crate) use params;

impl rusqlite::ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, ValueRef};
        Ok(ToSqlOutput::Borrowed(match self {
            Value::Null => ValueRef::Null,
            Value::Int(v) => ValueRef::Integer(*v),
            Value::Real(v) => ValueRef::Real(*v),
            Value::Text(v) => ValueRef::Text(v.as_bytes()),
            Value::Bytes(v) => ValueRef::Blob(v),
        }))
    }
}

impl ToSql for Value {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut bytes::BytesMut,
    ) -> Result<IsNull, Box<dyn std::error::Error + Sync + Send>> {
        match self {
            Value::Null => Ok(IsNull::Yes),
            Value::Int(v) => match *ty {
                Type::INT2 => i16::try_from(*v)?.to_sql(ty, out),
                Type::INT4 => i32::try_from(*v)?.to_sql(ty, out),
                Type::BOOL => (*v != 0).to_sql(ty, out),
                Type::FLOAT8 => (*v as f64).to_sql(ty, out),
                _ => v.to_sql(ty, out),
            },
            Value::Real(v) => v.to_sql(ty, out),
            Value::Text(v) => v.as_str().to_sql(ty, out),
            Value::Bytes(v) => v.as_slice().to_sql(ty, out),
        }
    }

    fn accepts(ty: &Type) -> bool {
        // Checked per value in `to_sql` (a NULL fits any column); the schema uses these only.
        matches!(
            *ty,
            Type::INT2
                | Type::INT4
                | Type::INT8
                | Type::BOOL
                | Type::FLOAT8
                | Type::TEXT
                | Type::VARCHAR
                | Type::BPCHAR
                | Type::NAME
                | Type::UNKNOWN
                | Type::BYTEA
        )
    }

    to_sql_checked!();
}

/// A row read from either database: its values, read by column name (or index).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Row {
    /// The query's column names, shared by its rows.
    names: Rc<[String]>,
    values: Vec<Value>,
}

/// How a column of a [`Row`] is named: its name in the query (`"reference"`, or the alias
/// of an expression) or its index.
pub(crate) trait Column: Copy + std::fmt::Display {
    fn index_in(self, names: &[String]) -> Option<usize>;
}

impl Column for usize {
    fn index_in(self, _: &[String]) -> Option<usize> {
        Some(self)
    }
}

impl Column for &str {
    fn index_in(self, names: &[String]) -> Option<usize> {
        names.iter().position(|n| n == self)
    }
}

/// A Rust type read from a [`Value`].
pub(crate) trait FromValue: Sized {
    fn from_value(v: &Value) -> Option<Self>;
}
impl FromValue for i64 {
    fn from_value(v: &Value) -> Option<i64> {
        match v {
            Value::Int(v) => Some(*v),
            _ => None,
        }
    }
}
impl FromValue for bool {
    fn from_value(v: &Value) -> Option<bool> {
        i64::from_value(v).map(|v| v != 0)
    }
}
impl FromValue for String {
    fn from_value(v: &Value) -> Option<String> {
        match v {
            Value::Text(v) => Some(v.clone()),
            _ => None,
        }
    }
}
impl FromValue for Vec<u8> {
    fn from_value(v: &Value) -> Option<Vec<u8>> {
        match v {
            Value::Bytes(v) => Some(v.clone()),
            // SQLite keeps what it was given; text read as bytes is its UTF-8.
            Value::Text(v) => Some(v.clone().into_bytes()),
            _ => None,
        }
    }
}
impl<T: FromValue> FromValue for Option<T> {
    fn from_value(v: &Value) -> Option<Option<T>> {
        match v {
            Value::Null => Some(None),
            v => T::from_value(v).map(Some),
        }
    }
}

impl Row {
    /// Every value, in column order.
    pub(crate) fn values(&self) -> &[Value] {
        &self.values
    }

    /// Column `column` (a name or an index) as `T`; a missing column or another type is
    /// [`StoreError::Column`].
    pub(crate) fn get<T: FromValue>(&self, column: impl Column) -> Result<T, StoreError> {
        column
            .index_in(&self.names)
            .and_then(|i| self.values.get(i))
            .and_then(T::from_value)
            .ok_or_else(|| StoreError::Column {
                column: column.to_string(),
                wanted: std::any::type_name::<T>(),
            })
    }

    fn from_sqlite(r: &rusqlite::Row<'_>, names: &Rc<[String]>) -> rusqlite::Result<Row> {
        use rusqlite::types::ValueRef;
        let mut values = Vec::with_capacity(names.len());
        for i in 0..names.len() {
            values.push(match r.get_ref(i)? {
                ValueRef::Null => Value::Null,
                ValueRef::Integer(v) => Value::Int(v),
                ValueRef::Real(v) => Value::Real(v),
                ValueRef::Text(v) => Value::Text(String::from_utf8_lossy(v).into_owned()),
                ValueRef::Blob(v) => Value::Bytes(v.to_vec()),
            });
        }
        Ok(Row {
            names: names.clone(),
            values,
        })
    }

    fn from_postgres(r: &postgres::Row, names: &Rc<[String]>) -> Result<Row, StoreError> {
        let mut values = Vec::with_capacity(r.len());
        for (i, col) in r.columns().iter().enumerate() {
            let v = match *col.type_() {
                Type::INT8 => r.try_get::<_, Option<i64>>(i)?.map(Value::Int),
                Type::INT4 => r
                    .try_get::<_, Option<i32>>(i)?
                    .map(|v| Value::Int(v.into())),
                Type::INT2 => r
                    .try_get::<_, Option<i16>>(i)?
                    .map(|v| Value::Int(v.into())),
                Type::BOOL => r.try_get::<_, Option<bool>>(i)?.map(Value::from),
                Type::FLOAT8 => r.try_get::<_, Option<f64>>(i)?.map(Value::Real),
                Type::BYTEA => r.try_get::<_, Option<Vec<u8>>>(i)?.map(Value::Bytes),
                _ => r.try_get::<_, Option<String>>(i)?.map(Value::Text),
            };
            values.push(v.unwrap_or(Value::Null));
        }
        Ok(Row {
            names: names.clone(),
            values,
        })
    }
}

/// `$1, $2, …` for the columns of `list` (a comma-separated column list): the values of an
/// `INSERT` of exactly those columns, in their order.
pub(crate) fn placeholders(list: &str) -> String {
    (1..=list.split(',').count())
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Which database the text is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    Sqlite,
    Postgres,
}

/// PostgreSQL's `to_char` format of the store's time text (ISO-8601 UTC, milliseconds).
const PG_TIME_TEXT: &str = "'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'";

/// Replaces every `{name(expr)}` in `sql` by `with(expr)`.
fn replace_calls(sql: &mut String, name: &str, with: impl Fn(&str) -> String) {
    let open = format!("{{{name}(");
    while let Some(at) = sql.find(&open) {
        let from = at + open.len();
        let Some(len) = sql[from..].find(")}") else {
            break;
        };
        let replaced = with(&sql[from..from + len]);
        sql.replace_range(at..from + len + 2, &replaced);
    }
}

/// The SQL text for `dialect`: tokens replaced; for SQLite `$n` becomes `?n` (outside quoted
/// text and `--` comments, where a `$` is kept as written).
pub(crate) fn dialect(sql: &str, dialect: Dialect) -> String {
    let mut sql = match dialect {
        Dialect::Sqlite => sql
            .replace("{now}", "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')")
            .replace("{greatest}", "MAX")
            .replace("{same}", "IS")
            .replace("{skip_locked}", ""),
        Dialect::Postgres => sql
            .replace(
                "{now}",
                &format!("to_char(clock_timestamp() AT TIME ZONE 'UTC', {PG_TIME_TEXT})"),
            )
            .replace("{greatest}", "GREATEST")
            .replace("{same}", "IS NOT DISTINCT FROM")
            .replace("{skip_locked}", " FOR UPDATE SKIP LOCKED"),
    };
    replace_calls(&mut sql, "seconds_since", |expr| match dialect {
        Dialect::Sqlite => format!("((julianday('now') - julianday({expr})) * 86400.0)"),
        Dialect::Postgres => format!(
            "CAST(EXTRACT(EPOCH FROM (clock_timestamp() - CAST({expr} AS timestamptz))) AS double precision)"
        ),
    });
    replace_calls(&mut sql, "seconds_from_now", |expr| match dialect {
        Dialect::Sqlite => {
            format!("strftime('%Y-%m-%dT%H:%M:%fZ', 'now', printf('%+.3f seconds', {expr}))")
        }
        Dialect::Postgres => format!(
            "to_char((clock_timestamp() + make_interval(secs => {expr})) AT TIME ZONE 'UTC', {PG_TIME_TEXT})"
        ),
    });
    if dialect == Dialect::Postgres {
        return sql;
    }
    let mut out = String::with_capacity(sql.len());
    let mut quote: Option<char> = None;
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '\'' || c == '"' => quote = Some(c),
            // A comment runs to the end of its line.
            None if c == '-' && chars.peek() == Some(&'-') => quote = Some('\n'),
            None if c == '$' && chars.peek().is_some_and(char::is_ascii_digit) => {
                out.push('?');
                continue;
            }
            None => {}
        }
        out.push(c);
    }
    out
}

/// The connection under a store.
pub(crate) enum Db {
    Sqlite(rusqlite::Connection),
    Postgres(RefCell<PgClient>),
}

/// A connection to the team database as the store uses it. The team's own client
/// (`team::TeamClient`, made by `team::connect`) is one: it bounds every call on this side and
/// answers a silent server with [`StoreError::TeamSilent`]; the store knows nothing of how it
/// was connected.
pub trait TeamConnection: Send {
    /// Runs one statement; answers the rows it changed.
    fn execute(&mut self, sql: &str, params: &[&(dyn ToSql + Sync)]) -> Result<u64, StoreError>;
    /// Every row a query answers.
    fn query(
        &mut self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<postgres::Row>, StoreError>;
    /// Several statements without parameters.
    fn batch_execute(&mut self, sql: &str) -> Result<(), StoreError>;
}

/// The team database's connection (`team::TeamClient`: every call bounded on this
/// side, what the server sends read through limits).
///
/// A call that finds the connection broken (`StoreError::is_team_unreachable`: closed, an
/// I/O error, the server ending this session, no answer within the bound) marks it `broken`
/// and tells `on_broken` once: the store asks nothing more of it (a call answers
/// [`StoreError::TeamUnreachable`] at once, never waits on it again), and the team's watch
/// connects again (`store::offline`). While a call waits for the server, `waiting` says since
/// when: the store's lane lets the desk's own work go on meanwhile (`store::lane`).
/// A write whose answer was lost that way — the `COMMIT` of a transaction, or a write
/// statement outside one — may have been made: [`StoreError::OutcomeUnknown`], for
/// the caller to find out.
pub(crate) struct PgClient {
    /// Boxed: a [`Db`] is either client, and PostgreSQL's is the far larger.
    client: Box<dyn TeamConnection>,
    broken: bool,
    on_broken: Option<Arc<tokio::sync::Notify>>,
    /// Inside [`Db::transaction`]: a statement's lost answer is the transaction's loss (the
    /// server rolls back a transaction whose connection broke); only its `COMMIT` may have
    /// made it.
    in_transaction: bool,
    waiting: Option<Arc<Waiting>>,
}

/// Since when a call of a team connection waits for the server (none: 0), in milliseconds
/// of [`Waiting::now`].
#[derive(Debug, Default)]
pub(crate) struct Waiting(AtomicU64);

impl Waiting {
    /// Milliseconds since the first use, never 0.
    fn now() -> u64 {
        static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
        let epoch = EPOCH.get_or_init(Instant::now);
        (epoch.elapsed().as_millis() as u64).saturating_add(1)
    }

    fn start(&self) {
        self.0.store(Waiting::now(), Ordering::SeqCst);
    }

    fn end(&self) {
        self.0.store(0, Ordering::SeqCst);
    }

    /// Whether a call has waited for the server longer than `limit` (and still does).
    pub(crate) fn longer_than(&self, limit: Duration) -> bool {
        let since = self.0.load(Ordering::SeqCst);
        since != 0 && Waiting::now().saturating_sub(since) > limit.as_millis() as u64
    }
}

impl PgClient {
    pub(crate) fn new(client: impl TeamConnection + 'static) -> PgClient {
        PgClient {
            client: Box::new(client),
            broken: false,
            on_broken: None,
            in_transaction: false,
            waiting: None,
        }
    }

    /// [`PgClient::call`] of statement `sql`: outside a transaction, a write's failure
    /// other than the server's answer leaves its outcome unknown ([`StoreError::sent`]).
    fn statement<T>(
        &mut self,
        sql: &str,
        f: impl FnOnce(&mut dyn TeamConnection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let writes = !self.in_transaction && is_write(sql);
        self.call(f).map_err(|e| if writes { e.sent() } else { e })
    }

    /// Runs `f` on the client; a failure that says the connection is broken marks it so.
    fn call<T>(
        &mut self,
        f: impl FnOnce(&mut dyn TeamConnection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        if self.broken {
            return Err(StoreError::TeamUnreachable);
        }
        if let Some(waiting) = &self.waiting {
            waiting.start();
        }
        let answer = f(&mut *self.client);
        if let Some(waiting) = &self.waiting {
            waiting.end();
        }
        answer.map_err(|e| {
            if e.is_team_unreachable() && !std::mem::replace(&mut self.broken, true) {
                tracing::info!(error = %e, "the team database's connection of the store broke");
                if let Some(tell) = &self.on_broken {
                    tell.notify_one();
                }
            }
            e
        })
    }

    /// Takes the connection as broken from now on (the store's lane found it waiting while
    /// the desk went on without it, `store::lane`): the watch connects again.
    pub(crate) fn abandon(&mut self) {
        if !std::mem::replace(&mut self.broken, true)
            && let Some(tell) = &self.on_broken
        {
            tell.notify_one();
        }
    }
}

impl std::fmt::Debug for Db {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Db::Sqlite(c) => c.fmt(f),
            Db::Postgres(_) => f.write_str("Db::Postgres"),
        }
    }
}

fn pg_params(params: &[Value]) -> Vec<&(dyn ToSql + Sync)> {
    params.iter().map(|p| p as &(dyn ToSql + Sync)).collect()
}

/// Whether statement `sql` writes (its first word), as opposed to a query.
fn is_write(sql: &str) -> bool {
    let word = sql.split_whitespace().next().unwrap_or("");
    ["INSERT", "UPDATE", "DELETE"]
        .iter()
        .any(|w| word.eq_ignore_ascii_case(w))
}

/// Rolls back a PostgreSQL transaction that is left without a commit (an error, a panic), and
/// marks the transaction over ([`PgClient`]'s `in_transaction`) however it ended.
struct PgRollback<'a> {
    client: &'a RefCell<PgClient>,
    armed: bool,
}

impl Drop for PgRollback<'_> {
    fn drop(&mut self) {
        let Ok(mut c) = self.client.try_borrow_mut() else {
            return;
        };
        c.in_transaction = false;
        if self.armed
            && !c.broken
            && let Err(e) = c.call(|c| c.batch_execute("ROLLBACK"))
        {
            tracing::warn!(error = %e, "rolling back the team database's transaction failed");
        }
    }
}

impl Db {
    /// Whether a call found this PostgreSQL connection broken ([`PgClient`]); never for
    /// SQLite.
    pub(crate) fn broken(&self) -> bool {
        match self {
            Db::Sqlite(_) => false,
            Db::Postgres(c) => c.try_borrow().is_ok_and(|c| c.broken),
        }
    }

    /// `tell` is notified once when a call finds this PostgreSQL connection broken; `waiting`
    /// says while a call waits for the server.
    pub(crate) fn on_broken(&self, tell: Arc<tokio::sync::Notify>, waiting: Arc<Waiting>) {
        if let Db::Postgres(c) = self {
            let mut c = c.borrow_mut();
            c.on_broken = Some(tell);
            c.waiting = Some(waiting);
        }
    }

    /// Takes this PostgreSQL connection as broken (`PgClient::abandon`); nothing for SQLite.
    pub(crate) fn abandon(&self) {
        if let Db::Postgres(c) = self
            && let Ok(mut c) = c.try_borrow_mut()
        {
            c.abandon();
        }
    }

    pub(crate) fn dialect(&self) -> Dialect {
        match self {
            Db::Sqlite(_) => Dialect::Sqlite,
            Db::Postgres(_) => Dialect::Postgres,
        }
    }

    /// Runs one statement (without `RETURNING`: use a query for that); answers the rows it
    /// changed.
    pub(crate) fn execute(&self, sql: &str, params: &[Value]) -> Result<u64, StoreError> {
        let sql = dialect(sql, self.dialect());
        Ok(match self {
            Db::Sqlite(c) => c
                .prepare_cached(&sql)?
                .execute(rusqlite::params_from_iter(params))? as u64,
            Db::Postgres(c) => c
                .borrow_mut()
                .statement(&sql, |c| c.execute(sql.as_str(), &pg_params(params)))?,
        })
    }

    /// Runs several statements without parameters (schema, savepoints).
    pub(crate) fn batch(&self, sql: &str) -> Result<(), StoreError> {
        let sql = dialect(sql, self.dialect());
        match self {
            Db::Sqlite(c) => c.execute_batch(&sql)?,
            Db::Postgres(c) => c.borrow_mut().call(|c| c.batch_execute(&sql))?,
        }
        Ok(())
    }

    /// Every row of a query (or of a statement with `RETURNING`).
    pub(crate) fn query_all(&self, sql: &str, params: &[Value]) -> Result<Vec<Row>, StoreError> {
        let sql = dialect(sql, self.dialect());
        match self {
            Db::Sqlite(c) => {
                let mut stmt = c.prepare_cached(&sql)?;
                let names: Rc<[String]> =
                    stmt.column_names().into_iter().map(str::to_owned).collect();
                let rows = stmt
                    .query_map(rusqlite::params_from_iter(params), |r| {
                        Row::from_sqlite(r, &names)
                    })?
                    .collect::<rusqlite::Result<Vec<_>>>()?;
                Ok(rows)
            }
            Db::Postgres(c) => {
                let rows = c
                    .borrow_mut()
                    .statement(&sql, |c| c.query(sql.as_str(), &pg_params(params)))?;
                let names: Rc<[String]> = rows
                    .first()
                    .map(|r| r.columns().iter().map(|c| c.name().to_owned()).collect())
                    .unwrap_or_default();
                rows.iter().map(|r| Row::from_postgres(r, &names)).collect()
            }
        }
    }

    /// The first row of a query, if any (every row is read: a statement with `RETURNING`
    /// runs to its end).
    pub(crate) fn query_opt(&self, sql: &str, params: &[Value]) -> Result<Option<Row>, StoreError> {
        Ok(self.query_all(sql, params)?.into_iter().next())
    }

    /// The one row a query must answer ([`StoreError::NoRow`] if none).
    pub(crate) fn query_row(&self, sql: &str, params: &[Value]) -> Result<Row, StoreError> {
        self.query_opt(sql, params)?.ok_or(StoreError::NoRow)
    }

    /// Runs `f` in one transaction: committed if it answers `Ok`, rolled back otherwise (also
    /// if it panics). `E` is the caller's error (a keychain write, say), which must take a
    /// [`StoreError`]. Every statement `f` runs on this `Db` is part of it; transactions do
    /// not nest (use [`Db::savepoint`] inside one).
    ///
    /// On PostgreSQL the transaction is `BEGIN`…`COMMIT` on the connection itself (not a
    /// `postgres::Transaction`, which would hold the client borrowed while `f` runs, so a
    /// store method called inside would find it taken). A statement that failed inside `f`
    /// aborts the transaction even when `f` goes on: PostgreSQL would answer the `COMMIT`
    /// with a silent rollback, so the transaction is checked first and the failure reported.
    pub(crate) fn transaction<T, E: From<StoreError>>(
        &self,
        f: impl FnOnce(&Db) -> Result<T, E>,
    ) -> Result<T, E> {
        match self {
            Db::Sqlite(c) => {
                let tx = c.unchecked_transaction().map_err(StoreError::from)?;
                let v = f(self)?;
                tx.commit().map_err(StoreError::from)?;
                Ok(v)
            }
            Db::Postgres(c) => {
                c.borrow_mut().call(|c| c.batch_execute("BEGIN"))?;
                c.borrow_mut().in_transaction = true;
                let mut rollback = PgRollback {
                    client: c,
                    armed: true,
                };
                let v = f(self)?;
                // Fails ("current transaction is aborted") if a statement failed.
                self.batch("SELECT 1")?;
                rollback.armed = false;
                c.borrow_mut()
                    .call(|c| c.batch_execute("COMMIT"))
                    .map_err(StoreError::sent)?;
                Ok(v)
            }
        }
    }

    /// Runs `f` inside a savepoint: its writes stay if it answers `Ok`, are undone if it
    /// answers `Err` — and the surrounding transaction goes on (on PostgreSQL a failed
    /// statement, e.g. a UNIQUE violation, would otherwise abort the whole transaction).
    pub(crate) fn savepoint<T>(
        &self,
        f: impl FnOnce(&Db) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.batch("SAVEPOINT logodesk_sp")?;
        match f(self) {
            Ok(v) => {
                self.batch("RELEASE SAVEPOINT logodesk_sp")?;
                Ok(v)
            }
            Err(e) => {
                self.batch("ROLLBACK TO SAVEPOINT logodesk_sp; RELEASE SAVEPOINT logodesk_sp")?;
                Err(e)
            }
        }
    }
}

impl StoreError {
    /// This failure of a write that was sent (a COMMIT): a connection that broke between the
    /// write and its answer (closed, an I/O error, the server ending the session) may have
    /// left it made — [`StoreError::OutcomeUnknown`], never "it failed". The server's refusal
    /// (nothing was written) and a write never sent (no client) stay as they are.
    fn sent(self) -> StoreError {
        match self {
            StoreError::TeamNotConnected => StoreError::TeamNotConnected,
            e if e.is_team_unreachable() => StoreError::OutcomeUnknown(Box::new(e)),
            e => e,
        }
    }

    /// Whether this is a UNIQUE violation (SQLite's `SQLITE_CONSTRAINT_UNIQUE`, PostgreSQL's
    /// SQLSTATE 23505).
    pub(crate) fn is_unique_violation(&self) -> bool {
        match self {
            StoreError::Sqlite(rusqlite::Error::SqliteFailure(f, _)) => {
                f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
            }
            StoreError::Postgres(e) => {
                e.code() == Some(&postgres::error::SqlState::UNIQUE_VIOLATION)
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::testing::pg_client;
    #[cfg(unix)]
    use crate::store::testing::pg_connect;

    /// Runs `body` on SQLite in memory and on a fresh PostgreSQL database.
    fn both(body: impl Fn(&Db)) {
        body(&Db::Sqlite(rusqlite::Connection::open_in_memory().unwrap()));
        body(&Db::Postgres(RefCell::new(PgClient::new(pg_client().0))));
    }

    const TABLE: &str = "CREATE TABLE t (
        id      BIGINT PRIMARY KEY,
        name    TEXT UNIQUE,
        body    BYTEA,
        at      TEXT NOT NULL DEFAULT '')";

    fn table(db: &Db) {
        // BYTEA is a BLOB to SQLite (its type affinity rules read "BYTEA" as none: kept as given).
        db.batch(TABLE).unwrap();
    }

    fn ids(db: &Db) -> Vec<i64> {
        db.query_all("SELECT id FROM t ORDER BY id", &[])
            .unwrap()
            .iter()
            .map(|r| r.get(0).unwrap())
            .collect()
    }

    #[test]
    fn every_value_round_trips_on_both_backends() {
        both(|db| {
            table(db);
            let n = db
                .execute(
                    "INSERT INTO t (id, name, body, at) VALUES ($1, $2, $3, {now})",
                    &params![7_i64, "Ærø '$1'", &b"\x00{}"[..]],
                )
                .unwrap();
            assert_eq!(n, 1);
            db.execute(
                "INSERT INTO t (id, name, body) VALUES ($1, $2, $3)",
                &params![8_i64, None::<String>, None::<Vec<u8>>],
            )
            .unwrap();
            let r = db
                .query_row(
                    "SELECT id, name, body, at FROM t WHERE id = $1",
                    &params![7_i64],
                )
                .unwrap();
            assert_eq!(r.get::<i64>(0).unwrap(), 7);
            assert_eq!(r.get::<String>(1).unwrap(), "Ærø '$1'");
            assert_eq!(r.get::<Vec<u8>>(2).unwrap(), b"\x00{}".to_vec());
            let at: String = r.get(3).unwrap();
            assert!(
                at.len() == 24 && at.as_bytes()[10] == b'T' && at.ends_with('Z'),
                "ISO-8601 UTC with milliseconds: {at}"
            );
            let r = db
                .query_row(
                    "SELECT name, body, {greatest}(id, $1) FROM t WHERE name {same} $2",
                    &params![100_i64, None::<String>],
                )
                .unwrap();
            assert_eq!(r.get::<Option<String>>(0).unwrap(), None);
            assert_eq!(r.get::<Option<Vec<u8>>>(1).unwrap(), None);
            assert_eq!(r.get::<i64>(2).unwrap(), 100);
            assert!(matches!(
                r.get::<i64>(0),
                Err(StoreError::Column { ref column, .. }) if column == "0"
            ));
            assert!(
                db.query_opt("SELECT id FROM t WHERE id = $1", &params![9_i64])
                    .unwrap()
                    .is_none()
            );
            assert!(matches!(
                db.query_row("SELECT id FROM t WHERE id = $1", &params![9_i64]),
                Err(StoreError::NoRow)
            ));
            assert_eq!(ids(db), [7, 8]);
            // RETURNING answers the new row on both.
            let r = db
                .query_row(
                    "INSERT INTO t (id, name) VALUES ($1, $2) RETURNING id, at",
                    &params![9_i64, "nine"],
                )
                .unwrap();
            assert_eq!(r.get::<i64>(0).unwrap(), 9);
        });
    }

    #[test]
    fn seconds_since_a_stored_time_compare_with_a_real_parameter() {
        both(|db| {
            table(db);
            let past = (chrono::Utc::now() - chrono::Duration::seconds(90))
                .format("%Y-%m-%dT%H:%M:%S%.3fZ")
                .to_string();
            db.execute(
                "INSERT INTO t (id, at) VALUES (1, $1)",
                &params![past.as_str()],
            )
            .unwrap();
            let r = db
                .query_row(
                    "SELECT {seconds_since(at)} >= $1, {seconds_since(at)} >= $2 FROM t",
                    &params![60.0_f64, 600.0_f64],
                )
                .unwrap();
            assert_eq!(
                (r.get::<bool>(0).unwrap(), r.get::<bool>(1).unwrap()),
                (true, false)
            );
        });
    }

    /// A lease's end: `{seconds_from_now(..)}` is later than `{now}` by the seconds given, on
    /// the statement's clock even inside a long transaction (PostgreSQL's `now()` would be
    /// the transaction's start, and a lease taken late in it would end early).
    #[test]
    fn a_time_seconds_from_now_is_on_the_statements_clock() {
        both(|db| {
            let r = db
                .query_row(
                    "SELECT {seconds_from_now($1)} > {now}, {seconds_from_now($2)} < {now},
                            {seconds_from_now($1)}",
                    &params![30.0_f64, -30.0_f64],
                )
                .unwrap();
            assert_eq!(
                (r.get::<bool>(0).unwrap(), r.get::<bool>(1).unwrap()),
                (true, true)
            );
            let end: String = r.get(2).unwrap();
            assert!(
                end.len() == 24 && end.ends_with('Z'),
                "the store's time text: {end}"
            );
            let inside: Result<(String, String), StoreError> = db.transaction(|tx| {
                let first: String = tx.query_row("SELECT {now}", &[])?.get(0)?;
                std::thread::sleep(std::time::Duration::from_millis(30));
                let later: String = tx
                    .query_row("SELECT {seconds_from_now($1)}", &params![0.0_f64])?
                    .get(0)?;
                Ok((first, later))
            });
            let (first, later) = inside.unwrap();
            assert!(later > first, "{later} after {first}");
        });
    }

    #[test]
    fn a_transaction_commits_on_ok_and_rolls_back_on_err() {
        both(|db| {
            table(db);
            let done: Result<(), StoreError> = db.transaction(|tx| {
                tx.execute("INSERT INTO t (id) VALUES (1)", &[])?;
                Ok(())
            });
            done.unwrap();
            let undone: Result<(), StoreError> = db.transaction(|tx| {
                tx.execute("INSERT INTO t (id) VALUES (2)", &[])?;
                Err(StoreError::NoRow)
            });
            assert!(matches!(undone, Err(StoreError::NoRow)));
            assert_eq!(ids(db), [1]);
            // A store method called inside finds the connection free (it is in the
            // transaction too).
            let inner: Result<i64, StoreError> = db.transaction(|_| {
                db.execute("INSERT INTO t (id) VALUES (3)", &[])?;
                db.query_row("SELECT COUNT(*) FROM t", &[])?.get(0)
            });
            assert_eq!(inner.unwrap(), 2);
            // A panic rolls back, and the connection is usable afterwards.
            let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let _: Result<(), StoreError> = db.transaction(|tx| {
                    tx.execute("INSERT INTO t (id) VALUES (4)", &[])?;
                    panic!("mid-transaction");
                });
            }));
            assert!(panicked.is_err());
            assert_eq!(ids(db), [1, 3]);
        });
    }

    /// The server committed, and the connection broke before its answer came (a
    /// proxy drops the answer to the COMMIT): the outcome is unknown, never a plain failure
    /// (which a caller would say as "nothing happened, try again").
    #[test]
    #[cfg(unix)]
    fn a_commit_whose_answer_is_lost_is_an_unknown_outcome() {
        use crate::store::testing::pg_proxy::PgProxy;
        let cluster = crate::store::testing::pg_cluster::shared();
        let (_, name) = pg_client();
        let proxy = PgProxy::socket(cluster.socket_dir(), cluster.port);
        let client = crate::store::testing::connect_to(&proxy.url(&name));
        let db = Db::Postgres(RefCell::new(PgClient::new(client)));
        table(&db);
        proxy.lose_commit_after("INSERT INTO t");
        let done: Result<(), StoreError> = db.transaction(|tx| {
            tx.execute("INSERT INTO t (id) VALUES (1)", &[])?;
            Ok(())
        });
        assert_eq!(proxy.commits_lost(), 1);
        let e = done.unwrap_err();
        assert!(matches!(e, StoreError::OutcomeUnknown(_)), "{e:?}");
        assert!(e.is_team_unreachable() && db.broken());
        let said = e.to_string();
        assert!(!said.contains("try again"), "{said}");
        let other = Db::Postgres(RefCell::new(PgClient::new(pg_connect(&name))));
        assert_eq!(ids(&other), [1], "the server had committed it");
    }

    /// A failed statement whose error is dropped (no savepoint) must not end in an `Ok`: on
    /// PostgreSQL the transaction is aborted and its `COMMIT` would be a silent rollback.
    #[test]
    fn a_failure_swallowed_inside_a_transaction_is_not_reported_as_committed() {
        both(|db| {
            table(db);
            db.execute("INSERT INTO t (id, name) VALUES (1, 'a')", &[])
                .unwrap();
            let result: Result<(), StoreError> = db.transaction(|tx| {
                tx.execute("INSERT INTO t (id, name) VALUES (2, 'b')", &[])?;
                let clash = tx.execute("INSERT INTO t (id, name) VALUES (3, 'a')", &[]);
                assert!(clash.as_ref().is_err_and(StoreError::is_unique_violation));
                Ok(())
            });
            match db.dialect() {
                // SQLite undoes the failed statement only: the rest commits.
                Dialect::Sqlite => {
                    result.unwrap();
                    assert_eq!(ids(db), [1, 2]);
                }
                Dialect::Postgres => {
                    assert!(result.is_err(), "reported, not a silent rollback");
                    assert_eq!(ids(db), [1]);
                }
            }
        });
    }

    /// PostgreSQL aborts a transaction at a failed statement; a savepoint keeps it going, as
    /// SQLite does by itself (the store catches a UNIQUE violation mid-transaction).
    #[test]
    fn a_unique_violation_in_a_savepoint_leaves_the_transaction_usable() {
        both(|db| {
            table(db);
            db.execute("INSERT INTO t (id, name) VALUES (1, 'a')", &[])
                .unwrap();
            let kept: Result<bool, StoreError> = db.transaction(|tx| {
                tx.execute("INSERT INTO t (id, name) VALUES (2, 'b')", &[])?;
                let clash =
                    tx.savepoint(|sp| sp.execute("UPDATE t SET name = 'a' WHERE id = 2", &[]));
                assert!(clash.is_err_and(|e| e.is_unique_violation()));
                tx.execute("UPDATE t SET at = 'after' WHERE id = 2", &[])?;
                Ok(true)
            });
            assert!(kept.unwrap());
            let r = db
                .query_row("SELECT name, at FROM t WHERE id = 2", &[])
                .unwrap();
            assert_eq!(r.get::<String>(0).unwrap(), "b");
            assert_eq!(r.get::<String>(1).unwrap(), "after");
        });
    }

    #[test]
    fn placeholders_become_sqlites_numbered_ones_outside_quotes_and_comments() {
        assert_eq!(
            dialect(
                "SELECT $1, '$2', \"a$3\" FROM t -- it's $4\nWHERE x {same} $12",
                Dialect::Sqlite
            ),
            "SELECT ?1, '$2', \"a$3\" FROM t -- it's $4\nWHERE x IS ?12"
        );
        assert_eq!(
            dialect(
                "SELECT {greatest}(a, $1) WHERE x {same} $2",
                Dialect::Postgres
            ),
            "SELECT GREATEST(a, $1) WHERE x IS NOT DISTINCT FROM $2"
        );
        assert_eq!(
            dialect("{seconds_since(o.at)} >= $1", Dialect::Sqlite),
            "((julianday('now') - julianday(o.at)) * 86400.0) >= ?1"
        );
        assert_eq!(
            dialect("SELECT id FROM t LIMIT 1{skip_locked}", Dialect::Postgres),
            "SELECT id FROM t LIMIT 1 FOR UPDATE SKIP LOCKED"
        );
        assert_eq!(
            dialect("SELECT id FROM t LIMIT 1{skip_locked}", Dialect::Sqlite),
            "SELECT id FROM t LIMIT 1"
        );
    }
}
