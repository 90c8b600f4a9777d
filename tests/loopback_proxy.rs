//! Requests to this computer bypass any system proxy: with `HTTP_PROXY`, `ALL_PROXY` (and
//! their lower-case forms) pointing at another local listener, a client of a `127.0.0.1`
//! service still talks to the service, and the "proxy" sees no connection.
//!
//! Its own test binary with a single test: it changes the process's environment.

use logodesk::api::{Client, ClientConfig, RetryPolicy};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

#[tokio::test]
async fn loopback_requests_ignore_the_system_proxy() {
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
    // SAFETY: this binary's only test, run before any client reads the environment; the
    // runtime's other threads do not read or write it.
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
