//! The Windows build under Wine, from Linux: `logodesk.exe` cross-built with mingw-w64
//! (`cargo build --release --target x86_64-pc-windows-gnu --bin logodesk`), its installer and
//! its window, run in a throwaway Wine prefix on a private X server (`wine.rs`).
//!
//! 1. `cli`: `--version` and `--help` print into a pipe.
//! 2. `sandbox_api`: `logodesk.exe sandbox` serves the money paths to the Linux client.
//! 3. `send_queued`: `logodesk.exe send-queued --exit-when-sent` sends queued orders once.
//! 4. `installer`: the NSIS installer installs, upgrades in place and uninstalls, keeping data.
//! 5. `window`: the gallery drawn by the exe with its own renderer choice.
//! 6. `keychain`: an account's key stored and read back through Credential Manager.
//! 7. `team`: the exe joins a team's PostgreSQL, queues into its outbox and sends.
//!
//! Every test needs Wine, mingw-w64 and the Windows build, so each is `#[ignore]` with the
//! reason; CI (`.ci/run`) builds the exe and the installer first and runs ignored tests too.
//! Linux only: it drives Wine.

#![cfg(target_os = "linux")]

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/patience.rs"]
mod patience;
#[path = "../common/pg_cluster.rs"]
mod pg_cluster;
#[path = "../runner_common/mod.rs"]
mod runner_common;

mod wine;

mod cli;
mod installer;
mod keychain;
mod sandbox_api;
mod send_queued;
mod team;
mod window;
