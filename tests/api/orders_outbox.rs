//! Issue 9: an answer that cannot be recorded does not make the outbox resend in a tight
//! loop (it backs off and tells the person once), and a tracked order the service does not
//! know ends in a clear state instead of being polled forever.

use crate::common;

use crate::common::PATIENCE;
use common::*;
use logodesk::api::*;
use logodesk::backend::orders::outbox::UNUSABLE_ANSWERS;
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
    SharedStore::new(Store::open(db).unwrap())
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

/// An order queued for a hostile service at `scenario`, and the outbox sending it.
fn queue_at_hostile(
    server: &crate::hostile::Hostile,
    scenario: &str,
    dir: &Path,
) -> (SharedStore, LocalOrderId, Outbox) {
    let db = dir.join(format!("{scenario}.sqlite"));
    let (account, id) = {
        let mut store = Store::open(&db).unwrap();
        let account = account(&store, &server.base(scenario));
        let order =
            PlaceOrder::new(scenario, address()).with_logo(LogoLine::quantity(LogoId(9), 5));
        let body = serde_json::to_vec(&order).unwrap();
        let draft = store
            .create_draft(account, "{}", scenario, "Nordby IF")
            .unwrap();
        assert!(
            store
                .queue_draft(draft.id, "{}", scenario, "Nordby IF", &body)
                .unwrap()
        );
        (account, draft.id)
    };
    let store = shared(&db);
    let policy = RetryPolicy::default()
        .with_base_delay(Duration::from_millis(50))
        .with_max_delay(Duration::from_millis(200));
    let client = Client::new(
        ClientConfig::parse(&server.base(scenario), crate::hostile::KEY)
            .unwrap()
            .with_retry(policy),
    )
    .unwrap();
    let config = OutboxConfig {
        poll_interval: Duration::from_millis(100),
        first_poll: Duration::from_millis(10),
        ..OutboxConfig::default()
    };
    let outbox = Outbox::start_for(
        store.clone(),
        client,
        account,
        None,
        config,
        OutboxReports::changes(Arc::new(|_| {})),
    );
    (store, id, outbox)
}

/// Issue 19: a 2xx whose answer cannot be used (40 MiB, a negative total, not JSON) means the
/// service created the order. The row counts as reached from the first such answer, is sent
/// again only a few times with the same key (never in a loop), ends `uncertain`, and copying
/// it asks first; the service holds exactly one order.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_success_that_cannot_be_used_ends_uncertain_with_one_order_and_copying_asks() {
    let server = crate::hostile::Hostile::start();
    let dir = tempfile::tempdir().unwrap();
    for scenario in ["place-big", "place-neg", "place-garbage"] {
        let (store, id, outbox) = queue_at_hostile(&server, scenario, dir.path());
        let started = Instant::now();
        while state(&store, id).await == OrderState::Queued {
            assert!(started.elapsed() < PATIENCE, "{scenario}: still queued");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let row = store.lock().unwrap().local_order(id).unwrap();
        assert_eq!(row.state, OrderState::Uncertain, "{scenario}: {row:?}");
        assert!(row.reached, "{scenario}");
        assert!(!row.can_return_to_draft(), "{scenario}");
        assert!(logodesk::orders::local::copy_is_risky(&row), "{scenario}");
        assert!(row.error_message.is_some(), "{scenario}: a reason is kept");
        // Given up: no more sends afterwards.
        let sends = outbox.stats().sends.load(Ordering::Relaxed);
        assert_eq!(sends, u64::from(UNUSABLE_ANSWERS), "{scenario}");
        drop(outbox);
        assert_eq!(server.placed(scenario), 1, "{scenario}: one order");
        let requests = server.requests(scenario);
        assert_eq!(requests.len(), 1, "{scenario}: one key");
        assert_eq!(requests[0].len() as u32, UNUSABLE_ANSWERS, "{scenario}");
    }
}

/// Issue 19: a 429 with `Retry-After: 1` is waited out (the resend comes a second later, not
/// at the back-off's 50 ms), created nothing, and the resend places the order once; it is
/// then tracked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_retry_after_is_honoured_and_the_order_is_placed_once() {
    let server = crate::hostile::Hostile::start();
    let dir = tempfile::tempdir().unwrap();
    let (store, id, _outbox) = queue_at_hostile(&server, "place-429", dir.path());
    let started = Instant::now();
    while !matches!(
        state(&store, id).await,
        OrderState::Sent | OrderState::Completed
    ) {
        assert!(started.elapsed() < PATIENCE, "never placed");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(server.placed("place-429"), 1);
    let requests = server.requests("place-429");
    assert_eq!(requests.len(), 1, "one key");
    assert_eq!(requests[0].len(), 2, "refused once, then placed");
    let waited = requests[0][1] - requests[0][0];
    assert!(
        waited >= Duration::from_millis(950),
        "resent after {waited:?}"
    );
    let row = store.lock().unwrap().local_order(id).unwrap();
    assert!(row.tracking_id.is_some());
    assert!(!logodesk::orders::local::copy_is_risky(&row));
}
