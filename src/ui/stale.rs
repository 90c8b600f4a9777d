//! The "not fresh" mark of what the backend answered from its disk cache because the service
//! could not be reached (`stale_since`): the gallery, a logo's detail and a design's views; and
//! of a team's screens while the team database is out of reach (History, Tasks, the composer).

use crate::locale::Language;
use crate::tr;
use crate::ui::theme::{self, space};
use chrono::{DateTime, Utc};
use egui::{RichText, Ui};

/// A line in the warning colours saying that what is shown was saved at `since` and is not
/// up to date; its hover says why and when it will be.
pub fn stale_mark(ui: &mut Ui, since: DateTime<Utc>, language: Language) {
    let text = tr!("stale-mark", when = language.date_time(&since));
    mark(ui, &text).on_hover_text(tr!("stale-mark-hover"));
}

/// The same mark on a team's screen while the team database is out of reach: `text` says what
/// is shown and what becomes of what is done meanwhile (the status bar says when it is tried
/// again). The team drops and comes back while the person types and clicks, so the mark takes
/// no room: it floats over the foot of the screen (`ui`'s area) and lets clicks through, and
/// nothing under the pointer moves when it comes or goes.
pub fn team_away_mark(ui: &mut Ui, text: &str) {
    let area = ui.max_rect().intersect(ui.clip_rect());
    let width = (area.width() - 2.0 * space::M).max(120.0);
    egui::Area::new(ui.scope_id().with("team-away-mark"))
        .order(egui::Order::Foreground)
        .interactable(false)
        .pivot(egui::Align2::CENTER_BOTTOM)
        .fixed_pos(area.center_bottom() - egui::vec2(0.0, space::M))
        .show(ui.ctx(), |ui| {
            ui.set_max_width(width);
            mark(ui, text);
        });
}

/// `text` after a warning sign, in a frame of the warning colours, as wide as the screen.
fn mark(ui: &mut Ui, text: &str) -> egui::Response {
    let t = theme::tokens(ui.ctx());
    egui::Frame::new()
        .fill(t.warning_soft)
        .corner_radius(theme::radius::CONTROL)
        .inner_margin(space::S)
        .show(ui, |ui| {
            ui.add(egui::Label::new(RichText::new(format!("⚠ {text}")).color(t.text_strong)).wrap())
        })
        .inner
}
