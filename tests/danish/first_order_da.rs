//! The first order end to end, entirely in Danish, as a Danish account manager places it in
//! the real app against the in-process sandbox: with one past order in the history (so the
//! address book has its address), "+ Ny ordre" shows no field's problem before a field is
//! left (only the count); the reference is typed, the address picked from the address book
//! by searching it, the country picked by typing "Danm" and Enter; the demo jersey design is
//! added by its number and its 20 players imported from an XLSX roster made here (Danish
//! headers, æøå names) through the preview; the estimate is in kroner and Danish plurals;
//! "Læg ordre…" confirms, the order is placed and shows in Historik with Danish dates and the
//! estimate's total, which the service (read back through the client) agrees with to the
//! øre; its CSV, saved through "Save as…", reads back with the `csv` crate as Danish Excel
//! expects it (BOM, `;`, decimal commas) with the 20 players.
//!
//! The CSV in English is read back by `src/orders/csv.rs`'s unit tests; here only the Danish
//! one, through the screens.

use crate::ui_common;

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use logodesk::locale::Language;
use logodesk::orders::csv::BOM;
use logodesk::orders::form::DraftForm;
use logodesk::store::{LocalOrder, OrderState};
use logodesk::ui::Screen;
use rust_decimal::Decimal;
use ui_common::*;

type H = egui_kittest::Harness<'static, logodesk::app::LogodeskApp>;

const DA: Language = Language::Danish;
const REFERENCE: &str = "PO-2026-201 U17 trøjer";

/// The roster of the U17 team: number, name (with æ, ø and å), size from S to XXL.
fn players() -> Vec<(u32, &'static str, &'static str)> {
    let names = [
        "Anders Østergaard",
        "Bjørn Æbelø",
        "Søren Ågård",
        "Mads Bødker",
        "Jens Kjær",
        "Frederik Løvgren",
        "Rasmus Hæstrup",
        "Mikkel Sørensen",
        "Jonas Møller",
        "Emil Bæk",
        "Oliver Lærke",
        "Magnus Højgaard",
        "Lukas Ærenlund",
        "Noah Åberg",
        "Victor Brødsgaard",
        "Kasper Ølgaard",
        "Tobias Fænø",
        "Anton Grønbæk",
        "William Kærsgaard",
        "Malthe Åstrup",
    ];
    let sizes = ["S", "M", "L", "XL", "XXL"];
    names
        .iter()
        .enumerate()
        .map(|(k, name)| (k as u32 + 1, *name, sizes[k % sizes.len()]))
        .collect()
}

/// The roster as Danish Excel saves it: a header row "Nummer", "Navn", "Størrelse", the
/// numbers as numbers.
fn write_roster(path: &std::path::Path) {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (c, h) in ["Nummer", "Navn", "Størrelse"].iter().enumerate() {
        sheet.write_string(0, c as u16, *h).unwrap();
    }
    for (r, (number, name, size)) in players().iter().enumerate() {
        let r = r as u32 + 1;
        sheet.write_number(r, 0, f64::from(*number)).unwrap();
        sheet.write_string(r, 1, *name).unwrap();
        sheet.write_string(r, 2, *size).unwrap();
    }
    book.save(path).unwrap();
}

fn form(h: &H) -> &DraftForm {
    &h.state().screens().orders.composer.form
}

/// Every text shown (labels and values of every node).
fn texts(h: &H) -> Vec<String> {
    h.query_all(egui_kittest::kittest::by().predicate(|_| true))
        .flat_map(|n| [n.accesskit_node().label(), n.accesskit_node().value()])
        .flatten()
        .collect()
}

/// The problems shown under fields and rows ("⚠ …"), one per label.
fn problems_shown(h: &H) -> Vec<String> {
    h.query_all_by_role(Role::Label)
        .filter_map(|n| n.accesskit_node().value().or(n.accesskit_node().label()))
        .filter(|t| t.starts_with('⚠'))
        .collect()
}

/// `text` has the shape of a Danish amount in kroner: `1.234,56 kr.`.
fn is_danish_kroner(text: &str) -> bool {
    let Some(number) = text.strip_suffix(" kr.") else {
        return false;
    };
    let Some((whole, øre)) = number.split_once(',') else {
        return false;
    };
    let groups: Vec<&str> = whole.split('.').collect();
    øre.len() == 2
        && øre.chars().all(|c| c.is_ascii_digit())
        && (1..=3).contains(&groups[0].len())
        && groups[1..].iter().all(|g| g.len() == 3)
        && groups.iter().all(|g| g.chars().all(|c| c.is_ascii_digit()))
}

/// `text` has the shape of a Danish date: `25.11.2026`.
fn is_danish_date(text: &str) -> bool {
    let parts: Vec<&str> = text.split('.').collect();
    parts.len() == 3
        && parts[0].len() == 2
        && parts[1].len() == 2
        && parts[2].len() == 4
        && parts.iter().all(|p| p.chars().all(|c| c.is_ascii_digit()))
}

/// Leaves the field `from` for the field `to` (focus moves on, as with a click).
fn leave(h: &mut H, from: &str, to: &str) {
    text_field(h, from).focus();
    h.run_steps(2);
    text_field(h, to).focus();
    h.run_steps(2);
}

/// Opens the country list and picks the first country `typed` finds, with Enter.
fn pick_country_by_typing(h: &mut H, typed: &str) {
    h.get_by_label("Land").scroll_to_me();
    // Scrolling glides: the list is clicked where it comes to rest.
    h.run_steps(20);
    h.get_by_label("Land").click();
    h.run_steps(3);
    assert!(
        h.get_by_label("Søg lande").is_focused(),
        "the search takes the keyboard as the list opens"
    );
    h.get_by_label("Søg lande").type_text(typed);
    h.run_steps(2);
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    assert!(h.query_by_label("Søg lande").is_none(), "the list closed");
}

/// The history row of the order with [`REFERENCE`].
fn our_order(h: &H) -> Option<&LocalOrder> {
    h.state()
        .screens()
        .history
        .orders
        .iter()
        .find(|o| o.reference == REFERENCE)
}

#[test]
fn a_danish_account_manager_places_a_20_player_order_from_an_excel_roster() {
    let _language = crate::one_language_at_a_time();
    let (mut h, dialog) = crate::danish_app_with_save_dialog();

    // 1. One past order (the demo kit to Nordby IF in Esbjerg): the address book has it.
    let past = place_demo_order(&mut h);
    wait_for(&mut h, "the address book of the history", |h| {
        h.state().screens().orders.composer.last_country() == Some("DK")
    });
    press(&mut h, "+ Ny ordre");
    wait_for(&mut h, "the new draft", |h| {
        let c = &h.state().screens().orders.composer;
        c.draft_id().is_some() && c.form.reference.is_empty() && !c.is_frozen()
    });
    assert!(shows(&h, "Ny ordre"), "the composer's title in Danish");
    assert_eq!(form(&h).address.country, "DK", "the last order's country");

    // 2. Nothing is red before a field is left; the count of problems shows all the same.
    let issues = h.state().screens().orders.composer.issues();
    assert!(issues.len() >= 5, "reference, address, designs: {issues:?}");
    assert_eq!(problems_shown(&h), Vec::<String>::new());
    for i in &issues {
        assert!(!shows_text(&h, &i.message), "shown too early: {i:?}");
    }
    assert!(shows(&h, &format!("{} ting at rette", issues.len())));
    // The recipient's name is entered and left empty: its problem shows, and only it.
    leave(&mut h, "Navn", "Gade");
    let name_problem = issues
        .iter()
        .find(|i| i.path == "deliveryAddress.name")
        .expect("a problem for the empty name");
    assert_eq!(
        problems_shown(&h),
        vec![format!("⚠ {}", name_problem.message)]
    );
    type_into(&mut h, "Reference", REFERENCE);
    leave(&mut h, "Reference", "Organisation");
    assert_eq!(form(&h).reference, REFERENCE);
    assert!(
        !problems_shown(&h).iter().any(|p| issues
            .iter()
            .any(|i| i.path == "reference" && p.contains(&i.message))),
        "a reference typed has no problem"
    );

    // The address from the address book, found by searching it.
    h.get_by_label("Nylige adresser").scroll_to_me();
    h.run_steps(2);
    h.get_by_label("Nylige adresser").click();
    h.run_steps(3);
    h.get_by_label("Søg adresser").focus();
    h.run_steps(1);
    h.get_by_label("Søg adresser").type_text("esbjerg");
    h.run_steps(2);
    // The country in the list is named in Danish.
    h.get_by_label("Nordby IF, Stadionvej 1, 6700 Esbjerg, DK (Danmark)")
        .click();
    h.run_steps(3);
    let demo = logodesk::backend::demo_form().address;
    assert_eq!(form(&h).address, demo);
    assert_eq!(text_field(&h, "By").value().as_deref(), Some("Esbjerg"));
    assert_eq!(
        text_field(&h, "Gade").value().as_deref(),
        Some("Stadionvej 1")
    );
    assert!(
        problems_shown(&h).is_empty(),
        "the name's problem went with the address: {:?}",
        problems_shown(&h)
    );

    // The country by typing: Sweden, then back to Denmark with "Danm" and Enter.
    pick_country_by_typing(&mut h, "Sver");
    assert_eq!(form(&h).address.country, "SE");
    pick_country_by_typing(&mut h, "Danm");
    assert_eq!(form(&h).address.country, "DK");
    assert_eq!(
        h.get_by_label("Land").value().as_deref(),
        Some("Danmark (DK)"),
        "the picker shows the Danish name"
    );

    // 3. The demo jersey design by its number: one line with one empty row.
    let design = logodesk::sandbox::fixtures().done_design_id;
    type_into(&mut h, "Design, der skal tilføjes", &design.to_string());
    press(&mut h, "Tilføj design");
    assert_eq!(form(&h).designs.len(), 1);
    wait_for(&mut h, "the design's details", |h| {
        !form(h).designs[0].title.is_empty()
    });
    assert_eq!(form(&h).designs[0].rows.len(), 1, "the line's first row");
    assert!(
        shows(&h, "Importér holdliste…"),
        "the line's button in Danish"
    );

    // The roster from an XLSX file, through the preview.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("U17 trøjer.xlsx");
    write_roster(&file);
    h.state_mut()
        .screens_mut()
        .orders
        .composer
        .import_roster_from(0, file);
    wait_for(&mut h, "the roster's preview", |h| {
        h.state()
            .screens()
            .orders
            .composer
            .import_preview(0)
            .is_some()
    });
    assert!(shows(&h, "Holdliste fra U17 trøjer.xlsx"));
    // The columns are found from the Danish headers, and named in Danish.
    assert!(shows(&h, "Kolonne 1: Nummer"));
    assert!(shows(&h, "Kolonne 3: Størrelse"));
    let columns: Vec<String> = h
        .query_all_by_role(Role::ComboBox)
        .filter_map(|n| n.value())
        .collect();
    for danish in ["Nummer", "Navn", "Str."] {
        assert!(
            columns.iter().any(|c| c == danish),
            "{danish} in {columns:?}"
        );
    }
    for english in ["Number", "Name", "Size", "Qty", "(skip)"] {
        assert!(!texts(&h).iter().any(|t| t == english), "{english} shown");
    }
    let preview = h
        .state()
        .screens()
        .orders
        .composer
        .import_preview(0)
        .unwrap();
    let read: Vec<(String, String, String, String)> = preview
        .iter()
        .map(|p| {
            (
                p.row.number.clone(),
                p.row.name.clone(),
                p.row.size.clone(),
                p.row.quantity.clone(),
            )
        })
        .collect();
    let expected: Vec<(String, String, String, String)> = players()
        .iter()
        .map(|(n, name, size)| {
            (
                n.to_string(),
                name.to_string(),
                size.to_string(),
                "1".into(),
            )
        })
        .collect();
    assert_eq!(read, expected);
    assert!(preview.iter().all(|p| !p.is_marked()), "{preview:?}");
    assert!(!shows_text(&h, "brugt to gange"), "no duplicates");
    assert!(!shows_text(&h, "er markeret"), "no row marked");
    // The rows in view are drawn; the others are scrolled to.
    let names = players();
    assert!(shows(&h, names[0].1), "the first row shown");
    assert!(!shows(&h, names[19].1), "the last row out of view");
    assert_eq!(form(&h).designs[0].rows.len(), 1, "nothing added yet");
    press(&mut h, "Tilføj 20 rækker");
    assert!(
        h.state()
            .screens()
            .orders
            .composer
            .import_preview(0)
            .is_none()
    );
    // The first empty row gave way: exactly the 20 players.
    let rows = &form(&h).designs[0].rows;
    let added: Vec<(String, String, String)> = rows
        .iter()
        .map(|r| (r.number.clone(), r.name.clone(), r.size.clone()))
        .collect();
    let expected: Vec<(String, String, String)> = players()
        .iter()
        .map(|(n, name, size)| (n.to_string(), name.to_string(), size.to_string()))
        .collect();
    assert_eq!(added, expected);
    assert!(shows_text(&h, "20 rækker · 20 trøjer"));
    assert_eq!(problems_shown(&h), Vec::<String>::new());
    assert!(h.state().screens().orders.composer.issues().is_empty());
    assert!(!shows_text(&h, "ting at rette"));

    // 4. The estimate: kroner in the Danish format, Danish plurals.
    wait_for(&mut h, "the estimate", |h| {
        let e = h.state().screens().orders.composer.estimate();
        !e.lines.is_empty() && !e.is_partial()
    });
    let estimate = h.state().screens().orders.composer.estimate();
    assert_eq!(estimate.currency, "DKK");
    assert_eq!(estimate.vat_rate, Decimal::from(25), "Danish VAT");
    assert!(estimate.vat_guess.is_none());
    let total = DA.money(estimate.total, "DKK");
    assert!(is_danish_kroner(&total), "{total}");
    assert!(
        estimate.total >= Decimal::from(1000),
        "grouped thousands: {total}"
    );
    assert!(shows(&h, &format!("Anslået i alt {total}")), "{total}");
    assert!(shows(&h, "20 trøjer"), "the design line's count");
    assert!(shows(&h, "Moms 25 %"));
    for line in &estimate.lines {
        assert!(shows(&h, &DA.money(line.amount, "DKK")), "{line:?}");
    }

    // "Læg ordre…" shows the estimate and the address once more; "Læg ordre" places it.
    press(&mut h, "Læg ordre…");
    h.run_steps(3);
    assert!(shows(&h, &format!("Læg ordre „{REFERENCE}“?")));
    assert!(shows(&h, "Levering til"));
    assert!(shows(&h, "6700 Esbjerg"));
    assert!(shows(&h, "Danmark (DK)"));
    assert!(
        h.query_all_by_label(&format!("Anslået i alt {total}"))
            .count()
            >= 2,
        "the total in the summary and in the confirmation"
    );
    h.get_by_label("Læg ordre").click();
    h.run_steps(2);
    assert!(!shows(&h, "Levering til"), "the confirmation closed");
    wait_for(&mut h, "the order to complete", |h| {
        our_order(h).is_some_and(|o| o.state == OrderState::Completed)
    });
    let row = our_order(&h).unwrap().clone();
    assert_ne!(row.id, past.id);
    let placed = row.record.as_ref().and_then(|r| r.order.clone()).unwrap();

    // The service's total, read back through the client, is the estimate's, to the øre.
    let client = sandbox_client(&h);
    let tracking = row.tracking_id.expect("a tracking id");
    let record = tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(client.orders().get(tracking))
        .expect("the order from the service");
    let service = record.order.expect("a completed order");
    assert_eq!(service.currency, "DKK");
    assert_eq!(service.total.round_dp(2), estimate.total.round_dp(2));
    assert_eq!(
        service.sub_total.round_dp(2),
        estimate.sub_total.round_dp(2)
    );
    assert_eq!(service.vat.round_dp(2), estimate.vat.round_dp(2));
    assert_eq!(service.total, placed.total, "what the history holds");
    let names: Vec<Option<String>> = service.designs[0]
        .instances
        .iter()
        .map(|i| i.name.clone())
        .collect();
    let expected_names: Vec<Option<String>> = players()
        .iter()
        .map(|(_, name, _)| Some(name.to_string()))
        .collect();
    assert_eq!(names, expected_names, "the service has the 20 players");

    // Historik: the order with its total in kroner and Danish dates.
    h.get_by_label(&Screen::History.to_string()).click();
    h.run_steps(3);
    assert_eq!(Screen::History.to_string(), "Historik");
    assert!(shows(&h, REFERENCE));
    assert!(
        shows(&h, &total),
        "the history's total is the estimate's: {total}"
    );
    let updated = DA.time_stamp(&row.updated_at);
    let (day, clock) = updated.split_once(' ').unwrap();
    assert!(is_danish_date(day) && clock.len() == 5, "{updated}");
    assert!(shows(&h, &updated), "{updated}");
    h.state_mut().screens_mut().history.view.open = Some(row.id);
    h.run_steps(3);
    let placed_at = DA.date_time(&placed.placed_at_utc);
    assert!(
        is_danish_date(placed_at.split(' ').next().unwrap()),
        "{placed_at}"
    );
    assert!(shows(&h, &placed_at), "placed {placed_at}");
    let latest = DA.date(placed.latest_delivery_date.date());
    assert!(is_danish_date(&latest) && shows(&h, &latest), "{latest}");
    assert!(shows(&h, "Leveres til"));

    // 5. The CSV through "Save as…", read back as Danish Excel reads it.
    let chosen = tempfile::tempdir().unwrap();
    let written = chosen.path().join("U17.csv");
    dialog.will_answer(Some(written.clone()));
    press(&mut h, "Eksportér CSV");
    wait_for(&mut h, "the CSV", |h| {
        h.state()
            .notifications()
            .iter()
            .any(|n| n.contains("U17.csv"))
    });
    let asked = dialog.asked();
    assert_eq!(asked.len(), 1);
    assert_eq!(
        asked[0].title, "Gem ordren som CSV",
        "the dialog's title in Danish"
    );
    assert_eq!(
        asked[0].file_name,
        format!("order-{}.csv", placed.order_number)
    );
    let bytes = std::fs::read(&written).unwrap();
    let without_bom = bytes.strip_prefix(BOM).expect("a BOM for Excel");
    let rows: Vec<csv::StringRecord> = csv::ReaderBuilder::new()
        .delimiter(b';')
        .has_headers(true)
        .flexible(true)
        .from_reader(without_bom)
        .records()
        .collect::<Result<_, _>>()
        .unwrap();
    let designs: Vec<&csv::StringRecord> = rows.iter().filter(|r| &r[0] == "design").collect();
    assert_eq!(designs.len(), 20);
    for (r, (number, name, size)) in designs.iter().zip(players()) {
        assert_eq!(&r[3], size);
        assert_eq!(&r[4], "1");
        assert_eq!(&r[5], name, "the name as typed, æøå kept");
        assert_eq!(&r[6], number.to_string());
    }
    let fact = |name: &str| {
        rows.iter()
            .find(|r| &r[0] == name)
            .unwrap_or_else(|| panic!("a {name} row"))[1]
            .to_owned()
    };
    let csv_total = fact("i alt");
    assert_eq!(csv_total, DA.plain_number(service.total));
    assert!(
        csv_total.contains(',') || service.total.fract().is_zero(),
        "a decimal comma: {csv_total}"
    );
    assert!(!csv_total.contains('.'), "no decimal point: {csv_total}");
    let read_back: Decimal = csv_total.replace(',', ".").parse().unwrap();
    assert_eq!(read_back, service.total, "to the øre");
    assert_eq!(fact("momssats %"), "25");
}
