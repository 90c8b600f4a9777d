//! What immediate mode makes hot, measured on the real app (kittest harness, no rendering)
//! against an in-process sandbox:
//!
//! - `gallery_frame/5000_logos`: CPU time of one frame with 5,000 logos in the list and a full
//!   window of thumbnails on screen (target ≤ 2 ms);
//! - the longest frame while thumbnails stream in after jumping through the list (target: none
//!   over 16 ms), printed;
//! - `start/first_frame_with_data`: from building the app to the first frame showing the first
//!   page with its thumbnails, with the persistent embedded sandbox (target ≤ 300 ms); the very
//!   first start, which renders the demo pictures and seeds `sandbox.sqlite`, is printed.
//!
//! - `composer_estimate/500_garments`: the order estimate the composer recomputes every frame
//!   (a design line of 500 roster rows with 3 placements, a NumberLogo with 20 digit values,
//!   a transfer; VAT), from logos already fetched (target: well under 1 ms).
//!
//! Resident memory of the real window is measured by `benches/ui_memory.rs`.
//!
//! Run: `cargo bench --bench ui`.

use criterion::{Criterion, criterion_group, criterion_main};
use egui_kittest::Harness;
use logodesk::app::LogodeskApp;
use logodesk::backend::{BackendConfig, StoreLocation};
use logodesk::sandbox::{self, SandboxConfig, SandboxHandle, fixtures};
use logodesk::ui::PersistedUi;
use std::time::{Duration, Instant};

#[path = "../tests/common/patience.rs"]
mod patience;
#[path = "../tests/ui_common/mod.rs"]
mod ui_common;

use ui_common::mock_keychain as keychain;

fn harness(config: BackendConfig) -> Harness<'static, LogodeskApp> {
    ui_common::app_with(config, egui::Theme::Light, PersistedUi::default())
}

fn step_until(
    h: &mut Harness<'static, LogodeskApp>,
    done: impl Fn(&LogodeskApp) -> bool,
) -> Duration {
    let mut longest = Duration::ZERO;
    let start = Instant::now();
    while !done(h.state()) {
        assert!(start.elapsed() < Duration::from_secs(120), "timed out");
        let t = Instant::now();
        h.step();
        longest = longest.max(t.elapsed());
        std::thread::sleep(Duration::from_millis(1));
    }
    longest
}

/// A sandbox (in its own runtime) whose demo vendor has `extra` more logos: small copies of
/// the demo artwork, written straight into its state.
fn big_sandbox(extra: usize) -> (tokio::runtime::Runtime, SandboxHandle) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("runtime");
    let handle = rt
        .block_on(sandbox::spawn(SandboxConfig::fast()))
        .expect("sandbox");
    let arts: Vec<_> = (0..sandbox::artwork::DEMO_LOGO_COUNT)
        .map(|i| {
            let art = sandbox::artwork::demo_logo(i);
            let small = logodesk::imaging::downscale(&art.image, 200);
            sandbox::logos::prepare_image(&small, &art.title, 80.0, 60.0)
        })
        .collect();
    let owner = fixtures().vendor_organization_id;
    handle
        .state()
        .write(|db| {
            for i in 0..extra {
                let mut p = arts[i % arts.len()].clone();
                p.title = format!("{} #{}", p.title, i + 1);
                db.insert_upload(owner, p, chrono::Utc::now())?;
            }
            Ok(())
        })
        .expect("seeded");
    (rt, handle)
}

/// A configuration whose start account is "Big", pointing at `handle` (the app's own sandbox is
/// off), set up through the store and the (mock) keychain as Settings would.
fn remote_to(handle: &SandboxHandle) -> (BackendConfig, tempfile::TempDir) {
    use logodesk::store::{KeyLocation, NewAccount, Store};
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("logodesk.sqlite");
    let store = Store::open(&path).expect("store");
    let account = store
        .insert_account(&NewAccount {
            name: "Big".into(),
            base_url: url::Url::parse(&handle.base_url()).expect("url"),
            auth: logodesk::api::AuthStyle::Bearer,
            organization_id: None,
            key_location: KeyLocation::Keychain,
        })
        .expect("account");
    let kc = keychain();
    kc.set(account.id, &fixtures().vendor_api_key.into())
        .expect("key");
    let mut config = BackendConfig::ephemeral(kc);
    config.sandbox = None;
    config.store = StoreLocation::File(path);
    config.start_account = logodesk::backend::StartAccount::Name("Big".into());
    (config, dir)
}

fn connect(h: &mut Harness<'static, LogodeskApp>) {
    step_until(h, |a| {
        a.session()
            .active
            .as_ref()
            .is_some_and(|x| x.record.name == "Big")
            && a.gallery_ready()
    });
}

/// Loaded, nothing in flight, and the selected card (the one the keys scrolled to) shows its
/// thumbnail. (`gallery_ready` looks at the first cards, which a jump leaves off screen and
/// the bounded cache may have let go.)
fn settled(a: &LogodeskApp) -> bool {
    let g = &a.screens().gallery;
    g.has_loaded()
        && !g.is_busy()
        && g.selected_card()
            .is_some_and(|c| a.thumbnails().contains(&c.thumb))
}

fn gallery_frame(c: &mut Criterion) {
    let (_rt, big) = big_sandbox(5_000 - 43);
    let (config, _dir) = remote_to(&big);
    let mut h = harness(config);
    connect(&mut h);
    let total = h.state().screens().gallery.total_count().unwrap_or(0);
    println!("logos in the list: {total}");

    // Jump through the list; record the longest frame while pages and thumbnails stream in.
    let mut longest = Duration::ZERO;
    for key in [
        egui::Key::PageDown,
        egui::Key::PageDown,
        egui::Key::End,
        egui::Key::Home,
    ] {
        h.key_press(key);
        for _ in 0..3 {
            h.key_press(key);
        }
        longest = longest.max(step_until(&mut h, settled));
        for _ in 0..20 {
            let t = Instant::now();
            h.step();
            longest = longest.max(t.elapsed());
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    println!(
        "longest frame while thumbnails streamed in: {:.2} ms",
        longest.as_secs_f64() * 1e3
    );
    println!("thumbnails held: {}", h.state().thumbnails().len());

    c.bench_function("gallery_frame/5000_logos", |b| b.iter(|| h.step()));
}

fn first_frame(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = || {
        let mut cfg = BackendConfig::in_data_dir(dir.path());
        cfg.keychain = Some(keychain());
        cfg
    };
    // The first start ever seeds the sandbox's file.
    let t = Instant::now();
    let mut h = harness(config());
    step_until(&mut h, LogodeskApp::gallery_ready);
    println!(
        "first start ever (seeding sandbox.sqlite): {:.0} ms",
        t.elapsed().as_secs_f64() * 1e3
    );
    drop(h);

    let mut group = c.benchmark_group("start");
    group.sample_size(10);
    group.bench_function("first_frame_with_data", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let t = Instant::now();
                let mut h = harness(config());
                step_until(&mut h, LogodeskApp::gallery_ready);
                total += t.elapsed();
                drop(h);
            }
            total
        });
    });
    group.finish();
}

// The start runs first, so that its first measurement includes rendering the demo pictures.
/// The composer's estimate of a large order, as recomputed every frame.
fn composer_estimate(c: &mut Criterion) {
    use logodesk::api::{Design, DesignId, Logo, LogoId, LogoRef};
    use logodesk::orders::estimate::{DesignPrices, estimate};
    use logodesk::orders::form::{DigitForm, LogoForm, RowForm};
    use std::collections::HashMap;

    let logo = |id: i64, kind: &str| -> Logo {
        serde_json::from_value(serde_json::json!({
            "logoId": id, "title": format!("Logo {id}"), "logoType": kind, "status": "Done",
            "widthInMM": 80, "heightInMM": 60, "transferMethodKey": "VAND SPORT", "colors": [],
            "prices": ([1, 10, 25, 50, 100, 250].map(|m| serde_json::json!({
                "minQuantity": m, "unitPrice": 14.84 - m as f64 / 100.0, "currency": "DKK"}))),
            "additionalFees": [{"type": "startup", "sku": "S", "name": "Startup",
                "prices": [{"minQuantity": 1, "unitPrice": 95.0, "currency": "DKK"}]}]
        }))
        .expect("a logo")
    };
    let design: Design = serde_json::from_value(serde_json::json!({
        "designId": 7, "title": "Kit", "heatingCode": "H2",
        "designLogos": ([1, 2, 3].map(|id| serde_json::json!({
            "logoId": id, "view": "FRONT", "xCoordinate": 1.0, "yCoordinate": 2.0})))
    }))
    .expect("a design");
    let prices = DesignPrices {
        design,
        logos: (1..=3)
            .map(|id| (LogoId(id), logo(id, "TRANSFER")))
            .collect(),
    };
    let designs: HashMap<DesignId, DesignPrices> = [(DesignId(7), prices)].into();
    let logos: HashMap<LogoRef, Logo> = [
        (LogoRef::Id(LogoId(4)), logo(4, "NumberLogo")),
        (LogoRef::Id(LogoId(5)), logo(5, "TRANSFER")),
    ]
    .into();
    let mut form = logodesk::backend::demo_form();
    form.designs[0].reference = "7".into();
    form.designs[0].rows = (0..500)
        .map(|i| RowForm {
            size: "M".into(),
            quantity: "1".into(),
            number: (i % 99).to_string(),
            ..RowForm::default()
        })
        .collect();
    form.logos = vec![
        LogoForm {
            reference: "4".into(),
            digits: (0..20)
                .map(|i| DigitForm {
                    digit: (i * 7).to_string(),
                    quantity: "3".into(),
                    storage: String::new(),
                })
                .collect(),
            ..LogoForm::default()
        },
        LogoForm {
            reference: "5".into(),
            quantity: "30".into(),
            storage: "5".into(),
            ..LogoForm::default()
        },
    ];
    let e = estimate(&form, &logos, &designs);
    assert!(!e.is_partial() && e.lines.len() > 10, "{e:?}");
    c.bench_function("composer_estimate/500_garments", |b| {
        b.iter(|| estimate(&form, &logos, &designs))
    });
}

criterion_group!(benches, first_frame, gallery_frame, composer_estimate);
criterion_main!(benches);
