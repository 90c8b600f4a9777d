//! Exactly once through the app's own outbox: N orders are queued in the local database the
//! way "Place order" queues them (key and exact body in one transaction), and the real
//! outbox sender and tracker ([`logodesk::backend::orders::Outbox`]) send and track them
//! against a sandbox whose requests fail 30 % of the time *after* being applied, while the
//! outbox is dropped mid-send and started again from the database several times (a crash
//! and restart). The server must end up with exactly N orders, each tracked to a final
//! state, none duplicated, none lost.

mod common;

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::*;
use logodesk::api::*;
use logodesk::backend::orders::{OnChange, Outbox, OutboxConfig};
use logodesk::sandbox::SandboxConfig;
use logodesk::store::{OrderState, Store};

const N: usize = 400;
const CRASHES: usize = 10;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn queued_orders_are_placed_exactly_once_through_faults_and_crashes() {
    let started = Instant::now();
    let env = start_with(SandboxConfig {
        fault_rate: 0.3,
        placement_delay: Some(Duration::from_millis(100)),
        ..SandboxConfig::fast()
    })
    .await;
    let client = Client::new(
        ClientConfig::parse(&env.sb.base_url(), env.key())
            .unwrap()
            .with_retry(fast_retry().with_max_retries(2)),
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("logodesk.sqlite");

    // Queue N orders as the composer's "Place order" does.
    let account = {
        let mut store = Store::open(&db).unwrap();
        let account = store.ensure_sandbox_account().unwrap().id;
        for i in 0..N {
            let order = simple_order(&env, &format!("ONCE-{i}"));
            let body = serde_json::to_vec(&order).unwrap();
            let draft = store
                .create_draft(account, "{}", &order.reference, "Nordby IF")
                .unwrap();
            assert!(
                store
                    .queue_draft(draft.id, "{}", &order.reference, "Nordby IF", &body)
                    .unwrap()
            );
        }
        account
    };
    let config = OutboxConfig {
        poll_interval: Duration::from_millis(150),
        first_poll: Duration::from_millis(100),
        concurrency: 16,
        max_backoff: Duration::from_millis(200),
    };
    let changes = Arc::new(AtomicUsize::new(0));
    let counter = changes.clone();
    let on_change: OnChange = Arc::new(move |_| {
        counter.fetch_add(1, Ordering::Relaxed);
    });

    // Crash and restart: each run reopens the database and is dropped mid-send.
    let mut sent_when_dropped = Vec::new();
    for crash in 0..CRASHES {
        let store = Arc::new(Mutex::new(Store::open(&db).unwrap()));
        let outbox = Outbox::start(
            store.clone(),
            client.clone(),
            account,
            config,
            on_change.clone(),
        );
        tokio::time::sleep(Duration::from_millis(40 + 15 * crash as u64)).await;
        drop(outbox);
        let left = store.lock().unwrap().outbox(account).unwrap().len();
        sent_when_dropped.push(N - left);
    }
    assert!(
        sent_when_dropped.first().is_some_and(|&s| s < N),
        "the first run was not interrupted mid-send: {sent_when_dropped:?}"
    );

    // The last start runs until everything is final.
    let store = Arc::new(Mutex::new(Store::open(&db).unwrap()));
    let _outbox = Outbox::start(store.clone(), client.clone(), account, config, on_change);
    let rows = wait_for(Duration::from_secs(40), || {
        let store = store.clone();
        async move {
            let rows = store.lock().unwrap().local_orders(account, false).unwrap();
            rows.iter().all(|r| r.state.is_final()).then_some(rows)
        }
    })
    .await;
    let elapsed = started.elapsed();

    assert_eq!(rows.len(), N);
    let mut ids = BTreeSet::new();
    let mut attempts = 0;
    for r in &rows {
        assert_eq!(r.state, OrderState::Completed, "{r:?}");
        let record = r.record.as_ref().expect("a tracking record");
        let order = record.order.as_ref().expect("the completed order");
        assert_eq!(
            order.reference, r.reference,
            "the order went to the right row"
        );
        assert!(ids.insert(record.id.0), "tracking id {} twice", record.id);
        attempts += r.attempts;
    }
    // Tracking ids are handed out in sequence: the N orders fill min..=max and nothing
    // follows, so no order was created twice.
    let (min, max) = (*ids.first().unwrap(), *ids.last().unwrap());
    assert_eq!((max - min + 1) as usize, N, "extra orders were created");
    let beyond = loop {
        match env.vendor.orders().get(OrderId(max + 1)).await {
            Err(e) if e.is_retryable() => continue,
            other => break other,
        }
    };
    assert!(
        beyond.as_ref().is_err_and(ApiError::is_not_found),
        "an order beyond the N exists: {beyond:?}"
    );
    eprintln!(
        "exactly once: {N} orders, {CRASHES} crashes (sent before each: {sent_when_dropped:?}), \
         {attempts} failed send attempts recorded, {} row changes, all Completed in {:.1} s",
        changes.load(Ordering::Relaxed),
        elapsed.as_secs_f64()
    );
    assert!(elapsed < Duration::from_secs(60), "took {elapsed:?}");
}
