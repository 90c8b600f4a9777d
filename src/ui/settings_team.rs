//! Settings → Team: the team database's address, password (to the keychain), CA file, the
//! desk's name; Save, Test connection (with its report) and Forget.

use super::theme::{self, field, space, table};
use super::widgets::UiExt as _;
use super::{Shared, Slot};
use crate::backend::team::{TeamCommand, TeamDesks, TeamEvent, TeamStatus};
use crate::backend::{Command, UserError};
use crate::store::{DeskTrust, TeamDesk};
use crate::team::{SavedTeam, TeamAddress, TestReport};
use egui::{RichText, Ui};
use secrecy::SecretString;
use std::collections::HashSet;
use std::path::PathBuf;

/// The Team section's state.
#[derive(Default)]
pub struct TeamSection {
    /// Whether what is saved was asked for.
    asked: bool,
    pub address: String,
    /// Typed, not yet saved; never shown back (masked) and emptied once saved.
    password: String,
    pub ca_file: String,
    pub desk_name: String,
    /// "Allow an unencrypted connection to this server" (for `sslmode=disable` off this
    /// computer).
    pub allow_unencrypted: bool,
    has_password: bool,
    run_address: Option<String>,
    pub report: Option<TestReport>,
    pub error: Option<UserError>,
    /// The desks of the team and how this desk stands to each (`store::desks`).
    pub desks: TeamDesks,
    /// Desks waiting for a confirmation that a notice already named (each once a run).
    announced: HashSet<String>,
    /// *Choose…* came back with no file: said under the field, as no dialog may have opened
    /// (a computer without a desktop portal or zenity).
    picked_nothing: bool,
}

impl TeamSection {
    /// Takes an event of the team feature.
    pub fn on_event(&mut self, event: TeamEvent, shared: &mut Shared<'_>) {
        match event {
            TeamEvent::Loaded {
                saved,
                run_address,
                has_password,
            } => {
                self.address = saved.address.unwrap_or_default();
                self.ca_file = saved
                    .ca_file
                    .map(|p| p.display().to_string())
                    .unwrap_or_default();
                self.desk_name = saved.desk_name.unwrap_or_default();
                self.allow_unencrypted = saved.allow_unencrypted;
                self.has_password = has_password;
                self.run_address = run_address;
            }
            TeamEvent::Saved => {
                self.error = None;
                if !self.password.is_empty() {
                    self.has_password = true;
                }
                self.password.clear();
                shared
                    .notifications
                    .success(crate::tr!("settings-team-saved"));
                self.ask(shared);
            }
            TeamEvent::Tested(report) => {
                self.error = None;
                self.report = Some(report);
            }
            TeamEvent::CaFilePicked(Some(path)) => {
                self.ca_file = path.display().to_string();
                self.picked_nothing = false;
            }
            TeamEvent::CaFilePicked(None) => self.picked_nothing = true,
            TeamEvent::Status(_) => {}
            TeamEvent::Joined(report) => joined_notices(&report, shared),
            TeamEvent::Left(report) => left_notice(&report, shared),
            TeamEvent::Desks(desks) => {
                for desk in &desks.desks {
                    if desk.trust == DeskTrust::Untrusted
                        && self.announced.insert(desk.key_id.clone())
                    {
                        let name = desk.name.as_str();
                        shared.notifications.success(if desk.newer {
                            crate::tr!("settings-team-desk-asks", name = name)
                        } else {
                            crate::tr!("settings-team-desk-unconfirmed", name = name)
                        });
                    }
                }
                self.desks = desks;
            }
            TeamEvent::Refused(rows) => {
                for row in rows {
                    shared.notifications.error(&UserError::new(
                        crate::tr!(
                            "settings-team-order-refused",
                            reference = row.reference.as_str(),
                            recipient = row.recipient.as_str(),
                            why = row.why.as_str()
                        ),
                        None,
                    ));
                }
            }
        }
    }

    /// A request of the section failed.
    pub fn on_failed(&mut self, error: &UserError) {
        self.error = Some(error.clone());
    }

    fn ask(&mut self, shared: &mut Shared<'_>) {
        self.asked = true;
        shared.request(
            Slot::TeamLoad,
            &crate::tr!("settings-team-loading"),
            |request| Command::Team(TeamCommand::Load { request }),
        );
        shared.request(
            Slot::TeamDesks,
            &crate::tr!("settings-team-desks-loading"),
            |request| Command::Team(TeamCommand::Desks { request }),
        );
    }

    /// Asks for what is saved again the next time the section is drawn.
    pub fn forget_loaded(&mut self) {
        self.asked = false;
    }

    /// The form's values as they would be saved.
    fn saved(&self) -> SavedTeam {
        let text = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
        SavedTeam {
            address: text(&self.address),
            ca_file: text(&self.ca_file).map(PathBuf::from),
            desk_name: text(&self.desk_name),
            allow_unencrypted: self.allow_unencrypted,
        }
    }

    fn password(&self) -> Option<SecretString> {
        Some(&self.password)
            .filter(|p| !p.is_empty())
            .map(|p| SecretString::from(p.clone()))
    }

    pub fn ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        if !self.asked {
            self.ask(shared);
        }
        let t = theme::tokens(ui.ctx());
        ui.surface(|ui| {
            ui.set_width(ui.available_width());
            ui.section_heading(&crate::tr!("settings-team"));
            ui.muted_small(&crate::tr!("settings-team-hint"));
            ui.add_space(space::S);
            if let Some(run) = &self.run_address {
                ui.label(
                    RichText::new(crate::tr!("settings-team-run", address = run.as_str()))
                        .color(t.warning),
                );
            }
            let parsed = Some(self.address.trim())
                .filter(|a| !a.is_empty())
                .map(str::parse::<TeamAddress>);
            let problem = parsed.as_ref().and_then(|a| a.as_ref().err().cloned());
            // `sslmode=disable` for a server off this computer: only with the choice below.
            let unencrypted = parsed
                .as_ref()
                .and_then(|a| a.as_ref().ok())
                .and_then(TeamAddress::unencrypted_off_this_computer);
            egui::Grid::new("team-form")
                .num_columns(2)
                .spacing([space::L, space::S])
                .min_col_width(table::LABEL_COLUMN)
                .show(ui, |ui| {
                    let label = ui.label(crate::tr!("settings-team-address"));
                    ui.vertical(|ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut self.address)
                                .desired_width(field::XXL)
                                .hint_text("postgres://logodesk@db.example.com:5432/logodesk"),
                        )
                        .labelled_by(label.id);
                        if let Some(p) = &problem {
                            ui.label(RichText::new(p.to_string()).small().color(t.danger));
                        }
                        if let Some(target) = &unencrypted {
                            let host = target.to_string();
                            ui.checkbox(
                                &mut self.allow_unencrypted,
                                crate::tr!("settings-team-allow-unencrypted", host = host.as_str()),
                            );
                            ui.label(
                                RichText::new(crate::tr!(
                                    "settings-team-allow-unencrypted-hint",
                                    host = host.as_str()
                                ))
                                .small()
                                .color(
                                    if self.allow_unencrypted {
                                        t.warning
                                    } else {
                                        t.danger
                                    },
                                ),
                            );
                        }
                    });
                    ui.end_row();

                    let label = ui.label(crate::tr!("settings-team-password"));
                    ui.vertical(|ui| {
                        let hint = if self.has_password {
                            crate::tr!("settings-team-password-kept")
                        } else {
                            String::new()
                        };
                        ui.add(
                            egui::TextEdit::singleline(&mut self.password)
                                .password(true)
                                .desired_width(field::XL)
                                .hint_text(hint),
                        )
                        .labelled_by(label.id);
                    });
                    ui.end_row();

                    let label = ui.label(crate::tr!("settings-team-ca"));
                    ui.horizontal(|ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut self.ca_file)
                                .desired_width(field::XL)
                                .hint_text(crate::tr!("settings-team-ca-hint")),
                        )
                        .labelled_by(label.id);
                        if ui.button(crate::tr!("settings-team-choose")).clicked() {
                            self.picked_nothing = false;
                            shared.request(
                                Slot::TeamPick,
                                &crate::tr!("settings-team-choosing"),
                                |request| Command::Team(TeamCommand::PickCaFile { request }),
                            );
                        }
                    });
                    ui.end_row();
                    if self.picked_nothing {
                        ui.label("");
                        ui.scope(|ui| {
                            ui.set_max_width(field::XL);
                            ui.muted(&crate::tr!("settings-team-ca-no-dialog"));
                        });
                        ui.end_row();
                    }

                    let label = ui.label(crate::tr!("settings-team-desk"));
                    ui.add(
                        egui::TextEdit::singleline(&mut self.desk_name)
                            .desired_width(field::XL)
                            .hint_text(crate::tr!("settings-team-desk-hint")),
                    )
                    .labelled_by(label.id);
                    ui.end_row();
                });
            ui.add_space(space::S);
            ui.horizontal(|ui| {
                let saving = shared.requests.is_running(Slot::TeamSave);
                let testing = shared.requests.is_running(Slot::TeamTest);
                if ui
                    .add_enabled(
                        !saving && problem.is_none(),
                        egui::Button::new(
                            RichText::new(crate::tr!("settings-team-save")).color(t.on_accent),
                        )
                        .fill(t.accent),
                    )
                    .clicked()
                {
                    self.error = None;
                    let (saved, password) = (self.saved(), self.password());
                    shared.request(
                        Slot::TeamSave,
                        &crate::tr!("settings-team-saving"),
                        |request| {
                            Command::Team(TeamCommand::Save {
                                request,
                                saved,
                                password,
                            })
                        },
                    );
                }
                if ui
                    .add_enabled(
                        !testing && problem.is_none(),
                        egui::Button::new(crate::tr!("settings-team-test")),
                    )
                    .clicked()
                {
                    self.error = None;
                    self.report = None;
                    let (saved, password) = (self.saved(), self.password());
                    shared.request(
                        Slot::TeamTest,
                        &crate::tr!("settings-team-testing"),
                        |request| {
                            Command::Team(TeamCommand::Test {
                                request,
                                saved,
                                password,
                            })
                        },
                    );
                }
                if ui
                    .add_enabled(
                        !saving,
                        egui::Button::new(crate::tr!("settings-team-forget")),
                    )
                    .on_hover_text(crate::tr!("settings-team-forget-hover"))
                    .clicked()
                {
                    self.error = None;
                    self.report = None;
                    self.address.clear();
                    self.password.clear();
                    self.ca_file.clear();
                    self.desk_name.clear();
                    self.allow_unencrypted = false;
                    self.has_password = false;
                    shared.request(
                        Slot::TeamSave,
                        &crate::tr!("settings-team-saving"),
                        |request| Command::Team(TeamCommand::Forget { request }),
                    );
                }
                if saving || testing {
                    ui.spinner();
                }
            });
            if let Some(report) = &self.report {
                ui.add_space(space::S);
                report_ui(ui, report, shared.language());
            }
            if let Some(e) = &self.error {
                ui.add_space(space::S);
                ui.error_box(e, "team");
            }
            if let Some(code) = &self.desks.own_code {
                ui.add_space(space::L);
                desks_ui(ui, code, &self.desks.desks, shared);
            }
        });
    }
}

/// The desks of the team: this desk's code, each desk waiting for a confirmation with its
/// code and *Confirm* / *Refuse*, and how this desk stands to the others (`store::desks`).
fn desks_ui(ui: &mut Ui, own_code: &str, desks: &[TeamDesk], shared: &mut Shared<'_>) {
    let t = theme::tokens(ui.ctx());
    let busy = shared.requests.is_running(Slot::TeamDesks);
    ui.section_heading(&crate::tr!("settings-team-desks-heading"));
    ui.muted_small(&crate::tr!("settings-team-desks-hint"));
    ui.add_space(space::S);
    ui.horizontal_wrapped(|ui| {
        ui.label(crate::tr!("settings-team-own-code"));
        ui.label(RichText::new(own_code).monospace().strong());
    });
    let decide = |shared: &mut Shared<'_>, desk: &TeamDesk, confirm: bool| {
        let (key_id, code) = (desk.key_id.clone(), desk.code.clone());
        shared.request(
            Slot::TeamDesks,
            &crate::tr!("settings-team-desks-saving"),
            |request| {
                Command::Team(if confirm {
                    TeamCommand::ConfirmDesk {
                        request,
                        key_id,
                        code,
                    }
                } else {
                    TeamCommand::RefuseDesk { request, key_id }
                })
            },
        );
    };
    for desk in desks.iter().filter(|d| !d.this_desk) {
        ui.add_space(space::S);
        let name = desk.name.as_str();
        if desk.trust == DeskTrust::Untrusted {
            egui::Frame::new()
                .fill(t.warning_soft)
                .corner_radius(theme::radius::CONTROL)
                .inner_margin(space::M)
                .show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.add(
                        egui::Label::new(
                            RichText::new(if desk.newer {
                                crate::tr!("settings-team-desk-waits", name = name)
                            } else {
                                crate::tr!("settings-team-desk-not-confirmed", name = name)
                            })
                            .color(t.warning),
                        )
                        .wrap(),
                    );
                    ui.label(RichText::new(&desk.code).monospace().strong());
                    ui.horizontal(|ui| {
                        if ui
                            .add_enabled(
                                !busy,
                                egui::Button::new(crate::tr!("settings-team-desk-confirm")),
                            )
                            .on_hover_text(crate::tr!("settings-team-desk-confirm-hover"))
                            .clicked()
                        {
                            decide(shared, desk, true);
                        }
                        if ui
                            .add_enabled(
                                !busy,
                                egui::Button::new(crate::tr!("settings-team-desk-refuse")),
                            )
                            .on_hover_text(crate::tr!("settings-team-desk-refuse-hover"))
                            .clicked()
                        {
                            decide(shared, desk, false);
                        }
                    });
                });
            continue;
        }
        let state = match &desk.trust {
            DeskTrust::Confirmed => crate::tr!("settings-team-desk-confirmed", name = name),
            DeskTrust::Vouched { by } => {
                crate::tr!("settings-team-desk-vouched", name = name, by = by.as_str())
            }
            DeskTrust::Refused => crate::tr!("settings-team-desk-refused", name = name),
            // An earlier key of this desk (a run without a keychain).
            DeskTrust::Own | DeskTrust::Untrusted => {
                crate::tr!("settings-team-desk-own-earlier", name = name)
            }
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(state);
            ui.label(
                RichText::new(&desk.code)
                    .monospace()
                    .small()
                    .color(t.text_muted),
            );
            let (label, confirm) = match desk.trust {
                DeskTrust::Refused => (crate::tr!("settings-team-desk-confirm"), true),
                DeskTrust::Own => return,
                _ => (crate::tr!("settings-team-desk-distrust"), false),
            };
            if ui
                .add_enabled(!busy, egui::Button::new(label).small())
                .clicked()
            {
                decide(shared, desk, confirm);
            }
        });
    }
}

/// What a (re)connect moved into the team database, told in notices: the rows of a desk that
/// joined; what this desk kept while the database was out of reach and what went back; each
/// kept text another desk's change kept apart, by name (an error: the person should look).
fn joined_notices(report: &crate::store::JoinReport, shared: &mut Shared<'_>) {
    if !report.accounts.is_empty() {
        shared.notifications.success(crate::tr!(
            "settings-team-joined",
            accounts = report.accounts.len(),
            drafts = report.drafts,
            queued = report.queued,
            history = report.history,
            approvals = report.approvals,
            tasks = report.tasks
        ));
    } else if report.drafts + report.queued + report.kept.written_back > 0 {
        shared.notifications.success(crate::tr!(
            "settings-team-kept-back",
            saved = report.kept.written_back.saturating_sub(report.kept.placed),
            drafts = report.drafts,
            queued = report.queued + report.kept.placed
        ));
    }
    for (_, name) in &report.keys_kept {
        let sentence = crate::tr!("settings-team-key-kept", name = name.as_str());
        shared.notifications.error(&UserError::new(sentence, None));
    }
    for apart in &report.kept.kept_apart {
        let (reference, kept) = (apart.reference.as_str(), apart.kept.as_str());
        let sentence = if apart.placed {
            crate::tr!(
                "settings-team-kept-apart-placed",
                reference = reference,
                kept = kept
            )
        } else {
            crate::tr!(
                "settings-team-kept-apart",
                reference = reference,
                kept = kept
            )
        };
        shared.notifications.error(&UserError::new(sentence, None));
    }
}

/// What became this desk's own when it left the team with something kept for it, told in a
/// notice: the accounts by name, the drafts, and the orders placed meanwhile that were never
/// sent (to place again).
fn left_notice(report: &crate::store::LeftReport, shared: &mut Shared<'_>) {
    let names: Vec<&str> = report.accounts.iter().map(|a| a.name.as_str()).collect();
    let names = names.join(", ");
    // Those that may be in the team's outbox have a sentence of their own: they may have
    // reached the team.
    let never_reached = report.drafts.saturating_sub(report.may_be_placed);
    let mut sentence = if never_reached > 0 || report.may_be_placed == 0 {
        crate::tr!(
            "settings-team-left-kept",
            drafts = never_reached,
            accounts = names.as_str()
        )
    } else {
        String::new()
    };
    if report.unplaced > 0 {
        sentence.push(' ');
        sentence.push_str(&crate::tr!(
            "settings-team-left-unplaced",
            count = report.unplaced
        ));
    }
    if report.may_be_placed > 0 {
        if !sentence.is_empty() {
            sentence.push(' ');
        }
        sentence.push_str(&crate::tr!(
            "settings-team-left-may-be-placed",
            count = report.may_be_placed,
            accounts = names.as_str()
        ));
    }
    shared.notifications.success(sentence);
}

fn report_ui(ui: &mut Ui, report: &TestReport, language: crate::locale::Language) {
    ui.check_line(
        true,
        &crate::tr!(
            "settings-team-version",
            version = report.server_version.as_str()
        ),
    );
    let target = report.target.as_str();
    // Said as it is: encrypted, or not and where the link runs (on this computer, or across
    // the network to the server named).
    let (ok, tls) = match (report.tls, report.local, report.socket) {
        (true, _, _) => (true, crate::tr!("settings-team-tls-on", host = target)),
        (false, true, true) => (
            true,
            crate::tr!("settings-team-tls-off-socket", host = target),
        ),
        (false, true, false) => (
            true,
            crate::tr!("settings-team-tls-off-loopback", host = target),
        ),
        (false, false, _) => (
            false,
            crate::tr!("settings-team-tls-off-network", host = target),
        ),
    };
    ui.check_line(ok, &tls);
    let (ok, schema) = if report.schema_exists {
        (true, crate::tr!("settings-team-schema-there"))
    } else if report.may_create_schema {
        (true, crate::tr!("settings-team-schema-may"))
    } else {
        (false, crate::tr!("settings-team-schema-not"))
    };
    ui.check_line(ok, &schema);
    ui.label(crate::tr!(
        "settings-team-desks",
        count = report.desks.len()
    ));
    for desk in &report.desks {
        let text = if desk.this_desk {
            crate::tr!(
                "settings-team-desk-this",
                name = desk.name.as_str(),
                since = language.time_stamp(&desk.since)
            )
        } else {
            crate::tr!(
                "settings-team-desk-row",
                name = desk.name.as_str(),
                since = language.time_stamp(&desk.since)
            )
        };
        ui.muted(&text);
    }
}

/// The status bar's mark: shown only when a team database is configured and not reachable,
/// not used (a newer schema), or connected without encryption across the network. Out of
/// reach, it counts the next try down and offers *Try now*. Answers whether it showed.
pub fn status_mark(ui: &mut Ui, shared: &mut Shared<'_>) -> bool {
    let session = &shared.session;
    let waited = session.team_told_at.map(|at| at.elapsed());
    // *Try now* pressed, and no status came since: the status told when it was pressed.
    let asked_id = egui::Id::unique("team-try-now-asked");
    let asked = session.team_told_at.is_some()
        && ui
            .ctx()
            .data(|d| d.get_temp::<Option<std::time::Instant>>(asked_id))
            == Some(session.team_told_at);
    let (text, hover, retry) = match session.team.as_ref() {
        Some(TeamStatus::Unreachable { reason, retry_in }) => {
            let text = if asked {
                crate::tr!("shell-team-unreachable-trying")
            } else {
                match next_try(*retry_in, waited) {
                    Some(0) => crate::tr!("shell-team-unreachable-trying"),
                    Some(seconds) => crate::tr!("shell-team-unreachable", seconds = seconds),
                    None => crate::tr!("shell-team-unreachable-waiting"),
                }
            };
            (text, reason.clone(), true)
        }
        Some(TeamStatus::Refused { reason, .. }) => {
            (crate::tr!("shell-team-refused"), reason.clone(), false)
        }
        Some(TeamStatus::Unencrypted { host }) => (
            crate::tr!("shell-team-unencrypted"),
            crate::tr!("shell-team-unencrypted-hover", host = host.as_str()),
            false,
        ),
        _ => return false,
    };
    let t = theme::tokens(ui.ctx());
    // Laid out right to left: *Try now* at the end of the sentence.
    if retry && !asked {
        let now = ui
            .link(RichText::new(crate::tr!("shell-team-try-now")).small())
            .on_hover_text(crate::tr!("shell-team-try-now-hover"));
        if now.clicked() {
            let told_at = shared.session.team_told_at;
            ui.ctx().data_mut(|d| d.insert_temp(asked_id, told_at));
            shared.backend.send(Command::Team(TeamCommand::RetryNow));
        }
    }
    ui.label(RichText::new(text).small().color(t.warning))
        .on_hover_text(hover);
    if retry {
        // The count goes on second by second.
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(250));
    }
    true
}

/// The whole seconds left until the next try, `retry_in` after the status came `waited` ago:
/// rounded up, so "0" is said only once the try is due; `None` when no try is planned.
fn next_try(retry_in: std::time::Duration, waited: Option<std::time::Duration>) -> Option<u64> {
    if retry_in.is_zero() {
        return None;
    }
    let left = retry_in.saturating_sub(waited.unwrap_or_default());
    Some(u64::try_from(left.as_millis().div_ceil(1000)).unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::next_try;
    use std::time::Duration;

    #[test]
    fn the_next_try_counts_down_in_whole_seconds_rounded_up() {
        let s = Duration::from_secs;
        assert_eq!(next_try(s(4), Some(Duration::ZERO)), Some(4));
        assert_eq!(next_try(s(4), Some(Duration::from_millis(100))), Some(4));
        assert_eq!(next_try(s(4), Some(Duration::from_millis(3100))), Some(1));
        assert_eq!(next_try(s(4), Some(s(4))), Some(0));
        assert_eq!(next_try(s(4), Some(s(9))), Some(0), "due: never negative");
        assert_eq!(next_try(s(32), None), Some(32));
        assert_eq!(next_try(Duration::ZERO, Some(s(1))), None, "no try planned");
    }
}
