//! Issue 29, two desks of a team on one real PostgreSQL, each a real backend on a data folder
//! of its own, and a sandbox service: joining moves each desk's accounts and orders into the
//! team database (the queued one keeps its key and is placed once), every desk sees the other's
//! orders with who placed them, and a change on one desk reaches the other within 2 s through
//! LISTEN/NOTIFY.

use crate::common::*;
use crate::pg_cluster;
use logodesk::backend::orders::{OrdersCommand, OrdersEvent};
use logodesk::backend::team::{TeamEvent, TeamStatus};
use logodesk::backend::{Backend, BackendConfig, Command, Event, StartAccount};
use logodesk::keychain::Keychain;
use logodesk::sandbox::SandboxConfig;
use logodesk::store::{AccountId, EDIT_LEASE, LocalOrder, Store, TEAM_IDS_FROM};
use logodesk::team::SavedTeam;
use std::time::{Duration, Instant};

/// A desk: a data folder with the team saved, an account of the sandbox with its key, and
/// one order queued while the desk was on its own.
pub(crate) struct Desk {
    pub(crate) dir: tempfile::TempDir,
    pub(crate) keychain: Keychain,
    account: AccountId,
}

pub(crate) fn desk(env: &Env, team: &str, name: &str, reference: &str) -> Desk {
    let dir = tempfile::tempdir().unwrap();
    let keychain = Keychain::with_store(keyring_core::mock::Store::new().unwrap());
    let mut store = Store::open(&dir.path().join("logodesk.sqlite")).unwrap();
    let account = sandbox_account(&store, &keychain, env, "Club shop");
    queue_simple(&mut store, account, env, reference);
    SavedTeam {
        address: Some(team.to_owned()),
        ca_file: None,
        desk_name: Some(name.to_owned()),
        allow_unencrypted: false,
    }
    .save(dir.path())
    .unwrap();
    Desk {
        dir,
        keychain,
        account,
    }
}

pub(crate) fn start(desk: &Desk) -> Backend {
    start_on(desk, StartAccount::Id(desk.account))
}

/// A desk's backend showing `account` first (a desk started again after its join shows the
/// team's account by its name: its own account id is gone).
fn start_on(desk: &Desk, account: StartAccount) -> Backend {
    Backend::start(
        BackendConfig {
            sandbox: None,
            keychain: Some(desk.keychain.clone()),
            start_account: account,
            retry: fast_retry().with_max_retries(0),
            order_poll: Duration::from_millis(200),
            task_poll: Duration::from_millis(200),
            ..BackendConfig::in_data_dir(desk.dir.path())
        },
        logodesk::backend::Waker::none(),
    )
    .unwrap()
}

/// Drains `b` until its history (as the History screen is sent it) satisfies `done`.
pub(crate) fn history_until(
    b: &Backend,
    what: &str,
    patience: Duration,
    mut done: impl FnMut(&[LocalOrder]) -> bool,
) -> Vec<LocalOrder> {
    let started = Instant::now();
    loop {
        while let Some(envelope) = b.try_recv() {
            match envelope.event {
                Event::Orders(OrdersEvent::Lists { history, .. }) if done(&history.rows) => {
                    return history.rows;
                }
                Event::Team(TeamEvent::Status(TeamStatus::Unreachable { reason, .. })) => {
                    panic!("waiting for {what}: the team database is not reachable: {reason}")
                }
                _ => {}
            }
        }
        assert!(
            started.elapsed() < patience,
            "no {what} within {patience:?}"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A sandbox on a runtime of its own (kept while the test runs).
pub(crate) fn sandbox() -> (tokio::runtime::Runtime, Env) {
    let service = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let env = service.block_on(start_with(SandboxConfig::fast()));
    (service, env)
}

/// How many orders with `reference` the sandbox has.
fn placed(env: &Env, reference: &str) -> usize {
    env.sb
        .state()
        .lock()
        .orders
        .values()
        .filter(|o| o.request.reference == reference)
        .count()
}

fn has(history: &[LocalOrder], reference: &str, by: &str) -> bool {
    history
        .iter()
        .any(|o| o.reference == reference && o.placed_by.as_deref() == Some(by))
}

#[test]
fn two_desks_join_one_team_see_each_others_orders_and_place_each_once() {
    let (_service, env) = sandbox();
    let database = pg_cluster::shared().create_database();
    let team = pg_cluster::shared().socket_url(&database);
    let anna = desk(&env, &team, "Anna", "TEAM-A1");
    let bo = desk(&env, &team, "Bo", "TEAM-B1");

    // Anna's desk joins first: her queued order moves with its key and is sent from the team.
    let a = start(&anna);
    let history = history_until(&a, "Anna's order in the team's history", PATIENCE, |h| {
        h.iter()
            .any(|o| o.reference == "TEAM-A1" && o.tracking_id.is_some())
    });
    assert!(
        history.iter().all(|o| o.id.0 >= TEAM_IDS_FROM),
        "{history:?}"
    );
    assert!(has(&history, "TEAM-A1", "Anna"));

    // Bo's desk joins the same account: it sees Anna's order, and its own is placed too.
    let b = start(&bo);
    history_until(&b, "both orders on Bo's desk", PATIENCE, |h| {
        has(h, "TEAM-A1", "Anna")
            && h.iter()
                .any(|o| o.reference == "TEAM-B1" && o.tracking_id.is_some())
    });
    // Anna's desk hears of Bo's order without asking.
    history_until(&a, "Bo's order on Anna's desk", PATIENCE, |h| {
        has(h, "TEAM-B1", "Bo")
    });

    // An order placed on Bo's desk shows on Anna's within 2 s (LISTEN/NOTIFY, no polling:
    // the desks' order polling is 200 ms here, but the lists are sent only on a change).
    let draft = new_draft(&b, 9, "TEAM-B2", false);
    assert!(draft.id.0 >= TEAM_IDS_FROM);
    let placed_at = Instant::now();
    place(&b, &env, &draft, "TEAM-B2");
    history_until(
        &a,
        "Bo's new order on Anna's desk",
        Duration::from_secs(2),
        |h| has(h, "TEAM-B2", "Bo"),
    );
    eprintln!("seen on the other desk after {:?}", placed_at.elapsed());
    // Whichever desk claimed it, it is placed once.
    history_until(&a, "Bo's new order placed", PATIENCE, |h| {
        h.iter()
            .any(|o| o.reference == "TEAM-B2" && o.tracking_id.is_some())
    });
    drop((a, b));

    assert_eq!(placed(&env, "TEAM-A1"), 1);
    assert_eq!(placed(&env, "TEAM-B1"), 1);
    assert_eq!(placed(&env, "TEAM-B2"), 1);

    // The team database holds the orders, never a key (issue 29, "Security"): a dump of it
    // has the orders' references and not the API key both desks used.
    let dump = pg_cluster::shared().dump(&database).unwrap();
    let has_text = |needle: &str| dump.windows(needle.len()).any(|w| w == needle.as_bytes());
    assert!(has_text("TEAM-B2"), "the dump holds the orders");
    assert!(has_text("Club shop"));
    assert!(!has_text(env.key()), "an API key is in the team database");
}

/// Drains `b` until `pick` answers (failures while the team database is stopped are
/// expected: the team's outbox cannot claim).
fn until<T>(b: &Backend, what: &str, pick: impl FnMut(Event) -> Option<T>) -> T {
    wait_event_past_failures(b, what, false, pick)
}

/// A new draft `reference` on desk `b` (request `request`), as the backend made it; a failure
/// event on the way fails the test unless `database_stopped`.
fn new_draft(b: &Backend, request: u64, reference: &str, database_stopped: bool) -> LocalOrder {
    b.send(Command::Orders(OrdersCommand::NewDraft {
        request: logodesk::backend::RequestId(request),
        draft_json: "{}".into(),
        reference: reference.into(),
        recipient: "Nordby IF".into(),
    }));
    *wait_event_past_failures(b, "the new draft", !database_stopped, |e| match e {
        Event::Orders(OrdersEvent::DraftCreated(d)) => Some(d),
        _ => None,
    })
}

/// Desk "Anna" on the team at `team` with an order `reference` queued on its own, started:
/// once that order is sent from the team, the desk, its backend and the team's account.
fn joined(env: &Env, team: &str, reference: &str) -> (Desk, Backend, AccountId) {
    let anna = desk(env, team, "Anna", reference);
    let a = start(&anna);
    let history = history_until(&a, "the joined order sent", PATIENCE, |h| {
        h.iter()
            .any(|o| o.reference == reference && o.tracking_id.is_some())
    });
    let team_account = history[0].account.expect("the team's account");
    (anna, a, team_account)
}

/// *Place order…* of `draft` on desk `b`: `reference`, a simple order's body.
fn place(b: &Backend, env: &Env, draft: &LocalOrder, reference: &str) {
    place_asked(b, env, draft, reference, false);
}

/// [`place`]; `again`: the person answered *Place it again* to "Placed already?".
fn place_asked(b: &Backend, env: &Env, draft: &LocalOrder, reference: &str, again: bool) {
    b.send(Command::Orders(OrdersCommand::Place {
        id: draft.id,
        draft_json: "{}".into(),
        reference: reference.into(),
        recipient: "Nordby IF".into(),
        body: serde_json::to_vec(&simple_order(env, reference)).unwrap(),
        base: draft.version,
        again,
    }));
}

/// A twin of an order placed on another desk of the team (the same reference and lines) is
/// not queued: the desk asks first, naming the earlier order and its desk; placed again on
/// purpose, it is a second order.
#[test]
fn a_twin_of_an_order_another_desk_placed_asks_before_it_is_placed_again() {
    let (_service, env) = sandbox();
    let database = pg_cluster::shared().create_database();
    let team = pg_cluster::shared().socket_url(&database);
    let (_anna, _a, _) = joined(&env, &team, "TWIN-1");
    let bo = desk(&env, &team, "Bo", "TWIN-B");
    let b = start(&bo);
    history_until(&b, "Anna's order on Bo's desk", PATIENCE, |h| {
        has(h, "TWIN-1", "Anna")
    });

    let twin = new_draft(&b, 11, "TWIN-1", false);
    place(&b, &env, &twin, "TWIN-1");
    let earlier = until(&b, "the question about the twin", |e| match e {
        Event::Orders(OrdersEvent::PlacedAlike { id, earlier }) if id == twin.id => Some(earlier),
        Event::Orders(OrdersEvent::Changed(o)) if o.id == twin.id => {
            panic!("the twin was placed unasked: {o:?}")
        }
        _ => None,
    });
    assert_eq!(earlier.reference, "TWIN-1");
    assert_eq!(earlier.placed_by.as_deref(), Some("Anna"));
    assert_eq!(placed(&env, "TWIN-1"), 1, "nothing more was sent");

    place_asked(&b, &env, &twin, "TWIN-1", true);
    history_until(&b, "the twin placed on purpose", PATIENCE, |h| {
        h.iter()
            .filter(|o| o.reference == "TWIN-1" && o.tracking_id.is_some())
            .count()
            == 2
    });
    assert_eq!(placed(&env, "TWIN-1"), 2);
}

/// Drains `b` until the drafts it is sent satisfy `done`; answers them and when they came.
fn drafts_until(b: &Backend, what: &str, mut done: impl FnMut(&[LocalOrder]) -> bool) -> Instant {
    until(b, what, |e| match e {
        Event::Orders(OrdersEvent::Lists { drafts, .. }) if done(&drafts) => Some(Instant::now()),
        _ => None,
    })
}

/// A desk that dies holding a draft writes nothing more: its mark lapses with its lease, and
/// every other desk's list stops saying "… is editing" then, with no change to be told of.
#[test]
fn another_desks_mark_on_a_draft_goes_from_the_list_when_its_lease_lapses() {
    let (_service, env) = sandbox();
    let database = pg_cluster::shared().create_database();
    let team = pg_cluster::shared().socket_url(&database);
    let (_anna, a, _) = joined(&env, &team, "MARK-A");
    let bo = desk(&env, &team, "Bo", "MARK-B");
    let b = start(&bo);
    history_until(&b, "Anna's order on Bo's desk", PATIENCE, |h| {
        has(h, "MARK-A", "Anna")
    });
    let draft = new_draft(&b, 21, "MARK-1", false);
    b.send(Command::Orders(OrdersCommand::Editing {
        id: draft.id,
        take_over: false,
    }));
    let marked = |drafts: &[LocalOrder]| {
        drafts
            .iter()
            .any(|d| d.id == draft.id && d.editing.as_ref().is_some_and(|e| e.name == "Bo"))
    };
    drafts_until(&a, "Bo's mark on Anna's desk", marked);
    // Bo's desk stops renewing (as if killed): its lease ends 2 s from now, by hand.
    psql(
        &database,
        &format!(
            "UPDATE local_orders SET editing_until = to_char((clock_timestamp() \
                 + interval '2 seconds') AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') \
             WHERE id = {}",
            draft.id.0
        ),
    );
    let ends = Instant::now() + Duration::from_secs(2);
    drafts_until(&a, "the lease shortened, read", marked);
    let gone = drafts_until(&a, "the mark gone from Anna's list", |drafts| {
        drafts.iter().any(|d| d.id == draft.id) && !marked(drafts)
    });
    assert!(
        gone + Duration::from_millis(100) >= ends,
        "gone before the lease ended"
    );
    assert!(
        gone < ends + Duration::from_secs(3),
        "gone {:?} after the lease ended",
        gone - ends
    );
}

/// A desk that quit without letting go of a draft finds its own mark there when it starts
/// again: it lists the draft as nobody's (its own person is not "editing" it elsewhere), while
/// the other desks see the mark until it lapses.
#[test]
fn a_desks_own_mark_on_a_draft_it_has_not_open_is_not_listed_as_someone_editing() {
    let (_service, env) = sandbox();
    let database = pg_cluster::shared().create_database();
    let team = pg_cluster::shared().socket_url(&database);
    let (_anna, a, _) = joined(&env, &team, "OWN-A");
    let bo = desk(&env, &team, "Bo", "OWN-B");
    let b = start(&bo);
    history_until(&b, "Anna's order on Bo's desk", PATIENCE, |h| {
        has(h, "OWN-A", "Anna")
    });
    let open = new_draft(&b, 31, "OWN-1", false);
    let left = new_draft(&b, 32, "OWN-2", false);
    b.send(Command::Orders(OrdersCommand::Editing {
        id: open.id,
        take_over: false,
    }));
    drafts_until(&a, "Bo's mark on Anna's desk", |drafts| {
        drafts
            .iter()
            .any(|d| d.id == open.id && d.editing.is_some())
    });
    // Bo's mark, as a previous run of Bo's desk left it, on the draft Bo does not have open.
    let written = Instant::now();
    psql(
        &database,
        &format!(
            "UPDATE local_orders SET editing_desk = m.editing_desk, editing_name = m.editing_name, \
                 editing_since = m.editing_since, editing_until = m.editing_until, \
                 reference = 'OWN-2b' \
             FROM local_orders m WHERE m.id = {} AND local_orders.id = {}",
            open.id.0, left.id.0
        ),
    );
    let bos = |d: &LocalOrder| d.editing.as_ref().is_some_and(|e| e.name == "Bo");
    drafts_until(&a, "the left mark on Anna's desk", |drafts| {
        drafts
            .iter()
            .any(|d| d.id == left.id && d.reference == "OWN-2b" && bos(d))
    });
    drafts_until(&b, "Bo's lists after the change", |drafts| {
        let (o, l) = (
            drafts.iter().find(|d| d.id == open.id),
            drafts.iter().find(|d| d.id == left.id),
        );
        o.is_some_and(bos) && l.is_some_and(|l| l.reference == "OWN-2b" && l.editing.is_none())
    });
    assert!(
        written.elapsed() < EDIT_LEASE / 3,
        "listed as nobody's only once the lease lapsed"
    );
}

/// Issue 29 item 5: a new order made and placed while the team database is stopped is kept on
/// the desk and not sent from there; on reconnect it moves into the team's outbox with its
/// Idempotency-Key and is placed once.
#[test]
fn an_order_placed_while_the_team_database_is_stopped_is_sent_once_after_reconnect() {
    let (_service, env) = sandbox();
    let cluster = pg_cluster::PgCluster::start(&pg_cluster::PgOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let database = cluster.create_database();
    let (_anna, a, team_account) = joined(&env, &cluster.socket_url(&database), "OFF-0");

    cluster.stop().unwrap();
    until(&a, "the team database unreachable", |e| match e {
        Event::Team(TeamEvent::Status(TeamStatus::Unreachable { .. })) => Some(()),
        _ => None,
    });
    let draft = new_draft(&a, 21, "OFF-1", true);
    assert!(draft.id.0 < TEAM_IDS_FROM, "made on this desk: {draft:?}");
    assert_eq!(draft.account, Some(team_account));
    place(&a, &env, &draft, "OFF-1");
    let queued = until(&a, "the order queued on the desk", |e| match e {
        Event::Orders(OrdersEvent::Changed(o)) if o.id == draft.id => Some(o),
        _ => None,
    });
    assert_eq!(queued.state, logodesk::store::OrderState::Queued);
    assert!(queued.kept_for_team(), "it waits for the team database");
    // Not sent from here while the team database is gone (the outbox polls every 200 ms).
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(
        placed(&env, "OFF-1"),
        0,
        "sent while the team was out of reach"
    );

    cluster.restart().unwrap();
    until(&a, "the team database back", |e| match e {
        Event::Team(TeamEvent::Status(TeamStatus::Connected)) => Some(()),
        _ => None,
    });
    history_until(&a, "the kept order placed from the team", PATIENCE, |h| {
        h.iter()
            .any(|o| o.reference == "OFF-1" && o.id.0 >= TEAM_IDS_FROM && o.tracking_id.is_some())
    });
    drop(a);
    assert_eq!(placed(&env, "OFF-1"), 1, "placed once");
    let rows = cluster
        .psql(
            &database,
            "SELECT idempotency_key FROM logodesk.local_orders WHERE reference = 'OFF-1'",
        )
        .unwrap();
    assert_eq!(
        rows,
        draft.key.expect("the draft's key").as_str(),
        "one team row, with the key it was queued with"
    );
}

/// Issue 38, item 1: desk A's connections to the team database go through a proxy that loses
/// the answer to a COMMIT of a queued order (the team committed it, the desk never hears it).
/// The composer's *Place order…* is not said as failed (the placement is kept on the desk),
/// the desk connects again and takes the team's row as placed: the sandbox gets the order
/// once. Then `queue-order`'s store call on a second desk, through the same kind of loss: the
/// retry answers the same row, and A's outbox places it once.
#[test]
#[cfg(unix)]
fn orders_whose_commit_answer_is_lost_are_placed_once() {
    use crate::pg_proxy::PgProxy;
    let (_service, env) = sandbox();
    let cluster = pg_cluster::shared();
    let database = cluster.create_database();
    let proxy = PgProxy::socket(cluster.socket_dir(), cluster.port);
    let (_anna, a, team_account) = joined(&env, &proxy.url(&database), "LOST-0");

    let draft = new_draft(&a, 31, "LOST-1", false);
    assert!(draft.id.0 >= TEAM_IDS_FROM, "a team draft: {draft:?}");
    proxy.lose_commit_after("SET state = 'queued'");
    place(&a, &env, &draft, "LOST-1");
    let row = wait_event_past_failures(&a, "the placement answered", true, |e| match e {
        Event::Orders(OrdersEvent::Changed(o)) if o.id == draft.id => Some(o),
        Event::Orders(OrdersEvent::DraftSaved { id, outcome, .. }) if id == draft.id => {
            panic!("the placement was refused: {outcome:?}")
        }
        _ => None,
    });
    assert_eq!(proxy.commits_lost(), 1, "the COMMIT's answer was lost");
    assert_eq!(row.state, logodesk::store::OrderState::Queued, "{row:?}");
    history_until(&a, "the order placed from the team", PATIENCE, |h| {
        h.iter()
            .any(|o| o.reference == "LOST-1" && o.tracking_id.is_some())
    });

    // `queue-order`'s store call on a second desk (no key: it only queues).
    let account = |store: &Store| {
        store
            .accounts()
            .unwrap()
            .into_iter()
            .find(|a| a.id == team_account)
            .expect("the team's account")
    };
    let through = || logodesk::team::connect_to(&proxy.url(&database), "test").unwrap();
    let mut bo = Store::open_in_memory().unwrap();
    bo.attach_team(through(), "Bo").unwrap();
    // Anna's desk sends what Bo's queues once its person confirmed Bo's code (`store::desks`),
    // here through a second handle on her data folder.
    {
        let mut anna = Store::open(&_anna.dir.path().join("logodesk.sqlite")).unwrap();
        anna.attach_team(through(), "Anna").unwrap();
        anna.confirm_desk_by_code(&bo.desk_code().expect("Bo's code"))
            .unwrap();
    }
    let club = account(&bo);
    let mut reconnect = |s: &mut Store| s.attach_team(through(), "Bo").map_err(|e| e.to_string());
    let order = simple_order(&env, "LOST-2");
    proxy.lose_commit_after("SET state = 'queued'");
    let first = logodesk::commands::queue_order(&mut bo, &club, &order, false, &mut reconnect)
        .unwrap_or_else(|e| panic!("said as failed: {e}"));
    assert_eq!(proxy.commits_lost(), 2);
    let retry =
        logodesk::commands::queue_order(&mut bo, &club, &order, false, &mut reconnect).unwrap();
    assert!(retry.already_queued);
    assert_eq!(
        (retry.id, &retry.idempotency_key),
        (first.id, &first.idempotency_key)
    );
    history_until(&a, "the queued order placed", PATIENCE, |h| {
        h.iter()
            .any(|o| o.reference == "LOST-2" && o.tracking_id.is_some())
    });
    drop(a);
    assert_eq!(placed(&env, "LOST-1"), 1, "placed once");
    assert_eq!(placed(&env, "LOST-2"), 1, "placed once");
    let rows = cluster
        .psql(
            &database,
            "SELECT reference, idempotency_key FROM logodesk.local_orders
             WHERE reference LIKE 'LOST-_' AND reference <> 'LOST-0' ORDER BY reference",
        )
        .unwrap();
    assert_eq!(
        rows,
        format!(
            "LOST-1|{}\nLOST-2|{}",
            draft.key.expect("the draft's key").as_str(),
            first.idempotency_key
        ),
        "one team row each, with the key it was made with"
    );
}

/// Waits until `b`'s history shows `reference` refused (not sent, its sentence `contains`) and
/// a notice names it; answers the row.
fn refused_on(b: &Backend, reference: &str, contains: &str) -> LocalOrder {
    let (mut row, mut told, mut seen) = (None, false, None);
    let started = Instant::now();
    while row.is_none() || !told {
        while let Some(envelope) = b.try_recv() {
            match envelope.event {
                Event::Orders(OrdersEvent::Lists { history, .. }) => {
                    if let Some(r) = history.rows.iter().find(|o| o.reference == reference) {
                        seen = Some(r.clone());
                        if r.error_message
                            .as_deref()
                            .is_some_and(|m| m.contains(contains))
                        {
                            row = Some(r.clone());
                        }
                    }
                }
                Event::Team(TeamEvent::Refused(rows)) => {
                    told |= rows.iter().any(|r| r.reference == reference);
                }
                _ => {}
            }
        }
        assert!(
            started.elapsed() < PATIENCE,
            "{reference} not refused ({contains:?}) and told: row {seen:?}, told {told}"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    row.expect("the refused row")
}

/// Plain SQL on the team database (as its role, `psql`): what anyone with the password can do.
fn psql(database: &str, sql: &str) {
    pg_cluster::shared()
        .psql(database, &format!("SET search_path TO logodesk; {sql}"))
        .unwrap_or_else(|e| panic!("{e}"));
}

/// Issue 38 item 3: the database password alone spends nothing. With two desks running on the
/// team, a queued row INSERTed with plain SQL (a valid body, a fresh key, no desk's signature)
/// is refused before anything is sent, and both desks' History and notices name it. A row
/// Anna queued whose delivery address is then changed with plain SQL is refused when her desk
/// next sends, while the row beside it, left as it was, is placed once. Bo's desk, never
/// confirmed on Anna's, sends its own orders itself.
#[test]
fn rows_no_desk_placed_or_changed_since_are_never_sent_and_every_desk_says_so() {
    let service = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let env = service.block_on(start_with(SandboxConfig::fast()));
    let database = pg_cluster::shared().create_database();
    let team = pg_cluster::shared().socket_url(&database);
    let anna = desk(&env, &team, "Anna", "SIGNED-A1");
    let bo = desk(&env, &team, "Bo", "SIGNED-B1");
    let a = start(&anna);
    history_until(&a, "Anna's order placed", PATIENCE, |h| {
        h.iter()
            .any(|o| o.reference == "SIGNED-A1" && o.tracking_id.is_some())
    });
    let b = start(&bo);
    history_until(&b, "Bo's order placed by his own desk", PATIENCE, |h| {
        h.iter()
            .any(|o| o.reference == "SIGNED-B1" && o.tracking_id.is_some())
    });

    // Written by hand while both desks run: a valid order for the team's account.
    let body = serde_json::to_string(&simple_order(&env, "BY-HAND-1")).unwrap();
    psql(
        &database,
        &format!(
            "INSERT INTO local_orders (account_id, state, idempotency_key, body, reference,
                recipient, dest_base, dest_auth, dest_org, dest_key_version, placed_by)
             SELECT id, 'queued', '{}', convert_to('{}', 'UTF8'), 'BY-HAND-1', 'Mallory',
                base_url, auth_style, organization_id, credential_version, 'Anna'
             FROM accounts WHERE name = 'Club shop'",
            uuid::Uuid::new_v4(),
            body.replace('\'', "''")
        ),
    );
    for desk in [&a, &b] {
        let row = refused_on(desk, "BY-HAND-1", "no desk of this team signed");
        assert_eq!(row.state, logodesk::store::OrderState::Failed);
    }
    assert_eq!(placed(&env, "BY-HAND-1"), 0, "sent on the database's word");
    drop((a, b));

    // Anna queues two orders while no desk runs; one's delivery address is then changed by
    // hand in the team database.
    {
        let mut store = Store::open(&anna.dir.path().join("logodesk.sqlite")).unwrap();
        logodesk::team::join_if_on_a_team(&mut store, &anna.keychain, anna.dir.path())
            .unwrap()
            .expect("on the team");
        let account = store
            .accounts()
            .unwrap()
            .into_iter()
            .find(|a| a.name == "Club shop")
            .unwrap()
            .id;
        assert!(account.0 >= TEAM_IDS_FROM);
        queue_simple(&mut store, account, &env, "CHANGED-1");
        queue_simple(&mut store, account, &env, "KEPT-1");
    }
    psql(
        &database,
        "UPDATE local_orders SET body = convert_to(replace(convert_from(body, 'UTF8'),
             'Stadionvej 1', 'Elsewhere 9'), 'UTF8') WHERE reference = 'CHANGED-1'",
    );
    let a = start_on(&anna, StartAccount::Name("Club shop".into()));
    let row = refused_on(
        &a,
        "CHANGED-1",
        "changed in the team database after desk “Anna”",
    );
    assert!(!row.may_be_placed(), "{row:?}");
    history_until(&a, "the order left as it was placed", PATIENCE, |h| {
        h.iter()
            .any(|o| o.reference == "KEPT-1" && o.tracking_id.is_some())
    });
    drop(a);
    assert_eq!(placed(&env, "CHANGED-1"), 0, "sent with a changed address");
    assert_eq!(placed(&env, "KEPT-1"), 1);
    let elsewhere = env
        .sb
        .state()
        .lock()
        .orders
        .values()
        .filter(|o| o.request.delivery_address.address.contains("Elsewhere"))
        .count();
    assert_eq!(elsewhere, 0);
}

/// Issue 38, what the database password alone could still do: change the team account's
/// service address to a server of one's own, to which every desk would send its API key with
/// its next request. The desk (started again, as after a night) reads the account as moved,
/// says so, and sends nothing there — not a logo list, not a tracking poll — until its person
/// confirms the new address in Settings; then its key goes there.
#[test]
fn a_team_accounts_address_changed_in_the_database_gets_no_key_until_confirmed() {
    use logodesk::backend::AccountsCommand;
    use std::sync::{Arc, Mutex};
    let (service, env) = sandbox();
    let database = pg_cluster::shared().create_database();
    let team = pg_cluster::shared().socket_url(&database);
    let (anna, a, team_account) = joined(&env, &team, "MOVE-1");
    drop(a);

    // Mallory's server: it records the credentials of every request it is sent.
    let seen = Arc::new(Mutex::new(Vec::<String>::new()));
    let listener = service
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let mallory = format!("http://{}/", listener.local_addr().unwrap());
    let heard = seen.clone();
    service.spawn(async move {
        while let Ok((mut sock, _)) = listener.accept().await {
            let heard = heard.clone();
            tokio::spawn(async move {
                if let Some((_, path, headers, _)) =
                    crate::common::raw_http::read_request(&mut sock).await
                {
                    let key = headers
                        .iter()
                        .filter(|(n, _)| n == "authorization" || n == "x-api-key")
                        .map(|(_, v)| v.clone())
                        .collect::<Vec<_>>()
                        .join(" ");
                    heard.lock().unwrap().push(format!("{path} {key}"));
                }
                crate::common::raw_http::respond(&mut sock, 503, b"{}").await;
            });
        }
    });
    pg_cluster::shared()
        .psql(
            &database,
            &format!(
                "UPDATE logodesk.accounts SET base_url = '{mallory}' WHERE id = {}",
                team_account.0
            ),
        )
        .unwrap();

    let a = start_on(&anna, StartAccount::Id(team_account));
    let problem = until(&a, "the team's account activated", |e| match e {
        Event::AccountActivated {
            account, problem, ..
        } if account.id == team_account => Some(problem),
        _ => None,
    })
    .expect("the moved address is said");
    assert!(
        problem.message.contains("now goes to") && problem.message.contains(&mallory),
        "{}",
        problem.message
    );
    // The gallery asks for its logos: no client to ask with, nothing sent.
    let list = |request: u64| {
        Command::Logos(logodesk::backend::LogosCommand::List {
            request: logodesk::backend::RequestId(request),
            query: logodesk::api::ListLogos::new(),
            lister: logodesk::backend::Lister::Gallery,
        })
    };
    a.send(list(31));
    let failed = until(&a, "the gallery's list answered", |e| match e {
        Event::Failed(error) => Some(error),
        _ => None,
    });
    assert!(failed.message.contains("now goes to"), "{}", failed.message);
    // Time for the history's tracking poll and the outbox to go out, were they to.
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(
        *seen.lock().unwrap(),
        Vec::<String>::new(),
        "requests sent to the changed address"
    );

    // Anna's team did move it: she confirms, and her key goes there from now on.
    a.send(Command::Accounts(AccountsCommand::ConfirmAddress {
        account: team_account,
    }));
    let problem = until(&a, "the account activated again", |e| match e {
        Event::AccountActivated {
            account, problem, ..
        } if account.id == team_account => Some(problem),
        _ => None,
    });
    assert!(problem.is_none(), "{problem:?}");
    a.send(list(32));
    let started = Instant::now();
    while seen.lock().unwrap().is_empty() {
        assert!(
            started.elapsed() < PATIENCE,
            "nothing sent after confirming"
        );
        while a.try_recv().is_some() {}
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        seen.lock().unwrap().iter().any(|r| r.contains(env.key())),
        "{:?}",
        seen.lock().unwrap()
    );
}
