//! The gallery and the logo detail, driven through the real app against an in-process sandbox:
//! demo logos, search, paging, keyboard, detail with pricing, a failing server, snapshots.

use crate::ui_common;

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use logodesk::app::LogodeskApp;
use logodesk::backend::BackendConfig;
use logodesk::sandbox::SandboxConfig;
use logodesk::ui::{PersistedUi, Screen};
use std::collections::HashSet;
use ui_common::*;

/// The textures the last frame painted.
fn painted_textures(h: &Harness<'static, LogodeskApp>) -> HashSet<egui::TextureId> {
    fn walk(shape: &egui::Shape, out: &mut HashSet<egui::TextureId>) {
        match shape {
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| walk(s, out)),
            shape => {
                out.insert(shape.texture_id());
            }
        }
    }
    let mut out = HashSet::new();
    for clipped in &h.output().shapes {
        walk(&clipped.shape, &mut out);
    }
    out
}

#[test]
fn gallery_shows_the_demo_logos_with_their_total() {
    let mut h = app(egui::Theme::Light);
    wait_for_gallery(&mut h);
    let gallery = &h.state().screens().gallery;
    let total = gallery.total_count().expect("a total");
    assert!(
        total >= 30,
        "the demo vendor has dozens of logos, got {total}"
    );
    // A slot for each logo of the total, and the first page of them, newest first.
    let slots = usize::try_from(total).unwrap();
    assert_eq!(gallery.slots(), slots, "a slot for each logo of the total");
    let ids: Vec<i64> = gallery.cards().map(|c| c.logo_id.0).collect();
    let page = usize::try_from(PersistedUi::default().gallery_page_size).unwrap();
    assert_eq!(
        ids.len(),
        page.min(slots),
        "the first page is loaded, whole"
    );
    assert!(ids.is_sorted_by(|a, b| a > b), "newest first: {ids:?}");
    let first = gallery.cards().next().expect("a first card").title.clone();
    assert!(shows(&h, &first), "the newest logo's card");
    assert!(shows_text(&h, &format!("{total} logos")));
    // `wait_for_gallery` waits until the first cards' thumbnails are loaded; the frame paints
    // each of them.
    let painted = painted_textures(&h);
    for card in h.state().screens().gallery.cards().take(8) {
        let texture = h.state().thumbnails().texture_id(&card.thumb);
        assert!(
            texture.is_some_and(|t| painted.contains(&t)),
            "the thumbnail of {} is painted",
            card.title
        );
    }
    assert_eq!(
        h.state().session().active.as_ref().unwrap().record.name,
        "Sandbox"
    );
    assert!(
        shows_text(&h, "own organization (1001)"),
        "organization context in the status bar"
    );

    // The oldest demo logo, the club's crest, ends the list: End selects the last slot, and
    // its page is fetched and shown.
    h.key_press(Key::End);
    h.step();
    let end = h.state().screens().gallery.selected_index();
    assert_eq!(end, Some(slots - 1), "End selects the last logo");
    wait_for(&mut h, "the last page", |h| {
        let g = &h.state().screens().gallery;
        g.selected_card().is_some() && !g.is_busy()
    });
    let g = &h.state().screens().gallery;
    let last = g.selected_card().expect("the last card").title.clone();
    assert_eq!(last, "Nordby IF crest", "the demo crest is listed, last");
    assert!(
        shows(&h, "Nordby IF crest"),
        "the crest's card is on screen"
    );
}

#[test]
fn search_narrows_the_list_after_a_pause_and_clears() {
    let mut h = app(egui::Theme::Light);
    wait_for_gallery(&mut h);
    let all = h.state().screens().gallery.total_count().unwrap();

    h.get_by_label("Search logos").click();
    h.run_steps(2);
    h.get_by_label("Search logos").type_text("JERSEY");
    h.step();
    // Typing alone sends nothing until the debounce has passed.
    assert_eq!(h.state().screens().gallery.total_count(), Some(all));
    wait_for(&mut h, "the search result", |h| {
        h.state()
            .screens()
            .gallery
            .total_count()
            .is_some_and(|n| n < all)
            && !h.state().screens().gallery.is_busy()
    });
    let titles: Vec<String> = h
        .state()
        .screens()
        .gallery
        .cards()
        .map(|c| c.title.clone())
        .collect();
    assert!(!titles.is_empty());
    assert!(
        titles.iter().all(|t| t.to_lowercase().contains("jersey")),
        "case-insensitive title search: {titles:?}"
    );
    assert!(shows(&h, "Home jersey chest logo"));
    assert!(!titles.iter().any(|t| t == "Nordby IF crest"));

    // A search nothing matches says so and offers to clear it.
    h.get_by_label("Search logos").focus();
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::A);
    h.get_by_label("Search logos").type_text("zzz-no-such-logo");
    wait_for(&mut h, "the empty result", |h| {
        h.state().screens().gallery.total_count() == Some(0)
    });
    assert!(shows(&h, "No matching logos"));
    h.get_by_label("Clear search").click();
    wait_for(&mut h, "the full list again", |h| {
        h.state().screens().gallery.total_count() == Some(all)
            && !h.state().screens().gallery.is_busy()
    });
}

#[test]
fn scrolling_fetches_the_next_page() {
    let persisted = PersistedUi {
        gallery_page_size: 12,
        ..PersistedUi::default()
    };
    let mut h = app_with(config(), egui::Theme::Light, persisted);
    wait_for_gallery(&mut h);
    let total = h.state().screens().gallery.total_count().unwrap() as usize;
    let first_page: Vec<_> = h
        .state()
        .screens()
        .gallery
        .cards()
        .map(|c| c.logo_id)
        .collect();
    assert!(
        first_page.len() >= 12 && first_page.len() < total,
        "the visible rows' pages only"
    );

    // Move the selection to the last card with the keyboard: the grid scrolls to it and the
    // pages of the rows that come into view are fetched.
    h.key_press(Key::End);
    h.step();
    assert_eq!(
        h.state().screens().gallery.selected_index(),
        Some(total - 1),
        "End selects the last card"
    );
    wait_for(&mut h, "the last page", |h| {
        let g = &h.state().screens().gallery;
        g.cards().count() > first_page.len() && !g.is_busy()
    });
    let g = &h.state().screens().gallery;
    let last = g
        .selected_card()
        .expect("the last card is loaded and selected");
    assert!(
        !first_page.contains(&last.logo_id),
        "a card from a later page"
    );
    assert!(
        shows(&h, &last.title.clone()),
        "the later card is on screen"
    );
}

#[test]
fn a_card_opens_the_detail_with_tiers_and_fees() {
    let mut h = app(egui::Theme::Light);
    wait_for_gallery(&mut h);
    let first = h
        .state()
        .screens()
        .gallery
        .cards()
        .next()
        .unwrap()
        .title
        .clone();
    h.get_by_label(&first).click();
    wait_for(&mut h, "the logo", |h| {
        h.state().screens().detail.is_loaded()
    });
    assert_eq!(h.state().screen(), Screen::LogoDetail);
    let logo = h.state().screens().detail.logo().unwrap().clone();
    assert_eq!(logo.title, first);
    // The picture and the facts share the window's width: nothing is drawn past its right
    // edge (the zoom line under the picture once pushed the facts out of the window).
    for width in [1024.0, 1100.0, SIZE.x] {
        h.set_size(egui::vec2(width, SIZE.y));
        h.run_steps(3);
        let past = drawn_past(&h, width);
        assert!(past.is_empty(), "past the edge at {width} px: {past:?}");
    }
    assert!(!logo.prices.is_empty(), "the demo logo has price tiers");
    assert!(shows(&h, "Price tiers"));
    assert!(shows(&h, "From quantity"));
    let first = &logo.prices[0];
    assert!(
        shows(&h, &format!("{:.2}", first.unit_price)),
        "a tier's unit price"
    );
    assert!(shows(&h, "Additional fees"));
    for fee in &logo.additional_fees {
        let meaning = logodesk::ui::logo_detail::fee_meaning(fee);
        assert!(shows(&h, &meaning), "the meaning of {}", fee.name);
    }
    // The colors table is below the fees: scroll it into view.
    h.get_by_label(&format!("Colors ({})", logo.colors.len()))
        .scroll_to_me();
    h.run_steps(3);
    for color in &logo.colors {
        assert!(shows(&h, &color.hex()), "color {} listed", color.id);
    }

    // Alt+Left goes back; Enter opens the selected card again.
    h.key_press_modifiers(egui::Modifiers::ALT, Key::ArrowLeft);
    h.run_steps(2);
    assert_eq!(h.state().screen(), Screen::Gallery);
    h.key_press(Key::ArrowRight);
    h.key_press(Key::Enter);
    wait_for(&mut h, "the second logo", |h| {
        h.state().screens().detail.is_loaded()
            && h.state().screens().detail.logo().unwrap().title != "Nordby IF crest"
    });
}

#[test]
fn item_numbers_and_ids_open_logos() {
    let fx = logodesk::sandbox::fixtures();
    let mut h = app(egui::Theme::Light);
    wait_for_gallery(&mut h);
    h.get_by_label("Open by number").click();
    h.get_by_label("Open by number")
        .type_text(&fx.done_logo_item_no.to_string());
    h.get_by_label("Open").click();
    wait_for(&mut h, "the logo by item number", |h| {
        h.state().screens().detail.is_loaded()
    });
    assert_eq!(
        h.state().screens().detail.logo().unwrap().logo_id.0,
        fx.done_logo_id
    );

    h.key_press_modifiers(egui::Modifiers::ALT, Key::ArrowLeft);
    h.run_steps(2);
    h.get_by_label("Open by number").click();
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::A);
    h.get_by_label("Open by number")
        .type_text(&format!("#{}", fx.text_logo_id));
    h.get_by_label("Open").click();
    wait_for(&mut h, "the logo by id", |h| {
        h.state()
            .screens()
            .detail
            .logo()
            .is_some_and(|l| l.logo_id.0 == fx.text_logo_id)
    });

    // An unknown number is a readable failure.
    h.key_press_modifiers(egui::Modifiers::ALT, Key::ArrowLeft);
    h.run_steps(2);
    h.get_by_label("Open by number").click();
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::A);
    h.get_by_label("Open by number").type_text("999999");
    h.get_by_label("Open").click();
    wait_for(&mut h, "the not-found notification", |h| {
        !h.state().notifications().is_empty()
    });
    assert!(shows(&h, "This logo could not be opened"));
    let note = h.state().notifications()[0].to_owned();
    assert!(
        note.ends_with('.') && !note.contains("Status {"),
        "a sentence, not a dump: {note}"
    );
}

#[test]
fn ctrl_r_refreshes_and_ctrl_f_focuses_search() {
    let mut h = app(egui::Theme::Light);
    wait_for_gallery(&mut h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::F);
    h.run_steps(2);
    assert!(h.get_by_label("Search logos").is_focused());
    h.key_press(Key::Escape);
    h.run_steps(1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::R);
    h.step();
    assert!(
        h.state().screens().gallery.is_busy(),
        "a reload is on its way"
    );
    wait_for_gallery(&mut h);
}

#[test]
fn ctrl_r_on_a_logo_shows_what_the_service_has_now() {
    let mut h = app(egui::Theme::Light);
    wait_for_gallery(&mut h);
    let draft = h
        .state()
        .screens()
        .gallery
        .first_draft()
        .expect("a demo draft");
    h.get_by_label("Open by number").click();
    h.get_by_label("Open by number")
        .type_text(&format!("#{}", draft.0));
    h.get_by_label("Open").click();
    wait_for(&mut h, "the draft", |h| {
        h.state()
            .screens()
            .detail
            .logo()
            .is_some_and(|l| l.logo_id == draft)
    });
    // Someone renames the draft meanwhile (another designer, the web shop).
    let client = sandbox_client(&h);
    let renamed = "Renamed elsewhere";
    tokio::runtime::Runtime::new()
        .expect("a runtime")
        .block_on(client.logos().rename(
            draft,
            &logodesk::api::Rename {
                title: renamed.into(),
            },
        ))
        .expect("the rename");
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::R);
    wait_for(&mut h, "the logo as it is now", |h| {
        h.state()
            .screens()
            .detail
            .logo()
            .is_some_and(|l| l.title == renamed)
    });
    assert_eq!(h.state().screen(), Screen::LogoDetail);
}

#[test]
fn a_failing_server_shows_a_readable_notification() {
    let mut config = BackendConfig::ephemeral(mock_keychain());
    config.sandbox = Some(SandboxConfig {
        fault_rate: 1.0,
        ..SandboxConfig::fast()
    });
    let mut h = app_with(config, egui::Theme::Light, PersistedUi::default());
    wait_for(&mut h, "a notification", |h| {
        !h.state().notifications().is_empty()
    });
    let note = h.state().notifications()[0].to_owned();
    assert!(note.len() > 20 && note.ends_with('.'), "a sentence: {note}");
    assert!(!note.contains("sbx_"), "no key in messages");
    assert!(shows(&h, &note), "the notification is on screen");
    assert!(shows(&h, "The logos could not be loaded"));
    assert!(shows(&h, "Details"), "a details toggle");
    h.get_by_label("Details").click();
    h.run_steps(2);
    assert!(shows(&h, "Hide details"));
}

/// What is drawn (its text and right edge) past `width`.
fn drawn_past(h: &Harness<'static, LogodeskApp>, width: f32) -> Vec<String> {
    h.query_all(egui_kittest::kittest::By::new().include_labels())
        .filter_map(|n| {
            let node = n.accesskit_node();
            let right = node.bounding_box()?.x1;
            let text = node.value().or(node.label()).unwrap_or_default();
            (right > f64::from(width) + 0.5).then(|| format!("{text:?} ends at {right}"))
        })
        .collect()
}

/// Snapshots of the gallery and of the first logo's detail in `theme`.
fn snapshots(theme: egui::Theme, suffix: &str) {
    let mut h = app(theme);
    wait_for(&mut h, "all first-page thumbnails", |h| {
        let a = h.state();
        a.gallery_ready()
            && a.screens()
                .gallery
                .cards()
                .all(|c| a.thumbnails().contains(&c.thumb))
    });
    h.remove_cursor();
    h.run_steps(2);
    h.snapshot(format!("gallery_{suffix}"));
    let first = h
        .state()
        .screens()
        .gallery
        .cards()
        .next()
        .unwrap()
        .title
        .clone();
    h.get_by_label(&first).click();
    wait_for(&mut h, "the logo", |h| {
        h.state().screens().detail.is_loaded()
    });
    h.remove_cursor();
    h.run_steps(2);
    h.snapshot(format!("detail_{suffix}"));
}

#[test]
fn snapshots_light() {
    snapshots(egui::Theme::Light, "light");
}

#[test]
fn snapshots_dark() {
    snapshots(egui::Theme::Dark, "dark");
}
