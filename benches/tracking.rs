//! The cost of tracking 500 pending orders at once, printed:
//!
//! - `outbox`: the real outbox (sender and tracker, the spec's 5 s poll interval) following 500
//!   orders that stay `Pending` (the sandbox's placement delay is 10 minutes): requests per
//!   order per 5 s, and CPU time of the whole process (sandbox included, so an upper bound);
//! - `ui`: the real app (kittest harness, no rendering) on the History screen while its backend
//!   tracks the same 500 orders: frame time (median, 99th percentile, longest).
//!
//! Run: `cargo bench --bench tracking`.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use logodesk::api::{Client, ClientConfig, DeliveryAddress, LogoId, LogoLine, PlaceOrder};
use logodesk::app::LogodeskApp;
use logodesk::backend::orders::{Outbox, OutboxConfig};
use logodesk::backend::{BackendConfig, StoreLocation};
use logodesk::sandbox::{self, SandboxConfig, fixtures};
use logodesk::store::{AccountId, Store};
use logodesk::ui::PersistedUi;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

#[path = "../tests/common/patience.rs"]
mod patience;
#[path = "../tests/ui_common/mod.rs"]
mod ui_common;

const ORDERS: usize = 500;
const WINDOW: Duration = Duration::from_secs(20);

/// CPU time (user + system) of this process so far: `getrusage`, the same on Linux and macOS
/// (`/proc` is Linux's alone).
#[cfg(unix)]
fn cpu_time() -> Duration {
    // SAFETY: `getrusage` only writes the zeroed plain-data struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        panic!("getrusage failed: {}", std::io::Error::last_os_error());
    }
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec.try_into().unwrap_or(0))
            + Duration::from_micros(t.tv_usec.try_into().unwrap_or(0))
    };
    time(usage.ru_utime) + time(usage.ru_stime)
}

/// Not measured elsewhere: the bench runs on Linux and macOS.
#[cfg(not(unix))]
fn cpu_time() -> Duration {
    Duration::ZERO
}

fn slow_sandbox() -> SandboxConfig {
    SandboxConfig {
        placement_delay: Some(Duration::from_secs(600)),
        ..SandboxConfig::fast()
    }
}

/// Queues `ORDERS` orders for the sandbox account, as "Place order" does.
fn queue_orders(store: &mut Store) -> AccountId {
    let account = store.ensure_sandbox_account().expect("sandbox account").id;
    for i in 0..ORDERS {
        let order = PlaceOrder::new(
            format!("TRACK-{i}"),
            DeliveryAddress::new("Nordby IF", "Stadionvej 1", "6700", "Esbjerg", "DK"),
        )
        .with_logo(LogoLine::quantity(LogoId(fixtures().done_logo_id), 5));
        let body = serde_json::to_vec(&order).expect("body");
        let draft = store
            .create_draft(account, "{}", &order.reference, "Nordby IF")
            .expect("draft");
        store
            .queue_draft(draft.id, "{}", &order.reference, "Nordby IF", &body)
            .expect("queued");
    }
    account
}

fn outbox_cost() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let sb = sandbox::spawn(slow_sandbox()).await.expect("sandbox");
        let client = Client::new(
            ClientConfig::parse(&sb.base_url(), fixtures().vendor_api_key).expect("config"),
        )
        .expect("client");
        let mut store = Store::open_in_memory().expect("store");
        let account = queue_orders(&mut store);
        let store = logodesk::backend::orders::SharedStore::new(store);
        let outbox = Outbox::start(
            store.clone(),
            client,
            account,
            OutboxConfig::default(),
            Arc::new(|_| {}),
        );
        // Let everything be sent and the first polls happen, then measure a steady window.
        while !store
            .lock()
            .expect("store")
            .outbox(account)
            .expect("outbox")
            .is_empty()
        {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
        let polls_before = outbox.stats().polls.load(Ordering::Relaxed);
        let (cpu_before, start) = (cpu_time(), Instant::now());
        tokio::time::sleep(WINDOW).await;
        let polls = outbox.stats().polls.load(Ordering::Relaxed) - polls_before;
        let cpu = cpu_time() - cpu_before;
        let secs = start.elapsed().as_secs_f64();
        let per_order_per_5s = polls as f64 / ORDERS as f64 / (secs / 5.0);
        println!(
            "outbox: {ORDERS} pending orders over {secs:.1} s: {polls} polls = {per_order_per_5s:.2} requests per order per 5 s; \
             CPU {:.0} ms = {:.1} % of one core (sandbox included)",
            cpu.as_secs_f64() * 1000.0,
            cpu.as_secs_f64() / secs * 100.0
        );
        drop(outbox);
        sb.shutdown().await;
    });
}

fn ui_cost() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("logodesk.sqlite");
    queue_orders(&mut Store::open(&db).expect("store"));
    let mut config = BackendConfig::ephemeral(ui_common::mock_keychain());
    config.store = StoreLocation::File(db);
    config.sandbox = Some(slow_sandbox());
    let mut h: Harness<'static, LogodeskApp> =
        ui_common::app_with(config, egui::Theme::Light, PersistedUi::default());
    let start = Instant::now();
    while h.state().screens().history.orders.len() < ORDERS
        || h.state()
            .screens()
            .history
            .orders
            .iter()
            .any(|o| o.tracking_id.is_none())
    {
        assert!(start.elapsed() < Duration::from_secs(60), "orders not sent");
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    h.get_by_label("History").click();
    h.run_steps(3);
    let mut frames = Vec::new();
    let cpu_before = cpu_time();
    let start = Instant::now();
    while start.elapsed() < WINDOW {
        let t = Instant::now();
        h.step();
        frames.push(t.elapsed());
        std::thread::sleep(Duration::from_millis(16));
    }
    let cpu = cpu_time() - cpu_before;
    frames.sort();
    let pct = |p: f64| frames[((frames.len() - 1) as f64 * p) as usize];
    println!(
        "ui: History with {ORDERS} tracked orders, {} frames: median {:.2} ms, p99 {:.2} ms, longest {:.2} ms; \
         process CPU {:.1} % of one core (UI, backend and sandbox)",
        frames.len(),
        pct(0.5).as_secs_f64() * 1000.0,
        pct(0.99).as_secs_f64() * 1000.0,
        frames.last().copied().unwrap_or_default().as_secs_f64() * 1000.0,
        cpu.as_secs_f64() / start.elapsed().as_secs_f64() * 100.0
    );
}

fn main() {
    outbox_cost();
    ui_cost();
}
