//! The `logodesk sandbox` command line: fixtures, listening, clean SIGTERM, persistence.

use std::collections::BTreeSet;
use std::io::{BufRead as _, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::common::PATIENCE;
use logodesk::api::*;
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_logodesk");

/// A `logodesk sandbox` process; killed on drop if a test fails before stopping it.
struct Running {
    child: Child,
    base: String,
}

impl Running {
    fn start(args: &[&str]) -> Running {
        let mut child = Command::new(BIN)
            .arg("sandbox")
            .args(args)
            .env("RUST_LOG", "error")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("logodesk starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            if let Some(Ok(line)) = lines.next() {
                tx.send(line).ok();
            }
            // Keep draining so the process never blocks on a full pipe.
            for _ in lines {}
        });
        let line = match rx.recv_timeout(Duration::from_secs(30)) {
            Ok(line) => line,
            Err(_) => {
                child.kill().ok();
                panic!("no `listening on` line within 30 s");
            }
        };
        let url = line
            .strip_prefix("listening on http://127.0.0.1:")
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"));
        let port: u16 = url.trim().parse().expect("a port number");
        assert_ne!(port, 0, "the real port is printed");
        Running {
            child,
            base: format!("http://127.0.0.1:{port}/"),
        }
    }

    fn client(&self) -> Client {
        let key = logodesk::sandbox::fixtures().vendor_api_key;
        Client::new(
            ClientConfig::parse(&self.base, key.as_str())
                .unwrap()
                .with_poll_interval(Duration::from_millis(50)),
        )
        .unwrap()
    }

    /// Sends SIGTERM and waits (bounded) for the exit code.
    fn terminate(mut self) -> i32 {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        assert!(sent.success(), "kill -TERM {pid}");
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status
                    .code()
                    .unwrap_or_else(|| panic!("ended by a signal: {status:?}"));
            }
            assert!(
                started.elapsed() < PATIENCE,
                "the sandbox did not stop within {PATIENCE:?} of SIGTERM"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.child.kill().ok();
            self.child.wait().ok();
        }
    }
}

#[test]
fn print_fixtures_prints_one_object_with_the_17_keys() {
    let out = Command::new(BIN)
        .args(["sandbox", "--print-fixtures"])
        .env("RUST_LOG", "error")
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.trim().lines().count(), 1, "one line: {text}");
    let v: Value = serde_json::from_str(text.trim()).expect("one JSON object");
    let keys: BTreeSet<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    let want = BTreeSet::from([
        "vendorOrganizationId",
        "vendorApiKey",
        "childOrganizationId",
        "otherVendorApiKey",
        "otherOrganizationId",
        "doneDesignId",
        "doneDesignMul",
        "draftDesignId",
        "nameLogoId",
        "numberLogoId",
        "textLogoId",
        "doneLogoId",
        "doneLogoItemNo",
        "childLogoId",
        "otherVendorLogoId",
        "pendingVectorizeTaskId",
        "finishedVectorizeTaskId",
    ]);
    assert_eq!(keys, want);
    assert_eq!(
        v,
        serde_json::to_value(logodesk::sandbox::fixtures()).unwrap()
    );
    assert!(v["vendorApiKey"].as_str().is_some_and(|k| !k.is_empty()));
    assert!(v["doneDesignMul"].as_str().unwrap().starts_with("MUL"));
}

#[tokio::test]
async fn listens_answers_and_stops_cleanly_on_sigterm() {
    let sb = Running::start(&[
        "--listen",
        "127.0.0.1:0",
        "--ephemeral",
        "--placement-delay-ms",
        "100",
    ]);
    let client = sb.client();
    assert!(!client.ping().await.unwrap().is_empty());
    let page = client.logos().list(&ListLogos::new()).await.unwrap();
    assert!(page.total_count > 0);
    // Orders complete after the given placement delay.
    let fx = logodesk::sandbox::fixtures();
    let order = PlaceOrder::new(
        "CLI-1",
        DeliveryAddress::new("N", "A 1", "6700", "Esbjerg", "DK"),
    )
    .with_logo(LogoLine::quantity(LogoId(fx.done_logo_id), 2));
    let placed = client
        .orders()
        .place(&order, &IdempotencyKey::new())
        .await
        .unwrap();
    let done = tokio::time::timeout(
        Duration::from_secs(10),
        client.orders().track(placed.id, None, |_| {}),
    )
    .await
    .unwrap()
    .unwrap();
    assert_eq!(done.status, OrderStatus::Completed);
    assert_eq!(sb.terminate(), 0, "exit code after SIGTERM");
}

#[tokio::test]
async fn state_persists_across_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("s.sqlite");
    let data_arg = data.to_str().unwrap();
    let args = [
        "--listen",
        "127.0.0.1:0",
        "--data",
        data_arg,
        "--placement-delay-ms",
        "100",
    ];
    let fx = logodesk::sandbox::fixtures();
    let order = |r: &str| {
        PlaceOrder::new(r, DeliveryAddress::new("N", "A 1", "6700", "Esbjerg", "DK"))
            .with_logo(LogoLine::quantity(LogoId(fx.done_logo_id), 2))
    };
    let key = IdempotencyKey::new();

    let sb = Running::start(&args);
    let client = sb.client();
    let placed = client
        .orders()
        .place(&order("PERSIST-1"), &key)
        .await
        .unwrap();
    let done = tokio::time::timeout(
        Duration::from_secs(10),
        client.orders().track(placed.id, None, |_| {}),
    )
    .await
    .unwrap()
    .unwrap();
    assert_eq!(done.status, OrderStatus::Completed);
    let logo = client
        .logos()
        .upload(UploadLogo::new("p.png", tiny_png(), "Persisted draft"))
        .await
        .unwrap();
    // An order still pending when the sandbox stops.
    let pending = client
        .orders()
        .place(&order("PERSIST-2"), &IdempotencyKey::new())
        .await
        .unwrap();
    assert_eq!(sb.terminate(), 0);
    assert!(data.exists());

    let sb = Running::start(&args);
    let client = sb.client();
    let again = client.orders().get(placed.id).await.unwrap();
    assert_eq!(again, done, "the completed order is still there");
    assert_eq!(
        client.logos().get(logo.logo_id).await.unwrap().title,
        "Persisted draft"
    );
    // The idempotency key is still reserved for the order.
    let replay = client
        .orders()
        .place(&order("PERSIST-1"), &key)
        .await
        .unwrap();
    assert_eq!(replay.id, placed.id);
    // The pending order resumes and completes.
    let resumed = tokio::time::timeout(
        Duration::from_secs(10),
        client.orders().track(pending.id, None, |_| {}),
    )
    .await
    .unwrap()
    .unwrap();
    assert_eq!(resumed.status, OrderStatus::Completed);
    // New ids continue above the stored ones.
    let next = client
        .orders()
        .place(&order("PERSIST-3"), &IdempotencyKey::new())
        .await
        .unwrap();
    assert!(next.id.0 > pending.id.0 && next.id.0 > placed.id.0);
    assert_ne!(next.order_number, placed.order_number);
    assert_eq!(sb.terminate(), 0);
}

/// A 64 × 32 PNG with two flat colors.
fn tiny_png() -> Vec<u8> {
    let img = image::RgbaImage::from_fn(64, 32, |x, _| {
        if x < 32 {
            image::Rgba([0, 0, 0, 255])
        } else {
            image::Rgba([255, 0, 0, 255])
        }
    });
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}
