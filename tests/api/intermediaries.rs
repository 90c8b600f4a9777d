//! Issue 30, item 2: something in between answered instead of the service — a proxy's or
//! gateway's 502/503/504 page, a captive portal's HTML where JSON was expected, a redirect to
//! the portal's host, a TLS certificate that is not the service's. Each says so in its own
//! sentence (English and Danish), never shows the page, counts as "service unreachable" (the
//! cached copy is answered, the status bar says offline), and a queued order stays queued.

use crate::intermediary::{PAGE, Running, TlsService, no_html, run};
use axum::extract::Path as UrlPath;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use logodesk::api::*;
use logodesk::backend::support::disk_cache::{DiskCache, Key, Kind};
use logodesk::i18n::text_in;
use logodesk::locale::Language;
use logodesk::store::{AccountId, OrderState};
use std::time::Duration;

const KEY: &str = "sk-intermediary-test-key";

/// What the network in between answers, by the first path segment.
async fn answer(UrlPath((scenario, _rest)): UrlPath<(String, String)>) -> Response {
    let html = [(header::CONTENT_TYPE, "text/html; charset=utf-8")];
    match scenario.as_str() {
        "gateway-502" => (
            StatusCode::BAD_GATEWAY,
            [(header::VIA, "1.1 proxy.office.test (squid/6.6)")],
            html,
            PAGE,
        )
            .into_response(),
        "gateway-503" => (StatusCode::SERVICE_UNAVAILABLE, html, PAGE).into_response(),
        "gateway-504" => {
            (StatusCode::GATEWAY_TIMEOUT, [(header::VIA, "1.1 edge")], "").into_response()
        }
        "portal" => (StatusCode::OK, html, PAGE).into_response(),
        // A block page without a content type, opening as a document.
        "portal-untyped" => (StatusCode::OK, format!("\n  {PAGE}")).into_response(),
        "redirect" => (
            StatusCode::FOUND,
            [(
                header::LOCATION,
                "http://portal.hotel.test/login?from=logodesk",
            )],
            html,
            PAGE,
        )
            .into_response(),
        // The service's own 503 (its JSON and Retry-After): stays the service's.
        _ => (
            StatusCode::SERVICE_UNAVAILABLE,
            [(header::RETRY_AFTER, "1")],
            [(header::CONTENT_TYPE, "application/json")],
            r#"{"error":"Service Unavailable","message":"Down for maintenance"}"#,
        )
            .into_response(),
    }
}

/// The network in between on 127.0.0.1:0, on its own thread and runtime.
fn network() -> Running {
    run(|listener| async move {
        let app = axum::Router::new().route("/{scenario}/{*rest}", axum::routing::any(answer));
        let _ = axum::serve(listener, app).await;
    })
}

fn client(base: &str) -> Client {
    Client::new(
        ClientConfig::parse(base, KEY)
            .unwrap()
            .with_retry(RetryPolicy::default().with_max_retries(0)),
    )
    .unwrap()
}

fn danish(e: &ApiError) -> String {
    e.message().format(
        &|id, args| text_in(Language::Danish, id, Some(args)),
        &|k| k.to_string(),
    )
}

/// Asserts what a person sees for `scenario` (English `says`, a Danish sentence that differs),
/// that it counts as unreachable and that the order stays queued (`reached` as given).
async fn check(net: &Running, scenario: &str, says: &str, reached: bool) {
    let base = format!("http://{}/{scenario}/", net.addr);
    let err = client(&base).orders().get(OrderId(7)).await.unwrap_err();
    let english = err.to_string();
    assert!(english.contains(says), "{scenario}: {english}");
    assert!(
        matches!(err, ApiError::Intermediary { .. }),
        "{scenario}: {err:?}"
    );
    assert!(err.is_unreachable(), "{scenario}");
    let da = danish(&err);
    assert!(
        !da.is_empty() && da != english && !da.starts_with("api-"),
        "{scenario}: {da}"
    );
    for text in [&english, &da, &format!("{err:?}")] {
        no_html(text);
    }

    let (row, offline) = crate::intermediary::send_once(&base, client(&base)).await;
    assert_eq!(row.state, OrderState::Queued, "{scenario}");
    assert_eq!(
        row.reached, reached,
        "{scenario}: may the order have reached the service?"
    );
    assert_eq!(
        offline,
        Some(true),
        "{scenario}: the status bar says offline"
    );
    let said = row.last_error.unwrap_or_default();
    assert!(said.contains(says), "{scenario}: {said}");
    no_html(&said);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_proxys_or_gateways_page_is_said_as_such_and_the_order_stays_queued() {
    let net = network();
    let says = "A proxy or gateway between you and the service answered instead of it";
    // A gateway that passed the request on may have reached the service.
    check(&net, "gateway-502", &format!("{says} (502)"), true).await;
    check(&net, "gateway-503", &format!("{says} (503)"), true).await;
    check(&net, "gateway-504", &format!("{says} (504)"), true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_captive_portals_page_or_redirect_tells_to_log_in_to_the_wifi() {
    let net = network();
    let says = "A page of the network you are on answered instead of the service";
    for scenario in ["portal", "portal-untyped", "redirect"] {
        check(&net, scenario, says, false).await;
    }
    // The sentence ends with what to do.
    let base = format!("http://{}/portal/", net.addr);
    let err = client(&base).ping().await.unwrap_err();
    assert!(
        err.to_string()
            .contains("log in to the Wi-Fi, then try again"),
        "{err}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_services_own_503_keeps_its_sentence_and_retry_after() {
    let net = network();
    let base = format!("http://{}/own-503/", net.addr);
    let err = client(&base).orders().get(OrderId(7)).await.unwrap_err();
    assert_eq!(
        err.status(),
        Some(reqwest::StatusCode::SERVICE_UNAVAILABLE),
        "{err:?}"
    );
    assert_eq!(err.retry_after(), Some(Duration::from_secs(1)));
    assert!(!err.is_unreachable());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cached_copy_is_answered_while_a_portal_answers_instead_of_the_service() {
    let tls = TlsService::start();
    let net = network();
    let dir = tempfile::tempdir().unwrap();
    let cache = DiskCache::new(dir.path().join("cache"), 1 << 20).account(AccountId(1));
    let key = || Key::new(Kind::Logo, 1, "");
    // Once through the service (the test authority trusted)…
    let good = Client::new(
        ClientConfig::parse(
            &format!("https://127.0.0.1:{}/", tls.running.addr.port()),
            KEY,
        )
        .unwrap()
        .with_extra_root_der(crate::intermediary::CA)
        .unwrap(),
    )
    .unwrap();
    let fresh = cache.read_through(key(), good.ping()).await.unwrap();
    assert_eq!(fresh.value, "Healthy");
    assert!(fresh.stale_since.is_none());
    tokio::time::sleep(Duration::from_millis(300)).await; // written behind the answer
    // …then the portal answers: the copy kept is shown, marked as old.
    let portal = client(&format!("http://{}/portal/", net.addr));
    let stale = cache.read_through(key(), portal.ping()).await.unwrap();
    assert_eq!(stale.value, "Healthy");
    assert!(stale.stale_since.is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_certificate_that_is_not_the_services_is_said_as_such_and_the_order_stays_queued() {
    // The service's certificate is signed by an authority this client does not trust, as a
    // network that inspects traffic would present its own.
    let tls = TlsService::start();
    let base = format!("https://127.0.0.1:{}/", tls.running.addr.port());
    let err = client(&base).ping().await.unwrap_err();
    let english = err.to_string();
    assert!(
        english.contains("The connection's certificate is not the service's")
            && english.contains("a network that inspects traffic, or a wrong address"),
        "{english}"
    );
    assert!(err.is_unreachable());
    assert!(matches!(
        err,
        ApiError::Intermediary {
            kind: IntermediaryKind::Certificate,
            ..
        }
    ));
    let da = danish(&err);
    assert!(da.contains("certifikat"), "{da}");
    let (row, offline) = crate::intermediary::send_once(&base, client(&base)).await;
    assert_eq!(row.state, OrderState::Queued);
    assert!(!row.reached, "a handshake that failed sent nothing");
    assert_eq!(offline, Some(true));
    assert!(
        row.last_error
            .unwrap_or_default()
            .contains("certificate is not the service's")
    );
    assert_eq!(tls.handshakes.load(std::sync::atomic::Ordering::SeqCst), 0);
}
