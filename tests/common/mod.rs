//! Shared helpers of the sandbox integration tests: start a sandbox in-process on
//! `127.0.0.1:0`, build real clients for the vendor, the other vendor and the X-Api-Key style,
//! send raw requests where the client deliberately cannot express them, draw test artwork.
//!
//! The tests are written from `shared/spec/service-api.md`, `public-facts.md` and, for the
//! spec's "not shown" gaps, the sandbox's documented choices in `docs/spec-gaps.md`.

#![allow(dead_code)]

use std::io::Cursor;
use std::time::{Duration, Instant};

use base64::Engine as _;
use image::{ImageFormat, Rgba, RgbaImage};
use logodesk::api::*;
use logodesk::sandbox::{self, Fixtures, SandboxConfig, SandboxHandle};
use serde_json::Value;

pub use crate::patience::PATIENCE;

pub mod raw_http;
pub mod webdriver;

/// The child organization's key, documented in `docs/spec-gaps.md` (not part of `Fixtures`).
pub const CHILD_KEY: &str = sandbox::fixtures::CHILD_KEY;

/// A running sandbox with clients for its demo accounts.
pub struct Env {
    pub sb: SandboxHandle,
    pub fx: Fixtures,
    /// The vendor, `Authorization: Bearer`.
    pub vendor: Client,
    /// The vendor, `X-Api-Key`.
    pub xkey: Client,
    /// The unrelated second vendor.
    pub other: Client,
    /// The vendor's child organization (its own key).
    pub child: Client,
    /// Plain HTTP for what the client cannot express.
    pub http: reqwest::Client,
}

/// A sandbox with `SandboxConfig::fast()` (200 ms placement, 500 ms vectorize).
pub async fn start() -> Env {
    start_with(SandboxConfig::fast()).await
}

pub async fn start_with(config: SandboxConfig) -> Env {
    let sb = sandbox::spawn(config).await.expect("sandbox starts");
    let fx = sandbox::fixtures();
    let base = sb.base_url();
    Env {
        vendor: client(&base, &fx.vendor_api_key, AuthStyle::Bearer),
        xkey: client(&base, &fx.vendor_api_key, AuthStyle::XApiKey),
        other: client(&base, &fx.other_vendor_api_key, AuthStyle::Bearer),
        child: client(&base, CHILD_KEY, AuthStyle::Bearer),
        http: reqwest::Client::new(),
        sb,
        fx,
    }
}

/// Quick retries (tests must not wait seconds for `Retry-After`).
pub fn fast_retry() -> RetryPolicy {
    RetryPolicy::default()
        .with_base_delay(Duration::from_millis(20))
        .with_max_delay(Duration::from_millis(100))
}

pub fn client(base: &str, key: &str, auth: AuthStyle) -> Client {
    Client::new(
        ClientConfig::parse(base, key)
            .unwrap()
            .with_auth(auth)
            .with_retry(fast_retry())
            .with_poll_interval(Duration::from_millis(50)),
    )
    .unwrap()
}

/// A raw answer: status, the body as JSON (or `Value::String` when it is not JSON).
#[derive(Debug, Clone)]
pub struct Raw {
    pub status: u16,
    pub body: Value,
    pub text: String,
}

impl Raw {
    /// Asserts the documented error shape `{"error": "...", "message": "..."}` and answers the
    /// message.
    pub fn error_message(&self) -> String {
        let e = self.body.get("error").and_then(Value::as_str);
        let m = self.body.get("message").and_then(Value::as_str);
        assert!(
            e.is_some_and(|s| !s.trim().is_empty()) && m.is_some_and(|s| !s.trim().is_empty()),
            "error body must be {{\"error\",\"message\"}} (status {}): {}",
            self.status,
            self.text
        );
        m.unwrap().to_owned()
    }
}

impl Env {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.sb.base_url(), path.trim_start_matches('/'))
    }

    pub fn key(&self) -> &str {
        &self.fx.vendor_api_key
    }

    pub fn other_key(&self) -> &str {
        &self.fx.other_vendor_api_key
    }

    /// Sends a request with an optional bearer key and an optional JSON text body.
    pub async fn raw(
        &self,
        method: &str,
        path: &str,
        key: Option<&str>,
        body: Option<&str>,
    ) -> Raw {
        let mut rb = self
            .http
            .request(method.parse().unwrap(), self.url(path))
            .timeout(Duration::from_secs(20));
        if let Some(k) = key {
            rb = rb.bearer_auth(k);
        }
        if let Some(b) = body {
            rb = rb
                .header("Content-Type", "application/json")
                .body(b.to_owned());
        }
        read_raw(rb.send().await.expect("request sent")).await
    }

    pub async fn get_json(&self, path: &str, key: &str) -> Raw {
        self.raw("GET", path, Some(key), None).await
    }

    pub async fn post_json(&self, path: &str, key: &str, body: &Value) -> Raw {
        self.raw("POST", path, Some(key), Some(&body.to_string()))
            .await
    }

    /// A multipart upload with any parts (raw, for what the client refuses to send).
    pub async fn upload_raw(&self, key: &str, form: reqwest::multipart::Form) -> Raw {
        let resp = self
            .http
            .post(self.url("api/logo/upload"))
            .bearer_auth(key)
            .multipart(form)
            .timeout(Duration::from_secs(30))
            .send()
            .await
            .expect("upload sent");
        read_raw(resp).await
    }

    /// Uploads the standard test artwork as PNG for the vendor.
    pub async fn upload_art(&self, title: &str) -> Logo {
        self.vendor
            .logos()
            .upload(UploadLogo::new("art.png", png(&art()), title))
            .await
            .expect("upload of test artwork")
    }

    /// Follows an order to `Completed`/`Failed` (bounded).
    pub async fn track(&self, client: &Client, id: OrderId) -> TrackingRecord {
        track(client, id).await
    }
}

/// Follows an order to `Completed`/`Failed` on any service (bounded).
pub async fn track(client: &Client, id: OrderId) -> TrackingRecord {
    tokio::time::timeout(
        PATIENCE,
        client
            .orders()
            .track(id, Some(Duration::from_millis(50)), |_| {}),
    )
    .await
    .expect("order reaches a final state")
    .expect("tracking succeeds")
}

/// The demo club's finished design in three sizes, with a name and number printed in two of
/// them (one through the name and number logos' own values).
pub fn design_with_names(fx: &Fixtures) -> DesignLine {
    DesignLine::new(
        DesignId(fx.done_design_id),
        vec![
            Instance::new("M", 2).with_name("HANSEN").with_number("7"),
            Instance::new("L", 1)
                .with_logo_value(LogoId(fx.name_logo_id), "JENSEN")
                .with_logo_value(LogoId(fx.number_logo_id), "10"),
            Instance::new("XL", 3),
        ],
    )
}

pub async fn read_raw(resp: reqwest::Response) -> Raw {
    let status = resp.status().as_u16();
    let text = resp.text().await.unwrap_or_default();
    let body = serde_json::from_str(&text).unwrap_or_else(|_| Value::String(text.clone()));
    Raw { status, body, text }
}

/// The HTTP status of a client error (panics on anything that is not a status error).
pub fn status(err: &ApiError) -> u16 {
    match err.status() {
        Some(s) => s.as_u16(),
        None => panic!("expected an HTTP status error, got {err:?} ({err})"),
    }
}

/// Asserts a client error is `code` and that the service said something readable in the
/// documented `{"error","message"}` shape; answers the message.
pub fn expect_status(result: Result<impl std::fmt::Debug, ApiError>, code: u16) -> String {
    let err = match result {
        Ok(v) => panic!("expected {code}, got success: {v:?}"),
        Err(e) => e,
    };
    assert_eq!(status(&err), code, "{err}");
    let server = err.server_message().unwrap();
    assert!(
        server.error.as_deref().is_some_and(|s| !s.is_empty()),
        "no `error` field: {server:?}"
    );
    let message = server.message.clone().unwrap_or_default();
    assert!(!message.trim().is_empty(), "no `message` field: {server:?}");
    assert!(
        err.to_string().contains(message.trim_end_matches('.')),
        "the client's sentence shows the service's reason: {err}"
    );
    message
}

/// Polls `check` every 50 ms until it answers `Some`, at most `limit`.
pub async fn wait_for<T, F, Fut>(limit: Duration, mut check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let started = Instant::now();
    loop {
        if let Some(v) = check().await {
            return v;
        }
        assert!(
            started.elapsed() < limit,
            "condition not met within {limit:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Drains the app's backend until `pick` takes an event; panics on a failure event or after
/// [`PATIENCE`].
pub fn wait_event<T>(
    b: &logodesk::backend::Backend,
    what: &str,
    pick: impl FnMut(logodesk::backend::Event) -> Option<T>,
) -> T {
    wait_event_past_failures(b, what, true, pick)
}

/// [`wait_event`], going past the backend's failure events unless `stop_on_failure` (a test
/// whose database is stopped on purpose sees some).
pub fn wait_event_past_failures<T>(
    b: &logodesk::backend::Backend,
    what: &str,
    stop_on_failure: bool,
    mut pick: impl FnMut(logodesk::backend::Event) -> Option<T>,
) -> T {
    let started = Instant::now();
    loop {
        while let Some(envelope) = b.try_recv() {
            if let logodesk::backend::Event::Failed(error) = &envelope.event
                && stop_on_failure
            {
                panic!("waiting for {what}: the backend failed: {error}");
            }
            if let Some(v) = pick(envelope.event) {
                return v;
            }
        }
        assert!(started.elapsed() < PATIENCE, "no {what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

pub fn address() -> DeliveryAddress {
    DeliveryAddress::new("Nordby IF", "Stadionvej 1", "6700", "Esbjerg", "DK")
}

/// A minimal valid order: `quantity` of the vendor's Done logo.
pub fn simple_order(env: &Env, reference: &str) -> PlaceOrder {
    PlaceOrder::new(reference, address())
        .with_logo(LogoLine::quantity(LogoId(env.fx.done_logo_id), 5))
}

/// A remote account named `name` at `env`'s sandbox in `store`, with the vendor's key in
/// `keychain` (a desk set up by hand, as Settings → Accounts saves one).
pub fn sandbox_account(
    store: &logodesk::store::Store,
    keychain: &logodesk::keychain::Keychain,
    env: &Env,
    name: &str,
) -> logodesk::store::AccountId {
    let account = store
        .insert_account(&logodesk::store::NewAccount {
            name: name.into(),
            base_url: env.sb.base_url().parse().unwrap(),
            auth: AuthStyle::Bearer,
            organization_id: None,
            key_location: logodesk::store::KeyLocation::Keychain,
        })
        .unwrap()
        .id;
    keychain.set(account, &ApiKey::new(env.key())).unwrap();
    account
}

/// Queues [`simple_order`]`(env, reference)` for `account` as "Place order" does: a draft with
/// its key, then its exact body bytes in one transaction.
pub fn queue_simple(
    store: &mut logodesk::store::Store,
    account: logodesk::store::AccountId,
    env: &Env,
    reference: &str,
) -> logodesk::store::LocalOrderId {
    let body = serde_json::to_vec(&simple_order(env, reference)).unwrap();
    let draft = store
        .create_draft(account, "{}", reference, "Nordby IF")
        .unwrap();
    assert!(
        store
            .queue_draft(draft.id, "{}", reference, "Nordby IF", &body)
            .unwrap()
    );
    draft.id
}

// ---------------------------------------------------------------------------------------------
// Artwork
// ---------------------------------------------------------------------------------------------

pub const BLACK: [u8; 4] = [0, 0, 0, 255];
pub const RED: [u8; 4] = [255, 0, 0, 255];
pub const WHITE: [u8; 4] = [255, 255, 255, 255];
pub const CLEAR: [u8; 4] = [0, 0, 0, 0];

/// 300 × 200 px: a black, a red and a white vertical band (each 100 px), with a transparent
/// hole in the red band. The bands touch every edge, so the artwork fills the canvas.
pub fn art() -> RgbaImage {
    let (w, h) = (300, 200);
    RgbaImage::from_fn(w, h, |x, y| {
        let px = match x {
            0..100 => BLACK,
            100..200 if (130..170).contains(&x) && (80..120).contains(&y) => CLEAR,
            100..200 => RED,
            _ => WHITE,
        };
        Rgba(px)
    })
}

/// Where, as a share of width and height, each band of [`art`] can be sampled.
pub const BLACK_AT: (f64, f64) = (0.17, 0.2);
pub const RED_AT: (f64, f64) = (0.5, 0.2);
pub const WHITE_AT: (f64, f64) = (0.83, 0.2);

pub fn sample(img: &RgbaImage, at: (f64, f64)) -> [u8; 4] {
    let x = ((f64::from(img.width()) * at.0) as u32).min(img.width() - 1);
    let y = ((f64::from(img.height()) * at.1) as u32).min(img.height() - 1);
    img.get_pixel(x, y).0
}

/// The ids of the red and the white ink of an upload of [`art`].
pub fn red_and_white(logo: &Logo) -> (String, String) {
    let rgb = |c: &Color| [c.red, c.green, c.blue, 255];
    let red = logo
        .colors
        .iter()
        .find(|c| is_reddish(rgb(c)))
        .expect("red ink");
    let white = logo
        .colors
        .iter()
        .find(|c| is_whitish(rgb(c)))
        .expect("white ink");
    (red.id.clone(), white.id.clone())
}

pub fn is_reddish(c: [u8; 4]) -> bool {
    c[0] >= 150 && c[1] <= 100 && c[2] <= 100
}

pub fn is_whitish(c: [u8; 4]) -> bool {
    c[0] >= 200 && c[1] >= 200 && c[2] >= 200
}

pub fn is_blackish(c: [u8; 4]) -> bool {
    c[0] <= 70 && c[1] <= 70 && c[2] <= 70
}

pub fn png(img: &RgbaImage) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, ImageFormat::Png).unwrap();
    out.into_inner()
}

/// JPEG has no alpha: transparent pixels become white.
pub fn jpeg(img: &RgbaImage) -> Vec<u8> {
    let rgb = image::RgbImage::from_fn(img.width(), img.height(), |x, y| {
        let p = img.get_pixel(x, y).0;
        if p[3] == 0 {
            image::Rgb([255, 255, 255])
        } else {
            image::Rgb([p[0], p[1], p[2]])
        }
    });
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 95)
        .encode_image(&rgb)
        .unwrap();
    out
}

pub fn webp(img: &RgbaImage) -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::webp::WebPEncoder::new_lossless(&mut out)
        .encode(
            img.as_raw(),
            img.width(),
            img.height(),
            image::ExtendedColorType::Rgba8,
        )
        .unwrap();
    out
}

/// Decodes a base64 preview and checks it is a PNG.
pub fn decode_preview(b64: &str) -> RgbaImage {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(b64.trim())
        .expect("preview is base64");
    assert_eq!(
        image::guess_format(&bytes).expect("preview format"),
        ImageFormat::Png,
        "previews are PNG"
    );
    image::load_from_memory_with_format(&bytes, ImageFormat::Png)
        .expect("preview decodes")
        .to_rgba8()
}

fn crc32(data: &[u8]) -> u32 {
    let mut c = 0xFFFF_FFFFu32;
    for &b in data {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
        }
    }
    !c
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let mut body = kind.to_vec();
    body.extend_from_slice(data);
    out.extend_from_slice(&body);
    out.extend_from_slice(&crc32(&body).to_be_bytes());
}

/// A decompression bomb: a tiny, well-formed PNG whose header declares 50 000 × 50 000 RGBA
/// pixels (10 GB decoded).
pub fn png_bomb() -> Vec<u8> {
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&50_000u32.to_be_bytes());
    ihdr.extend_from_slice(&50_000u32.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]); // 8 bit RGBA, deflate, no filter, no interlace
    chunk(&mut out, b"IHDR", &ihdr);
    // zlib stream with one stored block of zeros (the first bytes of the image data).
    let data = vec![0u8; 4096];
    let mut z = vec![0x78, 0x01, 0x01];
    z.extend_from_slice(&(data.len() as u16).to_le_bytes());
    z.extend_from_slice(&(!(data.len() as u16)).to_le_bytes());
    z.extend_from_slice(&data);
    let (a, b) = data.iter().fold((1u32, 0u32), |(a, b), &x| {
        let a = (a + u32::from(x)) % 65521;
        (a, (b + a) % 65521)
    });
    z.extend_from_slice(&((b << 16) | a).to_be_bytes());
    chunk(&mut out, b"IDAT", &z);
    chunk(&mut out, b"IEND", &[]);
    out
}

/// A valid PNG of random noise just over 10 MiB (the documented upload limit) and under the
/// 11 MiB request limit.
pub fn png_over_10_mib() -> Vec<u8> {
    use rand::{Rng as _, SeedableRng as _};
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let side = 1900;
    let img = image::RgbImage::from_fn(side, side, |_, _| image::Rgb(rng.random::<[u8; 3]>()));
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, ImageFormat::Png).unwrap();
    let bytes = out.into_inner();
    assert!(
        bytes.len() > 10 * 1024 * 1024 && bytes.len() < 11 * 1024 * 1024,
        "{} bytes",
        bytes.len()
    );
    bytes
}
