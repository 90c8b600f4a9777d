//! Toasts: errors with a details toggle, and confirmations.

use super::theme::{self, space};
use super::widgets::UiExt as _;
use crate::backend::UserError;
use std::time::{Duration, Instant};

/// How long a confirmation stays (errors stay until dismissed).
const INFO_TTL: Duration = Duration::from_secs(6);

/// Most toasts shown at once.
const MAX_SHOWN: usize = 4;

/// Kind of a toast.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Error,
    Success,
    /// News that asks for attention but is no failure (a club asked for changes).
    Attention,
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

    /// Shows news that asks for attention for a few seconds (not a failure, not a success).
    pub fn attention(&mut self, message: impl Into<String>) {
        self.push(Level::Attention, &message.into(), None);
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
            .anchor(
                egui::Align2::RIGHT_BOTTOM,
                egui::vec2(-space::L, -theme::toast::ABOVE),
            )
            .order(egui::Order::Foreground)
            .show(ctx, |ui| {
                ui.set_max_width(theme::toast::MAX_WIDTH);
                for toast in &mut self.toasts {
                    let (fg, bg) = match toast.level {
                        Level::Error => (t.danger, t.danger_soft),
                        Level::Success => (t.success, t.success_soft),
                        Level::Attention => (t.warning, t.warning_soft),
                    };
                    egui::Frame::new()
                        .fill(t.surface)
                        .stroke(egui::Stroke::new(1.0, t.border))
                        .corner_radius(theme::radius::CARD)
                        .shadow(ui.visuals().popup_shadow)
                        .inner_margin(space::M)
                        .show(ui, |ui| {
                            ui.set_width(theme::toast::WIDTH);
                            ui.horizontal_top(|ui| {
                                let icon = match toast.level {
                                    Level::Error => "⚠",
                                    Level::Success => "✔",
                                    Level::Attention => "!",
                                };
                                ui.badge(icon, fg, bg);
                                ui.vertical(|ui| {
                                    ui.set_width(theme::toast::TEXT);
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
                                            crate::tr!("common-hide-details")
                                        } else {
                                            crate::tr!("common-details")
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
                                if ui
                                    .small_button("✖")
                                    .on_hover_text(crate::tr!("common-dismiss"))
                                    .clicked()
                                {
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
}
