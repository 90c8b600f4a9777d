//! The client against the sandbox over real HTTP on 127.0.0.1:0: every endpoint, the
//! sandbox's rules and faults, hostile servers, the outbox, PDFs, and the property tests.
//!
//! One test binary for many files: each integration-test binary links the whole app, so
//! folding them keeps a cold `cargo test` short. Each file is a module of its own.

#[path = "../common/mod.rs"]
mod common;
#[path = "../hostile/mod.rs"]
mod hostile;
#[path = "../intermediary/mod.rs"]
mod intermediary;
#[path = "../prop_cases/lifecycle.rs"]
mod lifecycle_model;
#[path = "../common/patience.rs"]
mod patience;
#[path = "../common/pg_cluster.rs"]
mod pg_cluster;
#[path = "../common/pg_proxy.rs"]
mod pg_proxy;
#[path = "../prop_cases/mod.rs"]
mod prop_cases;

mod api_models;
mod hostile_server;
mod intermediaries;
mod lifecycle;
mod not_offered;
mod offline_cache;
mod orders_destinations;
mod orders_outbox;
mod pdf;
mod props;
mod resources;
#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod roster_files;
mod sandbox_design_views;
mod sandbox_designs;
mod sandbox_drafts;
mod sandbox_faults;
mod sandbox_logos;
mod sandbox_orders;
mod sandbox_service;
mod sandbox_vectorize;
mod team_club;
mod team_desks;
mod team_outbox;
