//! The store's conformance suite: every store test runs its body on both backends, SQLite in
//! memory (or in a file, where reopening matters) and a fresh database of its own on the test
//! binary's PostgreSQL server (tests/common/pg_cluster.rs). The test plumbing of the store and
//! of the modules above it (the team, the backend, the commands) lives here.

use super::Store;

/// The test binary's one PostgreSQL server (every unit test that needs one shares it).
#[path = "../../tests/common/pg_cluster.rs"]
pub(crate) mod pg_cluster;

/// A PostgreSQL wire proxy that can lose a COMMIT's answer (issue 38).
#[path = "../../tests/common/pg_proxy.rs"]
pub(crate) mod pg_proxy;

/// A connection to a fresh, empty database of its own on the test server, and its name.
pub(crate) fn pg_client() -> (crate::team::TeamClient, String) {
    let name = pg_cluster::shared().create_database();
    (pg_connect(&name), name)
}

/// Another connection to the test server's database `name` (as a desk makes one: over its
/// Unix socket, every call bounded).
pub(crate) fn pg_connect(name: &str) -> crate::team::TeamClient {
    crate::team::connect_to(&pg_cluster::shared().socket_url(name), "test")
        .unwrap_or_else(|e| panic!("connecting to the test server's {name}: {e}"))
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
