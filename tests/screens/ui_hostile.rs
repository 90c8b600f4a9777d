//! Test 5 through the app: a remote account (mock keychain) pointed at the hostile service of
//! `tests/hostile/mod.rs`. The gallery gets 2^62 logos whose first preview is a decompression
//! bomb, the detail and the editor that bomb as the picture, and other logos measure `"inf"`
//! mm, weigh 200 MB or cost −5 DKK. Each shows a sentence, and the app keeps running frames.

use crate::hostile;
use crate::ui_common;

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use hostile::{Hostile, KEY};
use logodesk::api::{ApiKey, AuthStyle};
use logodesk::app::LogodeskApp;
use logodesk::backend::{StartAccount, StoreLocation};
use logodesk::store::{KeyLocation, NewAccount, Store};
use logodesk::ui::{PersistedUi, Screen};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use ui_common::*;

type H = Harness<'static, LogodeskApp>;

/// The harness's safety net: a frame that never ends (the ruler loop on `"inf"` mm did) fails
/// the test run after two minutes instead of stalling it.
struct Watchdog(Arc<AtomicBool>);

impl Watchdog {
    fn arm(what: &'static str) -> Watchdog {
        let done = Arc::new(AtomicBool::new(false));
        let seen = done.clone();
        std::thread::spawn(move || {
            for _ in 0..1200 {
                std::thread::sleep(Duration::from_millis(100));
                if seen.load(Ordering::SeqCst) {
                    return;
                }
            }
            eprintln!("{what}: the app stopped running frames (watchdog)");
            std::process::exit(101);
        });
        Watchdog(done)
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// The app with the remote account "Hostile" (key in the mock keychain) active.
fn hostile_app(server: &Hostile, dir: &std::path::Path) -> H {
    let db = dir.join("logodesk.sqlite");
    let keychain = mock_keychain();
    {
        let store = Store::open(&db).unwrap();
        let record = store
            .insert_account(&NewAccount {
                name: "Hostile".into(),
                base_url: url::Url::parse(&server.base("app")).unwrap(),
                auth: AuthStyle::Bearer,
                organization_id: None,
                key_location: KeyLocation::Keychain,
            })
            .unwrap();
        keychain.set(record.id, &ApiKey::new(KEY)).unwrap();
    }
    let mut config = config();
    config.store = StoreLocation::File(db);
    config.keychain = Some(keychain);
    config.start_account = StartAccount::Name("Hostile".into());
    app_with(config, egui::Theme::Light, PersistedUi::default())
}

fn back_to_gallery(h: &mut H) {
    h.key_press_modifiers(egui::Modifiers::ALT, Key::ArrowLeft);
    h.run_steps(2);
    if h.state().screen() != Screen::Gallery {
        h.key_press_modifiers(egui::Modifiers::ALT, Key::ArrowLeft);
        h.run_steps(2);
    }
    assert_eq!(h.state().screen(), Screen::Gallery);
}

/// Opens the card titled `title` and waits until `sentence` is shown.
fn open_and_expect(h: &mut H, title: &str, sentence: &str) {
    h.get_by_label(title).click();
    wait_for(h, &format!("{sentence:?} for {title}"), |h| {
        shows_text(h, sentence)
            || h.state()
                .notifications()
                .iter()
                .any(|n| n.contains(sentence))
    });
    // Frames keep coming.
    h.run_steps(5);
}

#[test]
fn a_hostile_service_gets_sentences_not_a_crash_or_a_hang() {
    let _watchdog = Watchdog::arm("ui_hostile");
    let server = Hostile::start();
    let dir = tempfile::tempdir().unwrap();
    let mut h = hostile_app(&server, dir.path());

    // The gallery: 2^62 logos reported, 100 000 listed, with a sentence; the bomb preview
    // stays a placeholder.
    wait_for(&mut h, "the hostile gallery", |h| {
        h.state().screens().gallery.has_loaded() && !h.state().screens().gallery.is_busy()
    });
    assert_eq!(
        h.state().session().active.as_ref().unwrap().record.name,
        "Hostile"
    );
    assert!(
        shows_text(&h, "logodesk lists the first 100000"),
        "the clamped count is said"
    );
    assert_eq!(h.state().screens().gallery.cards().count(), 4);
    h.run_steps(5);

    // The detail of the bomb: the picture is refused with its claimed size.
    open_and_expect(&mut h, "Bomb crest", "100000 × 100000 pixels");
    assert!(h.state().screens().detail.is_loaded());
    // The editor on the same draft says the same over its picture.
    h.get_by_label("✎ Edit draft").click_accesskit();
    wait_for(&mut h, "the editor", |h| {
        h.state().screens().editor.is_loaded()
    });
    assert_eq!(h.state().screen(), Screen::Editor);
    assert!(shows_text(&h, "100000 × 100000 pixels"));
    h.run_steps(5);
    back_to_gallery(&mut h);

    // "inf" mm: refused at reading, said; no ruler ever sees it.
    open_and_expect(&mut h, "Endless crest", "impossible value");
    back_to_gallery(&mut h);
    // 200 MB: stopped at the limit, said.
    open_and_expect(&mut h, "Heavy crest", "larger than 32 MiB");
    back_to_gallery(&mut h);
    // A negative price: refused, said.
    open_and_expect(&mut h, "Costly crest", "impossible value");

    // Still running, still answering input.
    back_to_gallery(&mut h);
    h.run_steps(10);
    assert_eq!(h.state().screen(), Screen::Gallery);
    let notes = h.state().notifications().join(" | ");
    assert!(!notes.contains(KEY), "{notes}");
}
