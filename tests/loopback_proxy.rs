//! Requests to this computer bypass any system proxy: with `HTTP_PROXY`, `ALL_PROXY` (and
//! their lower-case forms) pointing at another local listener, a client of a `127.0.0.1`
//! service still talks to the service, and the "proxy" sees no connection.
//!
//! Any other host goes through the system's proxy (`HTTPS_PROXY`, `NO_PROXY` honoured), and
//! what the proxy does is said as such (issue 30, item 3): a proxy that asks for credentials
//! (407), one that refuses the tunnel (403, 502), one that answers a web page instead of a
//! tunnel; a queued order stays queued through all of it.
//!
//! Its own test binary: its tests change the process's environment, one at a time ([`ENV`]).

#[path = "intermediary/mod.rs"]
mod intermediary;

use intermediary::{ConnectProxy, ProxyMode, TlsService, no_html};
use logodesk::api::{ApiError, Client, ClientConfig, IntermediaryKind, RetryPolicy};
use logodesk::store::OrderState;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Held by a test while it changes the environment and builds its clients.
static ENV: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

#[tokio::test]
async fn loopback_requests_ignore_the_system_proxy() {
    let _env = ENV.lock().await;
    // The "proxy": counts connections and answers 502 to anything.
    let proxy = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let proxy_addr = proxy.local_addr().unwrap();
    let proxied = Arc::new(AtomicUsize::new(0));
    let count = proxied.clone();
    tokio::spawn(async move {
        use tokio::io::AsyncWriteExt as _;
        while let Ok((mut conn, _)) = proxy.accept().await {
            count.fetch_add(1, Ordering::SeqCst);
            let _ = conn
                .write_all(b"HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n")
                .await;
        }
    });
    // The service.
    let service = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let service_addr = service.local_addr().unwrap();
    let app = axum::Router::new().route(
        "/api/health/ping",
        axum::routing::get(|| async { "Healthy" }),
    );
    tokio::spawn(async move {
        let _ = axum::serve(service, app).await;
    });

    let proxy_url = format!("http://{proxy_addr}");
    // SAFETY: the tests of this binary change the environment one at a time (ENV), before
    // their clients read it; the runtime's other threads do not read or write it.
    unsafe {
        for name in ["HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"] {
            std::env::set_var(name, &proxy_url);
        }
        for name in ["NO_PROXY", "no_proxy"] {
            std::env::remove_var(name);
        }
    }
    let config = ClientConfig::parse(&format!("http://{service_addr}/"), "sk-proxy-test")
        .unwrap()
        .with_retry(RetryPolicy::default().with_max_retries(0));
    let client = Client::new(config).unwrap();
    let answer = tokio::time::timeout(Duration::from_secs(30), client.ping())
        .await
        .expect("the ping answers");
    assert_eq!(answer.unwrap(), "Healthy");
    assert_eq!(
        proxied.load(Ordering::SeqCst),
        0,
        "no request went through the proxy"
    );
}

/// `HTTPS_PROXY` (both spellings) set to `proxy`, `NO_PROXY` to `no_proxy`, the rest unset.
fn use_proxy(proxy: &str, no_proxy: Option<&str>) {
    // SAFETY: as above (ENV held by the caller).
    unsafe {
        for name in ["HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"] {
            std::env::remove_var(name);
        }
        for name in ["HTTPS_PROXY", "https_proxy"] {
            std::env::set_var(name, proxy);
        }
        for name in ["NO_PROXY", "no_proxy"] {
            match no_proxy {
                Some(v) => std::env::set_var(name, v),
                None => std::env::remove_var(name),
            }
        }
    }
}

/// The service by a name only the proxy resolves, over https with the test authority trusted.
fn client(base: &str) -> Client {
    Client::new(
        ClientConfig::parse(base, "sk-proxy-test")
            .unwrap()
            .with_extra_root_der(intermediary::CA)
            .unwrap()
            .with_retry(RetryPolicy::default().with_max_retries(0)),
    )
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_system_proxy_is_used_and_what_it_does_is_said() {
    let _env = ENV.lock().await;
    let service = TlsService::start();
    let proxy = ConnectProxy::start(ProxyMode::PassThrough);
    let proxy_at = proxy.running.addr.to_string();
    let base = format!("https://service.test:{}/", service.running.addr.port());
    use_proxy(&proxy.url(), None);

    // Through the proxy to the service.
    assert_eq!(client(&base).ping().await.unwrap(), "Healthy");
    let connect = format!(
        "CONNECT service.test:{} HTTP/1.1",
        service.running.addr.port()
    );
    assert_eq!(proxy.seen(), vec![connect.clone()]);

    // 407: where to put the user name and password.
    proxy.set(ProxyMode::AskCredentials);
    let err = client(&base).ping().await.unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "The proxy at {proxy_at} asks for a user name and password — set them in the proxy \
             address as http://user:password@host:port in HTTPS_PROXY, or ask IT."
        )
    );
    assert!(matches!(
        err,
        ApiError::Intermediary {
            kind: IntermediaryKind::ProxyAuth { .. },
            ..
        }
    ));

    // A refused tunnel, and a web page instead of one.
    for (mode, says) in [
        (
            ProxyMode::Refuse403,
            format!("The proxy at {proxy_at} would not connect to the service"),
        ),
        (
            ProxyMode::Refuse502,
            format!("The proxy at {proxy_at} would not connect to the service"),
        ),
        (
            ProxyMode::Page,
            "A page of the network you are on answered instead of the service".to_owned(),
        ),
    ] {
        proxy.set(mode);
        let err = client(&base).ping().await.unwrap_err();
        assert!(err.to_string().starts_with(&says), "{mode:?}: {err}");
        assert!(err.is_unreachable(), "{mode:?}");
        no_html(&format!("{err} {err:?}"));
    }

    // A queued order stays queued through each, marked as not having reached the service,
    // and the status bar says offline.
    for (mode, says) in [
        (
            ProxyMode::AskCredentials,
            "asks for a user name and password",
        ),
        (ProxyMode::Refuse403, "would not connect to the service"),
        (ProxyMode::Refuse502, "would not connect to the service"),
        (ProxyMode::Page, "A page of the network you are on"),
    ] {
        proxy.set(mode);
        let (row, offline) = intermediary::send_once(&base, client(&base)).await;
        assert_eq!(row.state, OrderState::Queued, "{mode:?}");
        assert!(
            !row.reached,
            "{mode:?}: the tunnel never reached the service"
        );
        assert_eq!(offline, Some(true), "{mode:?}");
        let said = row.last_error.unwrap_or_default();
        assert!(said.contains(says), "{mode:?}: {said}");
        no_html(&said);
    }
    assert_eq!(
        service.handshakes.load(Ordering::SeqCst),
        1,
        "only the pass-through reached it"
    );

    // NO_PROXY: the host named there is called directly (and this one only the proxy knows).
    proxy.set(ProxyMode::PassThrough);
    let before = proxy.seen().len();
    use_proxy(&proxy.url(), Some("example.org, service.test"));
    let err = client(&base).ping().await.unwrap_err();
    assert!(matches!(err, ApiError::Network { .. }), "{err:?}");
    assert_eq!(
        proxy.seen().len(),
        before,
        "NO_PROXY: not through the proxy"
    );
}
