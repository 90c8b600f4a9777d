//! Issue 9: an answer that cannot be recorded does not make the outbox resend in a tight
//! loop (it backs off and tells the person once), and a tracked order the service does not
//! know ends in a clear state instead of being polled forever.

use crate::common;

use crate::common::PATIENCE;
use common::*;
use logodesk::api::*;
use logodesk::backend::orders::{Outbox, OutboxConfig, OutboxReports, SharedStore};
use logodesk::sandbox::SandboxConfig;
use logodesk::store::{AccountId, KeyLocation, LocalOrderId, NewAccount, OrderState, Store};
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn account(store: &Store, base: &str) -> AccountId {
    store
        .insert_account(&NewAccount {
            name: "Service".into(),
            base_url: base.parse().unwrap(),
            auth: AuthStyle::Bearer,
            organization_id: None,
            key_location: KeyLocation::Keychain,
        })
        .unwrap()
        .id
}

fn shared(db: &Path) -> SharedStore {
    Arc::new(Mutex::new(Store::open(db).unwrap()))
}

async fn state(store: &SharedStore, id: LocalOrderId) -> OrderState {
    let store = store.clone();
    tokio::task::spawn_blocking(move || store.lock().unwrap().local_order(id).unwrap().state)
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_that_cannot_be_recorded_is_not_resent_in_a_tight_loop() {
    let env = start_with(SandboxConfig::fast()).await;
    let before = env.sb.state().lock().orders.len();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("logodesk.sqlite");
    let (account, id) = {
        let mut store = Store::open(&db).unwrap();
        let account = account(&store, &env.sb.base_url());
        let body = serde_json::to_vec(&simple_order(&env, "UNRECORDABLE")).unwrap();
        let draft = store
            .create_draft(account, "{}", "UNRECORDABLE", "Nordby IF")
            .unwrap();
        store
            .queue_draft(draft.id, "{}", "UNRECORDABLE", "Nordby IF", &body)
            .unwrap();
        (account, draft.id)
    };
    // The disk refuses to take the tracking id (as when it is full).
    let sql = rusqlite::Connection::open(&db).unwrap();
    sql.execute_batch(
        "CREATE TRIGGER disk_full BEFORE UPDATE OF tracking_id ON local_orders
         WHEN NEW.tracking_id IS NOT NULL
         BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;",
    )
    .unwrap();

    let store = shared(&db);
    let problems = Arc::new(Mutex::new(Vec::new()));
    let told = problems.clone();
    let reports = OutboxReports {
        on_problem: Arc::new(move |e| told.lock().unwrap().push(e.message)),
        ..OutboxReports::changes(Arc::new(|_| {}))
    };
    let policy = RetryPolicy::default()
        .with_base_delay(Duration::from_millis(50))
        .with_max_delay(Duration::from_millis(400));
    let client = Client::new(
        ClientConfig::parse(&env.sb.base_url(), env.key())
            .unwrap()
            .with_retry(policy),
    )
    .unwrap();
    let outbox = Outbox::start_for(
        store.clone(),
        client,
        account,
        None,
        OutboxConfig::default(),
        reports,
    );
    let window = Duration::from_secs(3);
    tokio::time::sleep(window).await;
    let sends = outbox.stats().sends.load(Ordering::Relaxed);
    // Back-off 50, 100, 200, 400, 400… ms: about ten sends in three seconds, not thousands.
    assert!((2..=20).contains(&sends), "{sends} sends in {window:?}");
    assert_eq!(state(&store, id).await, OrderState::Queued);
    let said = problems.lock().unwrap().clone();
    assert_eq!(said.len(), 1, "told once: {said:?}");
    assert!(said[0].contains("could not record"), "{}", said[0]);
    // The service placed it once; every resend got the same order back.
    assert_eq!(env.sb.state().lock().orders.len(), before + 1);

    // Once the disk takes it again, the answer is recorded.
    sql.execute_batch("DROP TRIGGER disk_full").unwrap();
    let started = Instant::now();
    while state(&store, id).await == OrderState::Queued {
        assert!(started.elapsed() < PATIENCE, "never recorded");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(env.sb.state().lock().orders.len(), before + 1);
    eprintln!("write failures: {sends} sends in {window:?} while the answer could not be recorded");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_order_the_service_does_not_know_ends_unknown_and_is_no_longer_polled() {
    let env = start_with(SandboxConfig::fast()).await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("logodesk.sqlite");
    let (account, id) = {
        let store = Store::open(&db).unwrap();
        let account = account(&store, &env.sb.base_url());
        let lost = TrackingRecord {
            id: OrderId(987_654_321),
            order_number: OrderNumber::from("SO-LOST"),
            status: OrderStatus::Pending,
            error_message: None,
            order: None,
        };
        (account, store.add_tracked(account, &lost).unwrap().id)
    };
    let store = shared(&db);
    let config = OutboxConfig {
        poll_interval: Duration::from_millis(50),
        first_poll: Duration::from_millis(10),
        max_backoff: Duration::from_millis(100),
        unknown_polls: 4,
        unknown_after: Duration::ZERO,
        ..OutboxConfig::default()
    };
    let outbox = Outbox::start(
        store.clone(),
        client(&env.sb.base_url(), env.key(), AuthStyle::Bearer),
        account,
        config,
        Arc::new(|_| {}),
    );
    let started = Instant::now();
    while state(&store, id).await != OrderState::Unknown {
        assert!(
            started.elapsed() < PATIENCE,
            "still polled after {} polls",
            outbox.stats().polls.load(Ordering::Relaxed)
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let polls = outbox.stats().polls.load(Ordering::Relaxed);
    assert!(polls >= 4, "{polls}");
    // Given up: several poll intervals later, no more polls.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(outbox.stats().polls.load(Ordering::Relaxed), polls);
    let row = store.lock().unwrap().local_order(id).unwrap();
    assert!(row.state.is_final());
    assert!(row.last_error.is_some_and(|e| e.contains("987654321")));
    eprintln!("unknown order: given up after {polls} polls");
}
