//! Toasts (errors with a details toggle, confirmations) and the in-flight work shown in the
//! status bar once it has taken longer than [`PROGRESS_AFTER`].

use super::theme::{self, space};
use super::widgets::UiExt as _;
use crate::backend::{RequestId, UserError};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// Work shorter than this shows no progress.
pub const PROGRESS_AFTER: Duration = Duration::from_millis(300);

/// How long a confirmation stays (errors stay until dismissed).
const INFO_TTL: Duration = Duration::from_secs(6);

/// Most toasts shown at once.
const MAX_SHOWN: usize = 4;

/// Kind of a toast.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Error,
    Success,
}

struct Toast {
    id: u64,
    level: Level,
    message: String,
    details: Option<String>,
    repeats: u32,
    shown_details: bool,
    since: Instant,
}

/// The toasts.
#[derive(Default)]
pub struct Notifications {
    toasts: Vec<Toast>,
    next_id: u64,
}

impl Notifications {
    /// Shows an error's sentence, its details behind a toggle. The same sentence again bumps
    /// a counter instead of stacking.
    pub fn error(&mut self, error: &UserError) {
        self.push(Level::Error, &error.message, error.details.clone());
    }

    /// Shows a confirmation for a few seconds.
    pub fn success(&mut self, message: impl Into<String>) {
        self.push(Level::Success, &message.into(), None);
    }

    fn push(&mut self, level: Level, message: &str, details: Option<String>) {
        if let Some(t) = self
            .toasts
            .iter_mut()
            .find(|t| t.level == level && t.message == message)
        {
            t.repeats += 1;
            t.since = Instant::now();
            return;
        }
        self.next_id += 1;
        self.toasts.push(Toast {
            id: self.next_id,
            level,
            message: message.to_owned(),
            details,
            repeats: 1,
            shown_details: false,
            since: Instant::now(),
        });
        if self.toasts.len() > MAX_SHOWN {
            self.toasts.remove(0);
        }
    }

    /// The sentences shown now (for tests and accessibility checks).
    pub fn messages(&self) -> Vec<&str> {
        self.toasts.iter().map(|t| t.message.as_str()).collect()
    }

    /// Dismisses everything.
    pub fn clear(&mut self) {
        self.toasts.clear();
    }

    /// Shows the toasts at the bottom right, above the status bar.
    pub fn ui(&mut self, ctx: &egui::Context) {
        let now = Instant::now();
        self.toasts
            .retain(|t| t.level == Level::Error || now.duration_since(t.since) < INFO_TTL);
        if let Some(next) = self
            .toasts
            .iter()
            .filter(|t| t.level != Level::Error)
            .map(|t| INFO_TTL.saturating_sub(now.duration_since(t.since)))
            .min()
        {
            ctx.request_repaint_after(next);
        }
        if self.toasts.is_empty() {
            return;
        }
        let t = theme::tokens(ctx);
        let mut dismissed = None;
        egui::Area::new(egui::Id::unique("logodesk-toasts"))
            .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-space::L, -44.0))
            .order(egui::Order::Foreground)
            .show(ctx, |ui| {
                ui.set_max_width(420.0);
                for toast in &mut self.toasts {
                    let (fg, bg) = match toast.level {
                        Level::Error => (t.danger, t.danger_soft),
                        Level::Success => (t.success, t.success_soft),
                    };
                    egui::Frame::new()
                        .fill(t.surface)
                        .stroke(egui::Stroke::new(1.0, t.border))
                        .corner_radius(theme::radius::CARD)
                        .shadow(ui.visuals().popup_shadow)
                        .inner_margin(space::M)
                        .show(ui, |ui| {
                            ui.set_width(396.0);
                            ui.horizontal_top(|ui| {
                                let icon = match toast.level {
                                    Level::Error => "⚠",
                                    Level::Success => "✔",
                                };
                                ui.badge(icon, fg, bg);
                                ui.vertical(|ui| {
                                    ui.set_width(300.0);
                                    let text = if toast.repeats > 1 {
                                        format!("{} (×{})", toast.message, toast.repeats)
                                    } else {
                                        toast.message.clone()
                                    };
                                    ui.add(
                                        egui::Label::new(
                                            egui::RichText::new(text).color(t.text_strong),
                                        )
                                        .wrap(),
                                    );
                                    if let Some(details) = &toast.details {
                                        let label = if toast.shown_details {
                                            "Hide details"
                                        } else {
                                            "Details"
                                        };
                                        if ui.link(label).clicked() {
                                            toast.shown_details = !toast.shown_details;
                                        }
                                        if toast.shown_details {
                                            ui.add(
                                                egui::Label::new(
                                                    egui::RichText::new(details)
                                                        .small()
                                                        .color(t.text_muted),
                                                )
                                                .wrap(),
                                            );
                                        }
                                    }
                                });
                                if ui.small_button("✖").on_hover_text("Dismiss").clicked() {
                                    dismissed = Some(toast.id);
                                }
                            });
                        });
                    ui.add_space(space::XS);
                }
            });
        if let Some(id) = dismissed {
            self.toasts.retain(|t| t.id != id);
        }
    }
}

/// Work in flight, by request; shown once older than [`PROGRESS_AFTER`].
#[derive(Default)]
pub struct Progress {
    pending: BTreeMap<RequestId, (String, Instant)>,
}

impl Progress {
    /// Records the start of a request.
    pub fn start(&mut self, id: RequestId, label: &str) {
        self.pending.insert(id, (label.to_owned(), Instant::now()));
    }

    /// Records the end of a request (answered, failed or superseded).
    pub fn finish(&mut self, id: RequestId) {
        self.pending.remove(&id);
    }

    /// Forgets everything (a new account).
    pub fn clear(&mut self) {
        self.pending.clear();
    }

    /// Whether `id` is still running.
    pub fn is_pending(&self, id: RequestId) -> bool {
        self.pending.contains_key(&id)
    }

    /// What to show: the oldest slow request's label and how many are slow. Asks for a
    /// repaint when the next one turns slow.
    pub fn visible(&self, ctx: &egui::Context) -> Option<(String, usize)> {
        let now = Instant::now();
        let mut slow = self
            .pending
            .values()
            .filter(|(_, since)| now.duration_since(*since) >= PROGRESS_AFTER);
        let first = slow.next().map(|(label, _)| label.clone());
        let count = first.as_ref().map_or(0, |_| 1 + slow.count());
        if let Some(wait) = self
            .pending
            .values()
            .map(|(_, since)| PROGRESS_AFTER.saturating_sub(now.duration_since(*since)))
            .filter(|d| !d.is_zero())
            .min()
        {
            ctx.request_repaint_after(wait);
        }
        first.map(|label| (label, count))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_errors_are_counted_not_stacked() {
        let mut n = Notifications::default();
        let e = UserError::new(
            "The service could not be reached.",
            Some("connection refused".into()),
        );
        n.error(&e);
        n.error(&e);
        n.success("Saved.");
        assert_eq!(
            n.messages(),
            vec!["The service could not be reached.", "Saved."]
        );
        for i in 0..10 {
            n.error(&UserError::new(format!("e{i}"), None));
        }
        assert_eq!(n.messages().len(), MAX_SHOWN);
    }

    #[test]
    fn progress_shows_only_slow_work() {
        let ctx = egui::Context::default();
        let mut p = Progress::default();
        p.start(RequestId(1), "Loading logos");
        assert_eq!(p.visible(&ctx), None);
        p.pending.get_mut(&RequestId(1)).unwrap().1 -= Duration::from_millis(400);
        assert_eq!(p.visible(&ctx), Some(("Loading logos".into(), 1)));
        p.finish(RequestId(1));
        assert!(!p.is_pending(RequestId(1)));
        assert_eq!(p.visible(&ctx), None);
    }
}
