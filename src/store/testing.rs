//! The store's conformance suite: every store test runs its body on both backends, SQLite in
//! memory (or in a file, where reopening matters) and a fresh database of its own on the test
//! binary's PostgreSQL server (tests/common/pg_cluster.rs). The test plumbing of the store and
//! of the modules above it (the team, the backend, the commands) lives here; a desk's own
//! connection (`team::TeamClient`) is `team::testing`'s.

use super::{AccountId, HistoryCursor, HistoryQuery, LocalOrder, LocalOrderId, Store};
use crate::api::{OrderId, OrderNumber, OrderStatus, TrackingRecord};

/// The test binary's one PostgreSQL server (every unit test that needs one shares it).
#[path = "../../tests/common/pg_cluster.rs"]
pub(crate) mod pg_cluster;

/// A PostgreSQL wire proxy that can lose a COMMIT's answer.
#[path = "../../tests/common/pg_proxy.rs"]
pub(crate) mod pg_proxy;

/// The store's own connection to a test server: a plain `postgres` client. The store knows
/// its team database only as a [`super::TeamConnection`]; the connection a desk makes (every
/// call bounded, what the server sends read within limits, TLS) is the team module's
/// `TeamClient`, tested there, above the store.
pub(crate) struct TestConnection(postgres::Client);

/// The client's own calls, for what a test asks of the server beside the store.
impl std::ops::Deref for TestConnection {
    type Target = postgres::Client;
    fn deref(&self) -> &postgres::Client {
        &self.0
    }
}

impl std::ops::DerefMut for TestConnection {
    fn deref_mut(&mut self) -> &mut postgres::Client {
        &mut self.0
    }
}

impl super::TeamConnection for TestConnection {
    fn execute(
        &mut self,
        sql: &str,
        params: &[&(dyn postgres::types::ToSql + Sync)],
    ) -> Result<u64, super::StoreError> {
        Ok(self.0.execute(sql, params)?)
    }

    fn query(
        &mut self,
        sql: &str,
        params: &[&(dyn postgres::types::ToSql + Sync)],
    ) -> Result<Vec<postgres::Row>, super::StoreError> {
        Ok(self.0.query(sql, params)?)
    }

    fn batch_execute(&mut self, sql: &str) -> Result<(), super::StoreError> {
        Ok(self.0.batch_execute(sql)?)
    }
}

/// A connection to the PostgreSQL server at `url` (a test server's socket, or a proxy in
/// front of it).
pub(crate) fn connect_to(url: &str) -> TestConnection {
    match postgres::Client::connect(url, postgres::NoTls) {
        Ok(client) => TestConnection(client),
        Err(e) => panic!("connecting to {url}: {e}"),
    }
}

/// A connection to a fresh, empty database of its own on the test server, and its name.
pub(crate) fn pg_client() -> (TestConnection, String) {
    let name = pg_cluster::shared().create_database();
    (pg_connect(&name), name)
}

/// Another connection to the test server's database `name`, over its Unix socket.
pub(crate) fn pg_connect(name: &str) -> TestConnection {
    connect_to(&pg_cluster::shared().socket_url(name))
}

/// Where a store's data is kept, to open it (again): what "reopening the file" is on each
/// backend.
pub(crate) enum Place {
    Sqlite(tempfile::TempDir),
    Postgres(String),
}

impl Place {
    /// A new empty place on each backend.
    pub(crate) fn each() -> [Place; 2] {
        [
            Place::Sqlite(tempfile::tempdir().unwrap()),
            Place::Postgres(pg_cluster::shared().create_database()),
        ]
    }

    /// A store on this place (created and migrated on first use).
    pub(crate) fn open(&self) -> Store {
        match self {
            Place::Sqlite(dir) => Store::open(&dir.path().join("logodesk.sqlite")).unwrap(),
            Place::Postgres(name) => Store::open_postgres(pg_connect(name)).unwrap(),
        }
    }

    fn name(&self) -> &'static str {
        match self {
            Place::Sqlite(_) => "SQLite",
            Place::Postgres(_) => "PostgreSQL",
        }
    }
}

/// Runs `body` with a fresh store on each backend: SQLite in memory, then PostgreSQL.
pub(crate) fn each_backend(body: impl Fn(Store)) {
    eprintln!("backend: SQLite");
    body(Store::open_in_memory().unwrap());
    eprintln!("backend: PostgreSQL");
    body(Store::open_postgres(pg_client().0).unwrap());
}

/// Runs `body` with a fresh [`Place`] on each backend, to open (and reopen) stores on it.
pub(crate) fn each_place(body: impl Fn(&Place)) {
    for place in Place::each() {
        eprintln!("backend: {}", place.name());
        body(&place);
    }
}

impl Store {
    /// The columns of `table`, as the database describes it.
    pub(crate) fn column_names(&self, table: &str) -> Vec<String> {
        let sql = match self.db.dialect() {
            super::db::Dialect::Sqlite => "SELECT name FROM pragma_table_info($1) ORDER BY cid",
            super::db::Dialect::Postgres => {
                "SELECT column_name::text FROM information_schema.columns
                 WHERE table_schema = current_schema() AND table_name = $1
                 ORDER BY ordinal_position"
            }
        };
        self.db
            .query_all(sql, &super::db::params![table])
            .unwrap()
            .iter()
            .map(|r| r.get(0).unwrap())
            .collect()
    }

    /// The tables whose changes the team database announces: those with a trigger that runs
    /// `announce_change` (PostgreSQL).
    pub(crate) fn announcing_tables_for_test(&self) -> Vec<String> {
        self.db
            .query_all(
                "SELECT DISTINCT event_object_table::text FROM information_schema.triggers
                 WHERE trigger_schema = current_schema()
                   AND action_statement LIKE '%announce_change%'",
                &[],
            )
            .unwrap()
            .iter()
            .map(|r| r.get(0).unwrap())
            .collect()
    }

    /// Runs a statement written for both backends (set-up the store's API does not offer).
    pub(crate) fn execute_for_test(&self, sql: &str, params: &[super::db::Value]) -> u64 {
        self.db.execute(sql, params).unwrap()
    }
}

/// ISO-8601 UTC text (as the store writes it) of `minutes` ago.
pub(crate) fn minutes_ago(minutes: i64) -> String {
    (chrono::Utc::now() - chrono::Duration::minutes(minutes))
        .format("%Y-%m-%dT%H:%M:%S%.3fZ")
        .to_string()
}

/// A remote account named `name` (its service at api.example.com, never reached by a test).
pub(crate) fn remote(name: &str) -> super::NewAccount {
    super::NewAccount {
        name: name.into(),
        base_url: url::Url::parse("https://api.example.com/").unwrap(),
        auth: crate::api::AuthStyle::Bearer,
        organization_id: None,
        key_location: super::KeyLocation::Keychain,
    }
}

/// `by` confirms the desk `whom` after reading the code `whom` shows of itself (Settings →
/// Team on both desks, `store::desks`).
pub(crate) fn confirm(by: &Store, whom: &Store) {
    let code = whom.desk_code().unwrap();
    let desk = by
        .team_desks()
        .unwrap()
        .into_iter()
        .find(|d| d.code == code)
        .expect("the desk is registered");
    by.confirm_desk(&desk.key_id, &code).unwrap();
}

/// The service's record of order `id` with `status` (no order in it).
pub(crate) fn record(id: i64, status: OrderStatus) -> TrackingRecord {
    TrackingRecord {
        id: OrderId(id),
        order_number: OrderNumber::from(format!("{}", 900 + id).as_str()),
        error_message: (status == OrderStatus::Failed).then(|| "Design not final".into()),
        status,
        order: None,
    }
}

/// A new remote account named `name` ([`remote`]).
pub(crate) fn account(store: &Store, name: &str) -> AccountId {
    store.insert_account(&remote(name)).unwrap().id
}

/// A queued order of `account`.
pub(crate) fn queue(
    store: &mut Store,
    account: AccountId,
    reference: &str,
    recipient: &str,
) -> LocalOrderId {
    let draft = store
        .create_draft(account, "{}", reference, recipient)
        .unwrap();
    assert!(
        store
            .queue_draft(draft.id, "{}", reference, recipient, b"BODY")
            .unwrap()
    );
    draft.id
}

/// The service's record of an order placed at `placed` (UTC) for `total` `currency`.
pub(crate) fn priced(
    tracking: i64,
    status: OrderStatus,
    reference: &str,
    placed: &str,
    total: &str,
    currency: &str,
) -> TrackingRecord {
    let order = serde_json::json!({
        "orderNumber": format!("SO-{tracking}"), "placedAtUtc": placed,
        "latestDeliveryDate": "2026-12-01T00:00:00", "reference": reference,
        "currency": currency, "subTotal": 1, "vat": 0, "vatRate": 25,
        "total": total.parse::<f64>().unwrap(),
    });
    TrackingRecord {
        id: OrderId(tracking),
        order_number: OrderNumber::from(format!("SO-{tracking}").as_str()),
        status,
        error_message: None,
        order: Some(serde_json::from_value(order).unwrap()),
    }
}

/// Every row of `account` matching `query`, read `size` rows a page.
pub(crate) fn all_pages(
    store: &Store,
    account: AccountId,
    query: &HistoryQuery,
    size: usize,
) -> Vec<LocalOrder> {
    let mut rows: Vec<LocalOrder> = Vec::new();
    let mut after = None;
    loop {
        let page = store
            .history_page(account, query, after.as_ref(), size)
            .unwrap();
        assert!(page.rows.len() <= size);
        rows.extend(page.rows);
        if !page.more {
            return rows;
        }
        after = Some(HistoryCursor::after(
            rows.last().expect("a page before more"),
        ));
    }
}

/// The rows' ids, in order.
pub(crate) fn ids(rows: &[LocalOrder]) -> Vec<i64> {
    rows.iter().map(|o| o.id.0).collect()
}
