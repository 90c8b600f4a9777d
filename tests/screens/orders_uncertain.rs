//! Issue 9, test 3: an ambiguous first send (the service applied it, the answer was lost)
//! followed by a 4xx on the resend. The order must not be marked failed (the service has it),
//! must not be sent again by itself, must keep its key and body for a look-up, and copying it
//! to a new draft (which gets a new key, so placing the copy would place it twice) must ask
//! the person first.
//!
//! A small HTTP proxy in front of the sandbox drops the answer of the first `POST /api/orders`
//! after the sandbox applied it, then answers 409 to the resend.

use crate::common;
use crate::ui_common;

use crate::common::PATIENCE;
use crate::common::raw_http::{read_request, respond};
use common::*;
use logodesk::api::*;
use logodesk::backend::orders::{Outbox, OutboxConfig, SharedStore};
use logodesk::backend::{BackendConfig, StoreLocation};
use logodesk::sandbox::SandboxConfig;
use logodesk::store::{KeyLocation, LocalOrderId, NewAccount, OrderState, Store};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::net::{TcpListener, TcpStream};

/// What the proxy does with the n-th `POST /api/orders`; later ones are forwarded.
#[derive(Debug, Clone, Copy)]
enum Post {
    /// Forwarded (the sandbox applies it), then the connection is closed without an answer.
    DropAnswer,
    /// Answered with this status (409, 400…) without forwarding.
    Refuse(u16),
}

/// A proxy to `upstream` on 127.0.0.1; answers its address and the count of order POSTs.
async fn proxy(upstream: String, plan: Vec<Post>) -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let posts = Arc::new(AtomicUsize::new(0));
    let count = posts.clone();
    let http = reqwest::Client::new();
    tokio::spawn(async move {
        loop {
            let Ok((sock, _)) = listener.accept().await else {
                return;
            };
            let (http, upstream, plan, count) =
                (http.clone(), upstream.clone(), plan.clone(), count.clone());
            tokio::spawn(async move { serve(sock, http, upstream, plan, count).await });
        }
    });
    (format!("http://{addr}/"), posts)
}

/// One request per connection (the answers say `Connection: close`).
async fn serve(
    mut sock: TcpStream,
    http: reqwest::Client,
    upstream: String,
    plan: Vec<Post>,
    posts: Arc<AtomicUsize>,
) {
    let Some((method, path, headers, body)) = read_request(&mut sock).await else {
        return;
    };
    let step = if method == "POST" && path == "/api/orders" {
        plan.get(posts.fetch_add(1, Ordering::SeqCst)).copied()
    } else {
        None
    };
    if let Some(Post::Refuse(status)) = step {
        let body = r#"{"error":"Conflict","message":"Idempotency-Key was already used for a different order body"}"#;
        return respond(&mut sock, status, body.as_bytes()).await;
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
    if let Some(Post::DropAnswer) = step {
        // Applied upstream; the answer is lost on the way back.
        return;
    }
    respond(&mut sock, status, &bytes).await;
}

/// A draft queued the way "Place order" queues it, for `account`.
fn queue(store: &mut Store, account: logodesk::store::AccountId, body: &[u8]) -> LocalOrderId {
    let draft = store
        .create_draft(account, "{}", "AMBIGUOUS", "Nordby IF")
        .unwrap();
    assert!(
        store
            .queue_draft(draft.id, "{}", "AMBIGUOUS", "Nordby IF", body)
            .unwrap()
    );
    draft.id
}

async fn row_state(store: &SharedStore, id: LocalOrderId) -> logodesk::store::LocalOrder {
    let store = store.clone();
    tokio::task::spawn_blocking(move || store.lock().unwrap().local_order(id).unwrap())
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_resend_after_a_lost_answer_is_uncertain_not_failed() {
    let env = start_with(SandboxConfig::fast()).await;
    let (url, posts) = proxy(env.sb.base_url(), vec![Post::DropAnswer, Post::Refuse(409)]).await;
    let before = env.sb.state().lock().orders.len();
    let mut store = Store::open_in_memory().unwrap();
    let account = store
        .insert_account(&NewAccount {
            name: "Through a proxy".into(),
            base_url: url.parse().unwrap(),
            auth: AuthStyle::Bearer,
            organization_id: None,
            key_location: KeyLocation::Keychain,
        })
        .unwrap()
        .id;
    let body = serde_json::to_vec(&simple_order(&env, "AMBIGUOUS")).unwrap();
    let id = queue(&mut store, account, &body);
    let queued = store.local_order(id).unwrap();
    let store = SharedStore::new(store);
    let config = OutboxConfig {
        poll_interval: Duration::from_millis(100),
        first_poll: Duration::from_millis(50),
        ..OutboxConfig::default()
    };
    let outbox = Outbox::start(
        store.clone(),
        client(&url, env.key(), AuthStyle::Bearer),
        account,
        config,
        Arc::new(|_| {}),
    );

    let started = Instant::now();
    let row = loop {
        let row = row_state(&store, id).await;
        if row.state != OrderState::Queued {
            break row;
        }
        assert!(started.elapsed() < PATIENCE, "still queued");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    // The service has the order (the lost answer's): not failed, may be placed.
    assert_eq!(row.state, OrderState::Uncertain, "{row:?}");
    assert!(!row.state.is_final());
    assert!(row.may_be_placed());
    assert_eq!(row.key, queued.key, "the key is kept");
    assert_eq!(posts.load(Ordering::SeqCst), 2);
    assert_eq!(env.sb.state().lock().orders.len(), before + 1);

    // It is not sent again by itself: a second order goes out and is placed meanwhile.
    let other = serde_json::to_vec(&simple_order(&env, "NEXT")).unwrap();
    let next = {
        let mut s = store.lock().unwrap();
        queue(&mut s, account, &other)
    };
    outbox.wake();
    let started = Instant::now();
    while row_state(&store, next).await.state == OrderState::Queued {
        assert!(started.elapsed() < PATIENCE, "the next order is stuck");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(
        posts.load(Ordering::SeqCst),
        3,
        "the uncertain order was resent"
    );
    assert_eq!(row_state(&store, id).await.state, OrderState::Uncertain);
    assert_eq!(env.sb.state().lock().orders.len(), before + 2);

    // "Look up": the same key and the same bytes answer the order the lost answer was about.
    let out = store
        .lock()
        .unwrap()
        .uncertain_outgoing(id)
        .unwrap()
        .unwrap();
    assert_eq!(out.body, body, "the body is kept byte for byte");
    let found = client(&url, env.key(), AuthStyle::Bearer)
        .orders()
        .place_once(out.body.into(), &out.key)
        .await
        .unwrap();
    store
        .lock()
        .unwrap()
        .record_tracking(id, &found, None)
        .unwrap();
    assert_eq!(row_state(&store, id).await.state, OrderState::Sent);
    assert_eq!(
        env.sb.state().lock().orders.len(),
        before + 2,
        "nothing placed twice"
    );
    drop(outbox);
}

/// The same with a 400 on the resend, and the sandbox in front: a replay of the applied order
/// with the same key is answered with its tracking id whatever the sandbox thinks of the body.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_400_after_a_lost_answer_is_uncertain_too() {
    let env = start_with(SandboxConfig::fast()).await;
    let (url, _) = proxy(env.sb.base_url(), vec![Post::DropAnswer, Post::Refuse(400)]).await;
    let before = env.sb.state().lock().orders.len();
    let mut store = Store::open_in_memory().unwrap();
    let account = store
        .insert_account(&NewAccount {
            name: "Through a proxy".into(),
            base_url: url.parse().unwrap(),
            auth: AuthStyle::XApiKey,
            organization_id: None,
            key_location: KeyLocation::Keychain,
        })
        .unwrap()
        .id;
    let body = serde_json::to_vec(&simple_order(&env, "AMBIGUOUS-400")).unwrap();
    let id = queue(&mut store, account, &body);
    let store = SharedStore::new(store);
    let _outbox = Outbox::start(
        store.clone(),
        client(&url, env.key(), AuthStyle::XApiKey),
        account,
        OutboxConfig::default(),
        Arc::new(|_| {}),
    );
    let started = Instant::now();
    while row_state(&store, id).await.state == OrderState::Queued {
        assert!(started.elapsed() < PATIENCE, "still queued");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(row_state(&store, id).await.state, OrderState::Uncertain);
    assert_eq!(env.sb.state().lock().orders.len(), before + 1);
}

/// The sandbox checks the idempotency key before the body: a used key with another body is
/// 409 even when that body would not pass validation, and the same body replays.
#[tokio::test]
async fn the_sandbox_checks_the_key_before_the_body() {
    let env = start().await;
    let body = serde_json::to_string(&simple_order(&env, "KEY-FIRST")).unwrap();
    let send = |b: String| {
        env.http
            .post(env.url("api/orders"))
            .bearer_auth(env.key())
            .header("Idempotency-Key", "key-first-1")
            .header("Content-Type", "application/json")
            .body(b)
            .send()
    };
    let first = read_raw(send(body.clone()).await.unwrap()).await;
    assert_eq!(first.status, 202, "{}", first.text);
    let invalid = read_raw(send(r#"{"reference": 5}"#.into()).await.unwrap()).await;
    assert_eq!(invalid.status, 409, "{}", invalid.text);
    let again = read_raw(send(body).await.unwrap()).await;
    assert_eq!(again.status, 202);
    assert_eq!(again.body["id"], first.body["id"]);
}

/// An uncertain row in the data folder's database `db` for the sandbox account: queued with
/// `form`, a send that timed out, then a refused resend.
fn uncertain_row(
    db: &std::path::Path,
    form: &str,
    reference: &str,
    recipient: &str,
) -> LocalOrderId {
    let mut store = Store::open(db).unwrap();
    let account = store.ensure_sandbox_account().unwrap().id;
    let draft = store
        .create_draft(account, form, reference, recipient)
        .unwrap();
    store
        .queue_draft(draft.id, form, reference, recipient, b"{}")
        .unwrap();
    let dest = store.destination(account).unwrap();
    assert!(store.begin_send(draft.id, &dest, None, None).unwrap());
    store
        .note_send_failure(draft.id, "timed out", true, None)
        .unwrap();
    assert!(store.begin_send(draft.id, &dest, None, None).unwrap());
    store
        .note_refusal(draft.id, "Idempotency-Key was already used", None)
        .unwrap();
    assert_eq!(
        store.local_order(draft.id).unwrap().state,
        OrderState::Uncertain
    );
    draft.id
}

/// The app on the database `db`, once its history lists row `id`.
fn app_on(
    db: &std::path::Path,
    id: LocalOrderId,
) -> egui_kittest::Harness<'static, logodesk::app::LogodeskApp> {
    use ui_common::*;
    let mut config: BackendConfig = config();
    config.store = StoreLocation::File(db.to_owned());
    let mut h = app_with(config, egui::Theme::Light, Default::default());
    wait_for(&mut h, "the history", |h| {
        h.state()
            .screens()
            .history
            .orders
            .iter()
            .any(|o| o.id == id)
    });
    h
}

/// Copying an order that may already be placed asks first; only "Copy anyway" makes the
/// new draft (with a new key).
#[test]
fn copying_an_uncertain_order_needs_the_persons_confirmation() {
    use egui_kittest::kittest::Queryable as _;
    use ui_common::*;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("logodesk.sqlite");
    let form = serde_json::to_string(&logodesk::backend::demo_form()).unwrap();
    let id = uncertain_row(&db, &form, "PO-UNCERTAIN", "Nordby IF");
    let mut h = app_on(&db, id);
    h.get_by_label("History").click();
    h.run_steps(2);
    h.state_mut().screens_mut().history.view.open = Some(id);
    h.run_steps(3);
    assert!(shows_text(&h, "May already be placed"));
    assert!(shows(&h, "Look up"));

    h.get_by_label("Copy to new draft…").click();
    h.run_steps(3);
    assert!(shows_text(&h, "could place the order a second time"));
    assert!(h.state().screens().orders.composer.draft_id().is_none());
    assert!(
        h.state().screens().orders.drafts.is_empty(),
        "no draft without confirming"
    );
    h.get_by_label("Cancel").click();
    h.run_steps(3);
    assert!(!shows_text(&h, "could place the order a second time"));
    assert!(h.state().screens().orders.drafts.is_empty());

    h.get_by_label("Copy to new draft…").click();
    h.run_steps(2);
    h.get_by_label("Copy anyway").click();
    wait_for(&mut h, "the confirmed copy", |h| {
        h.state().screens().orders.composer.draft_id().is_some()
    });
    let copy = h.state().screens().orders.composer.draft_id().unwrap();
    assert_ne!(copy, id);
    let store = Store::open(&db).unwrap();
    assert_ne!(
        store.local_order(copy).unwrap().key,
        store.local_order(id).unwrap().key,
        "the copy has its own key"
    );
    assert_eq!(store.local_order(id).unwrap().state, OrderState::Uncertain);
}

/// Issue 19: a tracking id typed for an uncertain order names another order (another
/// reference): nothing is attached until the person, told which order it is, says so.
#[test]
fn attaching_the_tracking_id_of_another_order_asks_first() {
    use egui_kittest::kittest::Queryable as _;
    use ui_common::*;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("logodesk.sqlite");
    let id = uncertain_row(&db, "{}", "PO-MINE", "Nordby IF");
    let mut h = app_on(&db, id);
    // Someone else's order on the same service.
    let client = sandbox_client(&h);
    let fx = logodesk::sandbox::fixtures();
    let other = PlaceOrder::new("PO-THEIRS", address())
        .with_logo(LogoLine::quantity(LogoId(fx.done_logo_id), 5));
    // Completed, so that the service says which order it is (`order` comes only then).
    let placed = tokio::runtime::Runtime::new().unwrap().block_on(async {
        let placed = client
            .orders()
            .place(&other, &IdempotencyKey::new())
            .await
            .unwrap();
        let done = tokio::time::timeout(
            PATIENCE,
            client
                .orders()
                .track(placed.id, Some(Duration::from_millis(50)), |_| {}),
        )
        .await
        .expect("the other order completes")
        .unwrap();
        assert_eq!(done.status, OrderStatus::Completed);
        placed
    });

    h.get_by_label("History").click();
    h.run_steps(2);
    h.state_mut().screens_mut().history.view.open = Some(id);
    h.run_steps(3);
    type_into(
        &mut h,
        "Tracking id of this order",
        &placed.id.0.to_string(),
    );
    press(&mut h, "Attach");
    wait_for(&mut h, "the question", |h| {
        h.state()
            .screens()
            .history
            .view
            .open_order()
            .is_some_and(|o| o.attach_question.is_some())
    });
    assert!(shows_text(&h, "PO-THEIRS"), "names the order it is");
    assert!(shows_text(&h, "Nothing was attached"));
    let store = Store::open(&db).unwrap();
    assert_eq!(store.local_order(id).unwrap().state, OrderState::Uncertain);
    assert_eq!(store.local_order(id).unwrap().tracking_id, None);

    press(&mut h, "Attach anyway");
    wait_for(&mut h, "the attached order", |h| {
        h.state()
            .screens()
            .history
            .orders
            .iter()
            .any(|o| o.id == id && o.tracking_id == Some(placed.id))
    });
    assert_eq!(store.local_order(id).unwrap().tracking_id, Some(placed.id));
}

/// Issue 22: History finds things. "Needs attention" shows the uncertain order and not the
/// completed one; a recipient narrows the list; the totals line adds what is shown.
#[test]
fn history_filters_by_status_and_recipient_and_totals_what_it_shows() {
    use egui_kittest::kittest::Queryable as _;
    use ui_common::*;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("logodesk.sqlite");
    let uncertain = uncertain_row(&db, "{}", "PO-CHECK", "Sønderby BK");
    let mut h = app_on(&db, uncertain);
    let completed = place_demo_order(&mut h);
    let total = completed
        .record
        .as_ref()
        .unwrap()
        .order
        .as_ref()
        .unwrap()
        .total;
    h.get_by_label("History").click();
    let money = logodesk::locale::Language::English.money(total, "DKK");
    wait_for(&mut h, "both orders", |h| shows_text(h, "2 orders found"));
    assert!(
        shows_text(&h, &money),
        "the completed order's total: {money}"
    );

    // Needs attention: only the uncertain order (the store filters, the list follows).
    h.query_all_by_role(egui::accesskit::Role::ComboBox)
        .find(|n| n.value().as_deref() == Some("All orders"))
        .expect("the status picker")
        .click();
    h.run_steps(2);
    h.get_by_label("Needs attention").click();
    wait_for(&mut h, "the orders needing attention", |h| {
        shows_text(h, "1 order found")
    });
    assert!(shows(&h, "PO-CHECK"));
    assert!(
        !shows(&h, &completed.reference),
        "the completed order is hidden"
    );

    // Back to all, then a recipient: the demo order's club only.
    press(&mut h, "Clear filters");
    wait_for(&mut h, "both orders again", |h| {
        shows_text(h, "2 orders found")
    });
    type_into(&mut h, "Recipient", &completed.recipient);
    wait_for(&mut h, "the recipient's orders", |h| {
        shows_text(h, "1 order found")
    });
    assert!(!shows(&h, "PO-CHECK"));
}
