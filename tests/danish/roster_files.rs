//! Roster files on the composer, as a club sends them: dropped on a design line, their
//! headings ("Spillernavn", "Trøjenr.", "Str", "Stk.") recognised, the columns a person chose
//! remembered for the next file with the same headings, rows marked only while they have a
//! problem, and the line's roster (or an empty template) saved as a spreadsheet.

use crate::ui_common;

use egui_kittest::kittest::{NodeT as _, Queryable as _};
use logodesk::orders::form::RowForm;
use logodesk::orders::roster_import::{Column, Mapping, RosterTable, read_csv};
use logodesk::ui::Screen;
use std::path::Path;
use std::sync::Arc;
use ui_common::composer::*;
use ui_common::*;

/// A new draft of the demo kit (20 players numbered 1 to 20), saving exports in `dir`.
fn demo_kit_saving_to(dir: &Path) -> H {
    let mut h = app_saving_to(dir);
    open_new_order(&mut h);
    h.state_mut().screens_mut().orders.composer.form = logodesk::backend::demo_form();
    h.run_steps(3);
    h
}

/// Presses the design line's button `label` (scrolled into view first).
fn press_in_line(h: &mut H, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run_steps(2);
    h.get_by_label(label).click_accesskit();
    h.run_steps(2);
}

fn rows(h: &H) -> &[RowForm] {
    &h.state().screens().orders.composer.form.designs[0].rows
}

fn wait_for_preview(h: &mut H) {
    wait_for(h, "the roster's preview", |h| {
        h.state()
            .screens()
            .orders
            .composer
            .import_preview(0)
            .is_some()
    });
}

#[test]
fn a_roster_dropped_on_the_composer_is_previewed_and_its_marks_clear_once_fixed() {
    let _language = crate::one_language_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hold.csv");
    // The headings of a Danish club's sheet: none of them the import's own words.
    std::fs::write(
        &file,
        "Spillernavn;Trøjenr.;Str;Stk.\r\nLund;21;M;1\r\nØstergaard;7;XL;1\r\n",
    )
    .unwrap();
    let mut h = demo_kit_saving_to(dir.path());
    assert!(
        h.state()
            .screens()
            .orders
            .composer
            .marked_rows(0)
            .is_empty()
    );
    h.input_mut().dropped_files.push(Arc::new(Dropped(file)));
    h.run_steps(1);
    assert_eq!(
        h.state().screen(),
        Screen::Orders,
        "a roster dropped on the composer is not taken for a logo"
    );
    wait_for_preview(&mut h);
    let preview = h
        .state()
        .screens()
        .orders
        .composer
        .import_preview(0)
        .unwrap();
    let got: Vec<(&str, &str, &str, &str)> = preview
        .iter()
        .map(|r| {
            let r = &r.row;
            (&*r.name, &*r.number, &*r.size, &*r.quantity)
        })
        .collect();
    assert_eq!(
        got,
        [("Lund", "21", "M", "1"), ("Østergaard", "7", "XL", "1")]
    );
    press(&mut h, "Add 2 rows");
    assert_eq!(rows(&h).len(), 22);
    // Østergaard's 7 is also the demo's player 7 (row 7): both are marked.
    assert_eq!(h.state().screens().orders.composer.marked_rows(0), [6, 21]);
    // The number fixed: the marks go at once.
    h.state_mut().screens_mut().orders.composer.form.designs[0].rows[21].number = "22".into();
    h.run_steps(2);
    assert!(
        h.state()
            .screens()
            .orders
            .composer
            .marked_rows(0)
            .is_empty()
    );
    // A row with a problem is marked until it is fixed too.
    h.state_mut().screens_mut().orders.composer.form.designs[0].rows[0].quantity = "x".into();
    h.run_steps(2);
    assert_eq!(h.state().screens().orders.composer.marked_rows(0), [0]);
    h.state_mut().screens_mut().orders.composer.form.designs[0].rows[0].quantity = "2".into();
    h.run_steps(2);
    assert!(
        h.state()
            .screens()
            .orders
            .composer
            .marked_rows(0)
            .is_empty()
    );
}

#[test]
fn the_columns_a_person_chose_are_chosen_again_for_the_same_headings() {
    let _language = crate::one_language_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let (first, second) = (dir.path().join("u13.csv"), dir.path().join("u15.csv"));
    std::fs::write(&first, "Spiller;Kode;Str\nLund;21;M\n").unwrap();
    std::fs::write(&second, "Spiller;Kode;Str\nDahl;31;L\nBech;32;S\n").unwrap();
    let mut h = demo_kit_saving_to(dir.path());
    h.state_mut()
        .screens_mut()
        .orders
        .composer
        .import_roster_from(0, first);
    wait_for_preview(&mut h);
    let numbers = |h: &H| -> Vec<String> {
        let preview = h
            .state()
            .screens()
            .orders
            .composer
            .import_preview(0)
            .unwrap();
        preview.into_iter().map(|r| r.row.number).collect()
    };
    assert_eq!(numbers(&h), [""], "\"Kode\" is nothing the import knows");
    // The person says "Kode" is the number.
    h.get_by_label("What column 2 holds").scroll_to_me();
    h.run_steps(2);
    h.get_by_label("What column 2 holds").click_accesskit();
    h.run_steps(2);
    h.get_all_by_label("Number")
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Button)
        .expect("the choice in the open list")
        .click();
    h.run_steps(2);
    assert_eq!(numbers(&h), ["21"]);
    press(&mut h, "Add 1 row");
    // The next file with the same headings: the same choice, without asking.
    h.state_mut()
        .screens_mut()
        .orders
        .composer
        .import_roster_from(0, second);
    wait_for_preview(&mut h);
    h.run_steps(2);
    assert_eq!(numbers(&h), ["31", "32"]);
}

#[test]
fn a_line_s_roster_is_saved_as_a_spreadsheet_and_the_template_imports() {
    let _language = crate::one_language_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let mut h = demo_kit_saving_to(dir.path());
    let csv_files = |dir: &Path| -> Vec<std::path::PathBuf> {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "csv"))
            .collect();
        files.sort();
        files
    };
    press_in_line(&mut h, "Export roster…");
    wait_for(&mut h, "the roster saved", |_| {
        csv_files(dir.path()).len() == 1
    });
    let saved = &csv_files(dir.path())[0];
    let name = saved.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with("roster-"), "{name}");
    // Read back by the import: the line's 20 players, as they are.
    let table = RosterTable {
        file_name: name,
        rows: read_csv(&std::fs::read(saved).unwrap()).unwrap(),
    };
    let mapping = Mapping::guess(&table);
    assert_eq!(
        mapping.columns,
        [Column::Size, Column::Quantity, Column::Name, Column::Number]
    );
    let back: Vec<RowForm> = logodesk::orders::roster_import::preview(&table, &mapping, &[])
        .into_iter()
        .map(|p| p.row)
        .collect();
    assert_eq!(back, rows(&h));

    press_in_line(&mut h, "Roster template…");
    wait_for(&mut h, "the template saved", |_| {
        csv_files(dir.path()).len() == 2
    });
    let template = dir.path().join("roster-template.csv");
    let table = RosterTable {
        file_name: "roster-template.csv".into(),
        rows: read_csv(&std::fs::read(&template).unwrap()).unwrap(),
    };
    assert_eq!(table.rows.len(), 1, "the headings alone");
    assert_eq!(
        Mapping::guess(&table).columns,
        [Column::Size, Column::Quantity, Column::Name, Column::Number]
    );
}
