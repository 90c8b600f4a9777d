//! The "not fresh" mark of what the backend answered from its disk cache because the service
//! could not be reached (`stale_since`): the gallery, a logo's detail and a design's views.

use crate::locale::Language;
use crate::tr;
use crate::ui::theme::{self, space};
use chrono::{DateTime, Utc};
use egui::{RichText, Ui};

/// A line in the warning colours saying that what is shown was saved at `since` and is not
/// up to date; its hover says why and when it will be.
pub fn stale_mark(ui: &mut Ui, since: DateTime<Utc>, language: Language) {
    let t = theme::tokens(ui.ctx());
    let text = tr!("stale-mark", when = language.date_time(&since));
    egui::Frame::new()
        .fill(t.warning_soft)
        .corner_radius(theme::radius::CONTROL)
        .inner_margin(space::S)
        .show(ui, |ui| {
            ui.label(RichText::new(format!("⚠ {text}")).color(t.text_strong))
                .on_hover_text(tr!("stale-mark-hover"));
        });
}
