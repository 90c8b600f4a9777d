//! The window's frame around the screens: menu bar, left navigation with the account
//! switcher, and the status bar (account, organization context, work in flight).

use super::actions::Availability;
use super::theme::{self, space};
use super::widgets::UiExt as _;
use super::{Action, Intent, Screen, Shared};
use egui::{Align, Layout, RichText, Sense, Stroke, Ui, Vec2};

/// The menu bar; every item is an [`Action`], enabled as [`Action::enabled`] says.
pub fn menu_bar_ui(ui: &mut Ui, shared: &mut Shared<'_>, now: &Availability) {
    egui::MenuBar::new().ui(ui, |ui| {
        let mut item = |ui: &mut Ui, action: Action| {
            if action.menu_item(ui, action.enabled(now)) {
                shared.intents.push(Intent::Perform(action));
            }
        };
        ui.menu_button(crate::tr!("shell-menu-file"), |ui| {
            item(ui, Action::NewOrder);
            item(ui, Action::Refresh);
            item(ui, Action::Show(Screen::Settings));
            ui.separator();
            item(ui, Action::Quit);
        });
        ui.menu_button(crate::tr!("shell-menu-edit"), |ui| {
            item(ui, Action::Undo);
            item(ui, Action::Redo);
        });
        ui.menu_button(crate::tr!("shell-menu-view"), |ui| {
            item(ui, Action::CommandPalette);
            ui.separator();
            for action in Action::all().filter(|a| a.screen().is_some()) {
                if action != Action::Show(Screen::Settings) {
                    item(ui, action);
                }
            }
            ui.separator();
            item(ui, Action::FocusSearch);
            item(ui, Action::OpenSelected);
            item(ui, Action::Back);
            ui.separator();
            item(ui, Action::ToggleTheme);
        });
        ui.menu_button(crate::tr!("shell-menu-logo"), |ui| {
            item(ui, Action::CopyItemNumber);
        });
    });
}

/// The left navigation: brand, screens, and the account switcher at the bottom.
pub fn navigation_ui(
    ui: &mut Ui,
    shared: &mut Shared<'_>,
    current: Screen,
    open_logo: Option<&str>,
) {
    let t = theme::tokens(ui.ctx());
    ui.add_space(space::M);
    ui.horizontal(|ui| {
        ui.add_space(space::XS);
        let (rect, _) =
            ui.allocate_exact_size(Vec2::splat(theme::shell::BRAND_MARK), Sense::hover());
        ui.painter().rect_filled(rect, 7, t.accent);
        ui.painter().text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            "L",
            theme::font::brand_mark(),
            t.on_accent,
        );
        ui.label(
            RichText::new("logodesk")
                .font(theme::font::brand())
                .color(t.text_strong),
        );
    });
    ui.add_space(space::L);
    for screen in Screen::all() {
        if screen.in_navigation() {
            nav_item(
                ui,
                shared,
                screen,
                &screen.to_string(),
                current == screen,
                0.0,
            );
        }
        // The open logo sits under the gallery.
        if screen == Screen::Gallery
            && let Some(title) = open_logo
        {
            nav_item(
                ui,
                shared,
                Screen::LogoDetail,
                title,
                current == Screen::LogoDetail,
                theme::shell::NAV_INDENT,
            );
        }
    }

    ui.with_layout(Layout::bottom_up(Align::Min), |ui| {
        ui.add_space(space::M);
        account_switcher_ui(ui, shared);
        ui.muted_small(&crate::tr!("shell-account"));
    });
}

fn nav_item(
    ui: &mut Ui,
    shared: &mut Shared<'_>,
    screen: Screen,
    label: &str,
    selected: bool,
    indent: f32,
) {
    let t = theme::tokens(ui.ctx());
    let width = ui.available_width();
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, 34.0), Sense::click());
    response.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, selected, label));
    if ui.is_rect_visible(rect) {
        let fill = if selected {
            t.accent_soft
        } else if response.hovered() {
            t.surface_hover
        } else {
            egui::Color32::TRANSPARENT
        };
        ui.painter().rect_filled(rect, theme::radius::CONTROL, fill);
        let color = if selected { t.accent } else { t.text };
        let x = rect.left() + space::M + indent;
        ui.painter().text(
            egui::pos2(x, rect.center().y),
            egui::Align2::LEFT_CENTER,
            screen.icon(),
            theme::font::nav_icon(),
            color,
        );
        let mut job = egui::text::LayoutJob::simple_singleline(
            label.to_owned(),
            theme::font::nav(selected),
            if selected { t.text_strong } else { t.text },
        );
        job.wrap = egui::text::TextWrapping::truncate_at_width(rect.right() - x - 30.0);
        let galley = ui.painter().layout_job(job);
        ui.painter().galley(
            egui::pos2(x + 24.0, rect.center().y - galley.size().y / 2.0),
            galley,
            t.text,
        );
    }
    if response.clicked() {
        shared.intend(Intent::Navigate(screen));
    }
    ui.add_space(space::HAIR);
}

fn account_switcher_ui(ui: &mut Ui, shared: &mut Shared<'_>) {
    let session = shared.session;
    let current = session.active.as_ref().map(|a| a.record.id);
    let label = session
        .active
        .as_ref()
        .map_or_else(|| crate::tr!("shell-starting"), |a| a.record.name.clone());
    let mut chosen = current;
    egui::ComboBox::from_id_salt("account-switcher")
        .width(ui.available_width() - space::S)
        .selected_text(label)
        .show_ui(ui, |ui| {
            for account in &session.accounts {
                ui.selectable_value(&mut chosen, Some(account.id), account.name.as_str());
            }
        })
        .response
        .on_hover_text(crate::tr!("shell-switch-account-hint"));
    if chosen != current
        && let Some(id) = chosen
    {
        shared.intend(Intent::SwitchAccount(id));
    }
}

/// The status bar: account and address, organization context, work in flight, the outbox
/// (`outbox`: orders waiting to be sent, and whether the service is out of reach), version.
pub fn status_bar_ui(
    ui: &mut Ui,
    shared: &mut Shared<'_>,
    outbox: Option<crate::orders::local::OutboxStatus>,
) {
    let t = theme::tokens(ui.ctx());
    ui.horizontal_centered(|ui| {
        ui.spacing_mut().item_spacing.x = space::S;
        match &shared.session.active {
            Some(active) => {
                let dot = if active.problem.is_some() {
                    t.danger
                } else {
                    t.success
                };
                let (rect, _) =
                    ui.allocate_exact_size(Vec2::splat(theme::shell::STATUS_DOT), Sense::hover());
                ui.painter().circle_filled(rect.center(), 4.0, dot);
                ui.label(RichText::new(&active.record.name).color(t.text_strong));
                // The sandbox's port changes on every start; its name says enough.
                let address = if active.record.is_sandbox() {
                    crate::tr!("shell-sandbox-address")
                } else {
                    active.base_url.clone()
                };
                ui.muted_small(&address);
                separator(ui);
                ui.muted_small(&crate::tr!("shell-organization"));
                ui.label(
                    RichText::new(shared.session.organization_label().unwrap_or_default()).small(),
                );
            }
            None => {
                status_spinner(ui);
                ui.muted_small(&crate::tr!("shell-starting"));
            }
        }
        ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
            ui.muted_small(concat!("v", env!("CARGO_PKG_VERSION")));
            if let Some((label, count)) = shared.requests.visible(ui.ctx()) {
                separator(ui);
                let text = if count > 1 {
                    crate::tr!("shell-busy-more", label = label, more = count - 1)
                } else {
                    crate::tr!("shell-busy", label = label)
                };
                ui.label(RichText::new(text).small().color(t.text));
                status_spinner(ui);
            }
            if super::settings_team::status_mark(ui, shared) {
                separator(ui);
            }
            if let Some(outbox) = outbox {
                separator(ui);
                let waits = outbox.offline || outbox.team_away || outbox.held > 0;
                let color = if waits { t.warning } else { t.text };
                ui.label(RichText::new(outbox.to_string()).small().color(color));
            }
        });
    });
}

/// A spinner the status bar's height holds: the default one is as tall as a button (28 px) and
/// would make the bar, and the whole window with it, grow while something is loading.
fn status_spinner(ui: &mut Ui) {
    ui.add(egui::Spinner::new().size(theme::shell::STATUS_SPINNER));
}

fn separator(ui: &mut Ui) {
    let t = theme::tokens(ui.ctx());
    let (rect, _) = ui.allocate_exact_size(
        Vec2::new(1.0, theme::shell::SEPARATOR_HEIGHT),
        Sense::hover(),
    );
    ui.painter().line_segment(
        [rect.center_top(), rect.center_bottom()],
        Stroke::new(1.0, t.border),
    );
}
