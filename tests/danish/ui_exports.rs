//! Exports through "Save as…" in the real app against the in-process sandbox, the dialog
//! answered for the person: "Export CSV" of a completed order in Danish asks with the
//! order's file name and writes what the spreadsheet reads (BOM, `;`, decimal commas) where
//! the person chose (adding `.csv` when they typed no extension); the next dialog opens on
//! that folder; closing it saves nothing and says so quietly, with "Save in Downloads
//! instead" for when no dialog appears; "Confirmation (PDF)" saves where chosen.

use crate::ui_common;

use egui_kittest::kittest::Queryable as _;
use logodesk::backend::{SaveDialog, SaveRequest};
use logodesk::locale::Language;
use logodesk::orders::csv::BOM;
use logodesk::ui::PersistedUi;
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use ui_common::*;

type H = egui_kittest::Harness<'static, logodesk::app::LogodeskApp>;

/// A "Save as…" that answers as scripted (a file, or `None`: closed) and remembers what it
/// was asked.
#[derive(Default)]
struct Scripted {
    answers: Mutex<VecDeque<Option<PathBuf>>>,
    asked: Mutex<Vec<SaveRequest>>,
}

impl Scripted {
    fn will_answer(&self, answer: Option<PathBuf>) {
        self.answers.lock().unwrap().push_back(answer);
    }

    fn asked(&self) -> Vec<SaveRequest> {
        self.asked.lock().unwrap().clone()
    }
}

impl SaveDialog for Scripted {
    fn save_file(
        &self,
        request: SaveRequest,
    ) -> futures_util::future::BoxFuture<'static, Option<PathBuf>> {
        self.asked.lock().unwrap().push(request);
        let answer = self.answers.lock().unwrap().pop_front().flatten();
        Box::pin(async move { answer })
    }
}

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
    let dialog = Arc::new(Scripted::default());
    let mut config = config();
    config.save_dialog = Some(dialog.clone());
    let persisted = PersistedUi {
        language: Some(Language::Danish),
        ..PersistedUi::default()
    };
    let mut h = app_with(config, egui::Theme::Light, persisted);
    let row = place_demo_order(&mut h);
    let order = row.record.as_ref().and_then(|r| r.order.clone()).unwrap();
    let number = order.order_number.to_string();
    h.get_by_label("History").click();
    h.run_steps(2);
    h.state_mut().orders_mut().history_view.open = Some(row.id);
    h.run_steps(3);

    // The person names the file without an extension in a folder of their own.
    let chosen = tempfile::tempdir().unwrap();
    dialog.will_answer(Some(chosen.path().join("kit order")));
    press(&mut h, "Export CSV");
    let written = chosen.path().join("kit order.csv");
    let told = |h: &H, name: &str| h.state().notifications().iter().any(|n| n.contains(name));
    wait_for(&mut h, "the CSV", |h| told(h, "kit order.csv"));
    let asked = dialog.asked();
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].title, "Save the CSV");
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
    let total = rows.iter().find(|r| &r[0] == "total").expect("a total row");
    assert_eq!(&total[1], Language::Danish.plain_number(order.total));
    assert!(total[1].contains(',') || order.total.fract().is_zero());

    // Closed without a choice: nothing is written, a quiet line says so; the dialog opened
    // on the folder used last time.
    dialog.will_answer(None);
    press(&mut h, "Export CSV");
    wait_for(&mut h, "the note", |h| {
        shows(h, "No file was chosen, so the CSV was not saved.")
    });
    assert_eq!(dialog.asked()[1].folder.as_deref(), Some(chosen.path()));
    assert_eq!(files(chosen.path()), vec![written.clone()]);
    let alarming = |h: &H| {
        h.state()
            .notifications()
            .iter()
            .any(|n| n.contains("could not") || n.contains("not saved"))
    };
    assert!(!alarming(&h), "{:?}", h.state().notifications());

    // "Save in Downloads instead" saves under the usual name without a dialog.
    press(&mut h, "Save in Downloads instead");
    let usual = chosen.path().join(format!("order-{number}.csv"));
    let usual_name = format!("order-{number}.csv");
    wait_for(&mut h, "the CSV without a dialog", |h| told(h, &usual_name));
    assert!(usual.exists());
    assert_eq!(dialog.asked().len(), 2, "no dialog this time");
    assert!(!shows(&h, "No file was chosen, so the CSV was not saved."));

    // The confirmation goes where chosen, too.
    let pdf = chosen.path().join("confirmation.pdf");
    dialog.will_answer(Some(pdf.clone()));
    press(&mut h, "Confirmation (PDF)");
    wait_for(&mut h, "the confirmation", |h| {
        h.state().orders().history_view.saved_pdf.is_some()
    });
    assert_eq!(
        h.state().orders().history_view.saved_pdf.as_deref(),
        Some(pdf.as_path())
    );
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
    assert_eq!(
        dialog.asked()[2].file_name,
        format!("order-{number}.pdf"),
        "the confirmation's usual name"
    );

    // Closing its dialog: no PDF, the button is usable again.
    dialog.will_answer(None);
    press(&mut h, "Confirmation (PDF)");
    wait_for(&mut h, "the note", |h| {
        shows(h, "No file was chosen, so the confirmation was not saved.")
    });
    assert!(!h.state().orders().history_view.saving_pdf);
    assert!(!alarming(&h), "{:?}", h.state().notifications());
    assert_eq!(files(chosen.path()).len(), 3);
}

#[test]
fn a_proof_sheet_asks_where_before_drawing_and_a_closed_dialog_draws_nothing() {
    // In English, but here: the language is the process's, and the test above is in Danish.
    let _language = crate::one_language_at_a_time();
    let dialog = Arc::new(Scripted::default());
    let mut config = config();
    config.save_dialog = Some(dialog.clone());
    let mut h = app_with(config, egui::Theme::Light, PersistedUi::default());
    open_new_order(&mut h);
    let mut form = logodesk::ui::orders::demo_form();
    form.designs[0].rows.truncate(2);
    form.reference = "PO 12".into();
    h.state_mut().orders_mut().composer.form = form;
    h.run_steps(3);

    dialog.will_answer(None);
    press(&mut h, "Proof sheet…");
    press(&mut h, "Create PDF");
    wait_for(&mut h, "the closed dialog", |h| {
        !h.state().orders().composer.sheet_running()
    });
    let asked = dialog.asked();
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].title, "Save the proof sheet");
    let today = chrono::Local::now().date_naive().format("%Y-%m-%d");
    assert_eq!(asked[0].file_name, format!("proof-PO-12-{today}.pdf"));
    assert!(!shows_text(&h, "Drawing rows"), "nothing is drawn");
    assert!(
        h.state().notifications().is_empty(),
        "{:?}",
        h.state().notifications()
    );

    let chosen = tempfile::tempdir().unwrap();
    let path = chosen.path().join("club proof.pdf");
    dialog.will_answer(Some(path.clone()));
    // The panel is still open.
    press(&mut h, "Create PDF");
    wait_for(&mut h, "the proof sheet", |h| {
        !h.state().orders().composer.sheet_running() && path.exists()
    });
    assert!(std::fs::read(&path).unwrap().starts_with(b"%PDF"));
    assert_eq!(dialog.asked().len(), 2);
    assert!(shows_text(&h, &format!("Saved {}", path.display())));
}
