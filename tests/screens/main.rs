//! The app's screens in egui_kittest against an in-process sandbox: find widgets by label,
//! click, type, assert; rendered snapshots where a picture is the point.
//!
//! One test binary for many files: each integration-test binary links the whole app, so
//! folding them keeps a cold `cargo test` short. Each file is a module of its own.

#[path = "../common/mod.rs"]
mod common;
#[path = "../hostile/mod.rs"]
mod hostile;
#[path = "../common/patience.rs"]
mod patience;
#[path = "../common/pg_cluster.rs"]
mod pg_cluster;
#[path = "../ui_common/mod.rs"]
mod ui_common;

mod failures;
mod orders_uncertain;
mod ui_account_orders;
mod ui_accounts;
mod ui_approval;
mod ui_club;
mod ui_designs;
mod ui_editor;
mod ui_exports;
mod ui_file_dialogs;
mod ui_gallery;
mod ui_history_pages;
mod ui_hostile;
mod ui_keys;
mod ui_notify;
mod ui_orders;
mod ui_proofs;
mod ui_tasks;
mod ui_team;
mod ui_team_follow;
