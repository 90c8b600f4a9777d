//! The account manager's flow in the real app against the in-process sandbox (placement
//! after 200 ms): compose a kit order with a pasted 20-player roster and loose number
//! transfers, see validation errors appear and clear, place it, watch it complete, and check
//! every total on screen against the service's answer; a design that is not finalized ends
//! Failed with the service's message on screen. The estimate beside the form: it equals the
//! service's completed totals for the demo kit order to the øre, stays in view while the form
//! scrolls, and "Cancel" in the confirmation sends nothing.

use crate::ui_common;

use egui_kittest::kittest::{NodeT as _, Queryable as _};
use logodesk::api::LogoType;
use logodesk::backend::demo_form;
use logodesk::locale::Language;
use logodesk::orders::form::{DigitForm, DraftForm, LogoForm, RowForm};
use logodesk::orders::roster::DEMO_ROSTER;
use logodesk::sandbox::fixtures;
use logodesk::store::OrderState;
use rust_decimal::Decimal;
use std::str::FromStr as _;
use ui_common::composer::*;
use ui_common::*;

/// A field's problem comes when the person leaves it empty and goes when they type: the
/// fields below stay where they are, so the next click lands on the field the person aimed at.
#[test]
fn the_composers_fields_stay_put_as_their_problems_come_and_go() {
    let mut h = app(egui::Theme::Light);
    open_new_order(&mut h);
    let at = |h: &egui_kittest::Harness<'static, logodesk::app::LogodeskApp>, label: &str| {
        h.get_by_label(label).rect()
    };
    let (city, postal) = (at(&h, "City"), at(&h, "Postal code"));
    // Every required field pointed out at once.
    press(&mut h, "Place order…");
    assert!(shows_text(&h, "Enter a reference"));
    assert!(shows_text(&h, "Enter the recipient's name."));
    assert_eq!((at(&h, "City"), at(&h, "Postal code")), (city, postal));
    // And gone one by one as the person types.
    type_into(&mut h, "Reference", "PO-STILL");
    type_into(&mut h, "Name", "Nordby IF");
    assert!(!shows_text(&h, "Enter a reference"));
    assert_eq!((at(&h, "City"), at(&h, "Postal code")), (city, postal));
}

#[test]
fn a_kit_order_is_composed_validated_placed_and_tracked_to_its_totals() {
    let mut h = app(egui::Theme::Light);
    open_new_order(&mut h);
    let fx = fixtures();

    // An empty order: nothing red before anything was typed, but the count of problems
    // shows; "Place order…" points every required field out and places nothing.
    assert!(!shows_text(&h, "Enter a reference"));
    assert!(!can_place(&h));
    press(&mut h, "Place order…");
    assert!(
        !shows(&h, "Deliver to"),
        "no confirmation with problems left"
    );
    assert!(shows_text(&h, "Enter a reference"));
    assert!(shows_text(&h, "Enter the recipient's name."));
    assert!(shows_text(&h, "Add at least one design or logo"));

    // The header, typed like a person would.
    type_into(&mut h, "Reference", "PO-U15-2026");
    type_into(&mut h, "Name", "Nordby IF");
    type_into(&mut h, "Street", "Stadionvej 1");
    type_into(&mut h, "Postal code", "6700");
    type_into(&mut h, "City", "Esbjerg");
    type_into(&mut h, "Notification e-mail", "not-an-email");
    assert!(!shows_text(&h, "Enter a reference"));
    assert!(shows_text(&h, "does not look like an e-mail address"));
    h.state_mut().screens_mut().orders.composer.form.email = "kit@nordby-if.dk".into();
    h.state_mut()
        .screens_mut()
        .orders
        .composer
        .form
        .address
        .country = "DK".into();
    h.run_steps(2);
    assert!(!shows_text(&h, "does not look like an e-mail address"));

    // The kit by id, fetched with its placements; a 20-player roster pasted with one bad row.
    add_kit(&mut h);
    let roster = format!("{DEMO_ROSTER}XL\tone\tBroken\t99\n");
    type_into(&mut h, "Roster", &roster);
    press(&mut h, "Add pasted rows");
    h.run_steps(3);
    let rows = &h.state().screens().orders.composer.form.designs[0].rows;
    assert_eq!(rows.len(), 21, "20 players and the bad row, kept");
    assert!(shows_text(&h, "\"one\" is not a whole number"));
    assert!(!can_place(&h));
    // Fix the bad row in the grid.
    h.state_mut().screens_mut().orders.composer.form.designs[0].rows[20].quantity = "1".into();
    h.run_steps(2);
    assert!(!shows_text(&h, "is not a whole number"));

    // Loose number transfers by digits: a bad digit is pointed out, then fixed.
    type_into(&mut h, "Logo to add", &fx.number_logo_id.to_string());
    press(&mut h, "Add logo");
    wait_for(&mut h, "the number logo's kind", |h| {
        h.state()
            .screens()
            .orders
            .composer
            .form
            .logos
            .first()
            .and_then(|l| l.logo_type.clone())
            == Some(LogoType::NumberLogo)
    });
    {
        let logo: &mut LogoForm = &mut h.state_mut().screens_mut().orders.composer.form.logos[0];
        logo.digits = vec![
            DigitForm {
                digit: "7".into(),
                quantity: "10".into(),
                storage: "2".into(),
            },
            DigitForm {
                digit: "1O".into(),
                quantity: "4".into(),
                storage: String::new(),
            },
        ];
    }
    h.run_steps(2);
    assert!(!can_place(&h));
    h.state_mut().screens_mut().orders.composer.form.logos[0].digits[1].digit = "10".into();
    h.run_steps(2);
    assert!(shows_text(&h, "\"10\" is printed as 4 × \"1\" + 4 × \"0\""));
    assert!(shows(&h, "Estimate"), "an estimate of the logo lines");
    let issues = h.state().screens().orders.composer.issues();
    assert!(issues.is_empty(), "{issues:?}");
    assert!(can_place(&h));

    // Place: the button gives way to "Copy to new draft" at once, and the store refuses to
    // queue the same draft twice (store::orders tests), so one order is made.
    place(&mut h);
    assert!(h.query_by_label("Place order").is_none());
    assert!(h.query_by_label("Place order…").is_none());
    assert!(shows(&h, "Copy to new draft"));
    wait_for_completed(&mut h);
    let history = &h.state().screens().history.orders;
    assert_eq!(history.len(), 1);
    let row = history[0].clone();
    let order = row
        .record
        .as_ref()
        .and_then(|r| r.order.clone())
        .expect("the completed order");
    assert_eq!(order.designs[0].instances.len(), 21);
    // One line per digit value: 7, 1, 0.
    assert_eq!(order.logos.len(), 3);

    // The history shows it; open it and check every total against the service's answer.
    h.get_by_label("History").click();
    h.run_steps(3);
    assert!(shows_text(&h, order.order_number.as_str()));
    h.state_mut().screens_mut().history.view.open = Some(row.id);
    h.run_steps(3);
    let (c, english) = (&order.currency, Language::English);
    for text in [
        english.money(order.sub_total, c),
        english.money(order.vat, c),
        english.money(order.total, c),
        format!("VAT {} %", order.vat_rate.normalize()),
        order.reference.clone(),
    ] {
        assert!(shows_text(&h, &text), "{text} is not on screen");
    }
    assert!(shows(&h, "Export CSV"));
    // Placed with the estimate the service billed to the øre: nothing more to say.
    let placed = logodesk::orders::form::PlacedEstimate::of_placed(row.draft_json.as_deref())
        .expect("the estimate kept with the placed form");
    assert_eq!(
        (placed.total, &placed.currency),
        (order.total, &order.currency)
    );
    assert!(!shows_text(&h, "the service billed"));

    // An estimate that left a part out and came to less: History says so beside the total.
    let mut form: DraftForm = serde_json::from_str(row.draft_json.as_deref().unwrap()).unwrap();
    form.estimate = Some(logodesk::orders::form::PlacedEstimate {
        total: Decimal::from_str("254.50").unwrap(),
        currency: order.currency.clone(),
        left_out: vec!["Transfer 300028: no price tiers".into()],
    });
    h.state_mut().screens_mut().history.orders[0].draft_json =
        Some(serde_json::to_string(&form).unwrap());
    h.run_steps(3);
    assert!(
        shows_text(
            &h,
            &format!(
                "placed with an estimate of {}; the service billed {}",
                english.money(Decimal::from_str("254.50").unwrap(), c),
                english.money(order.total, c)
            )
        ),
        "the difference is said"
    );
    assert!(shows_text(&h, "Transfer 300028: no price tiers"));
}

#[test]
fn an_order_of_a_draft_design_fails_with_the_services_message() {
    let mut h = new_order_with(egui::Theme::Dark, |form| {
        form.designs[0].reference = fixtures().draft_design_id.to_string();
        form.logos.clear();
    });
    assert!(can_place(&h));
    place(&mut h);
    wait_for(&mut h, "the order to fail", |h| {
        h.state()
            .screens()
            .history
            .orders
            .iter()
            .any(|o| o.state == OrderState::Failed)
    });
    let failed = h.state().screens().history.orders[0].clone();
    let message = failed.error_message.clone().expect("the service's message");
    assert!(message.contains("not finalized"), "{message}");
    assert!(h.state().screens().orders.composer.is_frozen());
    assert!(shows(&h, "Copy to new draft"));
    h.get_by_label("History").click();
    h.run_steps(2);
    h.state_mut().screens_mut().history.view.open = Some(failed.id);
    h.run_steps(3);
    assert!(shows_text(&h, &message));
    // Copy to a new draft: a fresh, editable draft with the same content.
    h.get_by_label("Copy to new draft").click();
    wait_for(&mut h, "the copy", |h| {
        h.state().screens().orders.composer.draft_id() != Some(failed.id)
            && h.state().screens().orders.composer.draft_id().is_some()
    });
    assert!(!h.state().screens().orders.composer.is_frozen());
    assert_eq!(
        h.state().screens().orders.composer.form.reference,
        demo_form().reference
    );
}

#[test]
fn a_loose_logo_is_picked_from_a_title_search() {
    let mut h = app(egui::Theme::Light);
    open_new_order(&mut h);
    let done = "Add Nordby IF jubilæumslogo";
    let draft = "Add Sponsor Nordby Brugs (udkast)";

    type_into(&mut h, "Search logos", "Nordby");
    wait_for(&mut h, "the matches of Nordby", |h| {
        shows(h, done) && shows(h, draft)
    });
    let matches = h.query_all_by_label_contains("Add ").count();
    // A Draft logo is listed but cannot be picked, with the reason beside it.
    assert!(h.get_by_label(draft).accesskit_node().is_disabled());
    assert!(shows_text(&h, "commit the draft first"));
    assert!(!h.get_by_label(done).accesskit_node().is_disabled());

    // A longer search narrows the list (the service searches, after a pause in typing).
    type_into(&mut h, "Search logos", " IF");
    wait_for(&mut h, "the matches of Nordby IF", |h| !shows(h, draft));
    assert!(shows(&h, done));
    assert!(h.query_all_by_label_contains("Add ").count() < matches);

    press(&mut h, done);
    let logos = &h.state().screens().orders.composer.form.logos;
    assert_eq!(logos.len(), 1, "one loose line");
    assert_eq!(logos[0].title, "Nordby IF jubilæumslogo");
    assert!(shows_text(&h, "Nordby IF jubilæumslogo · "));
}

/// An order placed while the service is out of reach waits in the outbox with the status bar
/// saying so, and goes out (the status clears) once the service can be reached.
#[test]
fn the_status_bar_shows_orders_waiting_offline_until_the_service_is_reachable() {
    use logodesk::api::{ApiKey, AuthStyle, DeliveryAddress, LogoId, LogoLine, PlaceOrder};
    use logodesk::backend::{BackendConfig, StartAccount, StoreLocation};
    use logodesk::store::{KeyLocation, NewAccount, Store};

    // A port where nothing listens yet.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let fx = fixtures();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("logodesk.sqlite");
    let keychain = mock_keychain();
    let account = {
        let mut store = Store::open(&db).unwrap();
        let account = store
            .insert_account(&NewAccount {
                name: "Service".into(),
                base_url: format!("http://127.0.0.1:{port}").parse().unwrap(),
                auth: AuthStyle::Bearer,
                organization_id: None,
                key_location: KeyLocation::Keychain,
            })
            .unwrap()
            .id;
        keychain
            .set(account, &ApiKey::new(&fx.vendor_api_key))
            .unwrap();
        let order = PlaceOrder::new(
            "PO-OFFLINE",
            DeliveryAddress::new("Nordby IF", "Stadionvej 1", "6700", "Esbjerg", "DK"),
        )
        .with_logo(LogoLine::quantity(LogoId(fx.done_logo_id), 5));
        let draft = store
            .create_draft(account, "{}", "PO-OFFLINE", "Nordby IF")
            .unwrap();
        let body = serde_json::to_vec(&order).unwrap();
        assert!(
            store
                .queue_draft(draft.id, "{}", "PO-OFFLINE", "Nordby IF", &body)
                .unwrap()
        );
        account
    };
    let config = BackendConfig {
        store: StoreLocation::File(db),
        start_account: StartAccount::Id(account),
        ..BackendConfig::ephemeral(keychain)
    };
    let mut h = app_with(config, egui::Theme::Light, Default::default());
    let offline = "1 order queued · offline — will send when the service is reachable";
    wait_for(&mut h, "the outbox to find the service out of reach", |h| {
        shows(h, offline)
    });

    // The service comes up at that address: the order goes out and the status clears.
    let service = tokio::runtime::Runtime::new().unwrap();
    let _sandbox = service
        .block_on(logodesk::sandbox::spawn(logodesk::sandbox::SandboxConfig {
            listen: ([127, 0, 0, 1], port).into(),
            ..logodesk::sandbox::SandboxConfig::fast()
        }))
        .unwrap();
    wait_for(&mut h, "the queued order to be sent", |h| {
        !shows_text(h, "order queued")
    });
    let history = &h.state().screens().history.orders;
    assert_eq!(history.len(), 1);
    assert_ne!(history[0].state, OrderState::Queued);
    assert!(history[0].tracking_id.is_some());
}

/// The amount the estimate shows for `row` ("Estimated subtotal", "Estimated VAT",
/// "Estimated total"), read from the screen in English (`DKK 1,234.56`); every place showing
/// it (the summary, the confirmation) must agree.
fn shown_amount(h: &H, row: &str, currency: &str) -> Decimal {
    let prefix = format!("{row} ");
    let amounts: Vec<Decimal> = h
        .query_all_by_label_contains(&prefix)
        .filter_map(|n| n.accesskit_node().value().or(n.accesskit_node().label()))
        .filter_map(|text| {
            let amount = text
                .strip_prefix(&prefix)?
                .strip_prefix(&format!("{currency} "))?;
            Decimal::from_str(&amount.replace(',', "")).ok()
        })
        .collect();
    assert!(!amounts.is_empty(), "no {row} on screen");
    assert!(
        amounts.windows(2).all(|w| w[0] == w[1]),
        "{row}: {amounts:?}"
    );
    amounts[0]
}

/// Adds the demo kit design through the "Design to add" field and waits for its placements.
fn add_kit(h: &mut H) {
    type_into(h, "Design to add", &fixtures().done_design_id.to_string());
    press(h, "Add design");
    wait_for(h, "the design's placements", |h| {
        h.state().screens().orders.composer.form.designs[0]
            .placeholders
            .len()
            == 3
    });
}

/// Adds loose logo `id` through the "Logo to add" field and waits until it is known in full.
fn add_logo(h: &mut H, id: i64) {
    let n = h.state().screens().orders.composer.form.logos.len();
    type_into(h, "Logo to add", &id.to_string());
    press(h, "Add logo");
    wait_for(h, "the logo's kind", |h| {
        h.state()
            .screens()
            .orders
            .composer
            .form
            .logos
            .get(n)
            .is_some_and(|l| l.logo_type.is_some())
    });
}

#[test]
fn the_estimate_equals_the_services_completed_totals_for_the_demo_kit_order() {
    let mut h = app(egui::Theme::Light);
    open_new_order(&mut h);
    let fx = fixtures();
    let demo = demo_form();
    // The demo kit order's header; its lines are added as a person adds them (each fetched).
    h.state_mut().screens_mut().orders.composer.form = DraftForm {
        designs: Vec::new(),
        logos: Vec::new(),
        ..demo.clone()
    };
    h.run_steps(2);
    assert!(shows(&h, "Add a design or a logo to see its price."));
    add_kit(&mut h);
    type_into(&mut h, "Roster", DEMO_ROSTER);
    press(&mut h, "Add pasted rows");
    add_logo(&mut h, fx.number_logo_id);
    h.state_mut().screens_mut().orders.composer.form.logos[0].digits = demo.logos[0].digits.clone();
    // And a loose transfer with fees (a startup fee and a colour separation per ink).
    add_logo(&mut h, fx.done_logo_id);
    {
        let line = &mut h.state_mut().screens_mut().orders.composer.form.logos[1];
        (line.quantity, line.storage) = ("30".into(), "5".into());
    }
    wait_for(&mut h, "the estimate of every line", |h| {
        let e = h.state().screens().orders.composer.estimate();
        !e.is_partial() && e.lines.len() == 5
    });
    let e = h.state().screens().orders.composer.estimate();
    // The design line (20 players), the digits 7, 1 and 0, the transfer.
    assert_eq!(e.lines[0].quantity, 20);
    assert_eq!(e.currency, "DKK");
    let issues = h.state().screens().orders.composer.issues();
    assert!(issues.is_empty(), "{issues:?}");

    // What the summary shows, and the confirmation shows the same once more.
    let c = e.currency.clone();
    let shown = |h: &H| {
        [
            shown_amount(h, "Estimated subtotal", &c),
            shown_amount(h, "Estimated VAT", &c),
            shown_amount(h, "Estimated total", &c),
        ]
    };
    let before = shown(&h);
    assert_eq!(before, [e.sub_total, e.vat, e.total]);
    assert!(shows(&h, "VAT 25 %"));
    confirm(&mut h);
    assert!(shows(&h, "6700 Esbjerg"));
    // Country names follow the composer's language (Danish until Settings can switch it).
    assert!(shows(&h, "Denmark (DK)"));
    assert_eq!(
        h.query_all_by_label_contains("Estimated total ").count(),
        2,
        "the summary and the confirmation"
    );
    assert_eq!(shown(&h), before);
    h.get_by_label("Place order").click();
    h.run_steps(2);
    assert!(!shows(&h, "Deliver to"), "the confirmation closes");
    wait_for_completed(&mut h);
    let order = h.state().screens().history.orders[0]
        .record
        .as_ref()
        .and_then(|r| r.order.clone())
        .expect("the completed order");
    assert_eq!(order.currency, c);
    assert_eq!(order.vat_rate, e.vat_rate);
    // To the øre: the estimate shown is the service's own totals.
    assert_eq!(before, [order.sub_total, order.vat, order.total]);
}

#[test]
fn the_summary_stays_in_view_while_the_form_scrolls() {
    // The demo order with its 20-player roster: a form far taller than the window.
    let mut h = new_order_with(egui::Theme::Dark, |_| {});
    let total = |h: &H| h.get_by_label_contains("Estimated total ").rect();
    let reference = |h: &H| text_field(h, "Reference").rect();
    let (total_before, reference_before) = (total(&h), reference(&h));
    assert!(egui::Rect::from_min_size(egui::Pos2::ZERO, SIZE).contains_rect(total_before));

    text_field(&h, "Search logos").scroll_to_me();
    h.run_steps(3);
    assert!(
        reference(&h).max.y < reference_before.min.y - 300.0,
        "the form scrolled: {:?} → {:?}",
        reference_before,
        reference(&h)
    );
    assert_eq!(total(&h), total_before, "the summary did not move");
    assert!(shows(&h, "Estimate"));
}

#[test]
fn in_a_narrow_window_the_summary_goes_under_the_form_and_nothing_overlaps() {
    let mut h = new_order_with(egui::Theme::Light, |_| {});
    let heading = |h: &H| h.get_by_label("Estimate").rect();
    let fields_right = |h: &H| {
        h.get_all_by_role(egui::accesskit::Role::TextInput)
            .map(|n| n.rect().right())
            .fold(f32::MIN, f32::max)
    };
    // The default window: the summary beside the form, right of every field.
    assert!(heading(&h).left() > fields_right(&h), "beside the form");

    // A 1024 px laptop: under the form, after the loose transfers, inside the window.
    h.set_size(egui::vec2(1024.0, SIZE.y));
    h.run_steps(3);
    h.get_by_label("Estimate").scroll_to_me();
    h.run_steps(3);
    let loose = h.get_by_label("Loose transfers").rect();
    assert!(heading(&h).top() > loose.bottom(), "under the form");
    assert!(heading(&h).right() <= 1024.0);
    assert!(
        fields_right(&h) <= 1024.0,
        "no field runs out of the window"
    );
    // The title's row: the subtitle is cut to what the actions leave, never under them.
    let subtitle = h.get_by_label_contains("Saved as you type").rect();
    let duplicate = h.get_by_label("Duplicate").rect();
    assert!(
        subtitle.right() <= duplicate.left(),
        "{subtitle:?} vs {duplicate:?}"
    );
}

#[test]
fn cancel_in_the_confirmation_sends_nothing() {
    let mut h = new_order_with(egui::Theme::Light, |form| form.designs.clear());
    assert!(can_place(&h));
    let draft = h.state().screens().orders.composer.draft_id();

    confirm(&mut h);
    assert!(shows(&h, "Stadionvej 1"));
    h.get_by_label("Cancel").click();
    h.run_steps(2);
    assert!(!shows(&h, "Deliver to"), "the confirmation closes");
    // Long enough for a Place to come back as a queued row (it does below).
    let until = std::time::Instant::now() + std::time::Duration::from_millis(800);
    while std::time::Instant::now() < until {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(!h.state().screens().orders.composer.is_frozen());
    assert!(
        h.state().screens().history.orders.is_empty(),
        "nothing was placed"
    );
    assert_eq!(h.state().screens().orders.composer.draft_id(), draft);
    assert!(can_place(&h));

    // Placing after all goes through the same confirmation, once.
    place(&mut h);
    wait_for(&mut h, "the order in the history", |h| {
        h.state().screens().history.orders.len() == 1
    });
    assert!(h.state().screens().orders.composer.is_frozen());
}

/// A second draft of an order already placed (the same reference and lines: a twin left by
/// "Save mine as a new draft", a copy) is not placed unasked: "Placed already?" names the
/// earlier order; *Keep as draft* sends nothing, *Place it again* places it once more.
#[test]
fn a_twin_of_a_placed_order_asks_before_it_is_placed_again() {
    let mut h = new_order_with(egui::Theme::Light, |form| {
        form.designs.clear();
        form.comment = "first".into();
    });
    place(&mut h);
    wait_for(&mut h, "the first order", |h| {
        h.state().screens().history.orders.len() == 1
    });
    let first = h.state().screens().history.orders[0].clone();

    press(&mut h, "+ New order");
    wait_for(&mut h, "a new draft", |h| {
        h.state()
            .screens()
            .orders
            .composer
            .draft_id()
            .is_some_and(|d| d != first.id)
    });
    let mut twin = demo_form();
    twin.designs.clear();
    twin.comment = "another comment".into();
    h.state_mut().screens_mut().orders.composer.form = twin;
    h.run_steps(3);
    place(&mut h);
    wait_for(&mut h, "the question", |h| {
        h.state().screens().orders.composer.placed_alike().is_some()
    });
    h.run_steps(3);
    assert_eq!(
        h.state()
            .screens()
            .orders
            .composer
            .placed_alike()
            .map(|o| o.id),
        Some(first.id)
    );
    assert!(shows(&h, "Placed already?"));
    assert!(shows_text(&h, &format!("“{}”", first.reference)));
    assert!(shows_text(&h, "gives the club two orders"));
    assert!(
        !h.state().screens().orders.composer.is_frozen(),
        "still a draft"
    );

    h.get_by_label("Keep as draft").click();
    h.run_steps(3);
    assert!(!shows(&h, "Placed already?"));
    let until = std::time::Instant::now() + std::time::Duration::from_millis(500);
    while std::time::Instant::now() < until {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(h.state().screens().history.orders.len(), 1, "nothing sent");
    assert!(can_place(&h));

    // Asked again, placed on purpose: a second order.
    place(&mut h);
    wait_for(&mut h, "the question again", |h| {
        h.state().screens().orders.composer.placed_alike().is_some()
    });
    h.run_steps(3);
    h.get_by_label("Place it again").click();
    h.run_steps(2);
    wait_for(&mut h, "the second order", |h| {
        h.state().screens().history.orders.len() == 2
    });
    assert!(h.state().screens().orders.composer.is_frozen());
}

/// Issue 22 #4: a new order opened and left without a change is not kept as a draft; one
/// that was typed into is.
#[test]
fn a_new_order_left_untouched_is_not_kept_as_a_draft() {
    use logodesk::backend::StoreLocation;
    use logodesk::store::Store;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("logodesk.sqlite");
    let mut config = config();
    config.store = StoreLocation::File(db.clone());
    let mut h = app_with(config, egui::Theme::Light, Default::default());
    let drafts = || {
        let store = Store::open(&db).unwrap();
        let account = store.ensure_sandbox_account().unwrap().id;
        store.local_orders(account, true).unwrap().len()
    };
    open_new_order(&mut h);
    let untouched = h.state().screens().orders.composer.draft_id().unwrap();
    assert_eq!(drafts(), 1, "made when the order was opened");
    h.get_by_label(&logodesk::ui::Screen::Gallery.to_string())
        .click();
    h.run_steps(2);
    assert!(h.state().screens().orders.composer.draft_id().is_none());
    assert!(
        !h.state()
            .screens()
            .orders
            .drafts
            .iter()
            .any(|d| d.id == untouched)
    );
    wait_for(&mut h, "the untouched draft deleted", |_| drafts() == 0);

    // Typed into: kept.
    open_new_order(&mut h);
    let typed = h.state().screens().orders.composer.draft_id().unwrap();
    type_into(&mut h, "Reference", "PO-KEEP");
    h.get_by_label(&logodesk::ui::Screen::Gallery.to_string())
        .click();
    h.run_steps(2);
    assert!(
        h.state()
            .screens()
            .orders
            .drafts
            .iter()
            .any(|d| d.id == typed)
    );
    wait_for(&mut h, "the typed draft saved", |_| {
        Store::open(&db)
            .unwrap()
            .local_order(typed)
            .is_ok_and(|d| d.reference == "PO-KEEP")
    });
}

/// Waits until the composer shows a draft other than `not`; answers its form.
#[track_caller]
fn wait_for_new_draft(h: &mut H, not: logodesk::store::LocalOrderId) -> DraftForm {
    wait_for(h, "the new draft in the composer", |h| {
        h.state().screen() == logodesk::ui::Screen::Orders
            && h.state()
                .screens()
                .orders
                .composer
                .draft_id()
                .is_some_and(|id| id != not)
    });
    assert!(
        !h.state().screens().orders.composer.is_frozen(),
        "a draft, not placed"
    );
    composer_form(h).clone()
}

/// The form the composer shows.
fn composer_form(h: &H) -> &DraftForm {
    &h.state().screens().orders.composer.form
}

/// Steps in real time long enough for a Place to come back as a row (as above).
fn idle(h: &mut H) {
    let until = std::time::Instant::now() + std::time::Duration::from_millis(800);
    while std::time::Instant::now() < until {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Issue 22 #9: "Order again" on a completed order opens a new draft with the same lines,
/// address and a reference marked as a copy, and sends nothing; an order known only from the
/// service (looked up by tracking id: no stored form) is rebuilt from its order object.
#[test]
fn a_completed_order_is_ordered_again_as_a_new_draft_that_is_not_sent() {
    let mut h = app(egui::Theme::Light);
    let placed = place_demo_order(&mut h);
    let sent = placed
        .record
        .as_ref()
        .and_then(|r| r.order.clone())
        .expect("the completed order");
    let open_in_history = |h: &mut H| {
        h.get_by_label("History").click();
        h.run_steps(3);
        h.state_mut().screens_mut().history.view.open = Some(placed.id);
        h.run_steps(3);
        assert!(shows(h, "Order again"));
        assert!(
            !shows(h, "Copy to new draft"),
            "a completed order is ordered again, not copied"
        );
    };

    // Placed from this machine: the stored form, the reference marked.
    open_in_history(&mut h);
    press(&mut h, "Order again");
    let first = wait_for_new_draft(&mut h, placed.id);
    let demo = demo_form();
    assert_eq!(first.reference, "PO-2026-114 U15 kits (copy)");
    assert_eq!(
        text_field(&h, "Reference").value().as_deref(),
        Some("PO-2026-114 U15 kits (copy)"),
        "shown in the composer"
    );
    assert_eq!(
        text_field(&h, "Street").value().as_deref(),
        Some("Stadionvej 1")
    );
    assert_eq!(first.address, demo.address);
    assert_eq!(first.designs[0].rows, demo.designs[0].rows);
    assert_eq!(first.logos[0].digits, demo.logos[0].digits);
    assert_eq!(first.email, demo.email);
    let first_id = h.state().screens().orders.composer.draft_id().unwrap();

    // Known only from the service: rebuilt from its order object. (The lists the new draft
    // brings are in first, so the row stays without its form.)
    idle(&mut h);
    h.state_mut().screens_mut().history.orders[0].draft_json = None;
    open_in_history(&mut h);
    press(&mut h, "Order again");
    let second = wait_for_new_draft(&mut h, first_id);
    assert_eq!(second.reference, "PO-2026-114 U15 kits (copy)");
    assert_eq!(second.address, demo.address);
    assert_eq!(second.comment, demo.comment);
    assert_eq!(second.designs.len(), 1);
    assert_eq!(second.designs[0].reference, demo.designs[0].reference);
    let rows = &second.designs[0].rows;
    assert_eq!(rows.len(), sent.designs[0].instances.len());
    for (row, instance) in rows.iter().zip(&sent.designs[0].instances) {
        assert_eq!(row.size, instance.size);
        assert_eq!(row.quantity, instance.quantity.to_string());
        assert_eq!(row.name, instance.name.clone().unwrap_or_default());
        assert_eq!(row.number, instance.number.clone().unwrap_or_default());
    }
    // The number logo's per-digit entries become its digits once the composer knows its kind.
    wait_for(&mut h, "the number logo's kind", |h| {
        composer_form(h).logos.iter().all(LogoForm::is_number_logo)
    });
    let digits: Vec<(String, String)> = composer_form(&h)
        .logos
        .iter()
        .flat_map(|l| {
            l.digits
                .iter()
                .map(|d| (d.digit.clone(), d.quantity.clone()))
        })
        .collect();
    let echoed: Vec<(String, String)> = sent
        .logos
        .iter()
        .map(|l| (l.value.clone().unwrap_or_default(), l.quantity.to_string()))
        .collect();
    assert_eq!(digits, echoed);
    assert!(h.state().screens().orders.composer.issues().is_empty());

    // Nothing was sent: still the one order, completed.
    idle(&mut h);
    let history = &h.state().screens().history.orders;
    assert_eq!(history.len(), 1, "no order was placed");
    assert_eq!(history[0].state, OrderState::Completed);
}

/// What the page keeps for a roster row follows the row, not its place: the problems shown
/// of pasted rows, and the row the proof shows, stay with their rows when a row before them
/// is removed.
#[test]
fn a_rows_shown_problem_and_its_proof_stay_with_it_when_a_row_before_it_goes() {
    let row = |quantity: &str, name: &str, number: &str| RowForm {
        size: "M".into(),
        quantity: quantity.into(),
        name: name.into(),
        number: number.into(),
        ..RowForm::default()
    };
    let mut h = new_order_with(egui::Theme::Light, |form| {
        form.designs[0].rows = vec![row("1", "Alfa", "1"), row("two", "Bravo", "2")];
    });
    type_into(&mut h, "Roster", "L\tthree\tCharlie\t3\nS\t1\tDelta\t4\n");
    press(&mut h, "Add pasted rows");
    h.run_steps(2);
    // What was pasted shows its problem at once; the row typed before waits.
    assert!(shows_text(&h, "Row 3: \"three\" is not a whole number"));
    assert!(!shows_text(&h, "\"two\" is not a whole number"));
    press(&mut h, "Show row 4 in the proof");
    assert_eq!(h.state().screens().orders.composer.proof_row(0), Some(3));
    assert!(shows_text(&h, "Row 4 · Delta · 4 · S"));

    // The first row goes: Charlie is row 2 now and Delta row 3, each with what it had.
    h.state_mut().screens_mut().orders.composer.form.designs[0]
        .rows
        .remove(0);
    h.run_steps(2);
    assert!(shows_text(&h, "Row 2: \"three\" is not a whole number"));
    assert!(!shows_text(&h, "\"two\" is not a whole number"));
    assert_eq!(h.state().screens().orders.composer.proof_row(0), Some(2));
    assert!(shows_text(&h, "Row 3 · Delta · 4 · S"));
}
