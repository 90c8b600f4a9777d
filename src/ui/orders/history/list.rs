//! History's list: the rows under their filters, a page at a time, with what every matching
//! row adds up to, and the look-up of an order by its tracking id.

use super::{HistoryView, Listing, parse_tracking_id};
use crate::backend::Command;
use crate::backend::orders::OrdersCommand;
use crate::orders::local::{HistoryFilter, StatusFilter};
use crate::store::{HistoryTotals, OrderState};
use crate::ui::orders::composer::state_badge;
use crate::ui::theme::{self, field, space};
use crate::ui::widgets::{IdEntry, UiExt as _, id_entry};
use crate::ui::{Shared, Slot};
use egui::{RichText, Ui};

impl HistoryView {
    pub(super) fn list_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>, listing: &Listing<'_>) {
        let t = theme::tokens(ui.ctx());
        let history = listing.rows;
        let all = listing.summary.all;
        let pending = listing
            .waiting
            .iter()
            .filter(|o| !o.state.is_final())
            .count();
        let team = shared
            .session
            .active
            .as_ref()
            .is_some_and(|a| a.record.id.is_team())
            || history.iter().any(|o| o.placed_by.is_some());
        ui.horizontal(|ui| {
            // A team's account lists every desk's orders (each row names its desk).
            let subtitle = if team {
                crate::tr!("history-subtitle-team", count = all, pending = pending)
            } else {
                crate::tr!("history-subtitle", count = all, pending = pending)
            };
            ui.screen_title(&crate::tr!("history-title"), Some(&subtitle));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let tracking = IdEntry::new(
                    &mut self.lookup,
                    &mut self.lookup_error,
                    crate::tr!("history-tracking-id"),
                    crate::tr!("history-look-up"),
                    parse_tracking_id,
                )
                .hint(crate::tr!("history-tracking-id"))
                .width(field::TRACKING_ID)
                .busy(self.looking_up)
                .row(ui);
                if let Some(tracking) = tracking {
                    self.looking_up = true;
                    shared.request(
                        Slot::OrdersLookUp,
                        &crate::tr!("history-looking-up"),
                        |request| Command::Orders(OrdersCommand::LookUp { request, tracking }),
                    );
                }
            });
        });
        id_entry::problem_ui(ui, &self.lookup_error);
        // The team database is out of reach: this is what was last read.
        let away = shared.session.team_data_stale();
        if away {
            ui.add_space(space::S);
            crate::ui::stale::team_away_mark(ui, &crate::tr!("history-team-stale"));
        }
        ui.add_space(space::S);
        ui.add(
            egui::TextEdit::singleline(&mut self.filter.text)
                .hint_text(crate::tr!("history-search-hint"))
                .desired_width(f32::INFINITY),
        )
        .accessible_name(crate::tr!("history-search-name"));
        ui.add_space(space::S);
        self.filters_ui(ui);
        ui.add_space(space::S);
        let shown = history;
        if shown.is_empty() {
            let (title, hint) = if all == 0 && !self.filter.is_set() && away {
                (
                    crate::tr!("history-empty-team-away"),
                    crate::tr!("history-empty-team-away-hint"),
                )
            } else if all == 0 && !self.filter.is_set() {
                (
                    crate::tr!("history-empty"),
                    if team {
                        crate::tr!("history-empty-hint-team")
                    } else {
                        crate::tr!("history-empty-hint")
                    },
                )
            } else {
                (
                    crate::tr!("history-no-match"),
                    crate::tr!("history-no-match-hint"),
                )
            };
            ui.empty_state("☰", &title, &hint, None);
            return;
        }
        Self::totals_ui(ui, shared, &listing.summary.matching, listing.rows.len());
        ui.add_space(space::S);
        let row_height = 40.0;
        // The line under the rows while more match: how many are listed, "Show more".
        let more_line = if listing.more {
            ui.spacing().interact_size.y + space::M
        } else {
            0.0
        };
        ui.surface(|ui| {
            let widths = widths(ui.available_width(), ui.spacing().item_spacing.x);
            egui::Grid::new("history-head")
                .num_columns(6)
                .min_col_width(0.0)
                .show(ui, |ui| {
                    for (h, w) in head().into_iter().zip(widths) {
                        ui.add_sized(
                            [w, 16.0],
                            egui::Label::new(RichText::new(h).small().strong()),
                        );
                    }
                    ui.end_row();
                });
            ui.separator();
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .max_height((ui.available_height() - more_line).max(row_height))
                .show_rows(ui, row_height, shown.len(), |ui, range| {
                    // Scrolled to the end: the next page is asked for.
                    if listing.more && range.end == shown.len() {
                        self.want_more = true;
                    }
                    for o in &shown[range] {
                        let r = ui
                            .horizontal(|ui| {
                                ui.set_height(row_height - 8.0);
                                let number = o.order_number.clone().unwrap_or_else(|| "—".into());
                                ui.add_sized(
                                    [widths[0], 20.0],
                                    egui::Label::new(
                                        RichText::new(number).strong().color(t.text_strong),
                                    ),
                                );
                                // On a team, who placed it goes under the reference, on a line
                                // of its own: a long reference never hides it.
                                match &o.placed_by {
                                    Some(by) => {
                                        ui.allocate_ui(
                                            [widths[1], row_height - 8.0].into(),
                                            |ui| {
                                                ui.set_width(widths[1]);
                                                ui.spacing_mut().item_spacing.y = 0.0;
                                                ui.vertical(|ui| {
                                                    ui.add(
                                                        egui::Label::new(o.reference.as_str())
                                                            .truncate(),
                                                    );
                                                    ui.add(
                                                        egui::Label::new(
                                                            RichText::new(crate::tr!(
                                                                "history-placed-by",
                                                                desk = by.as_str()
                                                            ))
                                                            .small()
                                                            .color(t.text_muted),
                                                        )
                                                        .truncate(),
                                                    );
                                                });
                                            },
                                        );
                                    }
                                    None => {
                                        ui.add_sized(
                                            [widths[1], 20.0],
                                            egui::Label::new(o.reference.as_str()).truncate(),
                                        );
                                    }
                                }
                                ui.add_sized(
                                    [widths[2], 20.0],
                                    egui::Label::new(&o.recipient).truncate(),
                                );
                                ui.allocate_ui([widths[3], 20.0].into(), |ui| {
                                    state_badge(ui, o.state)
                                });
                                let total = o
                                    .record
                                    .as_ref()
                                    .and_then(|r| r.order.as_ref())
                                    .map(|ord| shared.language().money(ord.total, &ord.currency))
                                    .unwrap_or_default();
                                ui.add_sized([widths[4], 20.0], egui::Label::new(total));
                                let note = match (o.state, &o.last_error, &o.hold) {
                                    _ if o.kept_for_team() => crate::tr!("history-note-kept"),
                                    (_, _, Some(_)) => crate::tr!("history-note-held"),
                                    (OrderState::Uncertain, ..) => {
                                        crate::tr!("history-note-uncertain")
                                    }
                                    (OrderState::Unknown, ..) => {
                                        crate::tr!("history-note-unknown")
                                    }
                                    (OrderState::Queued, Some(e), _) => crate::tr!(
                                        "history-note-waiting",
                                        tries = o.attempts,
                                        error = e.as_str()
                                    ),
                                    (OrderState::Queued, None, _) => {
                                        crate::tr!("history-note-sending")
                                    }
                                    _ => shared.language().time_stamp(&o.updated_at),
                                };
                                ui.add_sized(
                                    [widths[5], 20.0],
                                    egui::Label::new(
                                        RichText::new(note).small().color(t.text_muted),
                                    )
                                    .truncate(),
                                );
                            })
                            .response;
                        let r = ui.interact(
                            r.rect,
                            ui.scope_id().with(("history-row", o.id.0)),
                            egui::Sense::click(),
                        );
                        if r.hovered() {
                            ui.painter().rect_filled(
                                r.rect,
                                theme::radius::CONTROL,
                                t.surface_hover.gamma_multiply(0.5),
                            );
                        }
                        if r.clicked() {
                            self.open = Some(o.id);
                        }
                    }
                });
            if listing.more {
                self.more_ui(ui, listing);
            }
        });
    }

    /// Under the rows while more match: how many are listed, and "Show more" (the next page
    /// also comes when the list is scrolled to its end).
    fn more_ui(&mut self, ui: &mut Ui, listing: &Listing<'_>) {
        ui.add_space(space::S);
        ui.horizontal(|ui| {
            ui.muted(&crate::tr!(
                "history-listed",
                shown = listing.rows.len(),
                count = listing.summary.matching.count.max(listing.rows.len())
            ));
            if listing.asking_more {
                ui.spinner();
                ui.muted(&crate::tr!("history-loading-more"));
            } else if ui.button(crate::tr!("history-show-more")).clicked() {
                self.want_more = true;
            }
        });
    }

    /// The status picker, the recipient and the days of the list, and a way to clear them.
    fn filters_ui(&mut self, ui: &mut Ui) {
        let t = theme::tokens(ui.ctx());
        ui.horizontal_wrapped(|ui| {
            ui.muted(&crate::tr!("history-filter-show"));
            let picker = egui::ComboBox::from_id_salt("history-status")
                .selected_text(self.filter.status.label())
                .show_ui(ui, |ui| {
                    for status in StatusFilter::ALL {
                        ui.selectable_value(&mut self.filter.status, status, status.label());
                    }
                });
            // Named for screen readers (and tests) by the word before it.
            let (enabled, name) = (ui.is_enabled(), crate::tr!("history-filter-show"));
            picker
                .response
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, enabled, &name));
            ui.add(
                egui::TextEdit::singleline(&mut self.filter.recipient)
                    .hint_text(crate::tr!("history-filter-recipient"))
                    .desired_width(field::S),
            )
            .accessible_name(crate::tr!("history-filter-recipient"));
            for (label, day) in [
                (crate::tr!("history-filter-from"), &mut self.filter.from),
                (crate::tr!("history-filter-to"), &mut self.filter.to),
            ] {
                ui.muted(&label);
                ui.add(
                    egui::TextEdit::singleline(day)
                        .hint_text(crate::tr!("history-filter-day-hint"))
                        .desired_width(field::DAY),
                )
                .accessible_name(label);
            }
            if self.filter.is_set() && ui.button(crate::tr!("history-filter-clear")).clicked() {
                self.filter = HistoryFilter::default();
            }
        });
        if let Some(problem) = self.filter.day_problem() {
            ui.label(RichText::new(problem).small().color(t.danger));
        }
    }

    /// "N found · total …" over the list: every row matching, loaded or not (never fewer
    /// than the `shown` rows: one kept on this desk while the team is away is listed too).
    fn totals_ui(ui: &mut Ui, shared: &Shared<'_>, matching: &HistoryTotals, shown: usize) {
        let count = matching.count.max(shown);
        let money: Vec<String> = matching
            .sums
            .iter()
            .map(|(currency, sum)| shared.language().money(*sum, currency))
            .collect();
        let line = if money.is_empty() {
            crate::tr!("history-shown", count = count)
        } else {
            crate::tr!(
                "history-shown-total",
                count = count,
                total = money.join(" + "),
                open = matching.without_total
            )
        };
        ui.label(RichText::new(line).strong());
    }
}

/// Column widths of the history list.
const WIDTHS: [f32; 6] = [110.0, 150.0, 170.0, 100.0, 130.0, 260.0];

/// The list's column widths in `width` (`gap` between columns): the order number, state and
/// total keep theirs; the reference, recipient and note share what is left in the same
/// proportions, down to half their width.
fn widths(width: f32, gap: f32) -> [f32; 6] {
    let fixed = WIDTHS[0] + WIDTHS[3] + WIDTHS[4] + 5.0 * gap;
    let shared = WIDTHS[1] + WIDTHS[2] + WIDTHS[5];
    let scale = ((width - fixed) / shared).clamp(0.5, 1.0);
    let mut out = WIDTHS;
    for i in [1, 2, 5] {
        out[i] = WIDTHS[i] * scale;
    }
    out
}

/// Column titles of the history list, in the order of [`WIDTHS`].
fn head() -> [String; 6] {
    [
        crate::tr!("history-col-order"),
        crate::tr!("history-col-reference"),
        crate::tr!("history-col-recipient"),
        crate::tr!("history-col-status"),
        crate::tr!("history-col-total"),
        crate::tr!("history-col-updated"),
    ]
}
