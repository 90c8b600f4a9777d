//! Exactly once through the whole app backend: N orders are queued in the local database the
//! way "Place order" queues them (key and exact body in one transaction), then the real
//! [`Backend`] — its tokio runtime, worker, outbox sender and tracker — is started over that
//! data folder and dropped mid-send several times (as on a crash or quit and restart), against
//! a service (the sandbox, running on its own like the real one) whose requests fail 30 % of
//! the time *after* being applied. The server must end up with exactly N orders, each tracked
//! to a final state, none duplicated, none lost.
//!
//! `cargo test --test processes orders_exactly_once:: -- --nocapture` prints the figures.

use crate::common;
use crate::runner_common;

use std::collections::BTreeSet;
use std::path::Path;
use std::time::{Duration, Instant};

use crate::common::PATIENCE;
use common::*;
use logodesk::api::*;
use logodesk::backend::{Backend, BackendConfig, Event, StartAccount, StoreLocation};
use logodesk::keychain::Keychain;
use logodesk::sandbox::SandboxConfig;
use logodesk::store::{AccountId, KeyLocation, NewAccount, OrderState, Store};

const N: usize = 400;
const RESTARTS: usize = 8;

/// The app's backend over `db`, acting for `account` (the test's service), with quick retries
/// and polls.
fn backend_config(db: &Path, keychain: &Keychain, account: AccountId) -> BackendConfig {
    BackendConfig {
        store: StoreLocation::File(db.to_owned()),
        sandbox: None,
        keychain: Some(keychain.clone()),
        start_account: StartAccount::Id(account),
        retry: fast_retry().with_max_retries(2),
        worker_threads: 2,
        order_poll: Duration::from_millis(150),
        task_poll: Duration::from_millis(150),
        downloads: None,
        file_dialog: None,
        dialog_parent: None,
        join_team_at_start: false,
    }
}

/// Drains the backend's events until the account is active; panics on a start-up problem.
fn wait_until_active(backend: &Backend) {
    let started = Instant::now();
    loop {
        while let Some(envelope) = backend.try_recv() {
            match envelope.event {
                Event::AccountActivated { problem: None, .. } => return,
                Event::AccountActivated {
                    problem: Some(p), ..
                } => panic!("the account cannot be used: {p}"),
                Event::Failed(error) => panic!("the backend failed: {error}"),
                _ => {}
            }
        }
        assert!(started.elapsed() < PATIENCE, "the backend did not start");
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn queued_orders_are_placed_exactly_once_through_faults_and_backend_restarts() {
    let started = Instant::now();
    // The service runs on its own runtime: it outlives every backend, like the real one.
    let service = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let env = service.block_on(start_with(SandboxConfig {
        fault_rate: 0.3,
        placement_delay: Some(Duration::from_millis(100)),
        ..SandboxConfig::fast()
    }));
    let keychain = Keychain::with_store(keyring_core::mock::Store::new().unwrap());
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("logodesk.sqlite");

    // An account for the service, and N orders queued as the composer's "Place order" does.
    let account = {
        let mut store = Store::open(&db).unwrap();
        let account = store
            .insert_account(&NewAccount {
                name: "Service".into(),
                base_url: env.sb.base_url().parse().unwrap(),
                auth: AuthStyle::Bearer,
                organization_id: None,
                key_location: KeyLocation::Keychain,
            })
            .unwrap()
            .id;
        keychain.set(account, &ApiKey::new(env.key())).unwrap();
        for i in 0..N {
            runner_common::queue(
                &mut store,
                account,
                &simple_order(&env, &format!("ONCE-{i}")),
            );
        }
        account
    };
    let unsent = || Store::open(&db).unwrap().outbox(account).unwrap().len();

    // Crash and restart: each backend starts over the same data folder and is dropped
    // mid-send (its runtime and every task with it).
    let mut sent_when_dropped = Vec::new();
    let mut slowest_drop = Duration::ZERO;
    for restart in 0..RESTARTS {
        let backend = Backend::start(
            backend_config(&db, &keychain, account),
            logodesk::backend::Waker::none(),
        )
        .unwrap();
        wait_until_active(&backend);
        // Dropped once it has sent its share, while the rest is still going out.
        let share = (restart + 1) * N / (RESTARTS + 1);
        let give_up = Instant::now() + PATIENCE;
        while N - unsent() < share {
            assert!(Instant::now() < give_up, "the backend sends nothing");
            std::thread::sleep(Duration::from_millis(2));
        }
        let dropping = Instant::now();
        drop(backend);
        slowest_drop = slowest_drop.max(dropping.elapsed());
        sent_when_dropped.push(N - unsent());
    }
    assert!(
        sent_when_dropped.iter().all(|&s| s < N),
        "a backend was not dropped mid-send: {sent_when_dropped:?}"
    );
    // Bounded by the backend's own shutdown limits (3 s for the worker, 3 s for the runtime),
    // not by a request in flight; how quick it is on an idle machine is printed, not asserted.
    assert!(
        slowest_drop < Duration::from_secs(10),
        "dropping the backend took {slowest_drop:?}"
    );

    // The last backend runs until everything is final.
    let backend = Backend::start(
        backend_config(&db, &keychain, account),
        logodesk::backend::Waker::none(),
    )
    .unwrap();
    let limit = Instant::now() + PATIENCE;
    let rows = loop {
        while backend.try_recv().is_some() {}
        let rows = Store::open(&db)
            .unwrap()
            .local_orders(account, false)
            .unwrap();
        if rows.iter().all(|r| r.state.is_final()) {
            break rows;
        }
        assert!(
            Instant::now() < limit,
            "not all orders final: {} of {N}",
            rows.iter().filter(|r| r.state.is_final()).count()
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    drop(backend);
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
    let beyond = service.block_on(async {
        loop {
            match env.vendor.orders().get(OrderId(max + 1)).await {
                Err(e) if e.is_retryable() => continue,
                other => break other,
            }
        }
    });
    assert!(
        beyond.as_ref().is_err_and(ApiError::is_not_found),
        "an order beyond the N exists: {beyond:?}"
    );
    eprintln!(
        "exactly once: {N} orders, the whole backend dropped and restarted {RESTARTS} times \
         (orders sent before each drop: {sent_when_dropped:?}; slowest drop {:.0} ms), \
         {attempts} failed send attempts recorded, all Completed in {:.1} s",
        slowest_drop.as_secs_f64() * 1000.0,
        elapsed.as_secs_f64()
    );
    assert!(elapsed < Duration::from_secs(60), "took {elapsed:?}");
}
