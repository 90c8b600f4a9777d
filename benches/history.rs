//! History at the scale of a team (issue 29, item 9): one account with 100,000 orders, on SQLite
//! (a file, as a desk has it) and on a real PostgreSQL (tests/common/pg_cluster.rs). What the
//! History screen asks of the store when it opens and when a filter changes must take at most
//! 100 ms:
//!
//! - `open`: the first page (200 rows), what every row adds up to, and the rows that wait
//!   (what `OrdersCommand::History` and the lists sent again read);
//! - `status …`, `search …`: a filter changed: its first page, its count and totals, and the
//!   count of every row (the subtitle);
//! - `next page`: the 200 rows after the first 1,000;
//! - `address book`: the 500 newest placed forms the composer's address book is read from
//!   (sent with the lists).
//!
//! The rows are written in one statement per backend (a generated series), with realistic
//! widths: a form of about 1.5 KB, a body of 1 KB, the service's record of about 1 KB. On
//! PostgreSQL the table is vacuumed and analysed afterwards, as autovacuum does after a bulk
//! load; SQLite is not analysed (the app never runs `ANALYZE`).
//!
//! Run: `cargo bench --bench history` (100,000 rows). Under `cargo test --benches` each
//! measurement runs once on 2,000 rows.

use criterion::{Criterion, criterion_group, criterion_main};
use logodesk::api::{AuthStyle, TrackingRecord};
use logodesk::store::{
    AccountId, HistoryCursor, HistoryQuery, HistoryStatus, KeyLocation, NewAccount, Store,
};
use std::hint::black_box;
use std::time::{Duration, Instant};

#[path = "../tests/common/pg_cluster.rs"]
mod pg_cluster;

/// How many orders the account has: 100,000 when measured, a few when only run once.
fn rows() -> i64 {
    if std::env::args().any(|a| a == "--bench") {
        100_000
    } else {
        2_000
    }
}

/// The service's record of an order as the store keeps it, with tokens the seeding SQL
/// replaces per row (`__ID__`, `__PLACED__`, `__TOTAL__`, `__STATUS__`).
fn record_template() -> String {
    let record = serde_json::json!({
        "id": 987_654_321, "orderNumber": "SO-987654321", "status": "Completed",
        "order": {
            "orderNumber": "SO-987654321", "placedAtUtc": "2001-02-03T04:05:06Z",
            "latestDeliveryDate": "2026-12-01T00:00:00", "reference": "PO-987654321",
            "comment": "Tryk på ryggen, navne og numre fra klubbens liste. ".repeat(12),
            "deliveryAddress": {
                "name": "Nordby IF", "street": "Stadionvej 1", "zipCode": "6700",
                "city": "Esbjerg", "countryCode": "DK"
            },
            "currency": "DKK", "subTotal": 100, "vat": 25, "vatRate": 25, "total": 12345.5
        }
    });
    let record: TrackingRecord = serde_json::from_value(record).expect("a tracking record");
    let text = serde_json::to_string(&record).expect("JSON");
    let template = text
        .replace("987654321", "__ID__")
        .replace("2001-02-03T04:05:06Z", "__PLACED__")
        .replace("12345.5", "__TOTAL__")
        .replace("\"Completed\"", "\"__STATUS__\"");
    for token in ["__ID__", "__PLACED__", "__TOTAL__", "__STATUS__"] {
        assert!(template.contains(token), "{token} in {template}");
    }
    template
}

/// The clubs orders go to (one in eight is Sønderby's).
const CLUBS: [&str; 8] = [
    "Nordby IF",
    "SØNDERBY BK",
    "Østerby Boldklub",
    "Vestby FC",
    "Ærø Håndbold",
    "Ribe Roklub",
    "Aalborg Atletik",
    "Esbjerg Svømmeklub",
];

/// SQL picking a club for row `i` (`CASE`, the same on both backends).
fn club_sql() -> String {
    let arms: String = CLUBS
        .iter()
        .enumerate()
        .map(|(n, c)| format!(" WHEN {n} THEN '{c}'"))
        .collect();
    format!("CASE i % 8{arms} END")
}

/// The state of row `i`: of every 2,000, one queued, one uncertain and two sent (the rows
/// that wait: 200 of 100,000), 5 % failed, the rest completed.
const STATE_SQL: &str = "CASE WHEN i % 2000 = 0 THEN 'queued' WHEN i % 2000 = 1 THEN 'uncertain'
    WHEN i % 2000 < 4 THEN 'sent' WHEN i % 20 = 7 THEN 'failed' ELSE 'completed' END";

/// The record of a row (`t`: its placing time text), none for queued and uncertain ones.
fn record_sql(template_param: &str, cast_i: &str) -> String {
    format!(
        "CASE WHEN state IN ('queued', 'uncertain') THEN NULL ELSE
            replace(replace(replace(replace({template_param}, '__ID__', {cast_i}),
                '__PLACED__', substr(t, 1, 19) || 'Z'),
                '__TOTAL__', (i % 5000) || '.5'),
                '__STATUS__', CASE state WHEN 'completed' THEN 'Completed'
                    WHEN 'failed' THEN 'Failed' ELSE 'Pending' END) END"
    )
}

fn account(store: &Store) -> AccountId {
    store
        .insert_account(&NewAccount {
            name: "Club shop".into(),
            base_url: url::Url::parse("https://api.example.com/").expect("address"),
            auth: AuthStyle::Bearer,
            organization_id: None,
            key_location: KeyLocation::Keychain,
        })
        .expect("an account")
        .id
}

const FORM: usize = 1500;
const BODY: usize = 1000;

/// `rows` orders of `account` in the SQLite file at `path`, in one statement.
fn seed_sqlite(path: &std::path::Path, account: AccountId, rows: i64) {
    let conn = rusqlite::Connection::open(path).expect("the database");
    logodesk::store::register_sqlite_functions(&conn).expect("the store's functions");
    let sql = format!(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
         INSERT INTO local_orders (account_id, state, idempotency_key, draft_json, body,
             reference, recipient, tracking_id, order_number, record_json, created_at,
             updated_at, queued_at, placed_at, dest_base, dest_auth, dest_org,
             dest_key_version, reached)
         SELECT ?1, state, 'key-' || i, ?3, ?4, 'PO-' || i, {club},
             CASE WHEN state = 'queued' THEN NULL ELSE i END,
             CASE WHEN state = 'queued' THEN NULL ELSE 'SO-' || i END, {record},
             t, t, t, t, 'https://api.example.com/', 'bearer', NULL, 1, 1
         FROM (SELECT i, strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || (i * 5) || ' minutes') AS t,
               {STATE_SQL} AS state FROM n)",
        club = club_sql(),
        record = record_sql("?5", "CAST(i AS TEXT)"),
    );
    conn.execute(
        &sql,
        rusqlite::params![
            account.0,
            rows,
            "f".repeat(FORM),
            vec![b'b'; BODY],
            record_template()
        ],
    )
    .expect("seeding SQLite");
}

/// `rows` orders of `account` in the team database `name`, in one statement; then vacuumed
/// and analysed.
fn seed_postgres(name: &str, account: AccountId, rows: i64) {
    let cluster = pg_cluster::shared();
    let mut client = postgres::Client::connect(&cluster.conninfo(name), postgres::NoTls)
        .expect("the test server");
    client
        .batch_execute("SET search_path TO logodesk")
        .expect("search path");
    let sql = format!(
        "INSERT INTO local_orders (account_id, state, idempotency_key, draft_json, body,
             reference, recipient, tracking_id, order_number, record_json, created_at,
             updated_at, queued_at, placed_at, dest_base, dest_auth, dest_org,
             dest_key_version, reached)
         SELECT $1, state, 'key-' || i, $3, $4, 'PO-' || i, {club},
             CASE WHEN state = 'queued' THEN NULL ELSE i END,
             CASE WHEN state = 'queued' THEN NULL ELSE 'SO-' || i END, {record},
             t, t, t, t, 'https://api.example.com/', 'bearer', NULL, 1, 1
         FROM (SELECT i, to_char(TIMESTAMP '2025-01-01' + make_interval(mins => (i * 5)::INT),
                   'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') AS t,
               {STATE_SQL} AS state FROM generate_series(1, $2::BIGINT) AS i) AS s",
        club = club_sql(),
        record = record_sql("$5::TEXT", "i::TEXT"),
    );
    client
        .execute(
            &sql,
            &[
                &account.0,
                &rows,
                &"f".repeat(FORM),
                &vec![b'b'; BODY],
                &record_template(),
            ],
        )
        .expect("seeding PostgreSQL");
    client
        .batch_execute("VACUUM ANALYZE local_orders")
        .expect("vacuum");
}

/// What History asks when its list starts again under `query`: the first page, the count and
/// totals of the rows matching, and of every row.
fn first_list(store: &Store, account: AccountId, query: &HistoryQuery) -> usize {
    let page = store
        .history_page(account, query, None, 200)
        .expect("a page");
    let matching = store
        .history_totals_after(account, query, &page)
        .expect("totals");
    black_box(page.rows.len() + matching.count + matching.of_all)
}

fn measure(c: &mut Criterion, backend: &str, store: &Store, account: AccountId, rows: i64) {
    let started = Instant::now();
    let all = store
        .history_totals(account, &HistoryQuery::default())
        .expect("totals");
    assert_eq!(all.count as i64, rows, "every row seeded");
    eprintln!(
        "{backend}: {} rows, first count in {:?}",
        all.count,
        started.elapsed()
    );
    let mut group = c.benchmark_group(format!("history {backend} {rows} rows"));
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(4));
    group.bench_function("open (first page, count, waiting rows)", |b| {
        b.iter(|| {
            first_list(store, account, &HistoryQuery::default())
                + store.waiting_orders(account).expect("waiting").len()
        })
    });
    let status = |status| HistoryQuery {
        status,
        ..HistoryQuery::default()
    };
    let text = |text: &str| HistoryQuery {
        text: text.into(),
        ..HistoryQuery::default()
    };
    for (name, query) in [
        ("status completed", status(HistoryStatus::Completed)),
        (
            "status needs attention",
            status(HistoryStatus::NeedsAttention),
        ),
        ("status in progress", status(HistoryStatus::InProgress)),
        ("search 'sønderby' (1 in 8)", text("sønderby")),
        ("search 'PO-4242' (a few)", text("PO-4242")),
        ("search nothing matches", text("no such order")),
    ] {
        group.bench_function(name, |b| b.iter(|| first_list(store, account, &query)));
    }
    let deep = store
        .history_page(account, &HistoryQuery::default(), None, 1000)
        .expect("a page");
    let after = deep.rows.last().map(HistoryCursor::after);
    group.bench_function("next page (after 1,000 rows)", |b| {
        b.iter(|| {
            store
                .history_page(account, &HistoryQuery::default(), after.as_ref(), 200)
                .expect("a page")
                .rows
                .len()
        })
    });
    group.bench_function("address book (500 placed forms)", |b| {
        b.iter(|| store.placed_forms(account, 500).expect("forms").len())
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let rows = rows();

    let dir = tempfile::tempdir().expect("a temporary folder");
    // `HISTORY_BENCH_KEEP=folder`: the SQLite file is written there and kept (to read its
    // query plans).
    let path = match std::env::var_os("HISTORY_BENCH_KEEP") {
        Some(folder) => std::path::PathBuf::from(folder).join("logodesk.sqlite"),
        None => dir.path().join("logodesk.sqlite"),
    };
    let store = Store::open(&path).expect("SQLite");
    let sqlite_account = account(&store);
    let started = Instant::now();
    seed_sqlite(&path, sqlite_account, rows);
    eprintln!("SQLite: {rows} rows written in {:?}", started.elapsed());
    measure(c, "SQLite", &store, sqlite_account, rows);
    drop(store);

    let cluster = pg_cluster::shared();
    let name = cluster.create_database();
    let client =
        logodesk::team::connect_to(&cluster.socket_url(&name), "bench").expect("the test server");
    let store = Store::open_postgres(client).expect("PostgreSQL");
    let pg_account = account(&store);
    let started = Instant::now();
    seed_postgres(&name, pg_account, rows);
    eprintln!(
        "PostgreSQL: {rows} rows written (and vacuumed) in {:?}",
        started.elapsed()
    );
    measure(c, "PostgreSQL", &store, pg_account, rows);
}

criterion_group!(history_benches, benches);
criterion_main!(history_benches);
