//! Settings → Accounts through the real app: add, test and switch with the mock keychain; the
//! session-only path without a keychain; keys never reach the database; a snapshot.

use crate::ui_common;

use egui_kittest::kittest::Queryable as _;
use logodesk::backend::StoreLocation;
use logodesk::keychain::Keychain;
use logodesk::store::KeyLocation;
use logodesk::ui::{PersistedUi, Screen};
use ui_common::*;

fn open_settings(h: &mut egui_kittest::Harness<'static, logodesk::app::LogodeskApp>) {
    h.get_by_label("Settings").click();
    h.run_steps(2);
    assert_eq!(h.state().screen(), Screen::Settings);
}

/// Fills the add-account form for the in-process sandbox under another name.
fn fill_form(
    h: &mut egui_kittest::Harness<'static, logodesk::app::LogodeskApp>,
    name: &str,
    key: &str,
) {
    let url = h
        .state()
        .session()
        .sandbox_url
        .clone()
        .expect("the sandbox runs");
    h.get_by_label("+ Add account").click();
    h.run_steps(2);
    type_into(h, "Name", name);
    type_into(h, "Service address", &url);
    h.get_by_label("X-Api-Key").click_accesskit();
    type_into(h, "API key", key);
    h.run_steps(2);
}

/// Waits until the account named `name` is the active one.
fn wait_for_account(
    h: &mut egui_kittest::Harness<'static, logodesk::app::LogodeskApp>,
    name: &str,
) {
    wait_for(h, &format!("{name} to be active"), |h| {
        h.state()
            .session()
            .active
            .as_ref()
            .is_some_and(|a| a.record.name == name)
    });
}

/// Replaces the text of the field labelled `label`.
fn type_into(
    h: &mut egui_kittest::Harness<'static, logodesk::app::LogodeskApp>,
    label: &str,
    text: &str,
) {
    h.get_by_label(label).focus();
    h.run_steps(1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label(label).type_text(text);
    h.run_steps(1);
}

/// Every byte of the files in `dir`, as lossy text.
fn files_text(dir: &std::path::Path) -> String {
    let mut all = String::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        if let Ok(bytes) = std::fs::read(entry.path()) {
            all.push_str(&String::from_utf8_lossy(&bytes));
        }
    }
    all
}

#[test]
fn add_test_switch_and_remove_an_account_with_the_keychain() {
    let dir = tempfile::tempdir().unwrap();
    let keychain = mock_keychain();
    let mut config = config();
    config.keychain = Some(keychain.clone());
    config.store = StoreLocation::File(dir.path().join("logodesk.sqlite"));
    let mut h = app_with(config, egui::Theme::Light, PersistedUi::default());
    wait_for_gallery(&mut h);
    open_settings(&mut h);
    assert!(shows_text(&h, "Keychain: "), "the keychain in use is named");

    let key = logodesk::sandbox::fixtures().vendor_api_key;
    fill_form(&mut h, "Nordby live", &key);
    h.get_by_label("Test connection").click();
    wait_for(&mut h, "the connection report", |h| {
        shows_text(h, "The key works")
    });
    assert!(shows_text(&h, "answered the health check"));

    h.get_by_label("Save").click();
    wait_for_account(&mut h, "Nordby live");
    let account = h.state().session().active.clone().unwrap().record;
    assert_eq!(account.key_location, KeyLocation::Keychain);
    assert_eq!(account.auth, logodesk::api::AuthStyle::XApiKey);
    assert_eq!(
        keychain
            .get(account.id, KeyLocation::Keychain)
            .map(|k| k.expose().to_owned()),
        Ok(key.clone()),
        "the key went to the keychain"
    );
    assert!(
        !files_text(dir.path()).contains(&key),
        "the key is not in any file"
    );
    assert!(shows_text(&h, "Account \"Nordby live\" saved."));

    // The new account's gallery loads (same demo vendor, through X-Api-Key).
    h.get_by_label("Logos").click();
    wait_for_gallery(&mut h);
    let generation = h.state().session().generation;

    // Switch back to the sandbox from Settings: everything reloads under a new generation.
    open_settings(&mut h);
    h.get_by_label("Use").click();
    wait_for(&mut h, "the sandbox to be active again", |h| {
        h.state()
            .session()
            .active
            .as_ref()
            .is_some_and(|a| a.record.is_sandbox())
    });
    assert!(h.state().session().generation > generation);
    assert_eq!(
        h.state().persisted().last_account,
        h.state().session().active.as_ref().map(|a| a.record.id)
    );

    // Remove it: confirmation first (once the backend said what it holds: nothing waits),
    // then the key leaves the keychain too.
    h.get_by_label("Remove").click();
    wait_for(&mut h, "the question", |h| {
        shows(h, "Remove \"Nordby live\"?")
    });
    h.get_by_label("Remove").click();
    wait_for(&mut h, "the account to go", |h| {
        h.state().session().accounts.len() == 1
    });
    assert!(keychain.get(account.id, KeyLocation::Keychain).is_err());
}

#[test]
fn a_wrong_key_or_address_is_reported_readably() {
    let mut h = app(egui::Theme::Light);
    wait_for_gallery(&mut h);
    open_settings(&mut h);
    fill_form(&mut h, "Wrong key", "not-a-valid-key");
    h.get_by_label("Test connection").click();
    wait_for(&mut h, "the connection report", |h| {
        shows_text(h, "Logo list:")
    });
    assert!(
        shows_text(&h, "answered the health check"),
        "the health check needs no key"
    );

    // http:// is refused for hosts other than this computer.
    type_into(&mut h, "Service address", "http://api.example.com/");
    h.run_steps(2);
    assert!(shows_text(&h, "Use https:// for this address"));
    h.get_by_label("Save").click();
    h.run_steps(3);
    assert_eq!(h.state().session().accounts.len(), 1, "nothing saved");
}

#[test]
fn without_a_keychain_keys_are_kept_for_the_session_only_after_consent() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config();
    config.keychain = Some(Keychain::unavailable("no D-Bus session in this test"));
    config.store = StoreLocation::File(dir.path().join("logodesk.sqlite"));
    let mut h = app_with(config, egui::Theme::Light, PersistedUi::default());
    wait_for_gallery(&mut h);
    open_settings(&mut h);
    assert!(shows_text(
        &h,
        "No keychain is available on this computer (no D-Bus session in this test)"
    ));

    let key = logodesk::sandbox::fixtures().vendor_api_key;
    fill_form(&mut h, "Session account", &key);
    // Saving waits for consent.
    h.get_by_label("Save").click();
    h.run_steps(3);
    assert_eq!(
        h.state().session().accounts.len(),
        1,
        "not saved without consent"
    );

    h.get_by_label("Keep keys for this session only").click();
    wait_for(&mut h, "session-only keys", |h| {
        shows_text(h, "kept in memory until logodesk quits")
    });
    h.get_by_label("Save").click();
    wait_for_account(&mut h, "Session account");
    assert_eq!(
        h.state()
            .session()
            .active
            .as_ref()
            .unwrap()
            .record
            .key_location,
        KeyLocation::Session
    );
    h.get_by_label("Logos").click();
    wait_for_gallery(&mut h);
    assert!(
        !files_text(dir.path()).contains(&key),
        "the key is not in any file"
    );
}

/// An account this computer has no key for (a team's, joined on another desk) says so on its
/// card even while another account is shown, and its form asks for the key instead of
/// offering to keep a saved one.
#[test]
fn an_account_without_a_key_here_says_so_when_it_is_not_the_one_shown() {
    use logodesk::store::{NewAccount, Store};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("logodesk.sqlite");
    Store::open(&db)
        .unwrap()
        .insert_account(&NewAccount {
            name: "Klubshop".into(),
            base_url: "http://127.0.0.1:9/".parse().unwrap(),
            auth: logodesk::api::AuthStyle::Bearer,
            organization_id: None,
            key_location: KeyLocation::Keychain,
        })
        .unwrap();
    let mut config = config();
    config.store = StoreLocation::File(db);
    let mut h = app_with(config, egui::Theme::Light, PersistedUi::default());
    wait_for_gallery(&mut h);
    assert_eq!(
        h.state()
            .session()
            .active
            .as_ref()
            .map(|a| a.record.is_sandbox()),
        Some(true),
        "the sandbox is shown"
    );
    open_settings(&mut h);
    wait_for(&mut h, "the card without a key", |h| {
        shows_text(h, "no key on this computer yet")
    });
    assert!(!shows_text(&h, "key in the keychain"));
}

#[test]
fn snapshot_of_settings() {
    let mut h = app(egui::Theme::Light);
    wait_for_gallery(&mut h);
    open_settings(&mut h);
    // The offline copies are counted on the blocking lane (none kept in memory only).
    wait_for(&mut h, "the offline copies", |h| {
        shows_text(h, "No offline copies are kept")
    });
    h.remove_cursor();
    h.run_steps(2);
    // The sandbox's port and the build's revision change from run to run.
    for text in ["Built-in sandbox at", "listens on", "Version "] {
        let rects: Vec<_> = h
            .query_all_by_label_contains(text)
            .map(|n| n.rect())
            .collect();
        for r in rects {
            // Up to a fixed edge, so a longer or shorter text leaves no edge pixels behind.
            h.mask(egui::Rect::from_x_y_ranges(
                r.left()..=r.right().max(900.0),
                r.y_range(),
            ));
        }
    }
    h.snapshot("settings_light");
}
