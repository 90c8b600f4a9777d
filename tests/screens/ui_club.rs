//! The club's approval in the real app (issue 41). *Ask the club to approve…* on a desk of its
//! own: the form is prefilled with the order's contact and e-mail, a contact is required, and a
//! desk without a team is told in place what the club room needs — nothing is marked sent, no
//! link made. On a team (a real PostgreSQL): the waiting mark, then the club's correction with
//! *Apply*, which writes it into the row.

use crate::ui_common;

use egui_kittest::kittest::Queryable as _;
use logodesk::orders::approval::{ProofStatus, Shown};
use ui_common::*;

type H = egui_kittest::Harness<'static, logodesk::app::LogodeskApp>;

fn composer(h: &H) -> &logodesk::ui::orders::composer::Composer {
    &h.state().screens().orders.composer
}

#[test]
fn asking_the_club_on_a_desk_without_a_team_says_what_the_club_room_needs() {
    let downloads = tempfile::tempdir().unwrap();
    let mut h = app_saving_to(downloads.path());
    open_new_order(&mut h);
    h.state_mut().screens_mut().orders.composer.form = logodesk::backend::demo_form();
    wait_for(&mut h, "the draft saved", |h| {
        composer(h).draft_id().is_some()
    });
    assert!(shows(&h, "The club's approval"));

    h.get_by_label("Ask the club to approve…").click_accesskit();
    h.run_steps(3);
    // Prefilled from the order: its contact person and its e-mail.
    let contact = composer(&h).form.address.contact_person.clone();
    assert!(!contact.is_empty());
    assert_eq!(
        text_field(&h, "Contact at the club:").value().as_deref(),
        Some(contact.as_str())
    );
    assert_eq!(
        text_field(&h, "E-mail:").value(),
        Some(composer(&h).form.email.clone())
    );
    assert!(shows(&h, "Dansk") && shows(&h, "English"));

    h.get_by_label("Make link").click_accesskit();
    wait_for(&mut h, "the sentence", |h| {
        shows_text(h, "team's database") && composer(h).club_link().is_none()
    });
    assert!(shows_text(&h, "The club room keeps its links"));
    // Nothing was marked sent on the way.
    assert_eq!(
        composer(&h).proof_status(0),
        Shown::Current(ProofStatus::NotSent)
    );
    assert!(composer(&h).club_shown().is_none());
}

/// A team's draft while the club has its page: every desk shows "Waiting for …"; once the
/// club corrected a row on it, what it decided and the correction with *Apply*, which writes
/// it into the row (the request is written to the team database as the desk and the club
/// room write it).
#[test]
fn the_waiting_mark_then_the_clubs_correction_applied_with_one_click() {
    use crate::ui_team::{anna_with_a_team_draft_of, open_team_draft, own_cluster};
    use logodesk::club::page::{ClubPage, PageLine, PageRow};
    use logodesk::orders::approval::{LineSnapshot, line_keys};
    use logodesk::orders::form::{DesignForm, DraftForm, RowForm};
    use logodesk::store::club::{NewClubRequest, StoredClubDecision};

    let (cluster, db, dir) = own_cluster();
    let row = |name: &str, number: &str| RowForm {
        size: "M".into(),
        quantity: "1".into(),
        name: name.into(),
        number: number.into(),
        ..Default::default()
    };
    let form = DraftForm {
        reference: "PO-CLUB-7".into(),
        address: logodesk::orders::form::AddressForm {
            name: "Nordby IF".into(),
            ..Default::default()
        },
        designs: vec![DesignForm {
            reference: "20001".into(),
            rows: vec![row("Hansen", "7"), row("Berg", "9")],
            ..Default::default()
        }],
        ..Default::default()
    };
    let (mut h, draft) = anna_with_a_team_draft_of(&cluster, &db, dir.path(), &form);
    open_team_draft(&mut h, draft);

    // The club's page is made for the draft's line (as Bo's desk would make it).
    let mut bo = logodesk::store::Store::open_in_memory().unwrap();
    let client = logodesk::team::connect_to(&cluster.socket_url(&db), "Bo").unwrap();
    bo.attach_team(client, "Bo").unwrap();
    let snapshot = LineSnapshot::of(&form.designs[0]);
    let page = ClubPage {
        shop: "Sportigan".into(),
        reference: form.reference.clone(),
        club: "Nordby IF".into(),
        lines: vec![PageLine {
            key: line_keys(&form.designs)[0].0.clone(),
            snapshot,
            rows: ["Hansen", "Berg"]
                .iter()
                .map(|n| PageRow {
                    name: (*n).into(),
                    asked: true,
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        }],
        ..Default::default()
    };
    let now = chrono::Utc::now();
    let request = bo
        .create_club_request(
            logodesk::store::club::ClubSubject::Order(draft),
            &NewClubRequest {
                token_hash: "ab".repeat(32),
                contact_name: "Mette Hansen".into(),
                contact_email: "mette@nordby.example".into(),
                language: "da".into(),
                page_json: serde_json::to_string(&page).unwrap(),
                shown_hash: "shown".into(),
                pictures: Vec::new(),
                asked_by: String::new(),
                created_at: logodesk::club::time_text(now),
                expires_at: logodesk::club::time_text(now + chrono::TimeDelta::days(14)),
            },
        )
        .unwrap();
    wait_for(&mut h, "the waiting mark", |h| {
        shows_text(h, "Waiting for Mette Hansen (Nordby IF) since ")
    });
    assert!(shows_text(&h, "Asked by Bo (2 of 2 rows)"));
    assert!(shows(&h, "Resend…") && shows(&h, "Withdraw"));

    // The club corrects row 2's name and approves the rest.
    let corrections = r#"[{"line":0,"row":1,"field":"name","was":"Berg","now":"Bergh"}]"#;
    assert!(
        bo.record_club_decision(
            request,
            logodesk::store::club::ClubSubject::Order(draft),
            &StoredClubDecision {
                kind: "corrected".into(),
                who: "Mette Hansen".into(),
                note: String::new(),
                corrections_json: corrections.into(),
                shown_hash: "shown".into(),
                ip: "192.0.2.7".into(),
                browser: "Phone/1.0".into(),
                at: logodesk::club::time_text(chrono::Utc::now()),
            },
            &[],
        )
        .unwrap()
    );
    wait_for(&mut h, "the club's correction", |h| {
        shows_text(h, "Nordby IF approved 1 of 2 rows, 1 correction")
    });
    assert!(shows_text(&h, "Line 1, row 2: name “Berg” → “Bergh”"));
    assert!(!shows(&h, "Withdraw"), "nothing left to withdraw");
    h.get_by_label("Apply").click_accesskit();
    h.run_steps(3);
    assert_eq!(composer(&h).form.designs[0].rows[1].name, "Bergh");
    assert_eq!(composer(&h).form.designs[0].rows[0].name, "Hansen");
    // Applied: no longer offered.
    assert!(!shows_text(&h, "Line 1, row 2: name"));
}

/// A logo draft on a team desk whose sender serves the club room (a real PostgreSQL and a
/// sandbox service): *Ask the club to approve…* in the editor makes a link; *Commit…* asks
/// first while the club has not approved; once the club approved (its decision written as the
/// room writes it), the editor says so, the commit asks nothing more, and a resize staged
/// keeps *Ask* from sending a draft the service does not have yet.
#[test]
fn the_editor_asks_the_club_then_shows_its_approval_before_commit() {
    use crate::ui_team::{anna_on_the_team_of, own_cluster};
    use logodesk::store::club::{ClubRoomSettings, StoredClubDecision};

    let (cluster, db, dir) = own_cluster();
    let service = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let env = service.block_on(crate::common::start_with(
        logodesk::sandbox::SandboxConfig::fast(),
    ));
    let keychain = mock_keychain();
    let key = keychain.clone();
    let base = env.sb.base_url();
    let vendor_key = env.key().to_owned();
    // An earlier order for FC Nørrebro names its contact: the form offers them.
    let earlier = logodesk::orders::form::DraftForm {
        reference: "PO-FCN-1".into(),
        email: "mette@fcn.example".into(),
        address: logodesk::orders::form::AddressForm {
            name: "FC Nørrebro".into(),
            street: "Nørrebrogade 1".into(),
            contact_person: "Mette Hansen".into(),
            ..Default::default()
        },
        ..Default::default()
    };
    let earlier = serde_json::to_string(&earlier).unwrap();
    let body = serde_json::to_vec(&crate::common::simple_order(&env, "PO-FCN-1")).unwrap();
    let mut h = anna_on_the_team_of(
        &cluster,
        &db,
        dir.path(),
        logodesk::ui::Screen::Gallery,
        (&base, keychain),
        move |store, account| {
            key.set(account, &logodesk::api::ApiKey::new(vendor_key))
                .unwrap();
            let draft = store
                .create_draft(account, &earlier, "PO-FCN-1", "FC Nørrebro")
                .unwrap();
            assert!(
                store
                    .queue_draft(draft.id, &earlier, "PO-FCN-1", "FC Nørrebro", &body)
                    .unwrap()
            );
        },
    );
    // The team's sender serves the club room (it writes its settings when it connects).
    let mut bo = logodesk::store::Store::open_in_memory().unwrap();
    let client = logodesk::team::connect_to(&cluster.socket_url(&db), "Bo").unwrap();
    bo.attach_team(client, "Bo").unwrap();
    bo.set_club_room(&ClubRoomSettings {
        public_url: "https://klub.sportigan.example".into(),
        shop: "Sportigan".into(),
        terms: "We print exactly what you approve.".into(),
        link_days: 14,
        served_since: logodesk::club::time_text(chrono::Utc::now()),
    })
    .unwrap();

    // The gallery lists the team account's logos once the desk has joined the team (the
    // gallery listed before is read again).
    wait_for(&mut h, "the desk on the team, its drafts listed", |h| {
        h.state().session().team == Some(logodesk::backend::team::TeamStatus::Connected)
            && !h.state().screens().gallery.is_busy()
            && h.state().screens().gallery.first_draft().is_some()
    });
    open_demo_draft(&mut h);
    wait_for(&mut h, "the club part", |h| {
        shows(h, "Ask the club to approve…") && !is_disabled(h, "Ask the club to approve…")
    });
    assert!(shows_text(
        &h,
        "Before you commit, the club can approve the logo"
    ));

    // Asking: the club, the contact and the language — picked from the earlier order, the
    // name then typed over; *Make link* shows the link.
    h.get_by_label("Ask the club to approve…").click_accesskit();
    h.run_steps(3);
    h.get_by_label("From an earlier order…").click_accesskit();
    h.run_steps(2);
    h.get_by_label("FC Nørrebro · Mette Hansen · mette@fcn.example")
        .click_accesskit();
    h.run_steps(2);
    assert_eq!(
        text_field(&h, "Club:").value().as_deref(),
        Some("FC Nørrebro")
    );
    assert_eq!(
        text_field(&h, "E-mail:").value().as_deref(),
        Some("mette@fcn.example")
    );
    text_field(&h, "Contact at the club:").focus();
    h.run_steps(1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    type_into(&mut h, "Contact at the club:", "Mette Hansen");
    h.get_by_label("English").click_accesskit();
    h.run_steps(2);
    h.get_by_label("Make link").click_accesskit();
    wait_for(&mut h, "the link", |h| {
        h.state().screens().editor.club_link().is_some()
    });
    let link = h.state().screens().editor.club_link().unwrap().clone();
    assert!(shows_text(&h, "A link for Mette Hansen to approve"));
    assert!(shows(&h, "Copy link") && shows(&h, "Send by e-mail…"));
    wait_for(&mut h, "the waiting mark", |h| {
        shows_text(h, "Waiting for Mette Hansen (FC Nørrebro) since ")
    });

    // Not approved yet: *Commit…* asks first.
    h.get_by_label("Commit…").click_accesskit();
    h.run_steps(3);
    assert!(shows_text(
        &h,
        "The club has not approved this draft as it is now."
    ));
    assert!(shows(&h, "Commit without the club's approval"));
    assert!(!shows(&h, "Commit logo"));
    h.get_by_label("Cancel").click_accesskit();
    h.run_steps(3);

    // The club approves on its phone (written as the room writes it).
    let request = bo.club_request_of(link.subject).unwrap().unwrap();
    assert!(
        bo.record_club_decision(
            request.id,
            link.subject,
            &StoredClubDecision {
                kind: "approved".into(),
                who: "Mette Hansen".into(),
                note: String::new(),
                corrections_json: "[]".into(),
                shown_hash: request.shown_hash.clone(),
                ip: "192.0.2.7".into(),
                browser: "Phone/1.0".into(),
                at: logodesk::club::time_text(chrono::Utc::now()),
            },
            &[],
        )
        .unwrap()
    );
    wait_for(&mut h, "the club's approval in the editor", |h| {
        shows_text(h, "The approval holds")
    });
    assert!(shows_text(&h, "FC Nørrebro approved the logo"));
    assert!(matches!(
        h.state().screens().editor.club_approval(),
        logodesk::ui::editor::ClubApproval::Holds { .. }
    ));
    h.get_by_label("Commit…").click_accesskit();
    h.run_steps(3);
    assert!(shows_text(
        &h,
        "Mette Hansen approved this draft as it is now"
    ));
    assert!(shows(&h, "Commit logo"));
    assert!(!shows(&h, "Commit without the club's approval"));
    h.get_by_label("Cancel").click_accesskit();
    h.run_steps(3);

    // A resize staged: *Ask* waits for it to be applied (the club approves what the service
    // has); applied, the approval no longer holds and the commit asks again.
    h.get_by_label("Width in mm").focus();
    h.run_steps(1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("Width in mm").type_text("90");
    h.run_steps(2);
    assert!(is_disabled(&h, "Ask the club to approve…"));
    h.get_by_label("Apply").click_accesskit();
    wait_for(&mut h, "the resize applied", |h| {
        !h.state().screens().editor.is_busy()
            && h.state().screens().editor.logo().unwrap().width_in_mm == 90.0
    });
    assert!(shows_text(&h, "The club approved an earlier version"));
    assert!(!is_disabled(&h, "Ask the club to approve…"));
    h.get_by_label("Commit…").click_accesskit();
    h.run_steps(3);
    assert!(shows(&h, "Commit without the club's approval"));
}

fn is_disabled(h: &H, label: &str) -> bool {
    use egui_kittest::kittest::NodeT as _;
    h.get_by_label(label).accesskit_node().is_disabled()
}
