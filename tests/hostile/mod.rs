//! A hostile service for the tests: axum on 127.0.0.1:0, on its own thread and runtime, that
//! answers the client's requests with what a buggy or malicious server could send. The first
//! path segment picks the scenario, so one server serves them all: a client whose base
//! address is `http://127.0.0.1:PORT/count/` asks for `/count/api/logos`.
//!
//! Scenarios (`/{scenario}/api/...`):
//! - `count`: a page whose `totalCount` is 2^62; `negcount`: −7; `paging`: page and page size
//!   `i64::MAX`.
//! - `mm-inf`, `mm-nan`, `mm-neg`, `mm-huge`: logos (and summaries) measuring `"inf"`, `"NaN"`,
//!   −5 and 1e308 mm.
//! - `big`: a 200 MB answer streamed in 1 MiB chunks (never allocated whole) without a
//!   length; `big-announced`: the same with `Content-Length: 209715200`.
//! - `bomb`: a logo whose pictures are a 100 000 × 100 000 px PNG of a few dozen bytes.
//! - `deep`: JSON nested 100 000 deep (as an answer, inside an unknown field, and as an
//!   error body).
//! - `price-neg`, `price-huge`, `qty-huge`: price tiers of −5, 1e20 and minimum quantities of
//!   1e15; `order-neg`, `order-qty`: a completed order totalling −1 or ordering −3 units.
//! - `echo`: the API key quoted back in a value and across the 300-character cut of an
//!   error message.
//! - `POST /{scenario}/api/orders` creates one order per idempotency key (a replay answers the
//!   same order) and answers: `place-big` a 201 of 40 MiB, `place-neg` a 201 whose order totals
//!   −1, `place-garbage` a 201 that is not JSON, `place-429` a 429 with `Retry-After: 1`
//!   (creating nothing) to the first request of each key and the order after it; any other
//!   scenario the order as it should be. [`Hostile::placed`] counts the orders created.
//! - `app`: what the UI test browses: a list of 2^62 logos whose first card's preview is the
//!   bomb; logo 1 a draft with the bomb as its picture; logo 2 measuring `"inf"` mm; logo 3 a
//!   200 MB answer; logo 4 with a negative price.

#![allow(dead_code)]

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::Path;
use axum::http::HeaderMap;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// The key the tests' clients send (and the `echo` scenario quotes back).
pub const KEY: &str = "sk-hostile-0123456789abcdefghijklmnopqrstuvwxyz";

/// 2^62, the `totalCount` of the `count` and `app` scenarios.
pub const HUGE_COUNT: i64 = 1 << 62;

/// Size of the `big` answers: 200 MB.
pub const BIG: usize = 200 * 1024 * 1024;

const CHUNK: usize = 1024 * 1024;

/// What `POST /api/orders` saw: per scenario and idempotency key, the order created (if
/// one was) and when each request came.
#[derive(Default)]
pub struct Placements {
    orders: HashMap<(String, String), i64>,
    requests: HashMap<(String, String), Vec<Instant>>,
}

/// The running server; dropping it stops it.
pub struct Hostile {
    pub addr: SocketAddr,
    /// Bytes of `big` answers handed to the connection so far.
    pub big_sent: Arc<AtomicUsize>,
    placements: Arc<Mutex<Placements>>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Hostile {
    /// Starts the server on 127.0.0.1 with a free port.
    pub fn start() -> Hostile {
        let big_sent = Arc::new(AtomicUsize::new(0));
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let counter = big_sent.clone();
        let placements = Arc::new(Mutex::new(Placements::default()));
        let placed = placements.clone();
        let thread = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .enable_all()
                .build()
                .expect("a runtime for the hostile server");
            rt.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                    .await
                    .expect("bind 127.0.0.1:0");
                addr_tx
                    .send(listener.local_addr().expect("local address"))
                    .expect("the test waits for the address");
                let app = router(counter, placed);
                let _ = axum::serve(listener, app)
                    .with_graceful_shutdown(async {
                        let _ = stopped.await;
                    })
                    .await;
            });
        });
        let addr = addr_rx.recv().expect("the hostile server starts");
        Hostile {
            addr,
            big_sent,
            placements,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// The base address of a scenario, e.g. `http://127.0.0.1:4711/count/`.
    pub fn base(&self, scenario: &str) -> String {
        format!("http://{}/{scenario}/", self.addr)
    }

    /// Orders created under `scenario` (one per idempotency key at most).
    pub fn placed(&self, scenario: &str) -> usize {
        let p = self.placements.lock().unwrap_or_else(|e| e.into_inner());
        p.orders.keys().filter(|(s, _)| s == scenario).count()
    }

    /// When each `POST /api/orders` of `scenario` came, by idempotency key.
    pub fn requests(&self, scenario: &str) -> Vec<Vec<Instant>> {
        let p = self.placements.lock().unwrap_or_else(|e| e.into_inner());
        p.requests
            .iter()
            .filter(|((s, _), _)| s == scenario)
            .map(|(_, times)| times.clone())
            .collect()
    }
}

impl Drop for Hostile {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        // Streams still being written end with their connections; do not wait for them.
        drop(self.thread.take());
    }
}

fn router(big_sent: Arc<AtomicUsize>, placements: Arc<Mutex<Placements>>) -> Router {
    let for_list = big_sent.clone();
    let for_logo = big_sent;
    Router::new()
        .route(
            "/{s}/api/orders",
            post(move |Path(s): Path<String>, headers: HeaderMap| {
                let placements = placements.clone();
                async move { place(&s, &headers, &placements) }
            }),
        )
        .route(
            "/{s}/api/logos",
            get(move |Path(s): Path<String>| {
                let sent = for_list.clone();
                async move { list(&s, sent) }
            }),
        )
        .route(
            "/{s}/api/logo/{id}",
            get(move |Path((s, id)): Path<(String, i64)>| {
                let sent = for_logo.clone();
                async move { logo(&s, id, sent) }
            }),
        )
        .route(
            "/{s}/api/orders/{id}",
            get(|Path((s, id)): Path<(String, i64)>| async move { order(&s, id) }),
        )
        .route("/{s}/api/health/ping", get(|| async { "Healthy" }))
        .fallback(|| async {
            (
                StatusCode::NOT_FOUND,
                Json(json!({"error": "NotFound", "message": "Nothing here."})),
            )
        })
}

use axum::Json;

/// A valid PNG of `w` × `h` px in base64.
pub fn png(w: u32, h: u32) -> String {
    logodesk::imaging::png_base64(&image::RgbaImage::from_pixel(
        w,
        h,
        image::Rgba([200, 16, 46, 255]),
    ))
}

/// A well-formed PNG of 65 bytes (IHDR with its CRC, an empty IDAT, IEND) claiming
/// 100 000 × 100 000 RGBA pixels (40 GB), in base64: a decompression bomb as a preview.
pub const BOMB: &str =
    "iVBORw0KGgoAAAANSUhEUgABhqAAAYagCAYAAACoUgvIAAAACElEQVR4nAMAAAAAAUgGidIAAAAASUVORK5CYII=";

pub fn bomb() -> String {
    BOMB.to_owned()
}

/// JSON arrays nested `depth` deep.
pub fn deep(depth: usize) -> String {
    let mut s = "[".repeat(depth);
    s.push_str(&"]".repeat(depth));
    s
}

fn summary(id: i64, title: &str, width: Value, preview: &str) -> Value {
    json!({
        "logoId": id, "logoItemNo": null, "title": title, "widthInMM": width, "HeightInMM": 60,
        "logoType": "TRANSFER", "transferMethodKey": "VAND SPORT",
        "colors": [{"ID": "200", "Name": "Red 186 C", "Red": 200, "Green": 16, "Blue": 46}],
        "status": "Draft", "storageCount": 0, "LowResBase64": preview
    })
}

fn full(id: i64, title: &str, width: Value, picture: &str, unit_price: Value) -> Value {
    json!({
        "logoId": id, "logoItemNo": null, "title": title, "widthInMM": width, "heightInMM": 60,
        "logoType": "TRANSFER", "transferMethodKey": "VAND SPORT",
        "colors": [{"id": "200", "name": "Red 186 C", "red": 200, "green": 16, "blue": 46}],
        "status": "Draft", "storageCount": 0, "lowResBase64": picture, "highResBase64": picture,
        "prices": [{"minQuantity": 1, "unitPrice": unit_price, "currency": "DKK"}],
        "additionalFees": []
    })
}

fn page(items: Vec<Value>, total: i64) -> Value {
    json!({"items": items, "page": 1, "pageSize": 25, "totalCount": total, "totalPages": total / 25})
}

/// The width each `mm-*` scenario sends.
pub fn hostile_width(scenario: &str) -> Option<Value> {
    match scenario {
        "mm-inf" => Some(json!("inf")),
        "mm-nan" => Some(json!("NaN")),
        "mm-neg" => Some(json!(-5)),
        "mm-huge" => Some(json!(1e308)),
        _ => None,
    }
}

/// `BIG` bytes of one JSON string, streamed chunk by chunk, counting what was handed over.
fn big(sent: Arc<AtomicUsize>, announce: bool) -> Response {
    let spaces = Bytes::from(vec![b' '; CHUNK]);
    let chunks = BIG / CHUNK;
    let stream = futures_util::stream::iter((0..chunks).map(move |i| {
        sent.fetch_add(CHUNK, Ordering::SeqCst);
        let mut part = spaces.clone();
        if i == 0 {
            part = Bytes::from([b"{\"items\": \"".as_slice(), &spaces[11..]].concat());
        }
        Ok::<_, std::convert::Infallible>(part)
    }));
    let mut response = Response::new(Body::from_stream(stream));
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("application/json"),
    );
    if announce {
        response
            .headers_mut()
            .insert(header::CONTENT_LENGTH, header::HeaderValue::from(BIG));
    }
    response
}

fn list(s: &str, sent: Arc<AtomicUsize>) -> Response {
    match s {
        "count" => Json(page(
            vec![summary(1, "Crest", json!(80), &png(32, 24))],
            HUGE_COUNT,
        ))
        .into_response(),
        "app" => Json(page(
            vec![
                summary(1, "Bomb crest", json!(80), &bomb()),
                summary(2, "Endless crest", json!(80), &png(32, 24)),
                summary(3, "Heavy crest", json!(80), &png(32, 24)),
                summary(4, "Costly crest", json!(80), &png(32, 24)),
            ],
            HUGE_COUNT,
        ))
        .into_response(),
        "negcount" => Json(page(vec![], -7)).into_response(),
        "paging" => Json(json!({
            "items": [summary(1, "Crest", json!(80), "")],
            "page": i64::MAX, "pageSize": i64::MAX, "totalCount": 30, "totalPages": i64::MAX
        }))
        .into_response(),
        "big" => big(sent, false),
        "big-announced" => big(sent, true),
        "deep" => deep(100_000).into_response(),
        "deep-ignored" => format!(
            r#"{{"items": [], "page": 1, "pageSize": 25, "totalCount": 0, "totalPages": 0, "extra": {}}}"#,
            deep(100_000)
        )
        .into_response(),
        "deep-error" => (StatusCode::BAD_REQUEST, deep(100_000)).into_response(),
        "echo" => (
            StatusCode::UNAUTHORIZED,
            Json(json!({
                "error": "Unauthorized",
                "message": format!("{} {KEY} is not a key of ours.", "x".repeat(280)),
            })),
        )
            .into_response(),
        other => match hostile_width(other) {
            Some(width) => Json(page(vec![summary(1, "Crest", width, "")], 1)).into_response(),
            None => StatusCode::NOT_FOUND.into_response(),
        },
    }
}

fn logo(s: &str, id: i64, sent: Arc<AtomicUsize>) -> Response {
    let fine = png(32, 24);
    match (s, id) {
        ("bomb", _) | ("app", 1) => {
            Json(full(id, "Bomb crest", json!(80), &bomb(), json!(10))).into_response()
        }
        ("app", 2) => {
            Json(full(id, "Endless crest", json!("inf"), &fine, json!(10))).into_response()
        }
        ("app", 3) | ("big", _) => big(sent, false),
        ("app", 4) | ("price-neg", _) => {
            Json(full(id, "Costly crest", json!(80), &fine, json!(-5))).into_response()
        }
        ("price-huge", _) => Json(full(id, "Crest", json!(80), &fine, json!(1e20))).into_response(),
        ("qty-huge", _) => {
            let mut l = full(id, "Crest", json!(80), &fine, json!(10));
            l["prices"][0]["minQuantity"] = json!(1e15);
            Json(l).into_response()
        }
        ("echo", _) => Json(full(id, "Crest", json!(KEY), &fine, json!(10))).into_response(),
        ("deep", _) => deep(100_000).into_response(),
        (other, _) => match hostile_width(other) {
            Some(width) => Json(full(id, "Crest", width, &fine, json!(10))).into_response(),
            None => StatusCode::NOT_FOUND.into_response(),
        },
    }
}

fn order(s: &str, id: i64) -> Response {
    let mut record = tracking_record(id, "Completed");
    match s {
        "order-neg" => record["order"]["total"] = json!(-1),
        "order-qty" => record["order"]["logos"][0]["quantity"] = json!(-3),
        _ => {}
    }
    Json(record).into_response()
}

/// A tracking record in the service's shape, with its order.
fn tracking_record(id: i64, status: &str) -> Value {
    json!({
        "id": id, "orderNumber": "SO-1", "status": status,
        "order": {
            "orderNumber": "SO-1", "placedAtUtc": "2026-11-21T10:15:30Z",
            "latestDeliveryDate": "2026-12-01T00:00:00", "reference": "PO-1",
            "currency": "DKK", "subTotal": 100, "vat": 25, "vatRate": 25, "total": 125,
            "designs": [], "logos": [{"logoId": 9, "logoSku": "300036", "logoTitle": "Crest", "quantity": 3}]
        }
    })
}

/// `POST /api/orders`: one order per idempotency key, answered as the scenario says.
fn place(s: &str, headers: &HeaderMap, placements: &Mutex<Placements>) -> Response {
    let key = headers
        .get("Idempotency-Key")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let id = {
        let mut p = placements.lock().unwrap_or_else(|e| e.into_inner());
        let slot = (s.to_owned(), key);
        let times = p.requests.entry(slot.clone()).or_default();
        times.push(Instant::now());
        let first = times.len() == 1;
        if s == "place-429" && first {
            return (
                StatusCode::TOO_MANY_REQUESTS,
                [(header::RETRY_AFTER, "1")],
                Json(json!({"error": "TooManyRequests", "message": "Slow down."})),
            )
                .into_response();
        }
        let next = 70_000 + p.orders.len() as i64;
        *p.orders.entry(slot).or_insert(next)
    };
    let mut record = tracking_record(id, "Pending");
    match s {
        "place-big" => {
            let mut body = record.to_string().into_bytes();
            body.resize(40 * 1024 * 1024, b' ');
            return (
                StatusCode::CREATED,
                [(header::CONTENT_TYPE, "application/json")],
                body,
            )
                .into_response();
        }
        "place-garbage" => {
            return (
                StatusCode::CREATED,
                [(header::CONTENT_TYPE, "application/json")],
                "{\"id\": 7, \"orderNumber\": [garbage",
            )
                .into_response();
        }
        "place-neg" => record["order"]["total"] = json!(-1),
        _ => {}
    }
    (StatusCode::CREATED, Json(record)).into_response()
}
