//! Issue 22 item 12 in the window: the gallery seen on a service that then goes away is shown
//! again from the disk cache with the not-fresh line — after "Refresh", and after a start with
//! the service still gone (in Danish), thumbnails included. Settings shows how much the
//! copies take and empties them. In the Danish binary: the start in Danish changes the
//! process's language, so these tests take their turn ([`crate::one_language_at_a_time`]).

use crate::common;
use crate::ui_common::*;

use egui_kittest::kittest::{NodeT as _, Queryable as _};

use logodesk::backend::{BackendConfig, StartAccount, StoreLocation};
use logodesk::locale::Language;
use logodesk::store::Store;
use logodesk::ui::PersistedUi;

/// The app on the data folder of `db`, showing `account`, with `keychain`.
fn config(
    db: &std::path::Path,
    keychain: &logodesk::keychain::Keychain,
    account: logodesk::store::AccountId,
) -> BackendConfig {
    let mut config = BackendConfig::ephemeral(keychain.clone());
    config.store = StoreLocation::File(db.to_owned());
    config.sandbox = None;
    config.start_account = StartAccount::Id(account);
    config.retry = common::fast_retry().with_max_retries(0);
    config
}

#[test]
fn the_gallery_seen_is_shown_offline_marked_not_fresh() {
    let _language = crate::one_language_at_a_time();
    let service = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let env = service.block_on(common::start());
    let keychain = mock_keychain();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("logodesk.sqlite");
    let account = common::sandbox_account(&Store::open(&db).unwrap(), &keychain, &env, "Nordby IF");

    let mut h = app_with(
        config(&db, &keychain, account),
        egui::Theme::Light,
        PersistedUi::default(),
    );
    wait_for_gallery(&mut h);
    assert_eq!(h.state().screens().gallery.stale_since(), None);
    assert!(!shows_text(&h, "Not up to date"), "online: no mark");
    let first = h
        .state()
        .screens()
        .gallery
        .cards()
        .next()
        .unwrap()
        .title
        .clone();
    // The page is written behind the answer.
    wait_for(&mut h, "the page on disk", |_| {
        std::fs::read_dir(dir.path().join("cache").join(account.0.to_string()))
            .is_ok_and(|mut d| d.next().is_some())
    });

    service.block_on(env.sb.shutdown());
    press(&mut h, "⟳ Refresh");
    wait_for(&mut h, "the saved page", |h| {
        h.state().screens().gallery.stale_since().is_some()
    });
    assert!(shows_text(
        &h,
        "Not up to date — offline, showing what was saved on"
    ));
    assert!(shows(&h, &first), "the cards seen");
    drop(h);

    // A new start on the train, in Danish: the saved page, its thumbnails and the mark.
    let persisted = PersistedUi {
        language: Some(Language::Danish),
        ..PersistedUi::default()
    };
    let mut h = app_with(
        config(&db, &keychain, account),
        egui::Theme::Light,
        persisted,
    );
    wait_for_gallery(&mut h);
    assert!(h.state().screens().gallery.stale_since().is_some());
    assert!(shows_text(
        &h,
        "Ikke opdateret — offline, viser det, der blev gemt den"
    ));
    assert!(shows(&h, &first));
}

/// Every file under `dir` (none when it does not exist).
fn files_under(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .flat_map(|e| {
            let path = e.path();
            if path.is_dir() {
                files_under(&path)
            } else {
                vec![path]
            }
        })
        .collect()
}

#[test]
fn settings_show_the_offline_copies_and_empty_them() {
    let _language = crate::one_language_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let mut config = crate::ui_common::config();
    config.store = StoreLocation::File(dir.path().join("logodesk.sqlite"));
    let cache = dir.path().join("cache");
    let mut h = app_with(config, egui::Theme::Light, PersistedUi::default());
    wait_for_gallery(&mut h);
    wait_for(&mut h, "the page on disk", |_| {
        !files_under(&cache).is_empty()
    });

    h.get_by_label("Settings").click();
    wait_for(&mut h, "the offline copies counted", |h| {
        shows_text(h, "Offline copies: ")
    });
    assert!(shows_text(&h, " of 200 MB"), "the budget");
    assert!(
        !shows_text(&h, "Offline copies: 0 B"),
        "browsing kept copies"
    );

    press(&mut h, "Empty the cache");
    wait_for(&mut h, "the emptied cache", |h| {
        shows(h, "Offline copies: 0 B of 200 MB")
    });
    assert_eq!(files_under(&cache), Vec::<std::path::PathBuf>::new());
    assert!(
        h.get_by_label("Empty the cache")
            .accesskit_node()
            .is_disabled(),
        "nothing left to empty"
    );
}

/// An order waiting because its account has no key, seen in Danish: History says why in
/// Danish. The outbox wrote an English sentence around the reason into the row before ("Waiting:
/// … The order stays in the outbox and is sent nowhere else."), shown as it was to a Danish
/// desk; it now keeps the reason only, and History frames it in the language it is shown in.
#[test]
fn an_order_waiting_for_a_key_says_why_in_danish() {
    let _language = crate::one_language_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("logodesk.sqlite");
    let keychain = mock_keychain();
    let mut store = Store::open(&db).unwrap();
    let account = store
        .insert_account(&logodesk::store::NewAccount {
            name: "Nordby".into(),
            base_url: "http://127.0.0.1:9/".parse().unwrap(),
            auth: logodesk::api::AuthStyle::Bearer,
            organization_id: None,
            key_location: logodesk::store::KeyLocation::Keychain,
        })
        .unwrap()
        .id;
    let draft = store
        .create_draft(account, "{}", "VENTER-1", "Nordby IF")
        .unwrap();
    assert!(
        store
            .queue_draft(draft.id, "{}", "VENTER-1", "Nordby IF", b"{}")
            .unwrap()
    );
    drop(store);
    let persisted = PersistedUi {
        language: Some(Language::Danish),
        last_screen: logodesk::ui::Screen::History,
        ..PersistedUi::default()
    };
    let mut h = app_with(
        config(&db, &keychain, account),
        egui::Theme::Light,
        persisted,
    );
    let reason = "Der er ingen API-nøgle gemt for denne konto";
    wait_for(&mut h, "the waiting order's reason", |h| {
        h.state().screens().history.orders.iter().any(|o| {
            o.reference == "VENTER-1" && o.last_error.as_deref().is_some_and(|e| e.contains(reason))
        })
    });
    let row = h
        .state()
        .screens()
        .history
        .orders
        .iter()
        .find(|o| o.reference == "VENTER-1")
        .cloned()
        .unwrap();
    let said = row.last_error.unwrap_or_default();
    assert!(!said.contains("Waiting"), "{said}");
    assert!(!said.contains("outbox"), "{said}");
    assert!(shows_text(&h, reason), "History shows the reason");
}
