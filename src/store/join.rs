//! Joining a team: this desk's accounts and everything kept for them —
//! drafts, the history, the outbox with its idempotency keys, approvals with the kept proof
//! PDFs, tracked vectorize tasks, the editor's memory — copied into the team database in one
//! transaction, then forgotten here.
//!
//! Two steps, because two databases cannot share a transaction:
//! 1. [`Store::copy_into_team`]: one PostgreSQL transaction. Every row copied names where it
//!    came from (`origin`: this data folder's install id and the row's id here), so a second
//!    run — after a crash between the steps, or a person joining twice — finds the rows there
//!    and copies nothing twice. An account is the team's account of the same name and address
//!    if there is one (two desks of a team both had it), else a new one.
//! 2. [`Store::forget_joined`]: one SQLite transaction removing what was copied. Between the
//!    two the caller copies each account's key in the keychain to the team account's entry
//!    (a key never enters a database).
//!
//! An order that was being sent moves with its key, its exact body and its "may have reached
//! the service" marks: whichever desk sends it next sends the same bytes with the same
//! Idempotency-Key, which the service answers with the order it already made. This desk signs
//! each moved row that may be sent under the team's account (`store::desks`). The built-in
//! sandbox's account and orders stay on this desk (another desk's sandbox is another service).

use super::accounts::{NEW_COLUMNS, new_account_values};
use super::db::{Db, Value, params, placeholders};
use super::{AccountId, LocalOrderId, Store, StoreError};
use std::collections::HashMap;
use std::path::Path;

/// What joining copied (and, once forgotten here, moved).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct JoinReport {
    /// Each of this desk's accounts and the team account that holds its rows now.
    pub accounts: Vec<(AccountId, AccountId)>,
    /// Of [`JoinReport::accounts`], how many the team had already (same name and address).
    pub accounts_shared: usize,
    /// Drafts copied.
    pub drafts: usize,
    /// Orders waiting in the outbox copied (sent by whichever desk claims them first).
    pub queued: usize,
    /// Orders of the history copied (placed, tracked, final).
    pub history: usize,
    /// Approval steps copied (with their kept PDFs).
    pub approvals: usize,
    /// Tracked vectorize tasks copied.
    pub tasks: usize,
    /// Rows the team had already: the very orders (their keys, or their tracking ids at the
    /// same address), from an earlier join of this desk or a copy of its data folder (nothing
    /// copied twice).
    pub already_there: usize,
    /// This desk's order rows copied or found in the team (what [`Store::forget_joined`]
    /// forgets here, and nothing else).
    pub rows: Vec<LocalOrderId>,
    /// This desk's accounts whose key could not be copied to the team account's entry (the
    /// keychain refused): each stays on this desk with its key, and the next join tries again.
    pub keys_kept: Vec<(AccountId, String)>,
    /// This desk's copies of team accounts whose rows (made here while the team database was
    /// out of reach, `store::offline`) moved into those accounts: the drafts and queued orders
    /// above count them. Unlike [`JoinReport::accounts`], their keys are the team account's
    /// own already.
    pub copies: Vec<AccountId>,
    /// The team drafts saved or placed here while the team database was out of reach, and
    /// what became of them ([`Store::write_back_kept`]).
    pub kept: super::KeptReport,
}

impl JoinReport {
    /// Whether nothing was there to move.
    pub fn is_empty(&self) -> bool {
        self.accounts.is_empty() && self.copies.is_empty() && self.kept.is_empty()
    }
}

/// The columns of `table` on this desk's SQLite database, in order.
fn columns(db: &Db, table: &str) -> Result<Vec<String>, StoreError> {
    db.query_all(
        "SELECT name FROM pragma_table_info($1) ORDER BY cid",
        &params![table],
    )?
    .iter()
    .map(|r| r.get(0))
    .collect()
}

/// `SELECT` of `cols` from `table` (names are the schema's own, never a person's input).
fn select(cols: &[String], table: &str, filter: &str) -> String {
    format!("SELECT {} FROM {table} WHERE {filter}", cols.join(", "))
}

/// `INSERT … ON CONFLICT DO NOTHING RETURNING id` of `cols` into the team's `table`.
fn insert(cols: &[&str], table: &str, returning: bool) -> String {
    let holes: Vec<String> = (1..=cols.len()).map(|i| format!("${i}")).collect();
    format!(
        "INSERT INTO {table} ({}) VALUES ({}) ON CONFLICT DO NOTHING{}",
        cols.join(", "),
        holes.join(", "),
        if returning { " RETURNING id" } else { "" }
    )
}

/// The columns of `cols` copied as they are (all but the id and `set`, which the copy sets
/// itself), and the `INSERT` of those and then `set` into the team's `table`.
fn copy_of<'a>(cols: &'a [String], table: &str, set: [&'a str; 2]) -> (Vec<&'a str>, String) {
    let keep: Vec<&str> = cols
        .iter()
        .map(String::as_str)
        .filter(|c| *c != "id" && !set.contains(c))
        .collect();
    let mut all = keep.clone();
    all.extend(set);
    let sql = insert(&all, table, true);
    (keep, sql)
}

/// A row's values by column name, and its id.
fn named<'a>(
    cols: &'a [String],
    row: &'a super::db::Row,
) -> Result<(HashMap<&'a str, &'a Value>, i64), StoreError> {
    let by_name: HashMap<&str, &Value> =
        cols.iter().map(String::as_str).zip(row.values()).collect();
    match by_name.get("id") {
        Some(Value::Int(id)) => {
            let id = *id;
            Ok((by_name, id))
        }
        _ => Err(StoreError::NoRow),
    }
}

/// A team row's state and form: state, `draft_json`, reference, recipient.
type RowText = [Option<String>; 4];

/// The team's row that is the same order as this desk's row `by_name` (of team account
/// `account`): the one with its Idempotency-Key, else (a row looked up by tracking id) the one
/// with its tracking id at the same address. Answers it with its state and form (`draft_json`,
/// reference, recipient).
fn same_order(
    tx: &Db,
    by_name: &HashMap<&str, &Value>,
    account: AccountId,
) -> Result<Option<(i64, RowText)>, StoreError> {
    let get = |c: &str| by_name.get(c).map_or(Value::Null, |v| (*v).clone());
    let Some(row) = tx.query_opt(
        "SELECT id, state, draft_json, reference, recipient FROM local_orders
         WHERE (CAST($1 AS TEXT) IS NOT NULL AND idempotency_key = $1)
            OR (CAST($1 AS TEXT) IS NULL AND CAST($2 AS BIGINT) IS NOT NULL AND account_id = $3
                AND tracking_id = $2 AND dest_base IS NOT DISTINCT FROM CAST($4 AS TEXT))
         ORDER BY id LIMIT 1",
        &[
            get("idempotency_key"),
            get("tracking_id"),
            Value::Int(account.0),
            get("dest_base"),
        ],
    )?
    else {
        // A keyed row whose tracking id the team has under another row: the service's order
        // is the team's already (`record_tracking` merges such rows the same way).
        return match tx.query_opt(
            "SELECT id FROM local_orders
             WHERE CAST($1 AS BIGINT) IS NOT NULL AND account_id = $2 AND tracking_id = $1
               AND dest_base IS NOT DISTINCT FROM CAST($3 AS TEXT)",
            &[get("tracking_id"), Value::Int(account.0), get("dest_base")],
        )? {
            Some(r) => Ok(Some((r.get(0)?, [None, None, None, None]))),
            None => Ok(None),
        };
    };
    Ok(Some((
        row.get(0)?,
        [row.get(1)?, row.get(2)?, row.get(3)?, row.get(4)?],
    )))
}

/// Whether this desk's draft (`state`, `by_name`) says something else than the team's row of
/// the same key (`text`: its state and form): then the desk's text is kept beside it.
fn differs(state: &str, by_name: &HashMap<&str, &Value>, text: &RowText) -> bool {
    if state != "draft" || text[0].as_deref() != Some("draft") {
        return false;
    }
    let mine = |c: &str| match by_name.get(c) {
        Some(Value::Text(t)) => Some(t.as_str()),
        _ => None,
    };
    mine("draft_json") != text[1].as_deref()
        || mine("reference") != text[2].as_deref()
        || mine("recipient") != text[3].as_deref()
}

impl Store {
    /// Copies this desk's remote accounts and all their rows into the attached team database
    /// in one transaction (module doc); `proofs` is the folder kept proof PDFs are in (their
    /// bytes go into the database). Nothing changes here: [`Store::forget_joined`] follows
    /// once the keys are copied. Copying again copies nothing twice.
    pub fn copy_into_team(&self, proofs: Option<&Path>) -> Result<JoinReport, StoreError> {
        let team = self.team_db()?;
        let desk = self.desk_name();
        let local = &self.db;
        let install = self.install_id()?;
        let mut accounts: Vec<_> = self
            .accounts()?
            .into_iter()
            .filter(|a| !a.is_sandbox() && !a.id.is_team())
            .collect();
        // Copies of team accounts (what was made here while the team was out of reach) go to
        // the account they copy, or like an account of this desk if it is gone meanwhile.
        accounts.extend(self.team_copies()?);
        let order_cols = columns(local, "local_orders")?;
        let step_cols = columns(local, "proof_steps")?;
        let task_cols = columns(local, "vectorize_tasks")?;
        let memory_cols = columns(local, "editor_drafts")?;
        team.transaction(|tx| -> Result<JoinReport, StoreError> {
            let mut report = JoinReport::default();
            for account in &accounts {
                let base = match &account.kind {
                    super::AccountKind::Remote { base_url } => Some(base_url.to_string()),
                    super::AccountKind::Sandbox => None,
                };
                let copy = account.id.is_team();
                let itself = if copy {
                    tx.query_opt(
                        "SELECT id, base_url FROM accounts WHERE id = $1",
                        &params![account.id.0],
                    )?
                } else {
                    None
                };
                let found = match itself {
                    Some(row) => Some(row),
                    None => tx.query_opt(
                        "SELECT id, base_url FROM accounts WHERE lower(name) = lower($1)",
                        &params![account.name.as_str()],
                    )?,
                };
                let team_id = match found {
                    Some(row) if copy && row.get::<i64>(0)? == account.id.0 => account.id,
                    Some(row) if row.get::<Option<String>>(1)? == base => {
                        report.accounts_shared += 1;
                        AccountId(row.get(0)?)
                    }
                    Some(_) => {
                        return Err(StoreError::JoinNameTaken(account.name.clone()));
                    }
                    None => AccountId(
                        tx.query_row(
                            &format!(
                                "INSERT INTO accounts ({NEW_COLUMNS}) VALUES ({}) RETURNING id",
                                placeholders(NEW_COLUMNS)
                            ),
                            &new_account_values(
                                &account.name,
                                base.as_deref(),
                                account.auth,
                                account.organization_id,
                                account.key_location,
                            ),
                        )?
                        .get(0)?,
                    ),
                };
                if copy {
                    report.copies.push(account.id);
                } else {
                    report.accounts.push((account.id, team_id));
                }

                // Orders: every column as it is, the account and the origin mapped.
                let mut moved: HashMap<i64, i64> = HashMap::new();
                let rows = local.query_all(
                    &select(&order_cols, "local_orders", "account_id = $1 ORDER BY id"),
                    &params![account.id.0],
                )?;
                let (keep, sql) = copy_of(&order_cols, "local_orders", ["origin", "placed_by"]);
                let at = |name: &str| keep.iter().position(|c| *c == name);
                // This desk's key of the team account: a row it may have reached with this
                // desk's key remembers that key (`store::identity`).
                let here = self.credential(team_id)?;
                for row in rows {
                    let (by_name, local_id) = named(&order_cols, &row)?;
                    let key = match by_name.get("idempotency_key") {
                        Some(Value::Text(key)) => Some(key.clone()),
                        _ => None,
                    };
                    // A row made here for a team while it was out of reach may have the id
                    // of a row joined before (this file hands out a deleted row's id again):
                    // its key, unique, tells them apart.
                    let origin = match (copy, &key) {
                        (true, Some(key)) => format!("{install}:{local_id}:{key}"),
                        _ => format!("{install}:{local_id}"),
                    };
                    let flag = |c: &str| matches!(by_name.get(c), Some(Value::Int(n)) if *n != 0);
                    let mut values: Vec<Value> = keep
                        .iter()
                        .map(|c| match *c {
                            "account_id" => Value::Int(team_id.0),
                            // Why this desk could not send it (its key, its network) is not
                            // the team's: another desk may send it.
                            "last_error" => Value::Null,
                            "sent_with" => match &here {
                                Some(here) if flag("reached") || flag("sending") => {
                                    Value::Text(here.alone())
                                }
                                _ => by_name.get(c).map_or(Value::Null, |v| (*v).clone()),
                            },
                            c => by_name.get(c).map_or(Value::Null, |v| (*v).clone()),
                        })
                        .collect();
                    values.push(Value::Text(origin.clone()));
                    let placed_by = match by_name.get("placed_by") {
                        Some(Value::Text(who)) => Value::Text(who.clone()),
                        _ => desk.clone().into(),
                    };
                    values.push(placed_by);
                    let state = match by_name.get("state") {
                        Some(Value::Text(s)) => s.clone(),
                        _ => String::new(),
                    };
                    let count = |report: &mut JoinReport| match state.as_str() {
                        "draft" => report.drafts += 1,
                        "queued" => report.queued += 1,
                        _ => report.history += 1,
                    };
                    let team_row = match tx.query_opt(&sql, &values)? {
                        Some(r) => {
                            count(&mut report);
                            let team_row = r.get::<i64>(0)?;
                            // Under the team's account now: signed by this desk for it (a row
                            // that may be sent, `store::desks`).
                            self.sign_row(tx, LocalOrderId(team_row), None)?;
                            team_row
                        }
                        None => match same_order(tx, &by_name, team_id)? {
                            // The team holds this very order (its key, or the service's
                            // tracking id at the same address): nothing to copy.
                            Some((there, text)) if !differs(&state, &by_name, &text) => {
                                report.already_there += 1;
                                there
                            }
                            // A draft of the same key whose text the team has otherwise (a
                            // copy of this data folder joined it, then each changed it): this
                            // desk's text is kept beside it, as a new draft of its own key.
                            Some(_) => {
                                let reference = match by_name.get("reference") {
                                    Some(Value::Text(r)) => r.clone(),
                                    _ => String::new(),
                                };
                                let apart = crate::tr!(
                                    "team-kept-reference",
                                    reference = reference.as_str()
                                );
                                let fresh = crate::api::IdempotencyKey::new();
                                let fresh = fresh.as_str();
                                let set = |values: &mut Vec<Value>, name: &str, v: Value| {
                                    if let Some(i) = at(name) {
                                        values[i] = v;
                                    }
                                };
                                set(
                                    &mut values,
                                    "idempotency_key",
                                    Value::Text(fresh.to_owned()),
                                );
                                set(&mut values, "reference", Value::Text(apart.clone()));
                                if let Some(Value::Text(json)) = by_name.get("draft_json") {
                                    let json = super::offline::with_reference(json, &apart);
                                    set(&mut values, "draft_json", Value::Text(json));
                                }
                                let last = values.len() - 2;
                                values[last] = Value::Text(format!("{install}:{local_id}:{fresh}"));
                                let id = tx.query_row(&sql, &values)?.get::<i64>(0)?;
                                report.drafts += 1;
                                report.kept.kept_apart.push(super::offline::KeptApart {
                                    reference,
                                    kept: apart,
                                    placed: false,
                                });
                                id
                            }
                            // Another order of the team has this row's origin (a copy of this
                            // data folder, under the same install id, joined a row of that id
                            // first): this one is not there yet, and is copied under an origin
                            // naming its key.
                            None => {
                                let last = values.len() - 2;
                                let unique = key.clone().unwrap_or_else(|| {
                                    crate::api::IdempotencyKey::new().as_str().to_owned()
                                });
                                values[last] =
                                    Value::Text(format!("{install}:{local_id}:{unique}"));
                                let id = tx.query_row(&sql, &values)?.get::<i64>(0)?;
                                count(&mut report);
                                id
                            }
                        },
                    };
                    moved.insert(local_id, team_row);
                    report.rows.push(LocalOrderId(local_id));
                }

                // Approval steps of those orders, with the kept PDF's bytes.
                let (keep, sql) = copy_of(&step_cols, "proof_steps", ["origin", "proof_pdf"]);
                for (local_order, team_order) in &moved {
                    for row in local.query_all(
                        &select(&step_cols, "proof_steps", "order_id = $1 ORDER BY id"),
                        &params![*local_order],
                    )? {
                        let (by_name, step_id) = named(&step_cols, &row)?;
                        let pdf = match (by_name.get("proof_pdf"), by_name.get("proof_file")) {
                            (Some(Value::Bytes(b)), _) => Value::Bytes(b.clone()),
                            (_, Some(Value::Text(file))) => proofs
                                .and_then(|dir| std::fs::read(dir.join(file)).ok())
                                .map_or(Value::Null, Value::Bytes),
                            _ => Value::Null,
                        };
                        let mut values: Vec<Value> = keep
                            .iter()
                            .map(|c| match *c {
                                "order_id" => Value::Int(*team_order),
                                c => by_name.get(c).map_or(Value::Null, |v| (*v).clone()),
                            })
                            .collect();
                        values.push(Value::Text(if copy {
                            format!("{install}:step:{step_id}:{team_order}")
                        } else {
                            format!("{install}:step:{step_id}")
                        }));
                        values.push(pdf);
                        // A step of an order the team had already may be there under another
                        // origin (a copy of this data folder joined it): the same step is the
                        // same line's status at the same moment by the same person.
                        let there = tx.query_opt(
                            "SELECT 1 FROM proof_steps WHERE order_id = $1 AND line_key = $2
                                 AND status = $3 AND at = $4 AND who = $5",
                            &[
                                Value::Int(*team_order),
                                by_name
                                    .get("line_key")
                                    .map_or(Value::Null, |v| (*v).clone()),
                                by_name.get("status").map_or(Value::Null, |v| (*v).clone()),
                                by_name.get("at").map_or(Value::Null, |v| (*v).clone()),
                                by_name.get("who").map_or(Value::Null, |v| (*v).clone()),
                            ],
                        )?;
                        if there.is_some() {
                            report.already_there += 1;
                            continue;
                        }
                        match tx.query_opt(&sql, &values)? {
                            Some(_) => report.approvals += 1,
                            None => report.already_there += 1,
                        }
                    }
                }

                // Tasks and the editor's memory: one row per (account, id) in the team; a
                // row the team has already is the team's.
                for (table, cols, counts) in [
                    ("vectorize_tasks", &task_cols, true),
                    ("editor_drafts", &memory_cols, false),
                ] {
                    let names: Vec<&str> = cols.iter().map(String::as_str).collect();
                    let sql = insert(&names, table, false);
                    for row in local.query_all(
                        &select(cols, table, "account_id = $1"),
                        &params![account.id.0],
                    )? {
                        let values: Vec<Value> = names
                            .iter()
                            .zip(row.values())
                            .map(|(c, v)| match *c {
                                "account_id" => Value::Int(team_id.0),
                                _ => v.clone(),
                            })
                            .collect();
                        let n = tx.execute(&sql, &values)?;
                        if counts && n == 1 {
                            report.tasks += 1;
                        }
                    }
                }
            }
            Ok(report)
        })
    }

    /// Forgets on this desk what [`Store::copy_into_team`] copied (one transaction): the rows
    /// it copied or found in the team ([`JoinReport::rows`], nothing else), then each account
    /// left without rows, unless its key could not be copied ([`JoinReport::keys_kept`]).
    /// Call it only once the keys are copied.
    pub fn forget_joined(&self, report: &JoinReport) -> Result<(), StoreError> {
        let local = report
            .accounts
            .iter()
            .map(|(local, _)| local)
            .filter(|local| !local.is_team());
        // A copy of a team account is this desk's SQLite row (its id the team's).
        let copies = report.copies.iter().filter(|_| self.is_desk());
        self.db.transaction(|db| -> Result<(), StoreError> {
            for row in &report.rows {
                db.execute(
                    "DELETE FROM proof_steps WHERE order_id = $1",
                    &params![row.0],
                )?;
                db.execute("DELETE FROM local_orders WHERE id = $1", &params![row.0])?;
            }
            for local in local.chain(copies) {
                if report.keys_kept.iter().any(|(kept, _)| kept == local) {
                    continue;
                }
                // Tasks and the editor's memory go with the account (ON DELETE CASCADE); an
                // account with a row the join did not copy (none is made meanwhile: the store
                // is the join's) stays, with that row.
                db.execute(
                    "DELETE FROM accounts WHERE id = $1 AND kind = 'remote'
                       AND NOT EXISTS (SELECT 1 FROM local_orders WHERE account_id = $1)",
                    &params![local.0],
                )?;
            }
            Ok(())
        })
    }

    /// The team row a row of this desk was copied to, if it was (tests, the join's report);
    /// of rows made here for a team while it was out of reach, which may have had this id one
    /// after the other, the newest.
    pub fn joined_as(&self, local: LocalOrderId) -> Result<Option<LocalOrderId>, StoreError> {
        let team = self.team_db()?;
        let origin = format!("{}:{}", self.install_id()?, local.0);
        Ok(team
            .query_opt(
                "SELECT id FROM local_orders WHERE origin = $1 OR origin LIKE $2
                 ORDER BY id DESC LIMIT 1",
                &params![origin.as_str(), format!("{origin}:%")],
            )?
            .map(|r| r.get(0))
            .transpose()?
            .map(LocalOrderId))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{OrderId, OrderNumber, OrderStatus, TrackingRecord};
    use crate::store::approvals::StoredProofStep;
    use crate::store::testing::{pg_client, pg_connect};
    use crate::store::{NewAccount, OrderState, TEAM_IDS_FROM};

    /// [`crate::store::testing::remote`] at `url`.
    fn remote(name: &str, url: &str) -> NewAccount {
        NewAccount {
            base_url: url::Url::parse(url).unwrap(),
            ..crate::store::testing::remote(name)
        }
    }

    fn step(file: Option<&str>) -> StoredProofStep {
        StoredProofStep {
            line: "line-1".into(),
            status: "approved".into(),
            who: "Club chair".into(),
            note: String::new(),
            at: "2026-11-01T10:00:00Z".into(),
            proof_file: file.map(Into::into),
            proof_hash: Some("abc".into()),
            snapshot_json: "{}".into(),
        }
    }

    fn task() -> crate::api::VectorizeTask {
        serde_json::from_value(serde_json::json!({
            "id": 5, "status": "pending", "logoName": "Crest", "transferMethodKey": "VAND SPORT",
            "minPrice": 250, "maxPrice": 750, "currency": "DKK",
            "createdAtUtc": "2026-11-01T10:00:00Z", "createdLogos": [],
        }))
        .unwrap()
    }

    /// A desk with a sandbox order, and a remote account with a draft, a queued order that a
    /// send may have reached, a placed order with an approval and its kept PDF, and a task.
    struct Desk {
        _dir: tempfile::TempDir,
        proofs: std::path::PathBuf,
        store: Store,
        account: AccountId,
        draft: LocalOrderId,
        queued: LocalOrderId,
        placed: LocalOrderId,
        sandbox_order: LocalOrderId,
    }

    fn desk() -> Desk {
        let dir = tempfile::tempdir().unwrap();
        let proofs = dir.path().join("proofs");
        std::fs::create_dir_all(&proofs).unwrap();
        std::fs::write(proofs.join("p1.pdf"), b"%PDF-1.7 kept proof").unwrap();
        let mut store = Store::open(&dir.path().join("logodesk.sqlite")).unwrap();
        let sandbox = store.ensure_sandbox_account().unwrap().id;
        let sandbox_order = store.create_draft(sandbox, "{}", "S-1", "Me").unwrap().id;
        let account = store
            .insert_account(&remote("Club shop", "https://api.example.com/"))
            .unwrap()
            .id;
        let draft = store
            .create_draft(account, "{\"d\":1}", "D-1", "Ann")
            .unwrap()
            .id;
        let queued = store.create_draft(account, "{}", "Q-1", "Bo").unwrap().id;
        assert!(
            store
                .queue_draft(queued, "{}", "Q-1", "Bo", b"BODY")
                .unwrap()
        );
        let dest = store.destination(account).unwrap();
        assert!(store.begin_send(queued, &dest, None, None).unwrap());
        let placed = store.create_draft(account, "{}", "P-1", "Cy").unwrap().id;
        assert!(store.queue_draft(placed, "{}", "P-1", "Cy", b"P").unwrap());
        store
            .record_tracking(
                placed,
                &TrackingRecord {
                    id: OrderId(77),
                    order_number: OrderNumber::from("977"),
                    error_message: None,
                    status: OrderStatus::Pending,
                    order: None,
                },
                None,
            )
            .unwrap();
        store
            .record_proof_step(placed, &step(Some("p1.pdf")))
            .unwrap();
        store.save_task(account, &task()).unwrap();
        Desk {
            _dir: dir,
            proofs,
            store,
            account,
            draft,
            queued,
            placed,
            sandbox_order,
        }
    }

    #[test]
    fn joining_moves_every_row_with_its_key_once_and_leaves_the_sandbox() {
        let mut desk = desk();
        let key = desk.store.local_order(desk.queued).unwrap().key;
        let (client, name) = pg_client();
        desk.store.attach_team(client, "Front desk").unwrap();

        let report = desk.store.copy_into_team(Some(&desk.proofs)).unwrap();
        assert_eq!(report.accounts.len(), 1);
        assert_eq!(report.accounts_shared, 0);
        assert_eq!(
            (
                report.drafts,
                report.queued,
                report.history,
                report.approvals,
                report.tasks
            ),
            (1, 1, 1, 1, 1)
        );
        // Copied, not yet forgotten: a second run (a crash between the steps) copies nothing.
        let again = desk.store.copy_into_team(Some(&desk.proofs)).unwrap();
        assert_eq!(again.accounts, report.accounts);
        assert_eq!((again.drafts, again.queued, again.history), (0, 0, 0));
        assert_eq!(again.already_there, 4, "three orders and one approval");
        desk.store.forget_joined(&report).unwrap();

        let team_account = report.accounts[0].1;
        assert!(team_account.0 >= TEAM_IDS_FROM);
        // This desk: the sandbox and its order, and the team's account, nothing else.
        let names: Vec<_> = desk
            .store
            .accounts()
            .unwrap()
            .into_iter()
            .map(|a| (a.name, a.id))
            .collect();
        assert_eq!(names.len(), 2, "{names:?}");
        assert_eq!(names[1], ("Club shop".to_owned(), team_account));
        assert!(desk.store.local_order(desk.sandbox_order).is_ok());
        assert!(
            desk.store.local_order(desk.draft).is_err(),
            "forgotten here"
        );

        // Another desk of the team sees it all, the queued order with its key and bytes and
        // its "may have reached" mark, the approval with the PDF's bytes.
        let other = Store::open_postgres(pg_connect(&name)).unwrap();
        let out = other.outbox(team_account).unwrap();
        assert_eq!(out.len(), 1);
        assert_eq!(Some(out[0].key.clone()), key);
        assert_eq!(out[0].body, b"BODY");
        let queued = other.local_order(out[0].id).unwrap();
        assert!(queued.reached, "a send may have reached the service");
        assert_eq!(queued.placed_by.as_deref(), Some("Front desk"));
        let history = other.local_orders(team_account, false).unwrap();
        let placed = history.iter().find(|o| o.reference == "P-1").unwrap();
        assert_eq!(placed.state, OrderState::Sent);
        assert_eq!(placed.tracking_id, Some(OrderId(77)));
        assert_eq!(
            other.pending_tracking(team_account).unwrap(),
            vec![(placed.id, OrderId(77))]
        );
        assert_eq!(other.proof_history(placed.id).unwrap().len(), 1);
        let pdf: Vec<u8> = other
            .db
            .query_row(
                "SELECT proof_pdf FROM proof_steps WHERE order_id = $1",
                &params![placed.id.0],
            )
            .unwrap()
            .get(0)
            .unwrap();
        assert_eq!(pdf, b"%PDF-1.7 kept proof");
        assert_eq!(other.local_orders(team_account, true).unwrap().len(), 1);
        assert_eq!(other.tracked_tasks(team_account).unwrap().len(), 1);
        assert!(desk.store.joined_as(desk.placed).unwrap().is_some());
    }

    #[test]
    fn a_second_desk_with_the_same_account_shares_it_and_a_clash_of_names_moves_nothing() {
        let (client, name) = pg_client();
        let mut first = desk();
        first.store.attach_team(client, "First").unwrap();
        let report = first.store.copy_into_team(Some(&first.proofs)).unwrap();
        first.store.forget_joined(&report).unwrap();

        let mut second = desk();
        second
            .store
            .attach_team(pg_connect(&name), "Second")
            .unwrap();
        let shared = second.store.copy_into_team(None).unwrap();
        assert_eq!(
            shared.accounts[0].1, report.accounts[0].1,
            "the same account"
        );
        assert_eq!(shared.accounts_shared, 1);
        // Its draft and queued order are its own (their own keys); its placed order has the
        // same tracking id at the same service as the first desk's: the same order, kept once,
        // and so is its approval (the same line's status at the same moment by the same
        // person).
        assert_eq!((shared.drafts, shared.queued, shared.history), (1, 1, 0));
        assert_eq!(shared.already_there, 2);
        let team = Store::open_postgres(pg_connect(&name)).unwrap();
        assert_eq!(team.outbox(report.accounts[0].1).unwrap().len(), 2);

        // A third desk whose "Club shop" is another service: refused, nothing copied.
        let mut third = desk();
        third.store.attach_team(pg_connect(&name), "Third").unwrap();
        third
            .store
            .update_account(
                third.account,
                &remote("Club shop", "https://other.example.com/"),
            )
            .unwrap();
        let before = team
            .local_orders(report.accounts[0].1, false)
            .unwrap()
            .len();
        let err = third.store.copy_into_team(None).unwrap_err();
        assert!(
            matches!(err, StoreError::JoinNameTaken(ref n) if n == "Club shop"),
            "{err}"
        );
        assert!(err.to_string().contains("Club shop"));
        assert_eq!(
            team.local_orders(report.accounts[0].1, false)
                .unwrap()
                .len(),
            before
        );
        assert!(
            third.store.local_order(third.draft).is_ok(),
            "nothing forgotten"
        );
    }

    /// The rows of `account` in the team database `name`: (idempotency key, reference).
    fn team_keys(name: &str, account: AccountId) -> Vec<(Option<String>, String)> {
        let team = Store::open_postgres(pg_connect(name)).unwrap();
        let mut rows: Vec<_> = team
            .db
            .query_all(
                "SELECT idempotency_key, reference FROM local_orders WHERE account_id = $1",
                &params![account.0],
            )
            .unwrap()
            .iter()
            .map(|r| (r.get(0).unwrap(), r.get(1).unwrap()))
            .collect();
        rows.sort();
        rows
    }

    /// Sets a draft's text on `store`'s own database, as the composer's save leaves it.
    fn edit(store: &Store, id: LocalOrderId, text: &str) {
        store.execute_for_test(
            "UPDATE local_orders SET draft_json = $2 WHERE id = $1",
            &params![id.0, text],
        );
    }

    /// A data folder copied beside the first (or to a second laptop) is a
    /// desk of its own; after both join, the copy's own order is in the team once, the rows
    /// both had are there once (by their keys), a draft each changed keeps both texts, and
    /// the copy forgets only what the team holds.
    #[test]
    fn a_copied_data_folder_joins_its_own_orders_and_forgets_only_what_the_team_holds() {
        let Desk {
            _dir: dir,
            proofs,
            store,
            account,
            draft,
            queued,
            ..
        } = desk();
        let file = dir.path().join("logodesk.sqlite");
        let first_id = store.install_id().unwrap();
        drop(store);
        let copy_dir = tempfile::tempdir().unwrap();
        let copy_file = copy_dir.path().join("logodesk.sqlite");
        std::fs::copy(&file, &copy_file).unwrap();
        let mut first = Store::open(&file).unwrap();
        let mut copy = Store::open(&copy_file).unwrap();
        assert_eq!(first.install_id().unwrap(), first_id);
        assert_ne!(
            copy.install_id().unwrap(),
            first_id,
            "the copy is a desk of its own"
        );

        // Each changes the draft; the copy queues an order of its own.
        edit(&first, draft, "{\"d\":\"first\"}");
        edit(&copy, draft, "{\"d\":\"copy\"}");
        let mine = copy.create_draft(account, "{}", "C-1", "Cy").unwrap().id;
        assert!(copy.queue_draft(mine, "{}", "C-1", "Cy", b"MINE").unwrap());
        let key = copy.local_order(mine).unwrap().key.unwrap();

        let (client, name) = pg_client();
        first.attach_team(client, "Front desk").unwrap();
        let joined = first.copy_into_team(Some(&proofs)).unwrap();
        first.forget_joined(&joined).unwrap();
        let team_account = joined.accounts[0].1;

        copy.attach_team(pg_connect(&name), "Front desk").unwrap();
        let report = copy.copy_into_team(Some(&proofs)).unwrap();
        assert_eq!(report.accounts, vec![(account, team_account)]);
        assert_eq!(report.queued, 1, "its own order");
        assert_eq!(
            report.drafts, 1,
            "its text of the draft, kept beside the first's"
        );
        assert_eq!(report.history, 0);
        assert_eq!(report.approvals, 0, "the approval is the first's, once");
        assert_eq!(
            report.already_there, 3,
            "the queued order, the placed one, its approval"
        );
        assert_eq!(report.kept.kept_apart.len(), 1);
        assert_eq!(report.kept.kept_apart[0].kept, "D-1 (kept from this desk)");
        copy.forget_joined(&report).unwrap();

        let rows = team_keys(&name, team_account);
        assert_eq!(rows.len(), 5, "{rows:?}");
        let keys: std::collections::BTreeSet<_> = rows.iter().map(|(k, _)| k.clone()).collect();
        assert_eq!(keys.len(), 5, "each order once: {rows:?}");
        assert!(rows.contains(&(Some(key.as_str().to_owned()), "C-1".to_owned())));
        let team = Store::open_postgres(pg_connect(&name)).unwrap();
        let out: Vec<_> = team
            .outbox(team_account)
            .unwrap()
            .into_iter()
            .map(|o| o.body)
            .collect();
        assert_eq!(out, vec![b"BODY".to_vec(), b"MINE".to_vec()]);
        let drafts = team.local_orders(team_account, true).unwrap();
        let texts: Vec<_> = drafts
            .iter()
            .map(|d| (d.reference.as_str(), d.draft_json.as_deref().unwrap_or("")))
            .collect();
        assert!(texts.contains(&("D-1", "{\"d\":\"first\"}")), "{texts:?}");
        assert!(
            texts
                .iter()
                .any(|(r, t)| *r == "D-1 (kept from this desk)" && t.contains("\"copy\"")),
            "{texts:?}"
        );
        let placed = team
            .local_orders(team_account, false)
            .unwrap()
            .into_iter()
            .find(|o| o.reference == "P-1")
            .unwrap();
        assert_eq!(team.proof_history(placed.id).unwrap().len(), 1);
        // Forgotten on the copy: exactly what the team holds.
        assert!(copy.local_order(mine).is_err());
        assert!(copy.local_order(queued).is_err());
        assert_eq!(
            copy.accounts().unwrap().len(),
            2,
            "the sandbox and the team's"
        );
    }

    /// A copy whose install id was not told apart (a copy made by an older logodesk that ran
    /// on both): a team row with its row's origin is another order, never a reason to forget
    /// this one.
    #[test]
    fn an_origin_another_order_has_is_no_reason_to_forget_a_row() {
        let Desk {
            _dir: dir,
            proofs,
            store,
            account,
            ..
        } = desk();
        let file = dir.path().join("logodesk.sqlite");
        let id = store.install_id().unwrap();
        drop(store);
        let copy_dir = tempfile::tempdir().unwrap();
        let copy_file = copy_dir.path().join("logodesk.sqlite");
        std::fs::copy(&file, &copy_file).unwrap();
        let mut first = Store::open(&file).unwrap();
        let mut copy = Store::open(&copy_file).unwrap();
        copy.set_meta("install_id", &id).unwrap();
        // The same next row id on both (the file's sequence was copied too).
        let theirs = first.create_draft(account, "{}", "F-9", "Fi").unwrap().id;
        let mine = copy.create_draft(account, "{}", "C-9", "Cy").unwrap().id;
        assert_eq!(theirs, mine);
        assert!(copy.queue_draft(mine, "{}", "C-9", "Cy", b"MINE").unwrap());

        let (client, name) = pg_client();
        first.attach_team(client, "Front desk").unwrap();
        let joined = first.copy_into_team(Some(&proofs)).unwrap();
        first.forget_joined(&joined).unwrap();
        copy.attach_team(pg_connect(&name), "Front desk").unwrap();
        let report = copy.copy_into_team(Some(&proofs)).unwrap();
        assert_eq!(report.queued, 1, "copied, not counted as there");
        copy.forget_joined(&report).unwrap();
        let refs: Vec<String> = team_keys(&name, joined.accounts[0].1)
            .into_iter()
            .map(|(_, r)| r)
            .collect();
        assert!(refs.contains(&"C-9".to_owned()), "{refs:?}");
        assert!(refs.contains(&"F-9".to_owned()), "{refs:?}");
    }

    #[test]
    fn team_rows_are_written_in_the_team_database_and_wait_while_it_is_gone() {
        let mut desk = desk();
        let (client, name) = pg_client();
        desk.store.attach_team(client, "Front desk").unwrap();
        let report = desk.store.copy_into_team(None).unwrap();
        desk.store.forget_joined(&report).unwrap();
        let account = report.accounts[0].1;

        // Another key for the team's account on this desk (a person attaching theirs) holds
        // the queued order this desk's key may have reached before it joined (its
        // new key may target another organization), on this desk only: a key is a desk's,
        // not the team's.
        let before = desk.store.outbox(account).unwrap().len();
        assert_eq!(before, 1);
        desk.store
            .update_account_with_key(
                account,
                &remote("Club shop", "https://api.example.com/"),
                || Ok::<(), ()>(()),
            )
            .unwrap()
            .unwrap();
        assert_eq!(desk.store.outbox(account).unwrap().len(), 0);
        let other = Store::open_postgres(pg_connect(&name)).unwrap();
        assert_eq!(other.outbox(account).unwrap().len(), before);

        let draft = desk.store.create_draft(account, "{}", "N-1", "Di").unwrap();
        assert!(draft.id.0 >= TEAM_IDS_FROM);
        assert_eq!(draft.placed_by.as_deref(), Some("Front desk"));
        // The desk's own rows stay in SQLite.
        let sandbox = desk.store.ensure_sandbox_account().unwrap().id;
        assert!(
            desk.store
                .create_draft(sandbox, "{}", "S-2", "Me")
                .unwrap()
                .id
                .0
                < TEAM_IDS_FROM
        );
        assert_eq!(desk.store.accounts_with_work().unwrap(), vec![account]);

        desk.store.detach_team();
        assert!(matches!(
            desk.store.local_order(draft.id),
            Err(StoreError::TeamNotConnected)
        ));
        assert!(matches!(
            desk.store.account(account),
            Err(StoreError::TeamNotConnected)
        ));
        assert_eq!(desk.store.accounts().unwrap().len(), 1, "the sandbox only");
    }
}
