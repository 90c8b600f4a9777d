//! The language setting in the real app against the in-process sandbox: choosing "Dansk" or
//! "English" in Settings reformats at once the composer's estimate, the order history (list
//! and the open order: amounts, placed and delivery dates) and the Tasks screen (prices,
//! times): `1.234,56 kr.` and `25.11.2026 14:05` in Danish, `DKK 1,234.56` and
//! `25 Nov 2026, 14:05` in English. The choice is part of the persisted UI state, so it
//! survives a restart of the app.

use crate::ui_common;

use egui_kittest::kittest::{NodeT as _, Queryable as _};
use logodesk::api::Order;
use logodesk::locale::Language;
use logodesk::sandbox::fixtures;
use logodesk::ui::{PersistedUi, Screen};
use std::time::Duration;
use ui_common::*;

type H = egui_kittest::Harness<'static, logodesk::app::LogodeskApp>;

const DA: Language = Language::Danish;
const EN: Language = Language::English;

/// Clicks the navigation entry `label` (scrolled into view first when needed).
fn go(h: &mut H, screen: Screen) {
    h.get_by_label(&screen.to_string()).click();
    h.run_steps(2);
}

/// Settings → the language whose own name is `name`.
fn choose_language(h: &mut H, name: &str) {
    if h.state().screen() != Screen::Settings {
        go(h, Screen::Settings);
    }
    assert_eq!(h.state().screen(), Screen::Settings);
    h.get_by_label(name).scroll_to_me();
    h.run_steps(1);
    h.get_by_label(name).click();
    h.run_steps(2);
}

/// The estimate's total as spoken beside the summary ("Estimated total …", "Anslået i alt …").
fn estimated_total_shown(h: &H, language: Language) -> bool {
    let e = h.state().screens().orders.composer.estimate();
    let mut args = logodesk::i18n::FluentArgs::new();
    args.set("amount", language.money(e.total, &e.currency));
    let text = logodesk::i18n::text_in(language, "composer-total-spoken", Some(&args));
    shows(h, &text)
}

/// The totals, the placed time and the latest delivery date of `order`, as `language`
/// writes them.
fn order_facts(order: &Order, language: Language) -> Vec<String> {
    let c = &order.currency;
    vec![
        language.money(order.sub_total, c),
        language.money(order.vat, c),
        language.money(order.total, c),
        language.date_time(&order.placed_at_utc),
        language.date(order.latest_delivery_date.date()),
    ]
}

#[test]
fn money_and_dates_follow_the_language_chosen_in_settings() {
    let _language = crate::one_language_at_a_time();
    let mut h = app(egui::Theme::Light);
    wait_for(&mut h, "the session", |h| {
        h.state().session().active.is_some()
    });
    assert_eq!(h.state().language(), EN);

    // Place the demo kit order; the history shows the service's totals and dates in English.
    let row = place_demo_order(&mut h);
    let order = row
        .record
        .as_ref()
        .and_then(|r| r.order.clone())
        .expect("the completed order");
    assert_eq!(order.currency, "DKK");
    go(&mut h, Screen::History);
    assert!(shows(&h, &EN.money(order.total, "DKK")), "the list's total");
    h.state_mut().screens_mut().history.view.open = Some(row.id);
    h.run_steps(3);
    for fact in order_facts(&order, EN) {
        assert!(shows(&h, &fact), "{fact} is not on screen");
    }

    // Danish: the open order and the list follow at once.
    choose_language(&mut h, "Dansk");
    assert_eq!(h.state().language(), DA);
    go(&mut h, Screen::History);
    for fact in order_facts(&order, DA) {
        assert!(shows(&h, &fact), "{fact} is not on screen");
    }
    for fact in order_facts(&order, EN) {
        assert!(!shows(&h, &fact), "{fact} is still on screen");
    }
    let total = DA.money(order.total, "DKK");
    assert!(total.ends_with(" kr.") && total.contains(','), "{total}");
    h.state_mut().screens_mut().history.view.open = None;
    h.run_steps(2);
    assert!(shows(&h, &total), "the list's total");

    // Ordered again in the composer: its estimate in kroner with a decimal comma.
    h.state_mut().screens_mut().history.view.open = Some(row.id);
    h.run_steps(2);
    press(&mut h, "Bestil igen");
    wait_for(&mut h, "the copy's estimate", |h| {
        let e = h.state().screens().orders.composer.estimate();
        h.state().screens().orders.composer.draft_id() != Some(row.id)
            && !e.is_partial()
            && !e.lines.is_empty()
    });
    assert_eq!(h.state().screen(), Screen::Orders);
    assert!(estimated_total_shown(&h, DA), "the estimate in Danish");
    assert!(!estimated_total_shown(&h, EN));

    // English again: the estimate follows.
    choose_language(&mut h, "English");
    go(&mut h, Screen::Orders);
    assert!(estimated_total_shown(&h, EN), "the estimate in English");
    assert!(!estimated_total_shown(&h, DA));
}

#[test]
fn task_prices_and_times_follow_the_language() {
    let _language = crate::one_language_at_a_time();
    let mut config = config();
    config.task_poll = Duration::from_millis(200);
    let persisted = PersistedUi {
        language: Some(DA),
        ..PersistedUi::default()
    };
    let mut h = app_with(config, egui::Theme::Light, persisted);
    wait_for(&mut h, "the session", |h| {
        h.state().session().active.is_some() && h.state().screens().tasks.is_loaded()
    });
    assert_eq!(h.state().language(), DA);
    go(&mut h, Screen::Tasks);
    let id = fixtures().pending_vectorize_task_id;
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "Opgave-id")
        .focus();
    h.run_steps(1);
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "Opgave-id")
        .type_text(&id.to_string());
    h.run_steps(1);
    h.get_by_label("Følg opgave").click();
    wait_for(&mut h, "the tracked task", |h| {
        !h.state().screens().tasks.tasks().is_empty()
    });
    let task = h.state().screens().tasks.tasks()[0].task.clone();
    let range = |l: Language| {
        format!(
            "{} – {}",
            l.money(task.min_price, &task.currency),
            l.money(task.max_price, &task.currency)
        )
    };
    assert!(shows(&h, &range(DA)), "{} is not on screen", range(DA));
    assert!(shows(&h, &DA.date_time(&task.created_at_utc)));
    assert!(!shows(&h, &range(EN)));

    choose_language(&mut h, "English");
    go(&mut h, Screen::Tasks);
    assert!(shows(&h, &range(EN)), "{} is not on screen", range(EN));
    assert!(shows(&h, &EN.date_time(&task.created_at_utc)));
    assert!(!shows(&h, &range(DA)));
}

#[test]
fn the_language_chosen_survives_a_restart() {
    let _language = crate::one_language_at_a_time();
    let mut h = app(egui::Theme::Light);
    wait_for(&mut h, "the session", |h| {
        h.state().session().active.is_some()
    });
    assert_eq!(h.state().persisted().language, Some(EN));
    choose_language(&mut h, "Dansk");
    let saved = h.state().persisted().clone();
    assert_eq!(saved.language, Some(DA));
    drop(h);

    // What eframe writes on exit and reads at the next start.
    let stored = serde_json::to_string(&saved).unwrap();
    let restored: PersistedUi = serde_json::from_str(&stored).unwrap();
    let mut h = app_with(config(), egui::Theme::Light, restored.sanitized());
    wait_for(&mut h, "the session", |h| {
        h.state().session().active.is_some()
    });
    assert_eq!(h.state().language(), DA);
    if h.state().screen() != Screen::Settings {
        go(&mut h, Screen::Settings);
    }
    let toggled = |h: &H, name: &str| h.get_by_label(name).accesskit_node().toggled();
    assert_eq!(toggled(&h, "Dansk"), Some(egui::accesskit::Toggled::True));
    assert_eq!(
        toggled(&h, "English"),
        Some(egui::accesskit::Toggled::False)
    );
}
