//! Test 5 through the real client: a hostile service (see `tests/hostile/mod.rs`) sends huge
//! counts, impossible sizes, prices and quantities, a 200 MB answer, a decompression bomb and
//! JSON nested 100 000 deep. Each ends as an `ApiError` with a sentence or a model whose numbers
//! the app clamps; none panics or hangs (each call runs under a 60 s safety net, which no
//! answer comes near).

use crate::hostile;

use hostile::{HUGE_COUNT, Hostile, KEY};
use logodesk::api::{ApiError, Client, ClientConfig, ListLogos, LogoId, OrderId};
use logodesk::imaging::{self, ImagingError, Limits};
use logodesk::ui::gallery::{MAX_LISTED, paging};
use std::future::Future;
use std::sync::atomic::Ordering;
use std::time::Duration;

fn client(server: &Hostile, scenario: &str) -> Client {
    let config = ClientConfig::parse(&server.base(scenario), KEY)
        .unwrap()
        .with_retry(logodesk::api::RetryPolicy::default().with_max_retries(0));
    Client::new(config).unwrap()
}

/// Awaits `f` under the harness's safety net: a hang fails the test instead of stalling it.
async fn within<T>(f: impl Future<Output = T>) -> T {
    tokio::time::timeout(Duration::from_secs(60), f)
        .await
        .expect("the client answered within the safety net")
}

/// A sentence a person can read: capitalised, ended, short, without the key or a debug dump.
#[track_caller]
fn assert_sentence(text: &str) {
    assert!(
        text.chars().next().is_some_and(char::is_uppercase),
        "{text}"
    );
    assert!(text.ends_with('.'), "{text}");
    assert!(text.len() < 700, "{} characters: {text}", text.len());
    assert!(!text.contains(KEY), "{text}");
    assert!(
        !text.contains("Error {") && !text.contains("Some("),
        "{text}"
    );
}

/// The answer was refused as impossible at `path`, with a sentence.
#[track_caller]
fn assert_implausible(answer: Result<(), ApiError>, scenario: &str, path: &str) {
    let err = answer.unwrap_err();
    assert!(
        matches!(&err, ApiError::Implausible { path: p, .. } if p == path),
        "{scenario}: {err:?}"
    );
    assert_sentence(&err.to_string());
}

#[tokio::test]
async fn a_huge_total_count_is_read_and_clamped_by_the_gallery() {
    let server = Hostile::start();
    let page = within(client(&server, "count").logos().list(&ListLogos::new()))
        .await
        .unwrap();
    assert_eq!(page.total_count, HUGE_COUNT);
    assert_eq!(paging::listed_len(page.total_count), MAX_LISTED);
    let note = paging::count_note(page.total_count).unwrap();
    assert_sentence(&note);
    assert!(note.contains("100000"), "{note}");

    let page = within(client(&server, "negcount").logos().list(&ListLogos::new()))
        .await
        .unwrap();
    assert_eq!(paging::listed_len(page.total_count), 0);
    assert_sentence(&paging::count_note(page.total_count).unwrap());

    let page = within(client(&server, "paging").logos().list(&ListLogos::new()))
        .await
        .unwrap();
    // Page i64::MAX of i64::MAX items starts beyond any list (or beyond usize): no overflow.
    let start = paging::page_start(page.page, page.page_size);
    assert!(start.is_none_or(|s| s >= paging::listed_len(page.total_count)));
    assert_eq!(page.next_page(), None);
}

#[tokio::test]
async fn impossible_sizes_are_refused_with_a_sentence() {
    let server = Hostile::start();
    for scenario in ["mm-inf", "mm-nan", "mm-neg", "mm-huge"] {
        let c = client(&server, scenario);
        let err = within(c.logos().get(LogoId(1))).await.unwrap_err();
        assert!(
            matches!(&err, ApiError::Implausible { path, .. } if path == "widthInMM"),
            "{scenario}: {err:?}"
        );
        let text = err.to_string();
        assert_sentence(&text);
        assert!(text.contains("millimetres"), "{text}");
        let err = within(c.logos().list(&ListLogos::new())).await.unwrap_err();
        assert!(
            matches!(&err, ApiError::Implausible { path, .. } if path == "items[0].widthInMM"),
            "{scenario}: {err:?}"
        );
    }
}

#[tokio::test]
async fn impossible_prices_and_quantities_are_refused_with_a_sentence() {
    let server = Hostile::start();
    for (scenario, path) in [
        ("price-neg", "prices[0].unitPrice"),
        ("qty-huge", "prices[0].minQuantity"),
    ] {
        let answer = within(client(&server, scenario).logos().get(LogoId(1))).await;
        assert_implausible(answer.map(drop), scenario, path);
    }
    // 1e20 does not even fit the money type: refused as unreadable, still with a sentence.
    let err = within(client(&server, "price-huge").logos().get(LogoId(1)))
        .await
        .unwrap_err();
    assert!(
        matches!(err, ApiError::Implausible { .. } | ApiError::Decode { .. }),
        "{err:?}"
    );
    assert_sentence(&err.to_string());
    for (scenario, path) in [
        ("order-neg", "order.total"),
        ("order-qty", "order.logos[0].quantity"),
    ] {
        let answer = within(client(&server, scenario).orders().get(OrderId(1))).await;
        assert_implausible(answer.map(drop), scenario, path);
    }
    // The same order with plausible numbers reads fine (the server is not always wrong).
    within(client(&server, "fine").orders().get(OrderId(1)))
        .await
        .unwrap();
}

#[tokio::test]
async fn a_200_mb_answer_is_stopped_at_the_limit_without_reading_it_all() {
    let server = Hostile::start();
    let c = client(&server, "big");
    assert_eq!(c.max_body_bytes(), 32 * 1024 * 1024);
    let err = within(c.logos().list(&ListLogos::new())).await.unwrap_err();
    assert!(
        matches!(err, ApiError::TooLarge { limit, announced: None, .. } if limit == c.max_body_bytes()),
        "{err:?}"
    );
    let text = err.to_string();
    assert_sentence(&text);
    assert!(text.contains("32 MiB"), "{text}");
    assert!(
        !err.is_retryable(),
        "a too large answer is not fetched again"
    );
    // The client stopped reading: the server handed over far less than the 200 MB.
    let sent = server.big_sent.load(Ordering::SeqCst);
    assert!(sent < hostile::BIG / 2, "{sent} bytes were sent");

    // Announced up front: refused before reading the body at all.
    let err = within(
        client(&server, "big-announced")
            .logos()
            .list(&ListLogos::new()),
    )
    .await
    .unwrap_err();
    assert!(
        matches!(
            err,
            ApiError::TooLarge {
                announced: Some(n),
                ..
            } if n == hostile::BIG as u64
        ),
        "{err:?}"
    );

    // A smaller limit is configurable (the `app` list is about 2 KB).
    let small = Client::new(
        ClientConfig::parse(&server.base("app"), KEY)
            .unwrap()
            .with_max_body_bytes(1024),
    )
    .unwrap();
    let err = within(small.logos().list(&ListLogos::new()))
        .await
        .unwrap_err();
    assert!(matches!(err, ApiError::TooLarge { .. }), "{err:?}");
}

#[tokio::test]
async fn a_decompression_bomb_preview_is_refused_before_decoding() {
    let server = Hostile::start();
    let logo = within(client(&server, "bomb").logos().get(LogoId(1)))
        .await
        .unwrap();
    for limits in [Limits::default(), Limits::preview()] {
        let err = imaging::decode_base64_png_with(&logo.high_res_base64, &limits).unwrap_err();
        assert!(
            matches!(
                err,
                ImagingError::TooManyPixels {
                    w: 100_000,
                    h: 100_000,
                    ..
                }
            ),
            "{err:?}"
        );
        assert_sentence(&err.to_string());
    }
    // The app's own thumbnail path refuses it too.
    assert!(logodesk::backend::support::pictures::decode_thumbnail(&logo.low_res_base64).is_err());
}

#[tokio::test]
async fn json_nested_100_000_deep_is_an_error_not_a_stack_overflow() {
    let server = Hostile::start();
    let err = within(client(&server, "deep").logos().list(&ListLogos::new()))
        .await
        .unwrap_err();
    assert!(matches!(err, ApiError::Decode { .. }), "{err:?}");
    assert_sentence(&err.to_string());
    let err = within(client(&server, "deep").logos().get(LogoId(1)))
        .await
        .unwrap_err();
    assert!(matches!(err, ApiError::Decode { .. }), "{err:?}");
    // Deep JSON in a field the client ignores, and as an error body.
    let answer = within(
        client(&server, "deep-ignored")
            .logos()
            .list(&ListLogos::new()),
    )
    .await;
    if let Err(err) = answer {
        assert_sentence(&err.to_string());
    }
    let err = within(
        client(&server, "deep-error")
            .logos()
            .list(&ListLogos::new()),
    )
    .await
    .unwrap_err();
    assert_eq!(err.status().map(|s| s.as_u16()), Some(400));
    assert_sentence(&err.to_string());
}

#[tokio::test]
async fn the_key_quoted_back_is_redacted_before_it_is_shortened() {
    let server = Hostile::start();
    let c = client(&server, "echo");
    // In an error message, across the 300-character cut.
    let err = within(c.logos().list(&ListLogos::new())).await.unwrap_err();
    let text = format!("{err} {err:?}");
    assert!(text.contains("<redacted>"), "{text}");
    assert!(
        !text.contains(&KEY[..8]),
        "no part of the key survives: {text}"
    );
    // In a value a decode error quotes.
    let err = within(c.logos().get(LogoId(1))).await.unwrap_err();
    let text = format!("{err} {err:?}");
    assert!(matches!(err, ApiError::Decode { .. }), "{err:?}");
    assert!(text.contains("<redacted>"), "{text}");
    assert!(!text.contains(&KEY[..8]), "{text}");
}
