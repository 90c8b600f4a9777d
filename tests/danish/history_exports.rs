//! The order history's exports through "Save as…", in Danish, in the real app against the
//! in-process sandbox, the dialog answered for the person: "Eksportér CSV" of a completed
//! order asks with the order's file name and writes what the spreadsheet reads (BOM, `;`,
//! decimal commas) where the person chose (adding `.csv` when they typed no extension); the
//! next dialog opens on that folder; closing it saves nothing and says so quietly, with "Gem
//! i Overførsler i stedet" for when no dialog appears; "Ordrebekræftelse (PDF)" saves where
//! chosen.

use crate::ui_common;

use egui_kittest::kittest::Queryable as _;
use logodesk::locale::Language;
use logodesk::orders::csv::BOM;
use std::path::PathBuf;
use ui_common::*;

type H = egui_kittest::Harness<'static, logodesk::app::LogodeskApp>;

/// The files in `dir`, sorted.
fn files(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    found.sort();
    found
}

#[test]
fn exports_are_saved_where_the_person_chooses_and_closing_the_dialog_saves_nothing() {
    let _language = crate::one_language_at_a_time();
    let (mut h, dialog) = crate::danish_app_with_save_dialog();
    let row = place_demo_order(&mut h);
    let order = row.record.as_ref().and_then(|r| r.order.clone()).unwrap();
    let number = order.order_number.to_string();
    h.get_by_label(&logodesk::ui::Screen::History.to_string())
        .click();
    h.run_steps(2);
    h.state_mut().screens_mut().history.view.open = Some(row.id);
    h.run_steps(3);
    assert!(shows(&h, "Bestil igen"), "the order's buttons in Danish");
    assert!(shows(&h, "Leveres til"), "the order's facts in Danish");

    // The person names the file without an extension in a folder of their own.
    let chosen = tempfile::tempdir().unwrap();
    dialog.will_answer(Some(chosen.path().join("kit order")));
    press(&mut h, "Eksportér CSV");
    let written = chosen.path().join("kit order.csv");
    let told = |h: &H, name: &str| h.state().notifications().iter().any(|n| n.contains(name));
    wait_for(&mut h, "the CSV", |h| told(h, "kit order.csv"));
    let asked = dialog.asked();
    assert_eq!(asked.len(), 1);
    assert_eq!(
        asked[0].title, "Gem ordren som CSV",
        "the dialog speaks Danish"
    );
    assert_eq!(asked[0].file_name, format!("order-{number}.csv"));
    assert_eq!(asked[0].extension.as_deref(), Some("csv"));
    let bytes = std::fs::read(&written).unwrap();
    let rows: Vec<csv::StringRecord> = csv::ReaderBuilder::new()
        .delimiter(b';')
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes.strip_prefix(BOM).expect("a BOM"))
        .records()
        .collect::<Result<_, _>>()
        .unwrap();
    let total = rows
        .iter()
        .find(|r| &r[0] == "i alt")
        .expect("a total row (i alt)");
    assert_eq!(&total[1], Language::Danish.plain_number(order.total));
    assert!(total[1].contains(',') || order.total.fract().is_zero());

    // Closed without a choice: nothing is written, a quiet line says so; the dialog opened
    // on the folder used last time.
    dialog.will_answer(None);
    press(&mut h, "Eksportér CSV");
    wait_for(&mut h, "the note", |h| {
        shows(
            h,
            "Der blev ikke valgt en fil, så CSV-filen blev ikke gemt.",
        )
    });
    assert_eq!(dialog.asked()[1].folder.as_deref(), Some(chosen.path()));
    assert_eq!(files(chosen.path()), vec![written.clone()]);
    let alarming = |h: &H| {
        h.state().notifications().iter().any(|n| {
            ["could not", "not saved", "kunne ikke", "ikke gemt"]
                .iter()
                .any(|alarm| n.contains(alarm))
        })
    };
    assert!(!alarming(&h), "{:?}", h.state().notifications());

    // "Gem i Overførsler i stedet" saves under the usual name without a dialog.
    press(&mut h, "Gem i Overførsler i stedet");
    let usual = chosen.path().join(format!("order-{number}.csv"));
    let usual_name = format!("order-{number}.csv");
    wait_for(&mut h, "the CSV without a dialog", |h| told(h, &usual_name));
    assert!(usual.exists());
    assert_eq!(dialog.asked().len(), 2, "no dialog this time");
    assert!(!shows(
        &h,
        "Der blev ikke valgt en fil, så CSV-filen blev ikke gemt."
    ));

    // The confirmation goes where chosen, too.
    let pdf = chosen.path().join("confirmation.pdf");
    dialog.will_answer(Some(pdf.clone()));
    press(&mut h, "Ordrebekræftelse (PDF)");
    wait_for(&mut h, "the confirmation", |h| {
        saved_confirmation(h).is_some()
    });
    assert_eq!(saved_confirmation(&h).as_deref(), Some(pdf.as_path()));
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
    assert_eq!(
        dialog.asked()[2].file_name,
        format!("order-{number}.pdf"),
        "the confirmation's usual name"
    );

    // Closing its dialog: no PDF, the button is usable again.
    dialog.will_answer(None);
    press(&mut h, "Ordrebekræftelse (PDF)");
    wait_for(&mut h, "the note", |h| {
        shows(
            h,
            "Der blev ikke valgt en fil, så ordrebekræftelsen blev ikke gemt.",
        )
    });
    assert!(
        !h.state()
            .screens()
            .history
            .view
            .open_order()
            .is_some_and(|o| o.saving_pdf())
    );
    assert!(!alarming(&h), "{:?}", h.state().notifications());
    assert_eq!(files(chosen.path()).len(), 3);
}
