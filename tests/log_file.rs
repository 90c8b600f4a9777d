//! The log file and the crash note hold no API key. logodesk's logging is set up in this test
//! process exactly as the binary sets it up for a data folder (stderr and `logs/`, the panic
//! hook), at the most verbose level, and the app's backend then runs flows with two known
//! keys: a remote account on the sandbox (saved, tested, its logos listed) and one on a
//! server that echoes the key in every error, also around the point where long server text
//! is shortened (its connection tested, its logos listed, an order placed and refused). A
//! thread panics. Every file in `logs/` is then searched for any 8 characters of either key.

use std::time::{Duration, Instant};

#[path = "common/patience.rs"]
mod patience;
use patience::PATIENCE;

use logodesk::api::{ApiKey, AuthStyle, DeliveryAddress, LogoId, LogoLine, PlaceOrder};
use logodesk::backend::orders::{OrdersCommand, OrdersEvent};
use logodesk::backend::{
    AccountDraft, AccountsCommand, AccountsEvent, Backend, BackendConfig, Command, Envelope, Event,
    LogosCommand, LogosEvent, RequestId, StoreLocation,
};
use logodesk::keychain::Keychain;
use logodesk::sandbox::SandboxConfig;
use logodesk::store::AccountRecord;

/// A key the echoing server repeats back.
const ECHOED_KEY: &str = "sk-live-Q7ZkP3wXv9Jt2LmN4RbYc8Hd";

/// A server that refuses everything, quoting the key it was sent: at the start of a short
/// message, and where a long message is cut (the client keeps 300 characters).
async fn echo_server() -> String {
    use axum::http::{HeaderMap, StatusCode};
    async fn refuse(headers: HeaderMap) -> (StatusCode, axum::Json<serde_json::Value>) {
        let key = headers
            .get("authorization")
            .or_else(|| headers.get("x-api-key"))
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .trim_start_matches("Bearer ")
            .to_owned();
        let padding = "x".repeat(292);
        (
            StatusCode::BAD_REQUEST,
            axum::Json(serde_json::json!({
                "error": format!("key {key} refused"),
                "message": format!("{padding}{key} is not valid here"),
                "fieldErrors": [{"field": "reference", "messages": [format!("{key} again")]}],
            })),
        )
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = axum::Router::new().fallback(refuse);
    tokio::spawn(async move { axum::serve(listener, app).await.ok() });
    format!("http://{addr}/")
}

fn next_request(n: &mut u64) -> RequestId {
    *n += 1;
    RequestId(1_000 + *n)
}

/// Drains events until `pick` takes one; panics after 20 s.
fn wait_for<T>(backend: &Backend, mut pick: impl FnMut(Envelope) -> Option<T>) -> T {
    let until = Instant::now() + PATIENCE;
    loop {
        while let Some(event) = backend.try_recv() {
            if let Some(found) = pick(event) {
                return found;
            }
        }
        assert!(Instant::now() < until, "the expected event did not come");
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn save_account(
    backend: &Backend,
    n: &mut u64,
    name: &str,
    base_url: &str,
    key: &str,
) -> AccountRecord {
    let draft = AccountDraft {
        name: name.into(),
        base_url: base_url.into(),
        auth: AuthStyle::Bearer,
        organization_id: None,
        key: Some(ApiKey::new(key)),
        orders: Default::default(),
    };
    let request = next_request(n);
    backend.send(Command::Accounts(AccountsCommand::TestConnection {
        request,
        existing: None,
        draft: draft.clone(),
    }));
    wait_for(backend, |e| match e {
        Envelope {
            request: Some(r),
            event: Event::Accounts(AccountsEvent::ConnectionTested(_)),
            ..
        } if r == request => Some(()),
        _ => None,
    });
    let request = next_request(n);
    backend.send(Command::Accounts(AccountsCommand::Save {
        request,
        id: None,
        draft,
    }));
    let account = wait_for(backend, |e| match e {
        Envelope {
            request: Some(r),
            event: Event::Accounts(AccountsEvent::Saved(account)),
            ..
        } if r == request => Some(account),
        Envelope {
            request: Some(r),
            event: Event::Failed(error),
            ..
        } if r == request => panic!("the account was not saved: {error}"),
        _ => None,
    });
    backend.send(Command::SwitchAccount {
        account: account.id,
    });
    wait_for(backend, |e| match e.event {
        Event::AccountActivated { account: a, .. } if a.id == account.id => Some(()),
        _ => None,
    });
    let request = next_request(n);
    backend.send(Command::Logos(LogosCommand::List {
        request,
        query: logodesk::api::ListLogos::default(),
        lister: logodesk::backend::Lister::Gallery,
    }));
    wait_for(backend, |e| match e {
        Envelope {
            request: Some(r),
            event: Event::Logos(LogosEvent::Page(_)) | Event::Failed(_),
            ..
        } if r == request => Some(()),
        _ => None,
    });
    account
}

/// Places one order with the active account and waits until the outbox has an answer.
fn place_order(backend: &Backend, n: &mut u64) {
    let fx = logodesk::sandbox::fixtures();
    let address = DeliveryAddress::new("Nordby IF", "Stadionvej 1", "6700", "Esbjerg", "DK");
    let order =
        PlaceOrder::new("LOG-1", address).with_logo(LogoLine::quantity(LogoId(fx.done_logo_id), 5));
    let request = next_request(n);
    backend.send(Command::Orders(OrdersCommand::NewDraft {
        request,
        draft_json: "{}".into(),
        reference: order.reference.clone(),
        recipient: "Nordby IF".into(),
    }));
    let draft = wait_for(backend, |e| match e {
        Envelope {
            request: Some(r),
            event: Event::Orders(OrdersEvent::DraftCreated(order)),
            ..
        } if r == request => Some(order),
        _ => None,
    });
    backend.send(Command::Orders(OrdersCommand::Place {
        id: draft.id,
        draft_json: "{}".into(),
        reference: order.reference.clone(),
        recipient: "Nordby IF".into(),
        body: serde_json::to_vec(&order).unwrap(),
        base: draft.version,
        // The same order again on purpose: every run places "LOG-1".
        again: true,
    }));
    wait_for(backend, |e| match e.event {
        Event::Orders(OrdersEvent::Changed(order))
            if order.id == draft.id && order.attempts > 0 =>
        {
            Some(())
        }
        _ => None,
    });
}

/// Every 8-character piece of `key` found in `text`.
fn pieces_of(key: &str, text: &str) -> Vec<String> {
    let chars: Vec<char> = key.chars().collect();
    chars
        .windows(8)
        .map(|w| w.iter().collect::<String>())
        .filter(|piece| text.contains(piece.as_str()))
        .collect()
}

#[test]
fn neither_the_log_nor_a_crash_note_holds_an_api_key() {
    let dir = tempfile::tempdir().unwrap();
    // SAFETY: set before any other thread of this test process reads the environment.
    unsafe { std::env::set_var("RUST_LOG", "trace") };
    let logging = logodesk::logging::init_in(dir.path());

    let service = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let echo = service.block_on(echo_server());
    let vendor_key = logodesk::sandbox::fixtures().vendor_api_key;

    let keychain = Keychain::with_store(keyring_core::mock::Store::new().unwrap());
    let mut config = BackendConfig::ephemeral(keychain);
    config.store = StoreLocation::File(dir.path().join("logodesk.sqlite"));
    config.sandbox = Some(SandboxConfig::fast());
    let mut backend = Backend::start(config, logodesk::backend::Waker::none()).unwrap();
    let sandbox_url = wait_for(&backend, |e| match e.event {
        Event::Ready { sandbox_url, .. } => Some(sandbox_url.expect("the sandbox runs")),
        _ => None,
    });
    let mut n = 0;
    save_account(
        &backend,
        &mut n,
        "Sandbox by hand",
        &sandbox_url,
        &vendor_key,
    );
    save_account(&backend, &mut n, "Echo", &echo, ECHOED_KEY);
    place_order(&backend, &mut n);
    backend.shutdown(Duration::from_secs(5));

    // A bug somewhere: the hook writes its note.
    let panicked = std::thread::Builder::new()
        .name("worker-with-a-bug".into())
        .spawn(|| panic!("a test bug after using the keys"))
        .unwrap()
        .join();
    assert!(panicked.is_err());
    let logs = logging.dir().to_owned();
    drop(logging); // writes out the buffered log lines

    let mut files = 0;
    let mut log_text = String::new();
    let mut note_text = String::new();
    for entry in std::fs::read_dir(&logs).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for key in [ECHOED_KEY, vendor_key.as_str()] {
            let found = pieces_of(key, &text);
            assert!(found.is_empty(), "{name} holds pieces of a key: {found:?}");
        }
        if name.starts_with("logodesk.") {
            log_text.push_str(&text);
        } else if name.starts_with("crash-") {
            note_text.push_str(&text);
        }
        files += 1;
    }
    assert!(
        files >= 2,
        "a log file and a crash note in {}",
        logs.display()
    );
    // The search was over real content: the flows are in the log, the bug in the note.
    assert!(log_text.contains("logodesk starts"), "{log_text}");
    assert!(
        log_text.contains("TestConnection"),
        "the commands are logged"
    );
    assert!(
        note_text.contains("message: a test bug after using the keys"),
        "{note_text}"
    );
    assert!(
        note_text.contains("thread: worker-with-a-bug"),
        "{note_text}"
    );
    eprintln!(
        "log: {} bytes, crash note: {} bytes, no piece of either key",
        log_text.len(),
        note_text.len()
    );
}
