//! The team database's tests (issue 29) run on a real PostgreSQL, never a mock of it: the
//! throwaway server of `tests/common/pg_cluster.rs`, from Debian's `postgresql` package (which
//! `.ci/run` installs). Here it starts, gives a test a database of its own, takes SQL, and keeps
//! its data through an abrupt stop and a restart (what a desk sees when the team's server
//! restarts mid-send). Nothing is skipped: without the server's programs the test fails with a
//! sentence saying how to install them.

use crate::pg_cluster;

#[test]
fn a_throwaway_postgresql_takes_sql_and_keeps_its_data_through_a_restart() {
    let pg = pg_cluster::shared();
    let db = pg.create_database();
    pg.psql(
        &db,
        "CREATE TABLE orders (id bigint PRIMARY KEY, state text NOT NULL);
         INSERT INTO orders VALUES (1, 'queued')",
    )
    .unwrap();
    let other = pg.create_database();
    assert_ne!(db, other, "a database per test");
    assert!(
        pg.psql(&other, "SELECT count(*) FROM orders").is_err(),
        "another test's database does not see this one's tables"
    );

    pg.stop().unwrap();
    assert!(
        pg.psql(&db, "SELECT 1").is_err(),
        "a stopped server answers nothing"
    );
    pg.restart().unwrap();
    assert_eq!(
        pg.psql(&db, "SELECT state FROM orders WHERE id = 1")
            .unwrap(),
        "queued",
        "the committed row is still there after the restart"
    );
}
