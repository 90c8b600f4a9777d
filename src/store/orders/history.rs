//! History at the scale of a team: an account's history read one page at a
//! time, newest first, with History's filters done in SQL on both backends, and what the
//! screen says of all the rows matching (how many, their totals by currency).
//!
//! - Pages are keyset pages on (`updated_at`, `id`), both descending: a page starts after the
//!   last row of the one before ([`HistoryCursor`]), so rows with the same `updated_at` are
//!   neither repeated nor skipped, and a row changed meanwhile moves to the top instead of
//!   shifting the pages after it.
//! - The filtered columns are kept on each row by triggers (migration 12, PostgreSQL's 5):
//!   the search text and the recipient folded to lower case by `logodesk_fold` (on SQLite the
//!   Rust function [`register_sqlite_functions`], on PostgreSQL a SQL function), and the service's
//!   placing time, total (in ten-thousandths, exact integer sums) and currency. One partial
//!   index `local_orders_history` (`account_id`, `updated_at`, `id` and those columns) answers
//!   a page and its count without reading the rows' JSON.
//! - "Held" (a waiting row whose account no longer has the destination it was queued for,
//!   [`super::Hold`]) is compared with the account's destination now, passed as parameters.

use super::{COLUMNS, FROM, LocalOrder, LocalOrderId, account_columns, row_to_order};
use crate::store::accounts::auth_to_sql;
use crate::store::db::Value;
use crate::store::{AccountId, Store, StoreError};
use rust_decimal::Decimal;

/// Which rows History shows by where they are (its status picker, `orders::local`'s
/// `StatusFilter`, which says the same rules for one row).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum HistoryStatus {
    #[default]
    All,
    /// Orders a person must look at: uncertain, unknown, failed, or held (their account
    /// changed or was removed).
    NeedsAttention,
    /// Queued or sent, not held.
    InProgress,
    Completed,
    Failed,
}

/// What History lists: every filter is optional (empty text or `None` filters nothing).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HistoryQuery {
    /// The order number, reference, recipient or tracking id contains this (any case).
    pub text: String,
    pub status: HistoryStatus,
    /// The recipient contains this (any case).
    pub recipient: String,
    /// Placed (by the service's record; without one, last changed) at or after this time,
    /// ISO-8601 UTC text as the store writes it (`2026-11-25T23:00:00.000Z`).
    pub from: Option<String>,
    /// Placed (as `from`) before this time.
    pub before: Option<String>,
}

/// Where a page ends: the next one starts after this row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryCursor {
    pub updated_at: String,
    pub id: LocalOrderId,
}

impl HistoryCursor {
    /// After `row` (the last row of a page).
    pub fn after(row: &LocalOrder) -> HistoryCursor {
        HistoryCursor {
            updated_at: row.updated_at.clone(),
            id: row.id,
        }
    }
}

/// One page of the history, newest first.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryPage {
    pub rows: Vec<LocalOrder>,
    /// More rows match after this page.
    pub more: bool,
}

/// What History says of all the rows a query matches.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HistoryTotals {
    /// How many rows match.
    pub count: usize,
    /// The totals the service returned, by currency (sorted).
    pub sums: Vec<(String, Decimal)>,
    /// How many have no total from the service (yet).
    pub without_total: usize,
    /// How many rows the account's history has, whatever the query (History's subtitle).
    pub of_all: usize,
}

/// The most rows one page may ask for (a `LIMIT` both backends take).
const MOST: usize = 1_000_000;

/// A `WHERE` clause being built, with its parameters (`$1` is the account): the account's
/// history, and the query's filters on it.
struct Where {
    filters: String,
    values: Vec<Value>,
}

/// The rows of an account's history (`$1`).
const HISTORY: &str = "o.account_id = $1 AND o.state <> 'draft'";

impl Where {
    fn of(account: AccountId) -> Where {
        Where {
            filters: String::new(),
            values: vec![account.0.into()],
        }
    }

    /// The whole clause: the history's rows that pass every filter.
    fn sql(&self) -> String {
        format!("{HISTORY}{}", self.filters)
    }

    /// `value` as the next parameter: its placeholder.
    fn bind(&mut self, value: impl Into<Value>) -> String {
        self.values.push(value.into());
        format!("${}", self.values.len())
    }

    fn and(&mut self, condition: &str) {
        self.filters.push_str(" AND (");
        self.filters.push_str(condition);
        self.filters.push(')');
    }

    /// `column` contains `text` (trimmed), both folded to lower case the same way.
    fn contains(&mut self, column: &str, text: &str) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        let p = self.bind(like_escaped(text));
        self.and(&format!(
            "{column} LIKE '%' || logodesk_fold({p}) || '%' ESCAPE '\\'"
        ));
    }
}

/// `text` matching itself in a `LIKE` pattern (escape `\`).
fn like_escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '%' | '_') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Registers `logodesk_fold` (Rust's `to_lowercase`; NULL stays NULL) on a SQLite
/// connection: History's columns and searches fold with it (SQLite's `lower` knows only
/// ASCII, so `Ø` would not find `ø`). Every connection of the store has it.
pub fn register_sqlite_functions(conn: &rusqlite::Connection) -> rusqlite::Result<()> {
    use rusqlite::functions::FunctionFlags;
    use rusqlite::types::ValueRef;
    conn.create_scalar_function(
        "logodesk_fold",
        1,
        FunctionFlags::SQLITE_UTF8
            | FunctionFlags::SQLITE_DETERMINISTIC
            | FunctionFlags::SQLITE_INNOCUOUS,
        |ctx| {
            Ok(match ctx.get_raw(0) {
                ValueRef::Null => None,
                ValueRef::Integer(v) => Some(v.to_string()),
                ValueRef::Real(v) => Some(v.to_string()),
                ValueRef::Text(t) | ValueRef::Blob(t) => {
                    Some(String::from_utf8_lossy(t).to_lowercase())
                }
            })
        },
    )
}

impl Store {
    /// The `WHERE` clause of `query` on `account`'s history.
    fn history_where(&self, account: AccountId, query: &HistoryQuery) -> Result<Where, StoreError> {
        let mut w = Where::of(account);
        w.contains("o.search_text", &query.text);
        w.contains("o.recipient_text", &query.recipient);
        let placed = "COALESCE(o.service_placed_at, o.updated_at)";
        if let Some(from) = &query.from {
            let p = w.bind(from.as_str());
            w.and(&format!("{placed} >= {p}"));
        }
        if let Some(before) = &query.before {
            let p = w.bind(before.as_str());
            w.and(&format!("{placed} < {p}"));
        }
        match query.status {
            HistoryStatus::All => {}
            HistoryStatus::Completed => w.and("o.state = 'completed'"),
            HistoryStatus::Failed => w.and("o.state = 'failed'"),
            HistoryStatus::NeedsAttention => {
                let sent_here = self.sent_as_queued(account, &mut w)?;
                w.and("o.state IN ('failed', 'uncertain', 'unknown', 'queued', 'sent')");
                w.and(&format!(
                    "o.state IN ('failed', 'uncertain', 'unknown') OR NOT ({sent_here})"
                ));
            }
            HistoryStatus::InProgress => {
                let sent_here = self.sent_as_queued(account, &mut w)?;
                w.and("o.state IN ('queued', 'sent')");
                w.and(&sent_here);
            }
        }
        Ok(w)
    }

    /// The condition "not held": the row's destination is the account's now (false for every
    /// row when the account is gone), with the account's destination bound in `w`.
    fn sent_as_queued(&self, account: AccountId, w: &mut Where) -> Result<String, StoreError> {
        let now = match self.destination(account) {
            Ok(now) => now,
            Err(StoreError::NoSuchAccount) => return Ok("1 = 0".to_owned()),
            Err(e) => return Err(e),
        };
        let base = w.bind(now.base.as_str());
        let auth = w.bind(auth_to_sql(now.auth));
        let org = w.bind(now.organization_id.map(|o| o.0));
        let key = w.bind(now.key_version);
        // A team row an earlier key of this desk sent is held here (`store::identity`).
        let first = w.values.len() + 1;
        w.values.extend(crate::store::identity::held_values(
            self.credential(account)?.as_ref(),
        ));
        let held_here = crate::store::identity::not_held_here("o.sent_with", first);
        Ok(format!(
            "o.dest_base IS NOT NULL AND o.dest_auth IS NOT NULL AND o.dest_key_version IS NOT NULL
             AND o.dest_base = {base} AND o.dest_auth = {auth} AND o.dest_org {{same}} {org}
             AND o.dest_key_version = {key} AND {held_here}"
        ))
    }

    /// At most `limit` rows of `account`'s history matching `query`, newest first, after
    /// `after` (`None`: from the newest).
    pub fn history_page(
        &self,
        account: AccountId,
        query: &HistoryQuery,
        after: Option<&HistoryCursor>,
        limit: usize,
    ) -> Result<HistoryPage, StoreError> {
        let mut w = self.history_where(account, query)?;
        if let Some(after) = after {
            let at = w.bind(after.updated_at.as_str());
            let id = w.bind(after.id.0);
            w.and(&format!("(o.updated_at, o.id) < ({at}, {id})"));
        }
        let limit = limit.clamp(1, MOST);
        // One more than asked: whether another page follows.
        let asked = w.bind(limit as i64 + 1);
        // The page's ids first, from the index alone (its columns are every filter's but
        // "held"'s): a rare search reads no row it does not show.
        let rows = self.on_account(account)?.query_all(
            &format!(
                "SELECT {COLUMNS}, {} {FROM} WHERE o.id IN (
                     SELECT o.id FROM local_orders o WHERE {}
                     ORDER BY o.updated_at DESC, o.id DESC LIMIT {asked})
                 ORDER BY o.updated_at DESC, o.id DESC",
                account_columns(),
                w.sql()
            ),
            &w.values,
        )?;
        let more = rows.len() > limit;
        let here = self.credential(account)?;
        let rows = rows
            .iter()
            .take(limit)
            .map(|r| row_to_order(r, here.as_ref()))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(HistoryPage { rows, more })
    }

    /// How many rows of `account`'s history match `query`, their totals, and how many rows
    /// the history has. The matching rows in one pass (over an index where the filter has
    /// one); the rows in several currencies are grouped by currency in a second one (a
    /// `GROUP BY` sorts every row: three times the pass). With a filter, every row is counted
    /// apart, over the index alone: counting both in one pass read each row of the history
    /// to test the filter, much slower for a filter that few rows pass ("needs attention" at
    /// 100,000 rows: 623 ms on SQLite instead of 33, 156 on PostgreSQL instead of 48;
    /// `cargo bench --bench history`).
    pub fn history_totals(
        &self,
        account: AccountId,
        query: &HistoryQuery,
    ) -> Result<HistoryTotals, StoreError> {
        let w = self.history_where(account, query)?;
        self.totals_where(account, &w)
    }

    /// [`Store::history_totals`] of `query` once its first `page` was read: a page that holds
    /// every matching row (`more` is false) is added up over its own rows, by id, instead of
    /// reading the history again. A search that few rows pass reads the history once, not
    /// twice (PostgreSQL, 100,000 rows, "PO-4242": 103 ms before, `cargo bench --bench history`).
    pub fn history_totals_after(
        &self,
        account: AccountId,
        query: &HistoryQuery,
        page: &HistoryPage,
    ) -> Result<HistoryTotals, StoreError> {
        if page.more {
            return self.history_totals(account, query);
        }
        let mut w = Where::of(account);
        if page.rows.is_empty() {
            w.and("1 = 0");
        } else {
            let ids: Vec<String> = page.rows.iter().map(|o| w.bind(o.id.0)).collect();
            w.and(&format!("o.id IN ({})", ids.join(", ")));
        }
        self.totals_where(account, &w)
    }

    /// What the rows of `account`'s history under `w` add up to (see [`Store::history_totals`]).
    fn totals_where(&self, account: AccountId, w: &Where) -> Result<HistoryTotals, StoreError> {
        let db = self.on_account(account)?;
        let count = |v: i64| usize::try_from(v).unwrap_or(0);
        let all = db.query_row(
            &format!(
                "SELECT COUNT(*), COUNT(o.total_e4), CAST(SUM(o.total_e4) AS BIGINT),
                    MIN(o.currency), MAX(o.currency)
                 FROM local_orders o WHERE {}",
                w.sql()
            ),
            &w.values,
        )?;
        let matching = count(all.get(0)?);
        let of_all = if w.filters.is_empty() {
            matching
        } else {
            count(
                db.query_row(
                    &format!("SELECT COUNT(*) FROM local_orders o WHERE {HISTORY}"),
                    &w.values[..1],
                )?
                .get(0)?,
            )
        };
        let with_total = count(all.get(1)?);
        let mut totals = HistoryTotals {
            count: matching,
            sums: Vec::new(),
            without_total: 0,
            of_all,
        };
        totals.without_total = totals.count - with_total.min(totals.count);
        let (first, last): (Option<String>, Option<String>) = (all.get(3)?, all.get(4)?);
        match (first, all.get::<Option<i64>>(2)?) {
            (_, None) => {}
            // One currency (its rows are those with a total): the sum is its sum.
            (Some(currency), Some(sum)) if last.as_ref() == Some(&currency) => {
                totals
                    .sums
                    .push((currency, Decimal::new(sum, 4).normalize()));
            }
            _ => {
                for g in db.query_all(
                    &format!(
                        "SELECT o.currency, CAST(SUM(o.total_e4) AS BIGINT)
                         FROM local_orders o WHERE {} AND o.total_e4 IS NOT NULL
                         GROUP BY o.currency ORDER BY o.currency",
                        w.sql()
                    ),
                    &w.values,
                )? {
                    if let (Some(currency), Some(sum)) =
                        (g.get::<Option<String>>(0)?, g.get::<Option<i64>>(1)?)
                    {
                        totals
                            .sums
                            .push((currency, Decimal::new(sum, 4).normalize()));
                    }
                }
            }
        }
        Ok(totals)
    }

    /// Every row of `account` that waits for the service or a person (queued, sent,
    /// uncertain, unknown), newest first: the outbox line and the desktop notifications
    /// follow these whatever History shows.
    pub fn waiting_orders(&self, account: AccountId) -> Result<Vec<LocalOrder>, StoreError> {
        let here = self.credential(account)?;
        self.on_account(account)?
            .query_all(
                &format!(
                    "SELECT {COLUMNS}, {} {FROM}
                     WHERE o.account_id = $1 AND o.state IN ('queued', 'sent', 'uncertain', 'unknown')
                     ORDER BY o.updated_at DESC, o.id DESC",
                    account_columns()
                ),
                &[account.0.into()],
            )?
            .iter()
            .map(|r| row_to_order(r, here.as_ref()))
            .collect()
    }
}
