//! The team's test plumbing for the modules above the store (the team, the backend, the
//! commands): connections to the test server as a desk makes them ([`TeamClient`]: every call
//! bounded, what the server sends read within limits). The store's own tests connect with
//! `store::testing`'s plain client.

use super::TeamClient;
use crate::store::testing::pg_cluster;

/// A desk's connection to a fresh, empty database of its own on the test server, and its name.
pub(crate) fn pg_client() -> (TeamClient, String) {
    let name = pg_cluster::shared().create_database();
    (pg_connect(&name), name)
}

/// Another desk's connection to the test server's database `name` (over its Unix socket).
pub(crate) fn pg_connect(name: &str) -> TeamClient {
    super::connect_to(&pg_cluster::shared().socket_url(name), "test")
        .unwrap_or_else(|e| panic!("connecting to the test server's {name}: {e}"))
}
