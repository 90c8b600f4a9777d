//! The client's HTTP plumbing against throwaway local axum servers: retries, idempotency,
//! authentication, paths, multipart, error mapping, timeouts.

use crate::api::*;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Multipart, RawQuery, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodFilter, get, on, post};
use futures_util::future::BoxFuture;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

type Seen = Arc<Mutex<Vec<(HeaderMap, Bytes)>>>;

/// Records one request a test server received and answers which attempt it was (1-based).
fn record(seen: &Seen, headers: HeaderMap, body: Bytes) -> usize {
    let mut s = seen.lock().unwrap();
    s.push((headers, body));
    s.len()
}

async fn serve(router: Router) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });
    addr
}

fn fast_retry(max_retries: u32) -> RetryPolicy {
    RetryPolicy::default()
        .with_max_retries(max_retries)
        .with_base_delay(Duration::from_millis(1))
        .with_max_delay(Duration::from_millis(20))
        .with_jitter(Jitter::None)
}

fn client_for(addr: SocketAddr, prefix: &str, retries: u32) -> Client {
    let cfg = ClientConfig::parse(&format!("http://{addr}{prefix}"), "sk-secret-key")
        .unwrap()
        .with_retry(fast_retry(retries));
    Client::new(cfg).unwrap()
}

fn logo_json(id: i64) -> Value {
    json!({
        "logoId": id, "logoItemNo": null, "title": "Crest", "widthInMM": 80, "heightInMM": 60.5,
        "logoType": "TRANSFER", "transferMethodKey": "VAND SPORT",
        "colors": [{"id": "HVID", "name": "White", "red": 255, "green": 255, "blue": 255}],
        "status": "Draft", "storageCount": 0, "lowResBase64": "", "highResBase64": "",
        "prices": [], "additionalFees": []
    })
}

fn order() -> PlaceOrder {
    PlaceOrder::new(
        "PO-9",
        DeliveryAddress::new("Club", "Street 1", "7400", "Herning", "DK"),
    )
    .with_logo(LogoLine::quantity(LogoId(3), 10))
}

fn unavailable() -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::RETRY_AFTER, "0")],
        r#"{"error":"Unavailable","message":"busy"}"#,
    )
        .into_response()
}

#[tokio::test]
async fn place_retries_with_the_same_key_and_body() {
    let seen: Seen = Arc::default();
    let app = Router::new()
        .route(
            "/api/orders",
            post(
                |State(seen): State<Seen>, headers: HeaderMap, body: Bytes| async move {
                    let n = record(&seen, headers, body);
                    if n < 3 {
                        unavailable()
                    } else {
                        (
                            StatusCode::ACCEPTED,
                            axum::Json(
                                json!({"id": 41, "orderNumber": "SO-1", "status": "Pending"}),
                            ),
                        )
                            .into_response()
                    }
                },
            ),
        )
        .with_state(seen.clone());
    let client = client_for(serve(app).await, "/", 3);
    let key = IdempotencyKey::new();
    let rec = client.orders().place(&order(), &key).await.unwrap();
    assert_eq!(rec.id, OrderId(41));
    assert_eq!(rec.status, OrderStatus::Pending);
    let seen = seen.lock().unwrap();
    assert_eq!(seen.len(), 3);
    let expected_body = serde_json::to_vec(&order()).unwrap();
    for (headers, body) in seen.iter() {
        assert_eq!(headers["idempotency-key"], key.as_str());
        assert_eq!(headers["content-type"], "application/json");
        assert_eq!(body.as_ref(), expected_body.as_slice());
    }
}

#[tokio::test]
async fn invalid_orders_are_not_sent() {
    let seen: Seen = Arc::default();
    let app = Router::new()
        .route(
            "/api/orders",
            post(
                |State(seen): State<Seen>, headers: HeaderMap, body: Bytes| async move {
                    seen.lock().unwrap().push((headers, body));
                    (StatusCode::BAD_REQUEST, "Bad order")
                },
            ),
        )
        .with_state(seen.clone());
    let client = client_for(serve(app).await, "/", 3);
    let mut bad = order();
    bad.reference.clear();
    let err = client
        .orders()
        .place(&bad, &IdempotencyKey::new())
        .await
        .unwrap_err();
    assert_eq!(err.issues()[0].path, "reference");
    assert!(seen.lock().unwrap().is_empty());
    // The unchecked variant sends it and shows the service's answer; 400 is not retried.
    let err = client
        .orders()
        .place_unchecked(&bad, &IdempotencyKey::new())
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "The service refused the request (400 Bad Request): Bad order."
    );
    assert_eq!(seen.lock().unwrap().len(), 1);
}

/// A call of the client that fails, made on a fresh client.
type FailingCall = fn(Client) -> BoxFuture<'static, ApiError>;

/// Reads are retried, changes never: each call answered 503 (`Retry-After: 0`) every time.
#[tokio::test]
async fn reads_are_retried_then_give_up_and_changes_are_never_retried() {
    struct Case {
        name: &'static str,
        method: MethodFilter,
        route: &'static str,
        /// The client's retries, and how many times the call reaches the service.
        retries: u32,
        attempts: usize,
        call: FailingCall,
    }
    #[rustfmt::skip]
    let cases = [
        Case { name: "a commit", method: MethodFilter::PUT, route: "/api/logo/{id}/commit",
            retries: 3, attempts: 1,
            call: |c| Box::pin(async move { c.logos().commit(LogoId(5)).await.unwrap_err() }) },
        Case { name: "a rename", method: MethodFilter::PUT, route: "/api/logo/{id}/rename",
            retries: 3, attempts: 1, call: |c| Box::pin(async move {
                let rename = Rename { title: "New".into() };
                c.logos().rename(LogoId(5), &rename).await.unwrap_err()
            }) },
        Case { name: "a read", method: MethodFilter::GET, route: "/api/logo/{id}",
            retries: 2, attempts: 3,
            call: |c| Box::pin(async move { c.logos().get(LogoId(5)).await.unwrap_err() }) },
    ];
    for case in cases {
        let seen: Seen = Arc::default();
        let handler = |State(seen): State<Seen>, headers: HeaderMap, body: Bytes| async move {
            record(&seen, headers, body);
            unavailable()
        };
        let app = Router::new()
            .route(case.route, on(case.method, handler))
            .with_state(seen.clone());
        let err = (case.call)(client_for(serve(app).await, "/", case.retries)).await;
        let name = case.name;
        assert_eq!(seen.lock().unwrap().len(), case.attempts, "{name}");
        assert_eq!(
            err.status(),
            Some(reqwest::StatusCode::SERVICE_UNAVAILABLE),
            "{name}"
        );
        assert!(err.is_retryable(), "{name}");
        assert_eq!(err.retry_after(), Some(Duration::ZERO), "{name}");
        assert_eq!(
            err.to_string(),
            "The service had a problem (503). Try again in a moment.",
            "{name}"
        );
    }
}

#[tokio::test]
async fn retry_after_is_read_and_capped() {
    let seen: Seen = Arc::default();
    let app = Router::new()
        .route(
            "/api/vectorize/tasks/{id}",
            get(|State(seen): State<Seen>, headers: HeaderMap| async move {
                let n = record(&seen, headers, Bytes::new());
                if n == 1 {
                    (
                        StatusCode::TOO_MANY_REQUESTS,
                        [(header::RETRY_AFTER, "3600")],
                        "",
                    )
                        .into_response()
                } else {
                    axum::Json(json!({
                        "id": 9, "status": "pending", "logoName": "x", "transferMethodKey": "INDUSTRI",
                        "minPrice": 100, "maxPrice": "250.50", "currency": "DKK",
                        "createdAtUtc": "2026-11-21T10:15:30Z", "finalPrice": null,
                        "finishedAtUtc": null, "createdLogos": []
                    }))
                    .into_response()
                }
            }),
        )
        .with_state(seen.clone());
    let addr = serve(app).await;
    // Asked to wait an hour, the client waits at most max_delay (20 ms here).
    let started = Instant::now();
    let task = client_for(addr, "/", 3)
        .vectorize()
        .task(TaskId(9))
        .await
        .unwrap();
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(task.status, TaskStatus::Pending);
    assert_eq!(seen.lock().unwrap().len(), 2);
}

#[tokio::test]
async fn auth_styles_send_the_key_in_the_right_header() {
    let app = Router::new().route(
        "/api/health/ping",
        get(|headers: HeaderMap| async move {
            // Spelled backwards: the client redacts its key wherever an answer quotes it.
            let back = |v: &axum::http::HeaderValue| v.to_str().unwrap().chars().rev().collect();
            let auth: Option<String> = headers.get("authorization").map(back);
            let x: Option<String> = headers.get("x-api-key").map(back);
            format!("{auth:?} {x:?}\n")
        }),
    );
    let addr = serve(app).await;
    // The style asked for (none: the default), and the headers the service gets.
    for (style, headers) in [
        (None, r#"Some("yek-terces-ks reraeB") None"#),
        (Some(AuthStyle::XApiKey), r#"None Some("yek-terces-ks")"#),
    ] {
        let cfg = ClientConfig::parse(&format!("http://{addr}"), "sk-secret-key").unwrap();
        let cfg = style.map_or(cfg.clone(), |style| cfg.with_auth(style));
        let client = Client::new(cfg).unwrap();
        assert_eq!(client.ping().await.unwrap(), headers, "{style:?}");
    }
}

#[tokio::test]
async fn prefix_and_query_string() {
    let api = Router::new().route(
        "/api/logos",
        get(|RawQuery(q): RawQuery| async move {
            axum::Json(json!({
                "items": [{
                    "logoId": 1, "logoItemNo": 0, "title": q.unwrap_or_default(), "widthInMM": 10,
                    "HeightInMM": 12.5, "logoType": "TRANSFER", "transferMethodKey": "INDUSTRI",
                    "colors": [{"ID": "200", "Name": "Red", "Red": 200, "Green": 0, "Blue": 0}],
                    "status": "Done", "storageCount": 3, "LowResBase64": "AAA="
                }],
                "page": 2, "pageSize": 25, "totalCount": 26, "totalPages": 2
            }))
        }),
    );
    let app = Router::new().nest("/prefix", api);
    let client = client_for(serve(app).await, "/prefix", 0);
    let page = client
        .logos()
        .list(&ListLogos::new().page(2).limit(25).search("Blå & grøn"))
        .await
        .unwrap();
    assert_eq!(
        page.items[0].title,
        "limit=25&page=2&search=Bl%C3%A5+%26+gr%C3%B8n"
    );
    assert_eq!(page.items[0].logo_item_no, None);
    assert_eq!(page.items[0].colors[0].id, "200");
    assert_eq!(page.next_page(), None);
}

#[tokio::test]
async fn upload_sends_multipart_fields() {
    let app = Router::new().route(
        "/api/logo/upload",
        post(|mut mp: Multipart| async move {
            let mut got = serde_json::Map::new();
            while let Some(field) = mp.next_field().await.unwrap() {
                let name = field.name().unwrap().to_owned();
                let file = field.file_name().map(str::to_owned);
                let ct = field.content_type().map(str::to_owned);
                let data = field.bytes().await.unwrap();
                got.insert(
                    name,
                    json!({"file": file, "type": ct, "text": String::from_utf8_lossy(&data)}),
                );
            }
            let mut logo = logo_json(77);
            logo["title"] = Value::String(Value::Object(got).to_string());
            axum::Json(logo)
        }),
    );
    let client = client_for(serve(app).await, "/", 3);
    let upload = UploadLogo::new("crest.png", b"PNGDATA".to_vec(), "Club crest")
        .with_organization(OrganizationId(12));
    let logo = client.logos().upload(upload).await.unwrap();
    assert_eq!(logo.logo_id, LogoId(77));
    let got: Value = serde_json::from_str(&logo.title).unwrap();
    assert_eq!(
        got["File"],
        json!({"file": "crest.png", "type": "image/png", "text": "PNGDATA"})
    );
    assert_eq!(got["title"]["text"], "Club crest");
    assert_eq!(got["organizationId"]["text"], "12");

    let err = client
        .logos()
        .upload(UploadLogo::new("e.png", Vec::<u8>::new(), "x"))
        .await
        .unwrap_err();
    assert_eq!(err.issues()[0].path, "File");
}

/// The service's error answers, each as the client says it, never quoting the key; tracking
/// stops at one.
#[tokio::test]
async fn error_answers_become_sentences() {
    struct Case {
        name: &'static str,
        method: MethodFilter,
        route: &'static str,
        /// The answer: status, `Content-Type`, body.
        answer: (StatusCode, &'static str, &'static str),
        call: FailingCall,
        /// The sentence, or (`starts`) how it starts.
        sentence: &'static str,
        starts: bool,
        not_found: bool,
    }
    #[rustfmt::skip]
    let cases = [
        Case { name: "a logo not found", method: MethodFilter::GET, route: "/api/logo/{id}",
            answer: (StatusCode::NOT_FOUND, "application/json",
                r#"{"error": "NotFound", "message": "Logo not found"}"#),
            call: |c| Box::pin(async move { c.logos().get(LogoId(5)).await.unwrap_err() }),
            sentence: "Logo 5 was not found, or your account has no access to it.",
            starts: false, not_found: true },
        Case { name: "a conflict as a problem", method: MethodFilter::POST,
            route: "/api/logo/{id}/changecolors",
            answer: (StatusCode::CONFLICT, "application/problem+json",
                r#"{"title":"Conflict","status":409,"detail":"Colors can only be changed after the transfer method is confirmed."}"#),
            call: |c| Box::pin(async move {
                let to = ColorChange { from: "HVID".into(), to: "200".into() };
                let body = ChangeColors { color_changes: vec![to] };
                c.logos().change_colors(LogoId(5), &body).await.unwrap_err()
            }),
            sentence: "The service refused the request (409 Conflict): Colors can only be changed after the transfer method is confirmed.",
            starts: false, not_found: false },
        Case { name: "a key refused, quoted", method: MethodFilter::GET, route: "/api/design/{id}",
            answer: (StatusCode::UNAUTHORIZED, "application/json",
                r#"{"error": "Unauthorized", "message": "Invalid key sk-secret-key"}"#),
            call: |c| Box::pin(async move { c.designs().get(DesignId(1)).await.unwrap_err() }),
            sentence: "Your API key was not accepted (401)",
            starts: true, not_found: false },
        Case { name: "tracking an order not found", method: MethodFilter::GET,
            route: "/api/orders/2", answer: (StatusCode::NOT_FOUND, "text/plain", ""),
            call: |c| Box::pin(async move {
                let track = c.orders().track(OrderId(2), Some(Duration::from_millis(1)), |_| {});
                track.await.unwrap_err()
            }),
            sentence: "Order 2 was not found, or your account has no access to it.",
            starts: false, not_found: true },
    ];
    for case in cases {
        let (status, content_type, body) = case.answer;
        let answer = move || async move { (status, [(header::CONTENT_TYPE, content_type)], body) };
        let app = Router::new().route(case.route, on(case.method, answer));
        let err = (case.call)(client_for(serve(app).await, "/", 3)).await;
        let (name, text) = (case.name, err.to_string());
        if case.starts {
            assert!(text.starts_with(case.sentence), "{name}: {text}");
        } else {
            assert_eq!(text, case.sentence, "{name}");
        }
        assert_eq!(err.is_not_found(), case.not_found, "{name}");
        assert!(!text.contains("sk-secret-key"), "{name}: {text}");
        assert!(!format!("{err:?}").contains("sk-secret-key"), "{name}");
    }
}

#[tokio::test]
async fn decode_failures_name_the_path() {
    let app = Router::new().route(
        "/api/logo/{id}",
        get(|| async {
            let mut logo = logo_json(1);
            logo["colors"][0]["red"] = json!("very red");
            axum::Json(logo)
        }),
    );
    let client = client_for(serve(app).await, "/", 3);
    let err = client.logos().get(LogoId(1)).await.unwrap_err();
    match &err {
        ApiError::Decode { path, endpoint, .. } => {
            assert_eq!(path, "colors[0].red");
            assert_eq!(endpoint, "GET /api/logo/1");
        }
        other => panic!("{other:?}"),
    }
    assert!(!err.is_retryable());
}

#[tokio::test]
async fn connection_refused_is_a_connect_error() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    let client = client_for(addr, "/", 1);
    let err = client.ping().await.unwrap_err();
    assert_eq!(err.network_kind(), Some(NetworkErrorKind::Connect));
    assert!(err.is_retryable());
    assert_eq!(
        err.to_string(),
        format!(
            "Could not reach http://{addr}/api/health/ping: connection refused. Check the address and your network, then try again."
        )
    );
}

#[tokio::test]
async fn slow_answers_time_out() {
    let app = Router::new().route(
        "/api/orders/{id}",
        get(|| async {
            tokio::time::sleep(Duration::from_secs(5)).await;
            "late"
        }),
    );
    let addr = serve(app).await;
    let cfg = ClientConfig::parse(&format!("http://{addr}"), "k")
        .unwrap()
        .with_retry(RetryPolicy::never())
        .with_timeouts(Timeouts {
            request: Duration::from_millis(150),
            ..Timeouts::default()
        });
    let client = Client::new(cfg).unwrap();
    let started = Instant::now();
    let err = client.orders().get(OrderId(1)).await.unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(3));
    assert_eq!(err.network_kind(), Some(NetworkErrorKind::Timeout));
    assert!(err.to_string().contains("did not answer in time"), "{err}");
}

#[tokio::test]
async fn track_follows_an_order_to_completion() {
    let seen: Seen = Arc::default();
    let app = Router::new()
        .route(
            "/api/orders/{id}",
            get(|State(seen): State<Seen>, headers: HeaderMap| async move {
                let n = record(&seen, headers, Bytes::new());
                match n {
                    1 | 3 => axum::Json(json!({"id": 7, "orderNumber": "SO-7", "status": "Pending"}))
                        .into_response(),
                    2 => unavailable(),
                    _ => axum::Json(json!({
                        "id": 7, "orderNumber": "SO-7", "status": "Completed",
                        "order": {
                            "orderNumber": "SO-7", "placedAtUtc": "2026-11-21T10:15:30Z",
                            "latestDeliveryDate": "2026-12-01T00:00:00", "reference": "PO-9",
                            "comment": null, "originOfDelivery": "", "currency": "DKK",
                            "deliveryAddress": {"name": "Club", "address": "Street 1", "zip": "7400", "city": "Herning", "country": "DK"},
                            "subTotal": 100.5, "vat": "25.125", "vatRate": 25, "total": 125.625,
                            "designs": [], "logos": [{"logoId": 3, "logoSku": "1002", "logoTitle": "Crest", "quantity": 10}]
                        }
                    }))
                    .into_response(),
                }
            }),
        )
        .with_state(seen.clone());
    let client = client_for(serve(app).await, "/", 3);
    let mut statuses = Vec::new();
    let fut = client
        .orders()
        .track(OrderId(7), Some(Duration::from_millis(5)), |r| {
            statuses.push(r.status.clone())
        });
    let done = tokio::time::timeout(Duration::from_secs(10), fut)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        statuses,
        [
            OrderStatus::Pending,
            OrderStatus::Pending,
            OrderStatus::Completed
        ]
    );
    let order = done.order.unwrap();
    assert_eq!(order.total.to_string(), "125.625");
    assert_eq!(order.vat.to_string(), "25.125");
    assert_eq!(seen.lock().unwrap().len(), 4);
}

#[tokio::test]
async fn track_stops_on_failed() {
    let app = Router::new().route(
        "/api/orders/1",
        get(|| async {
            axum::Json(json!({"id": 1, "orderNumber": "SO-1", "status": "Failed",
                "errorMessage": "Design MUL1 is not finalized."}))
        }),
    );
    let client = client_for(serve(app).await, "/", 3);
    let failed = client
        .orders()
        .track(OrderId(1), Some(Duration::from_millis(1)), |_| {})
        .await
        .unwrap();
    assert_eq!(failed.status, OrderStatus::Failed);
    assert_eq!(
        failed.error_message.as_deref(),
        Some("Design MUL1 is not finalized.")
    );
}

#[test]
fn futures_are_send() {
    fn assert_send<T: Send>(_: &T) {}
    let client = Client::new(ClientConfig::parse("https://h/", "k").unwrap()).unwrap();
    let o = order();
    let key = IdempotencyKey::new();
    assert_send(&client.orders().place(&o, &key));
    assert_send(&client.orders().track(OrderId(1), None, |_| {}));
    assert_send(
        &client
            .logos()
            .upload(UploadLogo::new("a.png", vec![1u8], "t")),
    );
    assert_send(&client.logos().list(&ListLogos::new()));
    assert_send(&client.ping());
}
