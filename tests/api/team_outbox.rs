//! Issue 38, the team's outbox under faults, on a real PostgreSQL with a sandbox behind a small
//! HTTP proxy that decides what becomes of each `POST /api/orders` (by the order's reference):
//!
//! - item 5: one order the service answers 500 forever holds up none behind it, and is not
//!   sent in a loop;
//! - item 2: an order a desk sent with the child organization's key, whose answer was lost and
//!   whose desk is gone, is never sent by a desk with the vendor's key (the service would
//!   make a second order in the vendor's organization); the first desk, back, finishes it;
//! - item 10: an outbox dropped mid-send renews its lease no more, so another desk sends the
//!   row once the lease ends.
//!
//! Each desk is a data folder of its own (its own install id: its own desk on the team)
//! attached to the team's database, and an [`Outbox`] of the team's account with its own key.

use crate::common::raw_http::{read_request, respond};
use crate::common::*;
use crate::pg_cluster;
use logodesk::api::{AuthStyle, LogoId, LogoLine, PlaceOrder};
use logodesk::backend::orders::{Outbox, OutboxConfig, OutboxReports, SharedStore};
use logodesk::sandbox::SandboxConfig;
use logodesk::store::{
    AccountId, KeyLocation, LocalOrder, LocalOrderId, NewAccount, OrderState, Store,
};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::AsyncReadExt as _;
use tokio::net::{TcpListener, TcpStream};

/// What the proxy does with one `POST /api/orders`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Passed on, its answer passed back.
    Forward,
    /// Answered with this status; the sandbox never sees it.
    Fail(u16),
    /// Passed on (the sandbox places it), then the connection is closed without an answer.
    DropAnswer,
    /// Neither passed on nor answered: the connection stays open, silent.
    Hold,
}

/// What to do with a POST of the order `reference` after `before` POSTs of it.
type Plan = Arc<dyn Fn(&str, usize) -> Step + Send + Sync>;

/// A proxy in front of the sandbox, and the references of the order POSTs it saw.
struct Proxy {
    base: String,
    posts: Arc<Mutex<Vec<(String, Instant)>>>,
}

impl Proxy {
    /// The moments the order `reference` was POSTed.
    fn posts_of(&self, reference: &str) -> Vec<Instant> {
        let posts = self.posts.lock().unwrap();
        posts
            .iter()
            .filter(|(r, _)| r == reference)
            .map(|(_, at)| *at)
            .collect()
    }
}

async fn proxy(upstream: String, plan: Plan) -> Proxy {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}/", listener.local_addr().unwrap());
    let posts = Arc::new(Mutex::new(Vec::new()));
    let seen = posts.clone();
    let http = reqwest::Client::new();
    tokio::spawn(async move {
        while let Ok((sock, _)) = listener.accept().await {
            let (http, upstream, plan, seen) =
                (http.clone(), upstream.clone(), plan.clone(), seen.clone());
            tokio::spawn(async move { serve(sock, http, upstream, plan, seen).await });
        }
    });
    Proxy { base, posts }
}

/// One request per connection (the answers say `Connection: close`).
async fn serve(
    mut sock: TcpStream,
    http: reqwest::Client,
    upstream: String,
    plan: Plan,
    seen: Arc<Mutex<Vec<(String, Instant)>>>,
) {
    let Some((method, path, headers, body)) = read_request(&mut sock).await else {
        return;
    };
    let step = if method == "POST" && path == "/api/orders" {
        let reference = serde_json::from_slice::<serde_json::Value>(&body)
            .ok()
            .and_then(|b| b["reference"].as_str().map(str::to_owned))
            .unwrap_or_default();
        let before = {
            let mut seen = seen.lock().unwrap();
            let before = seen.iter().filter(|(r, _)| *r == reference).count();
            seen.push((reference.clone(), Instant::now()));
            before
        };
        plan(&reference, before)
    } else {
        Step::Forward
    };
    match step {
        Step::Fail(status) => {
            let body = r#"{"error":"Internal Server Error","message":"Something went wrong"}"#;
            return respond(&mut sock, status, body.as_bytes()).await;
        }
        Step::Hold => {
            // Silent until the test ends.
            let mut rest = [0u8; 64];
            while sock.read(&mut rest).await.is_ok_and(|n| n > 0) {}
            return;
        }
        Step::Forward | Step::DropAnswer => {}
    }
    let mut rb = http.request(
        method.parse().unwrap(),
        format!("{}{}", upstream.trim_end_matches('/'), path),
    );
    for (name, value) in headers {
        if !["host", "content-length", "connection"].contains(&name.as_str()) {
            rb = rb.header(name, value);
        }
    }
    let Ok(answer) = rb.body(body).send().await else {
        return;
    };
    let status = answer.status().as_u16();
    let bytes = answer.bytes().await.unwrap_or_default();
    if step == Step::DropAnswer {
        // Placed upstream; the answer is lost on the way back.
        return;
    }
    respond(&mut sock, status, &bytes).await;
}

/// The sandbox (fast placement, no faults of its own) and a runtime for it, the proxy and the
/// outboxes.
fn service(plan: Plan) -> (tokio::runtime::Runtime, Env, Proxy) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let env = rt.block_on(start_with(SandboxConfig::fast()));
    let proxy = rt.block_on(proxy(env.sb.base_url(), plan));
    (rt, env, proxy)
}

/// A desk of the team on `database`: a data folder of its own, attached to it as `name`.
struct Desk {
    store: SharedStore,
    _dir: tempfile::TempDir,
}

fn desk(database: &str, name: &str) -> Desk {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("logodesk.sqlite")).unwrap();
    let client =
        logodesk::team::connect_to(&pg_cluster::shared().socket_url(database), name).unwrap();
    store.attach_team(client, name).unwrap();
    Desk {
        store: SharedStore::new(store),
        _dir: dir,
    }
}

impl Desk {
    /// The team's account "Club shop" at `base` (the first desk adds it; the team has it).
    fn add_team_account(&self, base: &str) -> AccountId {
        let account = self
            .store
            .lock()
            .unwrap()
            .insert_account(&NewAccount {
                name: "Club shop".into(),
                base_url: base.parse().unwrap(),
                auth: AuthStyle::Bearer,
                organization_id: None,
                key_location: KeyLocation::Keychain,
            })
            .unwrap()
            .id;
        assert!(
            account.0 >= logodesk::store::TEAM_IDS_FROM,
            "a team account"
        );
        account
    }

    /// Queues `body` for `account` as "Place order" does.
    fn queue(&self, account: AccountId, body: &PlaceOrder) -> LocalOrderId {
        let mut store = self.store.lock().unwrap();
        let bytes = serde_json::to_vec(body).unwrap();
        let draft = store
            .create_draft(account, "{}", &body.reference, "Nordby IF")
            .unwrap();
        assert!(
            store
                .queue_draft(draft.id, "{}", &body.reference, "Nordby IF", &bytes)
                .unwrap()
        );
        draft.id
    }

    fn row(&self, id: LocalOrderId) -> LocalOrder {
        self.store.lock().unwrap().local_order(id).unwrap()
    }

    /// This desk's outbox of `account`, sending with `key` through `proxy`.
    fn outbox(
        &self,
        rt: &tokio::runtime::Runtime,
        proxy: &Proxy,
        account: AccountId,
        key: &str,
        config: OutboxConfig,
    ) -> Outbox {
        let _in = rt.enter();
        Outbox::start_for(
            self.store.clone(),
            client(&proxy.base, key, AuthStyle::Bearer),
            account,
            None,
            config,
            OutboxReports::changes(Arc::new(|_| {})),
        )
    }
}

/// Quick looks, a short lease (renewed every 200 ms), back-off of the tests' retry policy.
fn quick() -> OutboxConfig {
    OutboxConfig {
        poll_interval: Duration::from_millis(100),
        first_poll: Duration::from_millis(50),
        lease: Duration::from_millis(600),
        ..OutboxConfig::default()
    }
}

/// Waits until `done` (at most [`PATIENCE`]).
fn until(what: &str, mut done: impl FnMut() -> bool) {
    let started = Instant::now();
    while !done() {
        assert!(
            started.elapsed() < PATIENCE,
            "no {what} within {PATIENCE:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether the queued row `reference` has no live lease in the team database (claimable by
/// the clock, by a desk whose key may send it).
fn free_by_lease(database: &str, reference: &str) -> bool {
    pg_cluster::shared()
        .psql(
            database,
            &format!(
                "SELECT count(*) FROM logodesk.local_orders WHERE reference = '{reference}' \
                 AND state = 'queued' AND (lease_until IS NULL \
                 OR CAST(lease_until AS timestamptz) < clock_timestamp())"
            ),
        )
        .unwrap()
        == "1"
}

/// The sandbox's orders with `reference`: (tracking id, the organization placed for).
fn placed(env: &Env, reference: &str) -> Vec<(i64, i64)> {
    env.sb
        .state()
        .lock()
        .orders
        .values()
        .filter(|o| o.request.reference == reference)
        .map(|o| (o.id, o.target_org))
        .collect()
}

/// Issue 38 item 5: the oldest queued order is answered 500 every time. The six behind it are
/// sent while it waits for its own back-off — the first of them before it is sent a second
/// time; it is sent again only as its back-off allows (each pause at least the policy's first
/// step, 0.4 s, doubling with jitter up to 4 s), and stays queued.
#[test]
fn one_order_the_service_fails_forever_holds_up_none_behind_it() {
    let (rt, env, proxy) = service(Arc::new(|reference: &str, _| {
        if reference == "BAD" {
            Step::Fail(500)
        } else {
            Step::Forward
        }
    }));
    let database = pg_cluster::shared().create_database();
    let anna = desk(&database, "Anna");
    let account = anna.add_team_account(&proxy.base);
    let bad = anna.queue(account, &simple_order(&env, "BAD"));
    let good: Vec<LocalOrderId> = (1..=6)
        .map(|n| anna.queue(account, &simple_order(&env, &format!("GOOD-{n}"))))
        .collect();

    let step = Duration::from_millis(400);
    let config = OutboxConfig {
        max_backoff: Duration::from_secs(4),
        ..quick()
    };
    let started = Instant::now();
    let outbox = {
        let _in = rt.enter();
        let policy = logodesk::api::RetryPolicy::default()
            .with_base_delay(step)
            .with_max_delay(Duration::from_secs(10));
        Outbox::start_for(
            anna.store.clone(),
            logodesk::api::Client::new(
                logodesk::api::ClientConfig::parse(&proxy.base, env.key())
                    .unwrap()
                    .with_retry(policy),
            )
            .unwrap(),
            account,
            None,
            config,
            OutboxReports::changes(Arc::new(|_| {})),
        )
    };
    until("every good order sent", || {
        good.iter().all(|id| anna.row(*id).tracking_id.is_some())
    });
    let all_sent = started.elapsed();
    // The bad one keeps backing off.
    until("the bad order sent a fourth time", || {
        proxy.posts_of("BAD").len() >= 4
    });
    let window = started.elapsed();
    let sends = proxy.posts_of("BAD");
    drop(outbox);

    for n in 1..=6 {
        assert_eq!(
            placed(&env, &format!("GOOD-{n}")).len(),
            1,
            "GOOD-{n} placed once"
        );
    }
    let first_good = proxy.posts_of("GOOD-1")[0];
    assert!(
        first_good < sends[1],
        "the desk went on with the next order before sending the bad one again"
    );
    let row = anna.row(bad);
    assert_eq!(row.state, OrderState::Queued, "not failed, still to send");
    assert!(row.reached, "a 500 may have placed it");
    // Never sent in a loop: every pause at least the first step of its back-off.
    let gaps: Vec<Duration> = sends.windows(2).map(|w| w[1] - w[0]).collect();
    assert!(gaps.iter().all(|g| *g >= step), "pauses {gaps:?}");
    eprintln!(
        "one order failing with 500: the 6 behind it sent {all_sent:.1?} after the start; the \
         bad one sent {} times in {window:.1?} (pauses {gaps:.1?}), still queued",
        sends.len()
    );
    drop(rt);
}

/// Issue 38 item 2: Anna's desk has the child organization's key, Bo's the vendor's, both on
/// the team's account. Anna sends an order of the child's own logo (no `organizationId`:
/// placed for the child); the answer is lost and her desk goes away. Bo's desk sends what it
/// may — its own order — but never Anna's: with the vendor's key it would be a second order,
/// in the vendor's organization. Anna's desk, back, sends it again and gets the one order.
#[test]
fn an_order_sent_with_a_childs_key_is_never_sent_again_with_the_vendors() {
    let (rt, env, proxy) = service(Arc::new(|reference: &str, before| {
        match (reference, before) {
            ("CHILD-1", 0) => Step::DropAnswer,
            _ => Step::Forward,
        }
    }));
    let database = pg_cluster::shared().create_database();
    let anna = desk(&database, "Anna");
    let bo = desk(&database, "Bo");
    let account = anna.add_team_account(&proxy.base);
    let child_order = PlaceOrder::new("CHILD-1", address())
        .with_logo(LogoLine::quantity(LogoId(env.fx.child_logo_id), 5));
    assert!(child_order.organization_id.is_none());
    let id = anna.queue(account, &child_order);

    let first = anna.outbox(&rt, &proxy, account, CHILD_KEY, quick());
    until("Anna's send, its answer lost", || {
        anna.row(id).attempts >= 1
    });
    drop(first);
    let placed_first = placed(&env, "CHILD-1");
    assert_eq!(
        placed_first.len(),
        1,
        "the sandbox placed it on the first send"
    );
    assert_eq!(placed_first[0].1, env.fx.child_organization_id);
    let row = anna.row(id);
    assert_eq!(row.state, OrderState::Queued);
    assert!(row.reached);

    // Anna's back-off (at most 0.1 s) ends: by the clock any desk could take the row now.
    until("the row free by its lease", || {
        free_by_lease(&database, "CHILD-1")
    });
    // Bo's desk sends with the vendor's key, the oldest row it may first: its own order goes,
    // queued after Anna's, so it passed Anna's by.
    let mine = bo.queue(account, &simple_order(&env, "VENDOR-1"));
    let second = bo.outbox(&rt, &proxy, account, env.key(), quick());
    until("Bo's own order sent", || bo.row(mine).tracking_id.is_some());
    let sends = second.stats().sends.load(Ordering::Relaxed);
    drop(second);
    assert_eq!(
        placed(&env, "CHILD-1"),
        placed_first,
        "no second order (in the vendor's organization)"
    );
    assert_eq!(sends, 1, "Bo's desk sent its own order only");
    assert_eq!(proxy.posts_of("CHILD-1").len(), 1, "sent once, by Anna");
    let row = bo.row(id);
    assert_eq!(
        row.state,
        OrderState::Queued,
        "not failed, not sent elsewhere"
    );

    // Anna's desk is back: the same key and bytes, the one order, followed to its end.
    let back = anna.outbox(&rt, &proxy, account, CHILD_KEY, quick());
    until("Anna's order completed", || {
        anna.row(id).state == OrderState::Completed
    });
    drop(back);
    assert_eq!(placed(&env, "CHILD-1"), placed_first, "still the one order");
    assert_eq!(
        anna.row(id).tracking_id.map(|t| t.0),
        Some(placed_first[0].0),
        "tracked as the order the first send made"
    );
    assert_eq!(proxy.posts_of("CHILD-1").len(), 2);
    drop(rt);
}

/// Issue 38 item 10: Anna's outbox is dropped while its send hangs (the service never
/// answers). Its lease (0.6 s) is renewed no more, so Bo's desk (the same key) claims the row
/// once it ends and sends it: placed once.
#[test]
fn an_outbox_dropped_mid_send_stops_renewing_its_lease() {
    let (rt, env, proxy) = service(Arc::new(|reference: &str, before| {
        match (reference, before) {
            ("HANGS", 0) => Step::Hold,
            _ => Step::Forward,
        }
    }));
    let database = pg_cluster::shared().create_database();
    let anna = desk(&database, "Anna");
    let bo = desk(&database, "Bo");
    // Bo's desk sends what Anna's signed once it trusts her desk (`store::desks`).
    {
        let bo_store = bo.store.lock().unwrap();
        let anna_code = anna.store.lock().unwrap().desk_code().expect("Anna's code");
        bo_store.confirm_desk_by_code(&anna_code).unwrap();
    }
    let account = anna.add_team_account(&proxy.base);
    let id = anna.queue(account, &simple_order(&env, "HANGS"));

    let first = anna.outbox(&rt, &proxy, account, env.key(), quick());
    until("Anna's send under way", || {
        proxy.posts_of("HANGS").len() == 1 && anna.row(id).reached
    });
    drop(first);
    let dropped = Instant::now();

    let second = bo.outbox(&rt, &proxy, account, env.key(), quick());
    until("Bo's send once Anna's lease ended", || {
        bo.row(id).tracking_id.is_some()
    });
    let taken = dropped.elapsed();
    drop(second);
    assert_eq!(proxy.posts_of("HANGS").len(), 2);
    assert_eq!(placed(&env, "HANGS").len(), 1, "placed once");
    eprintln!("an outbox dropped mid-send: its row sent by another desk {taken:.1?} later");
    drop(rt);
}
