//! Issue 9: editing an account whose orders are queued (or placed and not confirmed) asks what
//! becomes of them before anything is saved, through the real app.

use crate::ui_common;

use egui_kittest::kittest::Queryable as _;
use logodesk::api::{ApiKey, AuthStyle};
use logodesk::backend::StoreLocation;
use logodesk::store::{AccountKind, Hold, KeyLocation, NewAccount, OrderState, Store};
use ui_common::*;

type H = egui_kittest::Harness<'static, logodesk::app::LogodeskApp>;

fn type_into(h: &mut H, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.run_steps(1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label(label).type_text(text);
    h.run_steps(1);
}

#[test]
fn changing_the_address_of_an_account_with_queued_orders_asks_first() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("logodesk.sqlite");
    let unreachable = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}/", l.local_addr().unwrap())
    };
    let keychain = mock_keychain();
    let (acme, order) = {
        let mut store = Store::open(&db).unwrap();
        let acme = store
            .insert_account(&NewAccount {
                name: "Acme".into(),
                base_url: unreachable.parse().unwrap(),
                auth: AuthStyle::Bearer,
                organization_id: None,
                key_location: KeyLocation::Keychain,
            })
            .unwrap()
            .id;
        keychain.set(acme, &ApiKey::new("acme-key")).unwrap();
        let draft = store.create_draft(acme, "{}", "PO-7", "Club").unwrap();
        store
            .queue_draft(draft.id, "{}", "PO-7", "Club", b"{}")
            .unwrap();
        (acme, draft.id)
    };
    let mut config = config();
    config.store = StoreLocation::File(db.clone());
    config.keychain = Some(keychain);
    let mut h = app_with(config, egui::Theme::Light, Default::default());
    wait_for(&mut h, "the accounts", |h| {
        h.state().session().accounts.len() == 2
    });
    h.get_by_label("Settings").click();
    h.run_steps(2);
    // The menu bar's Edit menu comes first, then the accounts: the sandbox, then Acme.
    h.get_all_by_label("Edit").nth(2).unwrap().click();
    h.run_steps(2);
    let url = h.state().session().sandbox_url.clone().unwrap();
    type_into(&mut h, "Service address", &url);
    h.get_by_label("Save").click();
    wait_for(&mut h, "the question", |h| {
        shows_text(h, "queued or placed and not confirmed yet")
    });
    assert!(shows_text(&h, "1 order"));
    let unchanged = Store::open(&db).unwrap().account(acme).unwrap();
    assert_eq!(
        unchanged.kind,
        AccountKind::Remote {
            base_url: unreachable.parse().unwrap()
        },
        "nothing saved before the person answers"
    );

    h.get_by_label("Keep them for the old settings")
        .click_accesskit();
    let saved = |db: &std::path::Path| {
        Store::open(db).unwrap().account(acme).unwrap().kind
            != AccountKind::Remote {
                base_url: unreachable.parse().unwrap(),
            }
    };
    wait_for(&mut h, "the save", |_| saved(&db));
    let store = Store::open(&db).unwrap();
    assert_eq!(
        store.account(acme).unwrap().kind,
        AccountKind::Remote {
            base_url: url.parse().unwrap()
        }
    );
    let row = store.local_order(order).unwrap();
    assert_eq!(row.state, OrderState::Queued);
    assert!(matches!(row.hold, Some(Hold::Changed { .. })), "{row:?}");
}
