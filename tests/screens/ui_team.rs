//! Settings → Team through the real app against a real PostgreSQL (tests/common/pg_cluster.rs):
//! type the address, the password and the desk's name, test the connection and read its
//! report, save (the password to the keychain, never a file), forget.

use crate::pg_cluster;
use crate::ui_common;

use egui_kittest::kittest::{NodeT as _, Queryable as _};
use logodesk::backend::StoreLocation;
use logodesk::backend::team::TeamStatus;
use logodesk::ui::{PersistedUi, Screen};
use secrecy::ExposeSecret as _;
use ui_common::*;

type H = egui_kittest::Harness<'static, logodesk::app::LogodeskApp>;

/// A new database on the tests' PostgreSQL: its name and its address (the Unix socket).
fn fresh_database() -> (String, String) {
    let cluster = pg_cluster::shared();
    let db = cluster.create_database();
    let url = cluster.socket_url(&db);
    (db, url)
}

/// The app on Settings with `keychain` and its data (team.json) in `dir`.
fn settings_with(keychain: logodesk::keychain::Keychain, dir: &std::path::Path) -> H {
    let mut config = config();
    config.keychain = Some(keychain);
    config.store = StoreLocation::File(dir.join("logodesk.sqlite"));
    let persisted = PersistedUi {
        last_screen: Screen::Settings,
        ..PersistedUi::default()
    };
    app_with(config, egui::Theme::Light, persisted)
}

#[test]
fn team_database_is_tested_saved_and_forgotten_from_settings() {
    let cluster = pg_cluster::shared();
    let (db, url) = fresh_database();
    let dir = tempfile::tempdir().unwrap();
    let keychain = mock_keychain();
    let mut h = settings_with(keychain.clone(), dir.path());
    wait_for(&mut h, "the session", |h| {
        h.state().session().active.is_some()
    });
    wait_for(&mut h, "no team database", |h| {
        h.state().session().team == Some(TeamStatus::Off)
    });
    assert!(shows(&h, "Team database"));

    // A password in the address is refused as it is typed.
    type_into(
        &mut h,
        "Address",
        "postgres://postgres:hunter2@db.example.com/team",
    );
    assert!(shows_text(&h, "holds a password"));
    text_field(&h, "Address").focus();
    h.run_steps(1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    text_field(&h, "Address").type_text(&url);
    h.run_steps(2);
    assert!(!shows_text(&h, "holds a password"));
    type_into(&mut h, "Password", "team-secret");
    type_into(&mut h, "Desk name", "Front desk");
    h.get_by_label("Test team database").click();
    wait_for(&mut h, "the team report", |h| {
        shows_text(h, "Connected: PostgreSQL")
    });
    let version = cluster.psql(&db, "SHOW server_version").unwrap();
    assert!(shows_text(&h, &version), "the server's version");
    assert!(shows_text(
        &h,
        "Not encrypted: a Unix socket on this computer"
    ));
    assert!(shows(&h, "The role may create the schema logodesk."));
    assert!(shows_text(&h, "Front desk (this test), since "));

    h.get_by_label("Save team database").click();
    wait_for(&mut h, "the team database saved", |h| {
        shows_text(h, "The team database is saved.")
    });
    wait_for(&mut h, "the desk connected", |h| {
        h.state().session().team == Some(TeamStatus::Connected)
    });
    let saved = std::fs::read_to_string(dir.path().join("team.json")).unwrap();
    assert!(
        saved.contains(&db) && saved.contains("Front desk"),
        "{saved}"
    );
    assert!(!saved.contains("team-secret"), "no password in the file");
    assert_eq!(
        keychain
            .team_password()
            .unwrap()
            .map(|p| p.expose_secret().to_owned()),
        Some("team-secret".to_owned())
    );
    // The desk's own connections, by its name: the store's and the listener's (the test's
    // connection may take a moment to go).
    let count = || {
        cluster
            .psql(
                &db,
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'logodesk Front desk'",
            )
            .unwrap()
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while count() != "2" && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert_eq!(count(), "2", "the desk's own connections, by its name");

    h.get_by_label("Forget").click();
    wait_for(&mut h, "the team database forgotten", |h| {
        h.state().session().team == Some(TeamStatus::Off)
    });
    assert!(keychain.team_password().unwrap().is_none());
    assert!(
        !std::fs::read_to_string(dir.path().join("team.json"))
            .unwrap()
            .contains(&db)
    );
}

#[test]
fn an_unreachable_team_database_is_marked_in_the_status_bar() {
    let dir = tempfile::tempdir().unwrap();
    // Nothing listens on this socket folder.
    let url = format!("postgres://desk@/team?host={}&port=1", dir.path().display());
    logodesk::team::SavedTeam {
        address: Some(url),
        ..Default::default()
    }
    .save(dir.path())
    .unwrap();
    let mut config = config();
    config.store = StoreLocation::File(dir.path().join("logodesk.sqlite"));
    let mut h = app_with(config, egui::Theme::Light, PersistedUi::default());
    wait_for(&mut h, "the team database unreachable", |h| {
        matches!(
            h.state().session().team,
            Some(TeamStatus::Unreachable { .. })
        )
    });
    h.run_steps(2);
    assert!(shows_text(&h, "Team database not reachable, next try in "));
}

/// A computer without a keychain (no Secret Service, as on a headless Linux): Settings → Team
/// loads with no error, tests and saves a database that needs no password, and a password it
/// cannot keep is refused with a sentence that ends "Saving…" (every failure answers its
/// request: before, a failure left "Testing…" turning for good).
#[test]
fn without_a_keychain_the_team_database_is_tested_and_a_password_refused_with_a_sentence() {
    let (_, url) = fresh_database();
    let dir = tempfile::tempdir().unwrap();
    let no_keychain = logodesk::keychain::Keychain::unavailable("no D-Bus session is running");
    let mut h = settings_with(no_keychain, dir.path());
    wait_for(&mut h, "no team database", |h| {
        h.state().session().team == Some(TeamStatus::Off)
    });
    h.run_steps(3);
    assert!(
        !shows_text(&h, "API key cannot be stored"),
        "no keychain error for a team nobody set up"
    );

    type_into(&mut h, "Address", &url);
    h.get_by_label("Test team database").click();
    wait_for(&mut h, "the team report", |h| {
        shows_text(h, "Connected: PostgreSQL")
    });

    type_into(&mut h, "Password", "team-secret");
    h.get_by_label("Save team database").click();
    wait_for(&mut h, "the refusal", |h| {
        shows_text(h, "the team database's password cannot be saved")
    });
    wait_for(&mut h, "Saving… ended", |h| {
        !shows_text(h, "Saving the team database")
    });
    for node in h.query_all_by_label_contains("the team database's password cannot be saved") {
        let sentence = node.accesskit_node().label().unwrap_or_default();
        assert!(
            !sentence.contains("API key"),
            "the sentence is about the team's password: {sentence}"
        );
    }
}

/// A PostgreSQL of the test's own (it stops and restarts it), a new database on it, and a data
/// folder.
pub(crate) fn own_cluster() -> (pg_cluster::PgCluster, String, tempfile::TempDir) {
    let cluster = pg_cluster::PgCluster::start(&pg_cluster::PgOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let db = cluster.create_database();
    (cluster, db, tempfile::tempdir().unwrap())
}

/// Desk "Anna" (data in `dir`) on team database `db`, started on `screen` with account "Club
/// shop" (its service out of reach) and what `seed` writes for it on the desk first: joined into
/// the team as the app starts.
fn anna_on_the_team(
    cluster: &pg_cluster::PgCluster,
    db: &str,
    dir: &std::path::Path,
    screen: Screen,
    seed: impl FnOnce(&mut logodesk::store::Store, logodesk::store::AccountId),
) -> H {
    let service = ("http://127.0.0.1:9/", mock_keychain());
    anna_on_the_team_of(cluster, db, dir, screen, service, seed)
}

/// [`anna_on_the_team`] with account "Club shop" on the service at `service.0`, its key (if
/// any) in keychain `service.1`.
pub(crate) fn anna_on_the_team_of(
    cluster: &pg_cluster::PgCluster,
    db: &str,
    dir: &std::path::Path,
    screen: Screen,
    service: (&str, logodesk::keychain::Keychain),
    seed: impl FnOnce(&mut logodesk::store::Store, logodesk::store::AccountId),
) -> H {
    use logodesk::store::{KeyLocation, NewAccount, Store};
    let mut store = Store::open(&dir.join("logodesk.sqlite")).unwrap();
    let account = store
        .insert_account(&NewAccount {
            name: "Club shop".into(),
            base_url: service.0.parse().unwrap(),
            auth: logodesk::api::AuthStyle::Bearer,
            organization_id: None,
            key_location: KeyLocation::Keychain,
        })
        .unwrap()
        .id;
    seed(&mut store, account);
    drop(store);
    logodesk::team::SavedTeam {
        address: Some(cluster.socket_url(db)),
        ca_file: None,
        desk_name: Some("Anna".into()),
        allow_unencrypted: false,
    }
    .save(dir)
    .unwrap();
    anna_starts(dir, screen, service.1)
}

/// Desk "Anna" started on its data folder `dir` (its team saved there) on `screen`, asking for
/// account "Club shop", with `keychain`.
fn anna_starts(dir: &std::path::Path, screen: Screen, keychain: logodesk::keychain::Keychain) -> H {
    let mut config = config();
    config.keychain = Some(keychain);
    config.store = StoreLocation::File(dir.join("logodesk.sqlite"));
    config.start_account = logodesk::backend::StartAccount::Name("Club shop".into());
    let persisted = PersistedUi {
        last_screen: screen,
        ..PersistedUi::default()
    };
    app_with(config, egui::Theme::Light, persisted)
}

/// Desk "Anna" on the team (`anna_on_the_team`, on Orders) with one draft `reference` of the
/// composer's, joined into the team as the app starts: the app once the team's draft is
/// listed, and the draft's team id.
pub(crate) fn anna_with_a_team_draft(
    cluster: &pg_cluster::PgCluster,
    db: &str,
    dir: &std::path::Path,
    reference: &str,
) -> (H, logodesk::store::LocalOrderId) {
    let form = logodesk::orders::form::DraftForm {
        reference: reference.into(),
        ..Default::default()
    };
    anna_with_a_team_draft_of(cluster, db, dir, &form)
}

/// [`anna_with_a_team_draft`] of `form`.
pub(crate) fn anna_with_a_team_draft_of(
    cluster: &pg_cluster::PgCluster,
    db: &str,
    dir: &std::path::Path,
    form: &logodesk::orders::form::DraftForm,
) -> (H, logodesk::store::LocalOrderId) {
    let reference = form.reference.as_str();
    let json = serde_json::to_string(form).unwrap();
    let mut h = anna_on_the_team(cluster, db, dir, Screen::Orders, |store, account| {
        store.create_draft(account, &json, reference, "").unwrap();
    });
    wait_for(&mut h, "the team's draft listed", |h| {
        h.state()
            .screens()
            .orders
            .drafts
            .iter()
            .any(|d| d.reference == reference && d.id.0 >= logodesk::store::TEAM_IDS_FROM)
    });
    let draft = h.state().screens().orders.drafts[0].id;
    (h, draft)
}

/// Opens team draft `draft`, the one draft listed, from the Orders screen.
pub(crate) fn open_team_draft(h: &mut H, draft: logodesk::store::LocalOrderId) {
    h.get_by_label(&Screen::Orders.to_string()).click();
    h.run_steps(2);
    // "Drafts (1)", or "Drafts (1, not fresh)" while the team database is away.
    h.get_by_label_contains("Drafts (1").click_accesskit();
    h.run_steps(2);
    press_nth(h, "Open", 0);
    wait_for(h, "the draft in the composer", |h| {
        h.state().screens().orders.composer.draft_id() == Some(draft)
    });
}

/// Desk "Anna" on the team (`anna_on_the_team`, on History) with one order `reference` queued
/// on the desk first (its service out of reach): the app once the order is listed as the
/// team's, placed by Anna.
fn anna_with_a_team_order(
    cluster: &pg_cluster::PgCluster,
    db: &str,
    dir: &std::path::Path,
    reference: &str,
) -> H {
    let mut h = anna_on_the_team(cluster, db, dir, Screen::History, |store, account| {
        let draft = store
            .create_draft(account, "{}", reference, "Nordby IF")
            .unwrap();
        assert!(
            store
                .queue_draft(draft.id, "{}", reference, "Nordby IF", b"{}")
                .unwrap()
        );
    });
    wait_for(&mut h, "the team's order listed", |h| {
        listed_by(h, reference, "Anna")
    });
    h
}

/// Whether History lists order `reference` with the desk that placed it under it.
fn listed_by(h: &H, reference: &str, desk: &str) -> bool {
    shows(h, reference) && shows(h, &format!("placed by {desk}"))
}

/// Whether the account shown is a team's.
fn shows_a_team_account(h: &H) -> bool {
    h.state()
        .session()
        .active
        .as_ref()
        .is_some_and(|a| a.record.id.0 >= logodesk::store::TEAM_IDS_FROM)
}

/// Whether the team database is out of reach as the app knows it.
fn team_unreachable(h: &H) -> bool {
    matches!(
        h.state().session().team,
        Some(TeamStatus::Unreachable { .. })
    )
}

/// Runs the app until `cluster`'s database `db` answers `sql` with `want`.
#[track_caller]
fn wait_for_team_row(h: &mut H, cluster: &pg_cluster::PgCluster, db: &str, sql: &str, want: &str) {
    let deadline = std::time::Instant::now() + crate::patience::PATIENCE;
    loop {
        let got = cluster.psql(db, sql).unwrap_or_default();
        if got == want {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the team database answers {got:?} to {sql}, not {want:?}; notifications: {:?}",
            h.state().notifications()
        );
        h.run_steps(1);
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// Anna (the app) with a draft `reference` joined into the team (`anna_with_a_team_draft`),
/// which Bo, on another desk (a store of its own on the same PostgreSQL), has open: she opens
/// it from the drafts and sees it read-only. Answers her harness, Bo's store and the draft.
pub(crate) fn anna_watching_bos_edit(
    cluster: &pg_cluster::PgCluster,
    db: &str,
    dir: &std::path::Path,
    reference: &str,
) -> (H, logodesk::store::Store, logodesk::store::LocalOrderId) {
    use logodesk::store::{EditClaim, Store};
    let (mut h, id) = anna_with_a_team_draft(cluster, db, dir, reference);
    let mut bo = Store::open_in_memory().unwrap();
    let client = logodesk::team::connect_to(&cluster.socket_url(db), "Bo").unwrap();
    bo.attach_team(client, "Bo").unwrap();
    assert_eq!(bo.start_editing(id, false).unwrap(), EditClaim::Mine);

    h.get_by_label_contains("Drafts (").click();
    h.run_steps(2);
    wait_for(&mut h, "the draft marked as Bo's", |h| {
        shows_text(h, "Bo is editing")
    });
    h.get_by_label("Open").click();
    wait_for(&mut h, "the draft read-only", |h| {
        shows_text(h, "Bo is editing this draft (since ")
    });
    (h, bo, id)
}

/// A team's History while its database goes away and comes back: the orders stay listed,
/// marked as not fresh, and the mark goes once the desk is back on the team.
#[test]
fn a_teams_history_is_kept_and_marked_not_fresh_while_the_database_is_gone() {
    let (cluster, db, dir) = own_cluster();
    // A desk with an account whose service is out of reach and one order waiting for it.
    let mut h = anna_with_a_team_order(&cluster, &db, dir.path(), "PO-TEAM-7");
    // Joined: the order is the team's now, with who placed it, and nothing is marked.
    assert!(
        h.state()
            .session()
            .active
            .as_ref()
            .is_some_and(|a| a.record.id.0 >= logodesk::store::TEAM_IDS_FROM),
        "the team's account is shown"
    );
    assert!(shows_text(&h, "placed by the team"));
    assert!(!shows_text(&h, "Not fresh"));
    // This desk has no key for the account: its orders wait for a desk that has one, and
    // nothing about this desk's key is written on the team's row for every desk to read.
    h.run_steps(5);
    let noted = cluster
        .psql(
            &db,
            "SELECT coalesce(last_error, '') FROM logodesk.local_orders",
        )
        .unwrap();
    assert!(!noted.contains("Waiting"), "{noted}");

    cluster.stop().unwrap();
    wait_for(&mut h, "the team database unreachable", |h| {
        matches!(
            h.state().session().team,
            Some(TeamStatus::Unreachable { .. })
        )
    });
    h.run_steps(2);
    let labels: Vec<String> = h
        .query_all_by_label_contains("")
        .filter_map(|n| n.accesskit_node().label())
        .collect();
    assert!(
        shows_text(&h, "Not fresh: the team database is out of reach"),
        "{labels:?} {:?} {:?} {:?}",
        h.state().session().active.as_ref().map(|a| &a.record.name),
        h.state().session().team,
        h.state().notifications()
    );
    assert!(
        listed_by(&h, "PO-TEAM-7", "Anna"),
        "the last list read is kept"
    );

    cluster.restart().unwrap();
    wait_for(&mut h, "the team database back", |h| {
        h.state().session().team == Some(TeamStatus::Connected)
    });
    h.run_steps(2);
    assert!(!shows_text(&h, "Not fresh"));
    assert!(listed_by(&h, "PO-TEAM-7", "Anna"));
}

/// Two people on one team draft (issue 29, item 3), through the real app and a second desk
/// (a store of its own on the same PostgreSQL): a draft another desk edits opens read-only
/// with who and since when, and follows their saves; "Take over" makes it this desk's (their
/// saves are refused from then); when the other desk takes it back and saves, what this
/// person typed stays on screen with a sentence, and "Save mine as a new draft" keeps both.
#[test]
fn a_draft_another_desk_edits_is_read_only_until_taken_over_and_nothing_typed_is_lost() {
    use logodesk::store::{DraftSave, EditClaim, Store};
    let (cluster, db, dir) = own_cluster();
    let form = |reference: &str| {
        serde_json::to_string(&logodesk::orders::form::DraftForm {
            reference: reference.into(),
            ..Default::default()
        })
        .unwrap()
    };
    // Anna's draft, joined into the team, opened read-only while Bo (another desk) edits it.
    let (mut h, mut bo, id) = anna_watching_bos_edit(&cluster, &db, dir.path(), "PO-SHARED");
    let reference = |h: &H| {
        let node = text_field(h, "Reference");
        let node = node.accesskit_node();
        (node.value().unwrap_or_default(), node.is_disabled())
    };
    assert_eq!(reference(&h), ("PO-SHARED".into(), true), "read-only");

    // Bo's save shows here (NOTIFY), the form still read-only.
    let v = bo.local_order(id).unwrap().version;
    assert!(matches!(
        bo.save_draft(id, &form("PO-BO"), "PO-BO", "Nordby IF", v)
            .unwrap(),
        DraftSave::Saved { .. }
    ));
    wait_for(&mut h, "Bo's version shown", |h| {
        reference(h) == ("PO-BO".into(), true)
    });

    // Take over: the form is this desk's; Bo's next save is refused, saying who took it.
    h.get_by_label("Take over").click();
    wait_for(&mut h, "the draft editable here", |h| !reference(h).1);
    assert!(!shows_text(&h, "is editing this draft"));
    let v = bo.local_order(id).unwrap().version;
    assert!(
        matches!(
            bo.save_draft(id, &form("PO-LOST"), "PO-LOST", "Nordby IF", v)
                .unwrap(),
            DraftSave::TakenOver(e) if e.name == "Anna"
        ),
        "Bo's save after the take-over is refused"
    );
    type_into(&mut h, "Reference", "-ANNA");
    let in_team = |sql: &str| cluster.psql(&db, sql).unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while in_team("SELECT reference FROM logodesk.local_orders") != "PO-BO-ANNA"
        && std::time::Instant::now() < deadline
    {
        h.run_steps(1);
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(
        in_team("SELECT reference FROM logodesk.local_orders"),
        "PO-BO-ANNA",
        "the autosave reached the team's row"
    );

    // Bo takes it back and saves: Anna, with nothing unsaved, sees his version read-only at
    // once (his mark came with the NOTIFY), not at her next renewal.
    let bo_saves = |bo: &mut Store, reference: &str| {
        assert_eq!(bo.start_editing(id, true).unwrap(), EditClaim::Mine);
        let v = bo.local_order(id).unwrap().version;
        assert!(matches!(
            bo.save_draft(id, &form(reference), reference, "Nordby IF", v)
                .unwrap(),
            DraftSave::Saved { .. }
        ));
    };
    bo_saves(&mut bo, "PO-BO2");
    wait_for(&mut h, "Bo's version, read-only", |h| {
        reference(h) == ("PO-BO2".into(), true)
    });
    assert!(shows_text(&h, "Bo is editing this draft"));

    // Anna takes over and types; Bo takes it back and saves before her autosave (0.4 s after
    // the last keystroke): what she typed is kept on her screen, locked, not written.
    h.get_by_label("Take over").click();
    wait_for(&mut h, "the draft editable here again", |h| !reference(h).1);
    text_field(&h, "Reference").focus();
    h.run_steps(1);
    text_field(&h, "Reference").type_text("-MORE");
    h.run_steps(1);
    bo_saves(&mut bo, "PO-BO3");
    wait_for(&mut h, "the take-over said", |h| {
        shows_text(h, "Bo took over this draft")
    });
    assert_eq!(
        reference(&h),
        ("PO-BO2-MORE".into(), true),
        "Anna's text kept on screen, locked"
    );
    assert_eq!(
        in_team("SELECT reference FROM logodesk.local_orders"),
        "PO-BO3",
        "nothing of Anna's written over Bo's"
    );
    h.get_by_label("Save mine as a new draft").click();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let both = "PO-BO2-MORE,PO-BO3";
    let references = || {
        in_team("SELECT string_agg(reference, ',' ORDER BY reference) FROM logodesk.local_orders")
    };
    while references() != both && std::time::Instant::now() < deadline {
        h.run_steps(1);
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(references(), both, "both versions kept");
    h.run_steps(3);
    assert!(!shows_text(&h, "Bo took over this draft"));
}

/// Issue 29 item 5: a team draft typed into while the team database is stopped. What is typed
/// is kept on this computer (the composer says so), the draft reopened shows it, and once the
/// database is back the text is in the team's row and a notice says what went back.
#[test]
fn a_team_draft_typed_into_while_the_database_is_stopped_goes_back_on_reconnect() {
    use logodesk::store::Store;
    let (cluster, db, dir) = own_cluster();
    let (mut h, draft) = anna_with_a_team_draft(&cluster, &db, dir.path(), "PO-TEAM-9");
    open_team_draft(&mut h, draft);
    let street_at = text_field(&h, "Street").rect();

    cluster.stop().unwrap();
    wait_for(&mut h, "the team database unreachable", |h| {
        matches!(
            h.state().session().team,
            Some(TeamStatus::Unreachable { .. })
        )
    });
    h.run_steps(3);
    // The mark comes without moving the form: a click aimed at a field lands on it.
    assert!(shows_text(&h, "what you type is kept on this computer"));
    assert_eq!(text_field(&h, "Street").rect(), street_at, "the form moved");
    // The status bar counts the next try down and offers *Try now*.
    let said = |h: &H| {
        h.query_all_by_label_contains("Team database not reachable")
            .filter_map(|n| {
                let node = n.accesskit_node();
                node.label().or(node.value())
            })
            .next()
            .unwrap_or_default()
    };
    let first = said(&h);
    assert!(
        first.contains("next try in") || first.contains("trying again now"),
        "{first:?}"
    );
    let seconds = |text: &str| -> Option<u64> {
        let (_, after) = text.split_once("next try in ")?;
        after.split(' ').next()?.parse().ok()
    };
    // Within 1.2 s the count has moved (a lower number, the try itself, or a new try's).
    let until = std::time::Instant::now() + std::time::Duration::from_millis(1200);
    while std::time::Instant::now() < until {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let later = said(&h);
    assert!(
        later != first || seconds(&first).is_none(),
        "the count stood still: {first}"
    );
    let told_at = h.state().session().team_told_at;
    press(&mut h, "Try now");
    h.run_steps(2);
    // Trying, or already answered (a refused connection answers at once).
    assert!(
        said(&h).contains("trying again now") || h.state().session().team_told_at != told_at,
        "{}",
        said(&h)
    );
    wait_for(&mut h, "the try's answer", |h| {
        h.state().session().team_told_at != told_at
    });
    type_into(&mut h, "Street", "Stadionvej 1");
    assert!(
        shows_text(&h, "what you type is kept on this computer"),
        "the composer says where the typing goes"
    );
    // Left (the change saved at once) and opened again: what was typed is there.
    h.get_by_label(&Screen::Gallery.to_string()).click();
    wait_for(&mut h, "the kept save listed", |h| {
        h.state().screens().orders.drafts.iter().any(|d| {
            d.id == draft
                && d.draft_json
                    .as_deref()
                    .is_some_and(|j| j.contains("Stadionvej 1"))
        })
    });
    open_team_draft(&mut h, draft);
    assert_eq!(
        h.state().screens().orders.composer.form.address.street,
        "Stadionvej 1"
    );
    // Kept in this desk's own file.
    let kept = Store::open(&dir.path().join("logodesk.sqlite"))
        .unwrap()
        .kept_order(draft)
        .unwrap()
        .expect("kept in the desk's SQLite");
    assert!(kept.draft_json.unwrap_or_default().contains("Stadionvej 1"));

    cluster.restart().unwrap();
    let back = std::time::Instant::now();
    wait_for(&mut h, "the team database back", |h| {
        h.state().session().team == Some(TeamStatus::Connected)
    });
    // The listener tries at least every 4 s while the database is away.
    eprintln!(
        "the desk noticed the database back after {:?}",
        back.elapsed()
    );
    let street = || {
        cluster
            .psql(
                &db,
                &format!(
                    "SELECT draft_json::json -> 'address' ->> 'street' FROM logodesk.local_orders WHERE id = {}",
                    draft.0
                ),
            )
            .unwrap()
    };
    wait_for(&mut h, "the typed text in the team's row", |_| {
        street() == "Stadionvej 1"
    });
    wait_for(&mut h, "the notice of what went back", |h| {
        h.state()
            .notifications()
            .iter()
            .any(|n| n.contains("the changes to one draft"))
    });
    assert!(!shows_text(&h, "what you type is kept on this computer"));
}

/// Issue 29 item 5: a desk started while its team database is stopped (a laptop on a train)
/// shows the team's account as last read, its screens marked not fresh; a new draft typed
/// meanwhile is kept on this computer, and once the database is back it is the team's and
/// the team's history is listed again.
#[test]
fn a_desk_started_while_the_team_database_is_stopped_shows_the_teams_account_and_keeps_new_drafts()
{
    use logodesk::store::Store;
    let (cluster, db, dir) = own_cluster();
    let h = anna_with_a_team_order(&cluster, &db, dir.path(), "PO-TEAM-3");
    drop(h);

    // The laptop is closed, and opened again where the team database cannot be reached.
    cluster.stop().unwrap();
    let mut h = anna_starts(dir.path(), Screen::History, mock_keychain());
    wait_for(&mut h, "the team's account shown, out of reach", |h| {
        shows_a_team_account(h) && team_unreachable(h)
    });
    assert_eq!(
        h.state()
            .session()
            .active
            .as_ref()
            .map(|a| a.record.name.as_str()),
        Some("Club shop")
    );
    h.run_steps(2);
    assert!(shows_text(&h, "Team database not reachable, next try in "));
    assert!(
        shows_text(&h, "Not fresh: the team database is out of reach"),
        "History is marked"
    );
    // Said by the status bar and the marks, not by an error for each screen's list.
    h.get_by_label(&Screen::Tasks.to_string()).click();
    h.run_steps(3);
    assert!(
        shows_text(&h, "Tasks can be tracked again once it is back"),
        "Tasks is marked"
    );
    // Orders' drafts say the same: none of the team's read yet (not "no drafts").
    h.get_by_label(&Screen::Orders.to_string()).click();
    h.run_steps(2);
    h.get_by_label("Drafts (0, not fresh)").click();
    h.run_steps(3);
    assert!(shows_text(&h, "None of the team's drafts read yet"));
    assert!(shows_text(&h, "these are the drafts last read"));
    h.get_by_label("Compose").click();
    h.run_steps(2);
    // (This desk has no key for the account: that is said, as on any desk without one.)
    assert!(
        !h.state()
            .notifications()
            .iter()
            .any(|n| n.contains("team database")),
        "no error raised for a list: {:?}",
        h.state().notifications()
    );

    // A new draft: made on this computer and said so.
    open_new_order(&mut h);
    let draft = h
        .state()
        .screens()
        .orders
        .composer
        .draft_id()
        .expect("a draft");
    assert!(
        draft.0 < logodesk::store::TEAM_IDS_FROM,
        "made on this desk"
    );
    assert!(shows_text(&h, "what you type is kept on this computer"));
    type_into(&mut h, "Reference", "PO-TRAIN");
    let saved_here = || {
        Store::open(&dir.path().join("logodesk.sqlite"))
            .and_then(|s| s.local_order(draft))
            .is_ok_and(|o| o.reference == "PO-TRAIN")
    };
    wait_for(&mut h, "the draft saved on this computer", |_| saved_here());

    cluster.restart().unwrap();
    wait_for(&mut h, "the team database back", |h| {
        h.state().session().team == Some(TeamStatus::Connected)
    });
    wait_for_team_row(
        &mut h,
        &cluster,
        &db,
        "SELECT count(*) FROM logodesk.local_orders WHERE reference = 'PO-TRAIN' AND state = 'draft'",
        "1",
    );
    h.get_by_label(&Screen::History.to_string()).click();
    wait_for(&mut h, "the team's history listed again", |h| {
        listed_by(h, "PO-TEAM-3", "Anna")
    });
    assert!(!shows_text(&h, "Not fresh"));
}

/// Issue 29 item 5: the server ends the store's own session while the desk's listener stays
/// connected (`pg_terminate_backend`): the desk notices at the next save, keeps what was
/// typed, attaches the team database again by itself and writes the text to the team's row.
#[test]
fn a_store_session_ended_by_the_server_is_attached_again_and_nothing_typed_is_lost() {
    let cluster = pg_cluster::shared();
    let db = cluster.create_database();
    let dir = tempfile::tempdir().unwrap();
    let (mut h, draft) = anna_with_a_team_draft(cluster, &db, dir.path(), "PO-TEAM-5");
    open_team_draft(&mut h, draft);
    let sessions = "SELECT count(*) FROM pg_stat_activity
                    WHERE datname = current_database() AND application_name = 'logodesk Anna'";
    wait_for_team_row(&mut h, cluster, &db, sessions, "2");

    // The store's session ends; the listener's (waiting on LISTEN) stays.
    let ended = cluster
        .psql(
            &db,
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
             WHERE datname = current_database() AND application_name = 'logodesk Anna'
               AND query NOT ILIKE 'LISTEN%' AND query <> ''",
        )
        .unwrap();
    assert_eq!(ended, "1", "the store's session");
    type_into(&mut h, "Street", "Stadionvej 1");
    wait_for_team_row(
        &mut h,
        cluster,
        &db,
        &format!(
            "SELECT draft_json::json -> 'address' ->> 'street' FROM logodesk.local_orders WHERE id = {}",
            draft.0
        ),
        "Stadionvej 1",
    );
    wait_for_team_row(&mut h, cluster, &db, sessions, "2");
    assert_eq!(h.state().session().team, Some(TeamStatus::Connected));
    // Typing goes on into the team's row, through the new session.
    type_into(&mut h, "City", "Esbjerg");
    wait_for_team_row(
        &mut h,
        cluster,
        &db,
        &format!(
            "SELECT draft_json::json -> 'address' ->> 'city' FROM logodesk.local_orders WHERE id = {}",
            draft.0
        ),
        "Esbjerg",
    );
}

/// Issue 29 item 5: a desk that leaves its team (Settings → Team → Forget) while the database
/// is out of reach and a draft made meanwhile waits on this computer: the draft is not lost,
/// it is this desk's own under its own "Club shop", shown, and a notice says so.
#[test]
fn leaving_the_team_while_it_is_out_of_reach_keeps_the_drafts_made_meanwhile() {
    let (cluster, db, dir) = own_cluster();
    let mut h = anna_on_the_team(&cluster, &db, dir.path(), Screen::Orders, |_, _| {});
    wait_for(&mut h, "the team's account shown", |h| {
        shows_a_team_account(h) && h.state().session().team == Some(TeamStatus::Connected)
    });
    cluster.stop().unwrap();
    wait_for(&mut h, "the team database unreachable", team_unreachable);
    open_new_order(&mut h);
    let draft = h
        .state()
        .screens()
        .orders
        .composer
        .draft_id()
        .expect("a draft");
    type_into(&mut h, "Reference", "PO-KEPT");

    // Left for Settings (the change is saved at once), then Forget.
    h.get_by_label(&Screen::Settings.to_string()).click();
    h.run_steps(2);
    press(&mut h, "Forget");
    wait_for(&mut h, "the team forgotten", |h| {
        h.state().session().team == Some(TeamStatus::Off)
    });
    wait_for(&mut h, "the notice of what stays", |h| {
        h.state()
            .notifications()
            .iter()
            .any(|n| n.contains("now this desk's own") && n.contains("Club shop"))
    });
    wait_for(&mut h, "the desk's own Club shop shown", |h| {
        h.state().session().active.as_ref().is_some_and(|a| {
            a.record.name == "Club shop" && a.record.id.0 < logodesk::store::TEAM_IDS_FROM
        })
    });
    h.get_by_label(&Screen::Orders.to_string()).click();
    wait_for(&mut h, "the draft listed as this desk's", |h| {
        h.state()
            .screens()
            .orders
            .drafts
            .iter()
            .any(|d| d.id == draft && d.reference == "PO-KEPT")
    });
}

/// Issue 38, item 10: "Remove" on a team's account says what it holds on every desk and, while
/// an order of it waits, refuses (only a way back): the account and the order stay the team's.
#[test]
fn removing_a_team_account_says_what_waits_and_is_refused_while_orders_wait() {
    let cluster = pg_cluster::shared();
    let db = cluster.create_database();
    let dir = tempfile::tempdir().unwrap();
    let mut h = anna_with_a_team_order(cluster, &db, dir.path(), "PO-R");
    h.get_by_label("Settings").click();
    h.run_steps(2);
    h.get_by_label("Remove").click();
    wait_for(&mut h, "what the account holds", |h| {
        shows_text(h, "cannot be removed while orders of it wait")
    });
    assert!(
        shows_text(&h, "one order queued and none sent but not completed"),
        "the counts, of every desk"
    );
    assert!(
        h.query_by_label("Remove").is_none(),
        "no way to remove it now, only back"
    );
    h.get_by_label("OK").click();
    h.run_steps(2);
    assert_eq!(
        cluster
            .psql(
                &db,
                "SELECT count(*) FROM logodesk.accounts WHERE name = 'Club shop'"
            )
            .unwrap(),
        "1"
    );
    assert_eq!(
        cluster
            .psql(
                &db,
                "SELECT state FROM logodesk.local_orders WHERE reference = 'PO-R'"
            )
            .unwrap(),
        "queued"
    );
}

/// Fixed signing keys (PKCS#8 in base64, as the keychain keeps them), so the codes on screen
/// are the same from run to run: Anna's code 75631 13774 25480 49088, Bo's 45242 60154 49952
/// 19657.
const ANNA_KEY: &str = "MFECAQEwBQYDK2VwBCIEICNtyanelOSESxTEfepn1V0RO2KYrAgfwjOaMUcHe39XgSEAWbAqlIChbNZyOOkJ9KeKpLx7qeBAhg6gUcv2zKSGUFA=";
const BO_KEY: &str = "MFECAQEwBQYDK2VwBCIEINjNOxwZU+MIu43ryGjT3hSxpP0lzL9wQspp5o27tn/egSEAsR8Obo6Iv2UsNtTzE4OoKC7U68ZubFe9oxiEW8p5u+g=";

/// Issue 38, item 3: a new desk asking to join is trusted on a desk of the team only once its
/// person confirms it in Settings → Team, after comparing the code shown there with the code
/// the new desk shows of itself; confirming writes the vouch the other desks may follow.
#[test]
fn a_desk_asking_to_join_is_confirmed_in_settings_after_comparing_its_code() {
    use logodesk::store::{DeskKey, Store};
    let cluster = pg_cluster::shared();
    let (db, url) = fresh_database();
    let dir = tempfile::tempdir().unwrap();
    // Anna's desk: its signing key in its keychain, filed under its data folder.
    let keychain = mock_keychain();
    {
        let store = Store::open(&dir.path().join("logodesk.sqlite")).unwrap();
        keychain
            .scope_to(&store.install_id().unwrap(), None)
            .unwrap();
        keychain
            .set_desk_key(&secrecy::SecretString::from(ANNA_KEY))
            .unwrap();
    }
    logodesk::team::SavedTeam {
        address: Some(url),
        ca_file: None,
        desk_name: Some("Anna".into()),
        allow_unencrypted: false,
    }
    .save(dir.path())
    .unwrap();
    let mut h = settings_with(keychain, dir.path());
    wait_for(&mut h, "the desk connected", |h| {
        h.state().session().team == Some(TeamStatus::Connected)
    });
    wait_for(&mut h, "this desk's code", |h| {
        shows_text(h, "75631 13774 25480 49088")
    });
    assert!(shows_text(&h, "This desk's code:"));

    // Bo's desk joins the team (another computer: a store of its own on the same database).
    let mut bo = Store::open_in_memory().unwrap();
    bo.set_desk_key(DeskKey::from_pkcs8_base64(BO_KEY).unwrap());
    let client = logodesk::team::connect_to(&cluster.socket_url(&db), "test").unwrap();
    bo.attach_team(client, "Bo").unwrap();
    assert_eq!(bo.desk_code().as_deref(), Some("45242 60154 49952 19657"));
    wait_for(&mut h, "Bo asking to join", |h| {
        shows_text(
            h,
            "Desk “Bo” asks to join the team. Its orders are not sent",
        )
    });
    assert!(
        shows_text(&h, "45242 60154 49952 19657"),
        "Bo's code to compare"
    );
    assert!(
        h.state()
            .notifications()
            .iter()
            .any(|n| n.contains("Compare its code in Settings → Team")),
        "a notice says so on any screen"
    );
    // The notice goes by itself after a while: dismissed, so the picture does not depend on
    // the machine's speed.
    h.get_by_label("✖").click();
    h.get_by_label("Confirm").scroll_to_me();
    h.remove_cursor();
    h.run_steps(3);
    // Nothing that changes from run to run is in view here (the address is above).
    h.snapshot("settings_team_desk_asks_light");

    h.get_by_label("Confirm").click();
    wait_for(&mut h, "Bo confirmed", |h| {
        shows_text(h, "Bo: confirmed on this desk")
    });
    assert!(!shows_text(
        &h,
        "Desk “Bo” asks to join the team. Its orders"
    ));

    let vouches = cluster
        .psql(&db, "SELECT count(*) FROM logodesk.desk_vouches")
        .unwrap();
    assert_eq!(vouches, "1", "Anna's vouch for Bo");
}

/// Issue 38: the team account's service address changed by a hand in the team database. The
/// account's card in Settings says this desk's key is not sent there and where it was entered
/// for; *Send my key here* (the team did move it) makes the sentence go, and the account is
/// used again.
#[test]
fn an_address_changed_in_the_team_database_asks_before_the_key_goes_there() {
    let cluster = pg_cluster::shared();
    let db = cluster.create_database();
    let dir = tempfile::tempdir().unwrap();
    let mut h = anna_on_the_team(cluster, &db, dir.path(), Screen::Settings, |_, _| {});
    wait_for(&mut h, "the team's account shown", |h| {
        shows_a_team_account(h)
    });
    cluster
        .psql(
            &db,
            "UPDATE logodesk.accounts SET base_url = 'http://127.0.0.1:7/' WHERE name = 'Club shop'",
        )
        .unwrap();
    let sentence = "Your key is not sent to this address: it was entered for http://127.0.0.1:9/";
    wait_for(&mut h, "the moved address said on the card", |h| {
        shows_text(h, sentence)
    });
    press(&mut h, "Send my key here");
    wait_for(&mut h, "the sentence gone once confirmed", |h| {
        !shows_text(h, sentence)
    });
}

/// *Choose…* for the CA file on a computer where no file dialog opens (no desktop portal, no
/// zenity: the dialog answers nothing at once) says so under the field and points at it; a
/// file chosen later fills the field and the sentence goes.
#[test]
fn choosing_a_ca_file_without_a_file_dialog_says_so_and_offers_the_field() {
    use std::sync::Arc;
    let dir = tempfile::tempdir().unwrap();
    let dialog = Arc::new(ui_common::file_dialog::Scripted::default());
    let mut config = config();
    config.keychain = Some(mock_keychain());
    config.store = StoreLocation::File(dir.path().join("logodesk.sqlite"));
    config.file_dialog = Some(dialog.clone());
    let persisted = PersistedUi {
        last_screen: Screen::Settings,
        ..PersistedUi::default()
    };
    let mut h = app_with(config, egui::Theme::Light, persisted);
    wait_for(&mut h, "the session", |h| {
        h.state().session().active.is_some()
    });
    let sentence = "no file dialog service";
    assert!(!shows_text(&h, sentence));
    h.get_by_label("Choose…").click();
    wait_for(&mut h, "the sentence", |h| shows_text(h, sentence));
    assert_eq!(dialog.opened().len(), 1, "the dialog was asked");

    let ca = dir.path().join("team-ca.crt");
    dialog.will_pick(Some(ca.clone()));
    h.get_by_label("Choose…").click();
    wait_for(&mut h, "the sentence gone", |h| !shows_text(h, sentence));
    assert_eq!(
        text_field(&h, "CA file").value().as_deref(),
        Some(ca.display().to_string().as_str())
    );
}
