//! No untranslated literal on any screen (issue 12), in Danish and in English.
//!
//! Pseudo-localisation: with marking on (`logodesk::i18n::set_marking`) every text that came
//! through `tr!` is wrapped in `⟦…⟧`. The test brings every screen up with the sandbox's demo
//! data (gallery, a draft's detail, the draft in the editor, a design and its clone form, a new
//! order and its confirmation, the placed order in History, a tracked task, Settings, the
//! Ctrl+K palette and the File/Edit/View menus), walks every accesskit node, takes its label,
//! value, description and placeholder, drops the marked parts and fails on any word left that
//! is not data:
//!
//! - characters that are not letters (digits, punctuation, symbols, icon glyphs) are never a
//!   literal, nor is a token mixing letters and digits (ids, order numbers, sizes like 3XL);
//! - data: the words of the sandbox's demo data (the string literals of its fixture sources:
//!   logo titles, design names, inks, garments), of the demo order the test fills in, the
//!   country table's names (both languages; they come from `orders::countries`), and the
//!   shortcuts as the menus write them (Ctrl+K, Ctrl+,; egui's "Comma" would be a literal);
//! - [`ALLOWED`], each with its reason.
//!
//! A literal made only of words that also occur in the demo data (say "Team") slips through;
//! everything else is named with its screen, language and role.

use crate::ui_common;

use egui_kittest::kittest::{NodeT as _, Queryable as _, by};
use logodesk::backend::demo_form;
use logodesk::i18n::{self, MARK_CLOSE, MARK_OPEN};
use logodesk::locale::Language;
use logodesk::sandbox::fixtures;
use logodesk::ui::{Action, PersistedUi, Screen};
use std::collections::{BTreeSet, HashSet};
use std::time::{Duration, Instant};
use ui_common::*;

type H = egui_kittest::Harness<'static, logodesk::app::LogodeskApp>;

/// Words shown unmarked that are neither data nor translatable, each with its reason.
const ALLOWED: &[(&str, &str)] = &[
    ("logodesk", "the app's name"),
    (
        "Dansk",
        "the language's own name, the same whichever language is shown",
    ),
    (
        "English",
        "the language's own name, the same whichever language is shown",
    ),
    (
        "kr",
        "the Danish currency as the money formatter writes it (1.234,56 kr.)",
    ),
    (
        "DKK",
        "the currency code as the money formatter writes it (DKK 1,234.56)",
    ),
];

/// Switches marking on for as long as it lives, and off again however the test ends.
struct Marking;

impl Marking {
    fn on() -> Marking {
        i18n::set_marking(true);
        Marking
    }
}

impl Drop for Marking {
    fn drop(&mut self) {
        i18n::set_marking(false);
    }
}

/// One text left unmarked that is not data.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Finding {
    language: String,
    screen: String,
    role: String,
    text: String,
    words: Vec<String>,
}

/// What the walk may see unmarked, and what it found.
struct Walk {
    language: Language,
    /// Lowercase words of data and of [`ALLOWED`].
    vocabulary: HashSet<String>,
    /// Whole texts taken out before words are looked at (shortcut names, pending sentences).
    phrases: Vec<String>,
    findings: BTreeSet<Finding>,
    /// The window's width, and what was drawn past it (the text and where it ended).
    width: f32,
    past_edge: BTreeSet<Finding>,
    /// Texts looked at, for the report.
    seen: usize,
}

/// The sandbox's fixture sources: their string literals are the demo data.
const FIXTURE_SOURCES: &[&str] = &[
    include_str!("../../src/sandbox/fixtures.rs"),
    include_str!("../../src/imaging/inks.rs"),
    include_str!("../../src/imaging/garments.rs"),
    include_str!("../../src/imaging/artwork/catalogue.rs"),
    // The fees' names the service sends with a logo's prices.
    include_str!("../../src/sandbox/pricing.rs"),
];

/// The string literals ("…") of `text`, skipping comments and the lines that only log,
/// assert or fail (their sentences are no data the person sees).
fn string_literals(text: &str) -> Vec<String> {
    const NOT_DATA: &[&str] = &[
        "tracing::",
        "assert",
        "panic!",
        "expect(",
        "context(",
        "bail!",
        "anyhow!",
    ];
    let mut out = Vec::new();
    for line in text.lines() {
        if NOT_DATA.iter().any(|m| line.contains(m)) || line.trim_start().starts_with("//") {
            continue;
        }
        out.extend(quoted(line));
    }
    out
}

/// The "…" parts of `text` (backslash escapes kept as they are).
fn quoted(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    let mut escaped = false;
    for c in text.chars() {
        match &mut current {
            None if c == '"' => current = Some(String::new()),
            None => {}
            Some(s) if escaped => {
                s.push(c);
                escaped = false;
            }
            Some(_) if c == '\\' => escaped = true,
            Some(_) if c == '"' => out.extend(current.take()),
            Some(s) => s.push(c),
        }
    }
    out
}

/// The words of `text`: runs of letters, except in a whitespace-separated part that has a
/// digit in it (an id, an order number, a size: `SO-100003`, `MUL200001`, `3XL`, `v0.1.0`).
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split_whitespace()
        .filter(|part| !part.chars().any(|c| c.is_ascii_digit()))
        .flat_map(|part| part.split(|c: char| !c.is_alphabetic()))
        .filter(|w| !w.is_empty())
}

/// `text` without its marked parts (marks may nest: a translated text quoting another).
fn unmarked(text: &str) -> String {
    let mut depth = 0usize;
    let mut out = String::new();
    for c in text.chars() {
        match c {
            MARK_OPEN => depth += 1,
            MARK_CLOSE => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

impl Walk {
    fn new(h: &H, language: Language, width: f32) -> Walk {
        let mut vocabulary = HashSet::new();
        let mut add = |text: &str| {
            for word in words(text) {
                vocabulary.insert(word.to_lowercase());
            }
        };
        for source in FIXTURE_SOURCES {
            for literal in string_literals(source) {
                add(&literal);
            }
        }
        // What the test fills in: the demo order's texts.
        for literal in quoted(&format!("{:?}", demo_form())) {
            add(&literal);
        }
        // The built-in account's name, as stored (the person's data, like any account's).
        add(logodesk::store::accounts::SANDBOX_ACCOUNT_NAME);
        for language in [Language::Danish, Language::English] {
            for (_, name) in logodesk::orders::countries::sorted(language) {
                add(name);
            }
            // The locale's formatter writes months by name (src/locale, per language).
            for month in 1..=12 {
                let date = chrono::NaiveDate::from_ymd_opt(2026, month, 1).expect("a date");
                add(&language.date_long(date));
            }
        }
        for (word, _reason) in ALLOWED {
            add(word);
        }
        let mut phrases: Vec<String> = Action::all()
            .filter_map(|a| a.shortcut())
            .map(|s| logodesk::ui::actions::shortcut_text(&h.ctx, &s))
            .collect();
        // Longer first, so a phrase inside another does not cut it.
        phrases.sort_by_key(|p| std::cmp::Reverse(p.len()));
        Walk {
            language,
            vocabulary,
            phrases,
            findings: BTreeSet::new(),
            width,
            past_edge: BTreeSet::new(),
            seen: 0,
        }
    }

    /// Every text of every node on `screen` now.
    fn look(&mut self, h: &H, screen: &str) {
        for node in h.query_all(by().predicate(|_| true)) {
            let node = node.accesskit_node();
            // A run is one line of its label's text, wrapped: the label has it whole.
            if node.role() == egui::accesskit::Role::TextRun {
                continue;
            }
            if let Some(right) = node.bounding_box().map(|b| b.x1)
                && right > f64::from(self.width) + 0.5
            {
                let text = node.value().or(node.label()).unwrap_or_default();
                self.past_edge.insert(Finding {
                    language: format!("{:?}", self.language),
                    screen: screen.to_owned(),
                    role: format!("{:?}", node.role()),
                    text: format!("{text} (ends at {right:.0} px)"),
                    words: Vec::new(),
                });
            }
            let texts = [
                node.label(),
                node.value(),
                node.description(),
                node.placeholder().map(str::to_owned),
            ];
            for text in texts.into_iter().flatten() {
                self.check(screen, &format!("{:?}", node.role()), &text);
            }
        }
    }

    fn check(&mut self, screen: &str, role: &str, text: &str) {
        self.seen += 1;
        let mut rest = unmarked(text);
        for phrase in &self.phrases {
            rest = rest.replace(phrase.as_str(), " ");
        }
        let words: Vec<String> = words(&rest)
            .filter(|w| !self.vocabulary.contains(&w.to_lowercase()))
            .map(str::to_owned)
            .collect();
        if !words.is_empty() {
            self.findings.insert(Finding {
                language: format!("{:?}", self.language),
                screen: screen.to_owned(),
                role: role.to_owned(),
                text: text.to_owned(),
                words,
            });
        }
    }
}

/// Steps the app in real time for `ms` milliseconds (answers that need no waiting for).
fn settle(h: &mut H, ms: u64) {
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(ms) {
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    h.run_steps(3);
}

/// Clicks the navigation's entry of `screen`.
fn go(h: &mut H, screen: Screen) {
    h.query_all_by_label(&screen.to_string())
        .next()
        .unwrap_or_else(|| panic!("no navigation entry for {screen:?}"))
        .click();
    h.run_steps(2);
    assert_eq!(h.state().screen(), screen);
}

/// Opens a menu of the window's frame, looks, closes it.
fn look_at_menu(h: &mut H, walk: &mut Walk, id: &str) {
    h.get_by_label(&i18n::text(id)).click();
    h.run_steps(2);
    walk.look(h, id);
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
}

/// Every screen of the app in `language`, with data, looked at in a window `width` px wide.
fn walk_every_screen(language: Language, width: f32) -> Walk {
    let persisted = PersistedUi {
        language: Some(language),
        ..PersistedUi::default()
    };
    let mut h = app_with(config(), egui::Theme::Light, persisted);
    h.set_size(egui::vec2(width, SIZE.y));
    wait_for_gallery(&mut h);
    assert_eq!(h.state().language(), language);
    assert_eq!(
        shows_text(&h, &format!("{MARK_OPEN}")),
        i18n::marking(),
        "translated texts come marked while marking is on"
    );
    let mut walk = Walk::new(&h, language, width);
    walk.look(&h, "gallery");

    // The frame: the palette and the menus.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::K);
    h.run_steps(2);
    assert!(h.state().palette_open());
    walk.look(&h, "palette");
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    for menu in ["shell-menu-file", "shell-menu-edit", "shell-menu-view"] {
        look_at_menu(&mut h, &mut walk, menu);
    }

    // A draft's detail, then the draft in the editor.
    open_demo_draft_detail(&mut h);
    settle(&mut h, 300);
    walk.look(&h, "logo detail");
    h.get_by_label(&i18n::text("gallery-edit-draft"))
        .click_accesskit();
    wait_for(&mut h, "the editor", |h| {
        h.state().screens().editor.is_loaded()
    });
    settle(&mut h, 300);
    walk.look(&h, "editor");

    // Designs: empty, a design open, its clone form.
    go(&mut h, Screen::Designs);
    walk.look(&h, "designs, none open");
    type_into(
        &mut h,
        &i18n::text("designs-id-label"),
        &fixtures().done_design_id.to_string(),
    );
    press(&mut h, &i18n::text("designs-open-button"));
    wait_for(&mut h, "the demo design", |h| {
        h.state().screens().designs.is_loaded()
    });
    settle(&mut h, 300);
    walk.look(&h, "designs, a design open");
    press(&mut h, &i18n::text("designs-clone"));
    walk.look(&h, "designs, the clone form");

    // Orders: a new order holding the demo order, its confirmation, then placed.
    open_new_order(&mut h);
    walk.look(&h, "orders, an empty new order");
    h.state_mut().screens_mut().orders.composer.form = demo_form();
    settle(&mut h, 1000);
    walk.look(&h, "orders, the demo order");
    confirm(&mut h);
    walk.look(&h, "orders, the confirmation");
    h.get_by_label(&i18n::text("composer-place-order")).click();
    h.run_steps(2);
    wait_for_completed(&mut h);
    walk.look(&h, "orders, after placing");

    // History with the order open.
    go(&mut h, Screen::History);
    walk.look(&h, "history");
    let row = h.state().screens().history.orders[0].id;
    h.state_mut().screens_mut().history.view.open = Some(row);
    settle(&mut h, 300);
    walk.look(&h, "history, the order open");

    // Tasks: a task tracked (the sandbox keeps it pending in these tests).
    go(&mut h, Screen::Tasks);
    walk.look(&h, "tasks, none tracked");
    type_into(
        &mut h,
        &i18n::text("tasks-task-id"),
        &fixtures().pending_vectorize_task_id.to_string(),
    );
    press(&mut h, &i18n::text("tasks-track"));
    wait_for(&mut h, "the tracked task", |h| {
        !h.state().screens().tasks.tasks().is_empty()
    });
    walk.look(&h, "tasks, one tracked");

    go(&mut h, Screen::Settings);
    settle(&mut h, 300);
    walk.look(&h, "settings");
    walk
}

#[test]
fn every_screen_shows_only_translated_text_and_data_in_both_languages() {
    let _language = crate::one_language_at_a_time();
    let _marking = Marking::on();
    let mut findings = BTreeSet::new();
    for language in [Language::Danish, Language::English] {
        let walk = walk_every_screen(language, SIZE.x);
        println!(
            "{language:?}: {} texts looked at, {} not translated",
            walk.seen,
            walk.findings.len()
        );
        findings.extend(walk.findings);
    }
    let list: Vec<String> = findings
        .iter()
        .map(|f| {
            format!(
                "{} | {} | {} | {:?} (words: {})",
                f.screen,
                f.language,
                f.role,
                f.text,
                f.words.join(", ")
            )
        })
        .collect();
    assert!(
        list.is_empty(),
        "{} texts on screen did not come through tr! and are not data \
         (screen | language | role | text):\n{}",
        list.len(),
        list.join("\n")
    );
}

#[test]
fn unmarking_keeps_only_what_did_not_come_through_tr() {
    let text = format!("{MARK_OPEN}Ordre {MARK_OPEN}7{MARK_CLOSE}{MARK_CLOSE} – Mette Lund");
    assert_eq!(unmarked(&text), " – Mette Lund");
    assert_eq!(
        quoted(r#"x("Back number 10", "a \"b\"")"#),
        ["Back number 10", r#"a "b""#]
    );
    assert_eq!(
        words("3XL · Nordby-IF SO-100003 (att.").collect::<Vec<_>>(),
        ["Nordby", "IF", "att"]
    );
}

/// The narrowest window a vendor's laptop gives the app (1024 × 768 and up).
const NARROW: f32 = 1024.0;

#[test]
fn every_screen_fits_a_narrow_window_in_both_languages() {
    let _language = crate::one_language_at_a_time();
    let mut past = BTreeSet::new();
    for language in [Language::Danish, Language::English] {
        past.extend(walk_every_screen(language, NARROW).past_edge);
    }
    let list: Vec<String> = past
        .iter()
        .map(|f| format!("{} | {} | {} | {}", f.screen, f.language, f.role, f.text))
        .collect();
    assert!(
        list.is_empty(),
        "{} texts drawn past the right edge of a {NARROW} px window \
         (screen | language | role | text):\n{}",
        list.len(),
        list.join("\n")
    );
}
