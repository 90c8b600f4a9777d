//! The real `logodesk` binary as a child process: the command line, one instance per data
//! folder, kill -9 while sending, `--screenshot`, orders sent exactly once across processes,
//! and the throwaway PostgreSQL server the team database's tests run on.
//!
//! One test binary for many files: each integration-test binary links the whole app, so
//! folding them keeps a cold `cargo test` short. Each file is a module of its own.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/patience.rs"]
mod patience;
#[path = "../common/pg_cluster.rs"]
mod pg_cluster;
#[path = "../common/pg_proxy.rs"]
mod pg_proxy;
#[path = "../runner_common/mod.rs"]
mod runner_common;

mod cli;
mod club_room;
mod install_deb;
mod install_tarball;
mod instance;
mod kill9;
mod log_colour;
mod orders_exactly_once;
mod pg_server;
// Linux only: each desk runs in a D-Bus session of its own with gnome-keyring.
#[cfg(target_os = "linux")]
mod server_sender;
#[cfg(target_os = "linux")]
mod team_desks;
#[cfg(target_os = "linux")]
mod team_kill9;
mod ui_screenshot;
