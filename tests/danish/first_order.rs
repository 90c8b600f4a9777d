//! The first order, smooth, in the real app against the in-process sandbox: a new order shows
//! no field errors before a field is left (the count of problems shows all the time); the
//! country is picked by typing (Danish names by default, aliases such as "Holland") and Enter;
//! a recent delivery address from the history fills the fields, and its country is the
//! default of the next order; a design number of the wrong shape is refused with a sentence;
//! a roster is imported from a CSV, an XLSX and an Excel 97–2003 (.xls) file with a preview that flags duplicate
//! numbers before "Add N rows" adds them.

use crate::ui_common;

use egui_kittest::kittest::{NodeT as _, Queryable as _};
use logodesk::orders::form::{AddressForm, DraftForm};
use std::path::Path;
use ui_common::composer::*;
use ui_common::*;

fn form(h: &H) -> &DraftForm {
    &h.state().screens().orders.composer.form
}

#[test]
fn a_new_order_shows_a_fields_problem_only_once_it_was_left() {
    let _language = crate::one_language_at_a_time();
    let mut h = app(egui::Theme::Light);
    open_new_order(&mut h);
    // Nothing red before anything was typed; the count of problems shows all the same.
    assert!(!shows_text(&h, "Enter a reference"));
    assert!(!shows_text(&h, "Enter the recipient's name."));
    assert!(
        shows_text(&h, "things to fix"),
        "the count beside Place order"
    );
    // The reference is entered and left empty: its problem shows, the others still wait.
    text_field(&h, "Reference").focus();
    h.run_steps(2);
    text_field(&h, "Name").focus();
    h.run_steps(2);
    assert!(shows_text(&h, "Enter a reference"));
    assert!(!shows_text(&h, "Enter the recipient's name."));
    // Typed and left: fixed, and the next field left shows its own.
    type_into(&mut h, "Reference", "PO-1");
    text_field(&h, "Street").focus();
    h.run_steps(2);
    assert!(!shows_text(&h, "Enter a reference"));
    assert!(shows_text(&h, "Enter the recipient's name."));
    // "Place order…" shows every problem and places nothing.
    assert!(!shows_text(&h, "Add at least one design or logo"));
    press(&mut h, "Place order…");
    assert!(!shows(&h, "Deliver to"));
    assert!(shows_text(&h, "Add at least one design or logo"));
}

/// Opens the country list (in Danish); the search has the keyboard at once.
fn open_countries(h: &mut H) {
    h.get_by_label("Land").scroll_to_me();
    // Scrolling glides: the list is clicked where it comes to rest.
    h.run_steps(20);
    h.get_by_label("Land").click();
    h.run_steps(3);
    assert!(
        h.get_by_label("Søg lande").is_focused(),
        "the search takes the keyboard as the list opens"
    );
}

#[test]
fn the_country_is_picked_by_typing_and_enter() {
    let _language = crate::one_language_at_a_time();
    // A Danish account manager: country names in Danish.
    let mut h = crate::danish_new_order();
    open_countries(&mut h);
    // Danish names, sorted by name, not by code: Afghanistan (AF) above Andorra (AD).
    let top = |h: &H, label: &str| h.get_by_label(label).rect().top();
    assert!(shows(&h, "Albanien (AL)"));
    assert!(top(&h, "Afghanistan (AF)") < top(&h, "Andorra (AD)"));
    // A click into the search box keeps the list open.
    h.get_by_label("Søg lande").click();
    h.run_steps(3);
    assert!(
        shows(&h, "Søg lande"),
        "still open after a click in the search"
    );
    h.get_by_label("Søg lande").focus();
    h.run_steps(1);
    h.get_by_label("Søg lande").type_text("Danm");
    h.run_steps(2);
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    assert_eq!(form(&h).address.country, "DK");
    assert!(h.query_by_label("Søg lande").is_none(), "closed");
    assert_eq!(
        h.get_by_label("Land").value().as_deref(),
        Some("Danmark (DK)"),
        "the picker shows the Danish name"
    );

    // An alias: Holland is the Netherlands (Nederlandene in Danish).
    open_countries(&mut h);
    h.get_by_label("Søg lande").type_text("Holland");
    h.run_steps(2);
    assert!(shows(&h, "Nederlandene (NL)"));
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    assert_eq!(form(&h).address.country, "NL");

    // Escape closes the list and keeps the country.
    open_countries(&mut h);
    h.get_by_label("Søg lande").type_text("Sverige");
    h.run_steps(2);
    h.key_press(egui::Key::Escape);
    h.run_steps(3);
    assert!(h.query_by_label("Søg lande").is_none(), "closed");
    assert_eq!(form(&h).address.country, "NL");
}

#[test]
fn a_recent_address_fills_the_fields_and_its_country_is_the_next_default() {
    let _language = crate::one_language_at_a_time();
    // An order placed earlier (the demo: Nordby IF in Esbjerg, Denmark).
    let mut h = new_order_with(egui::Theme::Light, |_| {});
    place(&mut h);
    wait_for(&mut h, "the address book of the history", |h| {
        h.state().screens().orders.composer.last_country().is_some()
    });
    press(&mut h, "+ New order");
    wait_for(&mut h, "the new draft", |h| {
        h.state()
            .screens()
            .orders
            .composer
            .form
            .reference
            .is_empty()
            && !h.state().screens().orders.composer.is_frozen()
    });
    // The newest order's country is the default of the new one; the rest is empty.
    assert_eq!(form(&h).address.country, "DK");
    assert!(form(&h).address.name.is_empty());
    h.get_by_label("Recent addresses").scroll_to_me();
    h.run_steps(2);
    h.get_by_label("Recent addresses").click();
    h.run_steps(3);
    h.get_by_label("Search addresses").focus();
    h.run_steps(1);
    h.get_by_label("Search addresses").type_text("esbjerg");
    h.run_steps(2);
    h.get_by_label_contains("Nordby IF, Stadionvej 1, 6700 Esbjerg")
        .click();
    h.run_steps(3);
    let demo = logodesk::backend::demo_form().address;
    assert_eq!(
        form(&h).address,
        AddressForm {
            country: "DK".into(),
            ..demo
        }
    );
    assert_eq!(text_field(&h, "City").value().as_deref(), Some("Esbjerg"));
}

#[test]
fn a_design_number_of_the_wrong_shape_is_refused_with_a_sentence() {
    let _language = crate::one_language_at_a_time();
    let mut h = app(egui::Theme::Light);
    open_new_order(&mut h);
    type_into(&mut h, "Design to add", "ABC-12");
    press(&mut h, "Add design");
    assert!(shows_text(
        &h,
        "\"ABC-12\" is not a design id or item number"
    ));
    // Nothing added, so nothing fetched (a line is fetched only once added).
    assert!(form(&h).designs.is_empty());
    // An item number in lower case with a space is fine, written as the service does.
    text_field(&h, "Design to add").focus();
    h.run_steps(1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run_steps(1);
    text_field(&h, "Design to add").type_text("mul 123456");
    h.run_steps(2);
    assert!(
        !shows_text(&h, "is not a design id"),
        "the sentence goes as you type"
    );
    press(&mut h, "Add design");
    assert_eq!(form(&h).designs.len(), 1);
    assert_eq!(form(&h).designs[0].reference, "MUL123456");
}

/// A draft of the demo kit (20 players numbered 1 to 20) with `file` imported into its
/// design line, waiting for the preview.
fn import_into_demo(file: &Path) -> H {
    let mut h = new_order_with(egui::Theme::Light, |_| {});
    assert!(shows(&h, "Import roster…"), "the button of the design line");
    h.state_mut()
        .screens_mut()
        .orders
        .composer
        .import_roster_from(0, file.to_owned());
    wait_for(&mut h, "the roster's preview", |h| {
        h.state()
            .screens()
            .orders
            .composer
            .import_preview(0)
            .is_some()
    });
    h
}

/// The preview flags 7 (a player of the kit already) and 21 (twice in the file); "Add 4
/// rows" adds every row, those with problems marked.
fn check_preview_and_add(h: &mut H, file_name: &str) {
    assert!(shows_text(h, &format!("Roster from {file_name}")));
    let rows = h
        .state()
        .screens()
        .orders
        .composer
        .import_preview(0)
        .unwrap();
    let numbers: Vec<&str> = rows.iter().map(|r| r.row.number.as_str()).collect();
    assert_eq!(numbers, ["21", "22", "7", "21"]);
    let twice: Vec<bool> = rows.iter().map(|r| r.duplicate).collect();
    assert_eq!(twice, [true, false, true, true]);
    assert_eq!(rows[1].row.name, "Østergaard");
    assert_eq!(rows[1].row.size, "XL");
    assert!(shows_text(h, "Numbers used twice in this design: 7, 21"));
    assert!(shows_text(h, "Number 21 is used twice in this design."));
    assert_eq!(
        form(h).designs[0].rows.len(),
        20,
        "nothing added before Add"
    );
    press(h, "Add 4 rows");
    let rows = &form(h).designs[0].rows;
    assert_eq!(rows.len(), 24);
    assert_eq!(rows[21].name, "Østergaard");
    assert_eq!(rows[21].quantity, "1");
    assert!(
        h.state()
            .screens()
            .orders
            .composer
            .import_preview(0)
            .is_none(),
        "done"
    );
    assert!(!shows_text(h, "Roster from"));
}

#[test]
fn a_roster_is_imported_from_a_csv_file_with_a_preview() {
    let _language = crate::one_language_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hold.csv");
    // Danish Excel's CSV: a BOM, `;`, a quoted name with the separator in it.
    std::fs::write(
        &file,
        "\u{feff}Nummer;Navn;Størrelse\r\n21;\"Lund; Anna\";M\r\n22;Østergaard;XL\r\n7;Berg;L\r\n21;Dahl;S\r\n",
    )
    .unwrap();
    let mut h = import_into_demo(&file);
    // The columns are guessed from the Danish header.
    assert!(shows(&h, "Column 1: Nummer"));
    check_preview_and_add(&mut h, "hold.csv");
    assert_eq!(form(&h).designs[0].rows[20].name, "Lund; Anna");
}

#[test]
fn a_roster_is_imported_from_an_xlsx_file_with_a_preview() {
    let _language = crate::one_language_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("Hold U15.xlsx");
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    let rows: [(&str, &str, f64); 4] = [
        ("M", "Lund", 21.0),
        ("XL", "Østergaard", 22.0),
        ("L", "Berg", 7.0),
        ("S", "Dahl", 21.0),
    ];
    for (c, h) in ["Size", "Name", "No."].iter().enumerate() {
        sheet.write_string(0, c as u16, *h).unwrap();
    }
    for (r, (size, name, number)) in rows.iter().enumerate() {
        let r = r as u32 + 1;
        sheet.write_string(r, 0, *size).unwrap();
        sheet.write_string(r, 1, *name).unwrap();
        sheet.write_number(r, 2, *number).unwrap();
    }
    book.save(&file).unwrap();
    let mut h = import_into_demo(&file);
    check_preview_and_add(&mut h, "Hold U15.xlsx");
}

/// An Excel 97–2003 roster that Python's xlwt wrote (tests/fixtures/xls/make_fixtures.py): an
/// empty first sheet, then the roster with Danish headings.
#[test]
fn a_roster_is_imported_from_an_xls_file_with_a_preview() {
    let _language = crate::one_language_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("Hold U15.xls");
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/xls/hold_u15_xlwt.xls");
    std::fs::copy(fixture, &file).unwrap();
    let mut h = import_into_demo(&file);
    check_preview_and_add(&mut h, "Hold U15.xls");
}

/// Turns the wheel over the widget labelled `label` far down: the area under it scrolls to
/// its end.
fn wheel_to_the_end(h: &mut H, label: &str) {
    let over = h.get_by_label(label).rect().center();
    h.hover_at(over);
    h.run_steps(1);
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(0.0, -100_000.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers: egui::Modifiers::NONE,
    });
    h.run_steps(10);
}

/// A roster as long as a line takes, into the demo kit's 20 players: its preview scrolls (the
/// rows in view drawn, the last one reached by the wheel), and it cannot be added, since the
/// line would have one row more than the service takes for a design.
#[test]
fn a_long_roster_scrolls_in_its_preview_and_is_not_added_past_the_line_s_limit() {
    let _language = crate::one_language_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("klub.csv");
    let players: String = (1..=481)
        .map(|k| format!("M;Player {k};{}\n", 100 + k))
        .collect();
    std::fs::write(&file, format!("Size;Name;Number\n{players}")).unwrap();
    let mut h = import_into_demo(&file);
    assert_eq!(
        h.state()
            .screens()
            .orders
            .composer
            .import_preview(0)
            .unwrap()
            .len(),
        481
    );
    assert!(shows(&h, "Player 1"));
    assert!(!shows(&h, "Player 481"), "only the rows in view are drawn");
    // The page scrolled to the preview's end (its rows' own area takes the wheel), then the
    // rows scrolled by the wheel over them.
    h.get_by_label("Add 481 rows").scroll_to_me();
    h.run_steps(3);
    wheel_to_the_end(&mut h, "Player 6");
    assert!(shows(&h, "Player 481"), "the last row, scrolled to");
    assert!(!shows(&h, "Player 1"), "the first row, scrolled away");
    assert!(shows_text(
        &h,
        "With these 481 rows the design would have 501, and the service takes at most 500 rows for one design."
    ));
    assert!(
        h.get_by_label("Add 481 rows")
            .accesskit_node()
            .is_disabled()
    );
    assert_eq!(form(&h).designs[0].rows.len(), 20, "nothing added");
}

/// A line of 500 rows (as many as the service takes): its grid draws the rows in view, the
/// last one reached by the wheel.
#[test]
fn a_line_of_500_rows_draws_the_rows_in_view() {
    let _language = crate::one_language_at_a_time();
    let mut h = new_order_with(egui::Theme::Light, |form| {
        let template = form.designs[0].rows[0].clone();
        form.designs[0].rows = (1..=500)
            .map(|k| logodesk::orders::form::RowForm {
                number: k.to_string(),
                ..template.clone()
            })
            .collect();
    });
    let drawn = |h: &H| {
        h.query_all_by_label_contains("in the proof")
            .filter(|n| {
                n.accesskit_node()
                    .label()
                    .is_some_and(|l| l.starts_with("Show row"))
            })
            .count()
    };
    assert!(shows(&h, "Show row 1 in the proof"));
    assert!(drawn(&h) < 40, "{} rows drawn", drawn(&h));
    h.get_by_label("Show row 5 in the proof").scroll_to_me();
    // Scrolling glides: the wheel turns where the row comes to rest.
    h.run_steps(20);
    wheel_to_the_end(&mut h, "Show row 5 in the proof");
    assert!(
        shows(&h, "Show row 500 in the proof"),
        "the last row, scrolled to"
    );
    assert!(!shows(&h, "Show row 1 in the proof"));
    assert!(drawn(&h) < 40, "{} rows drawn", drawn(&h));
    assert_eq!(form(&h).designs[0].rows.len(), 500);
}

#[test]
fn a_file_that_is_not_a_roster_says_so_and_adds_nothing() {
    let _language = crate::one_language_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("roster.xlsx");
    std::fs::write(&file, b"PK\x03\x04 not a workbook").unwrap();
    let mut h = new_order_with(egui::Theme::Light, |_| {});
    h.state_mut()
        .screens_mut()
        .orders
        .composer
        .import_roster_from(0, file);
    wait_for(&mut h, "the sentence", |h| {
        shows_text(h, "The spreadsheet could not be read")
    });
    press(&mut h, "Close");
    assert!(!shows_text(&h, "The spreadsheet could not be read"));
    assert_eq!(form(&h).designs[0].rows.len(), 20);
}
