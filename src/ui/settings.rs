//! Settings: accounts (add, edit, test, switch, remove; keys go to the keychain only),
//! appearance, the offline copies on this computer, and what this build is.

use super::theme::{self, field, panel, space, table};
use super::widgets::UiExt as _;
use super::{Intent, Reply, ScreenView, Shared, Slot, Toast};
use crate::api::{ApiKey, AuthStyle, OrganizationId};
use crate::backend::cache::{CacheCommand, CacheEvent};
use crate::backend::{
    AccountDraft, AccountsCommand, AccountsEvent, Command, ConnectionReport, Event, UserError,
    WaitingOrders, validate_base_url,
};
use crate::keychain::KeychainStatus;
use crate::locale::Language;
use crate::store::{AccountId, AccountKind, AccountRecord, KeyLocation};
use egui::{Align, Layout, RichText, Ui};

/// The add/edit form.
#[derive(Default)]
struct AccountForm {
    /// The account edited; `None` when adding.
    editing: Option<AccountRecord>,
    name: String,
    base_url: String,
    auth: AuthStyle,
    child_org: bool,
    org_text: String,
    /// A new key, as typed (never shown, sent to the keychain on save).
    key: String,
    /// Why the form cannot be saved yet, shown after a save attempt.
    tried: bool,
    /// The save would change where orders in flight go: how many, and what changes.
    orders_question: Option<(usize, String)>,
}

impl AccountForm {
    fn edit(record: &AccountRecord) -> AccountForm {
        AccountForm {
            editing: Some(record.clone()),
            name: record.name.clone(),
            base_url: match &record.kind {
                AccountKind::Remote { base_url } => base_url.to_string(),
                AccountKind::Sandbox => String::new(),
            },
            auth: record.auth,
            child_org: record.organization_id.is_some(),
            org_text: record
                .organization_id
                .map(|o| o.to_string())
                .unwrap_or_default(),
            key: String::new(),
            tried: false,
            orders_question: None,
        }
    }

    fn is_sandbox(&self) -> bool {
        self.editing.as_ref().is_some_and(AccountRecord::is_sandbox)
    }

    fn organization(&self) -> Result<Option<OrganizationId>, String> {
        if !self.child_org {
            return Ok(None);
        }
        match self.org_text.trim().parse::<i64>() {
            Ok(n) if n > 0 => Ok(Some(OrganizationId(n))),
            _ => Err(crate::tr!("settings-need-org-id")),
        }
    }

    /// Problems by field: name, address, organization, key.
    fn problems(&self) -> [Option<String>; 4] {
        let sandbox = self.is_sandbox();
        [
            (!sandbox && self.name.trim().is_empty()).then(|| crate::tr!("settings-need-name")),
            if sandbox {
                None
            } else {
                validate_base_url(&self.base_url).err()
            },
            self.organization().err(),
            (self.editing.is_none() && self.key.trim().is_empty())
                .then(|| crate::tr!("settings-need-key")),
        ]
    }

    fn draft(&self) -> AccountDraft {
        let key = self.key.trim();
        AccountDraft {
            name: self.name.trim().to_owned(),
            base_url: self.base_url.trim().to_owned(),
            auth: self.auth,
            organization_id: self.organization().ok().flatten(),
            key: (!key.is_empty()).then(|| ApiKey::new(key)),
            orders: WaitingOrders::Ask,
        }
    }
}

/// What an account to be removed holds, as the backend counted it (a team's: on every desk).
#[derive(Debug, Clone, Copy)]
struct RemoveAsked {
    work: crate::store::AccountWork,
    team: bool,
}

impl RemoveAsked {
    /// A team's account with orders waiting on any desk: not removed (they would be sent
    /// nowhere).
    fn refused(&self) -> bool {
        self.team && self.work.waiting() > 0
    }
}

/// The question (or the refusal) before removing the account `name`, saying what it holds.
fn remove_question(name: &str, answer: RemoveAsked) -> String {
    let RemoveAsked { work, team } = answer;
    let (queued, in_flight) = (work.queued, work.in_flight);
    if answer.refused() {
        crate::tr!(
            "settings-remove-team-refused",
            name = name,
            queued = queued,
            in_flight = in_flight
        )
    } else if team {
        crate::tr!(
            "settings-remove-team-question",
            name = name,
            drafts = work.drafts
        )
    } else if work.waiting() > 0 {
        crate::tr!(
            "settings-remove-own-waiting",
            name = name,
            queued = queued,
            in_flight = in_flight
        )
    } else {
        crate::tr!("settings-remove-question", name = name)
    }
}

/// The Settings screen's state.
#[derive(Default)]
pub struct Settings {
    form: Option<AccountForm>,
    /// "Remove" was chosen: the account, and once the backend said it, what it holds.
    confirm_remove: Option<(AccountId, Option<RemoveAsked>)>,
    report: Option<ConnectionReport>,
    save_error: Option<UserError>,
    /// The offline copies: bytes used and the most kept, as last counted.
    cache: Option<(u64, u64)>,
    /// Whether they were counted since the screen was last shown.
    cache_asked: bool,
    /// Why counting or emptying them failed.
    cache_error: Option<UserError>,
    /// "Show desktop notifications" (the app reads it; persisted with the UI state).
    pub desktop_notifications: bool,
    /// Settings → Team.
    pub team: super::settings_team::TeamSection,
}

impl Settings {
    /// The screen, with "Show desktop notifications" as it was saved.
    pub fn new(desktop_notifications: bool) -> Settings {
        Settings {
            desktop_notifications,
            ..Settings::default()
        }
    }

    /// Takes an answer of the backend about accounts.
    fn on_accounts_event(&mut self, event: AccountsEvent, shared: &mut Shared<'_>) {
        match event {
            AccountsEvent::Saved(account) => self.on_saved(&account, shared),
            AccountsEvent::HasOrders { waiting, what, .. } => self.on_has_orders(waiting, &what),
            AccountsEvent::ConnectionTested(report) => self.report = Some(report),
            AccountsEvent::RemoveAsked {
                account,
                work,
                team,
            } => {
                if let Some((asked, answer)) = &mut self.confirm_remove
                    && *asked == account
                {
                    *answer = Some(RemoveAsked { work, team });
                }
            }
            // The session keeps the list and the keychain's state.
            AccountsEvent::Changed(_)
            | AccountsEvent::KeychainChanged(_)
            | AccountsEvent::KeysMissing(_) => {}
        }
    }

    /// An account was saved.
    fn on_saved(&mut self, account: &AccountRecord, shared: &mut Shared<'_>) {
        self.form = None;
        self.report = None;
        let name = account.name.as_str();
        let saved = match account.key_location {
            KeyLocation::Keychain => crate::tr!("settings-saved-keychain", name = name),
            KeyLocation::Session => crate::tr!("settings-saved-session", name = name),
            KeyLocation::None => crate::tr!("settings-saved", name = name),
        };
        shared.notifications.success(saved);
    }

    /// The save was not done because the account has orders in flight that it would send
    /// elsewhere: ask what to do.
    fn on_has_orders(&mut self, waiting: usize, what: &str) {
        if let Some(form) = &mut self.form {
            form.orders_question = Some((waiting, what.to_owned()));
        }
    }

    /// Starts adding an account (also used by tests and the empty state).
    pub fn start_adding(&mut self) {
        self.form = Some(AccountForm {
            base_url: "https://".into(),
            ..AccountForm::default()
        });
        self.report = None;
        self.save_error = None;
    }

    /// Asks the backend to count the offline copies, or to empty them first (`clear`).
    fn ask_cache(&mut self, clear: bool, shared: &mut Shared<'_>) {
        self.cache_asked = true;
        self.cache_error = None;
        let label = if clear {
            crate::tr!("settings-cache-clearing")
        } else {
            crate::tr!("settings-cache-measuring")
        };
        shared.request(Slot::SettingsCache, &label, |request| {
            Command::Cache(if clear {
                CacheCommand::Clear { request }
            } else {
                CacheCommand::Measure { request }
            })
        });
    }

    /// "Data on this computer": how much the offline copies take, and emptying them (at once,
    /// without a question: they are fetched again as the person browses).
    fn cache_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        if !self.cache_asked {
            self.ask_cache(false, shared);
        }
        ui.surface(|ui| {
            ui.set_width(ui.available_width());
            ui.section_heading(&crate::tr!("settings-data"));
            ui.add_space(space::S);
            let busy = shared.requests.is_running(Slot::SettingsCache);
            let language = shared.language();
            ui.horizontal(|ui| {
                match self.cache {
                    Some((_, 0)) => {
                        ui.muted(&crate::tr!("settings-cache-off"));
                    }
                    Some((used, budget)) => {
                        ui.label(crate::tr!(
                            "settings-cache-size",
                            used = language.file_size(used),
                            budget = language.file_size(budget)
                        ));
                    }
                    None => {
                        ui.muted(&crate::tr!("settings-cache-measuring"));
                    }
                }
                if busy {
                    ui.spinner();
                }
                if self.cache.is_some_and(|(_, budget)| budget == 0) {
                    return;
                }
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    let can_clear = !busy && self.cache.is_some_and(|(used, _)| used > 0);
                    if ui
                        .add_enabled(
                            can_clear,
                            egui::Button::new(crate::tr!("settings-cache-clear")),
                        )
                        .on_hover_text(crate::tr!("settings-cache-clear-hover"))
                        .clicked()
                    {
                        self.ask_cache(true, shared);
                    }
                });
            });
            if self.cache.is_none_or(|(_, budget)| budget > 0) {
                ui.muted_small(&crate::tr!("settings-cache-hint"));
            }
            if let Some(e) = &self.cache_error {
                ui.add_space(space::S);
                ui.error_box(e, "cache");
            }
        });
    }

    fn accounts_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        ui.surface(|ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                ui.section_heading(&crate::tr!("settings-accounts"));
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    if self.form.is_none()
                        && ui
                            .primary_button(&crate::tr!("settings-add-account"))
                            .clicked()
                    {
                        self.start_adding();
                    }
                });
            });
            ui.muted_small(&crate::tr!("settings-accounts-hint"));
            ui.add_space(space::S);
            keychain_ui(ui, shared);
            let active = shared.session.active.as_ref().map(|a| a.record.id);
            for account in &shared.session.accounts.clone() {
                ui.separator();
                self.account_row_ui(ui, account, active == Some(account.id), shared);
            }
            if !shared.session.ready {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.muted(&crate::tr!("settings-loading-accounts"));
                });
            }
        });
        if self.form.is_some() {
            ui.add_space(space::M);
            self.form_ui(ui, shared);
        }
    }

    fn account_row_ui(
        &mut self,
        ui: &mut Ui,
        account: &AccountRecord,
        active: bool,
        shared: &mut Shared<'_>,
    ) {
        let t = theme::tokens(ui.ctx());
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.horizontal(|ui| {
                    ui.label(
                        RichText::new(&account.name)
                            .font(theme::heading_font())
                            .color(t.text_strong),
                    );
                    if active {
                        ui.badge(&crate::tr!("settings-active"), t.accent, t.accent_soft);
                    }
                });
                let address = match &account.kind {
                    AccountKind::Sandbox => match shared.session.sandbox_url.as_deref() {
                        Some(url) => crate::tr!("settings-sandbox-at", url = url),
                        None => crate::tr!("settings-sandbox"),
                    },
                    AccountKind::Remote { base_url } => base_url.to_string(),
                };
                ui.muted(&address);
                let header = match account.auth {
                    AuthStyle::Bearer => crate::tr!("settings-header-bearer"),
                    AuthStyle::XApiKey => crate::tr!("settings-header-x-api-key"),
                };
                let no_key_here = shared.session.key_missing(account.id);
                let key = match account.key_location {
                    _ if no_key_here => crate::tr!("settings-key-none-here"),
                    KeyLocation::Keychain => crate::tr!("settings-key-keychain"),
                    KeyLocation::Session => crate::tr!("settings-key-session"),
                    KeyLocation::None => crate::tr!("settings-key-demo"),
                };
                let org = match account.organization_id {
                    Some(o) => crate::tr!("settings-org-child", organization = o.to_string()),
                    None => crate::tr!("settings-org-own"),
                };
                ui.muted_small(&crate::tr!(
                    "settings-account-facts",
                    header = header,
                    key = key,
                    organization = org
                ));
            });
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                if let Some((asked, answer)) = self.confirm_remove
                    && asked == account.id
                {
                    self.remove_question_ui(ui, account, answer, shared);
                    return;
                }
                if !account.is_sandbox()
                    && ui
                        .button(crate::tr!("settings-remove"))
                        .on_hover_text(crate::tr!("settings-remove-hover"))
                        .clicked()
                {
                    // The question says what the account holds: asked of the backend first.
                    let id = account.id;
                    self.confirm_remove = Some((id, None));
                    shared.request(
                        Slot::SettingsRemove,
                        &crate::tr!("settings-remove-asking"),
                        |request| {
                            Command::Accounts(AccountsCommand::AskRemove {
                                request,
                                account: id,
                            })
                        },
                    );
                }
                if ui
                    .button(crate::tr!("settings-edit"))
                    .on_hover_text(crate::tr!(
                        "settings-edit-hover",
                        name = account.name.as_str()
                    ))
                    .clicked()
                {
                    self.form = Some(AccountForm::edit(account));
                    self.report = None;
                    self.save_error = None;
                }
                if !active
                    && ui
                        .button(crate::tr!("settings-use"))
                        .on_hover_text(crate::tr!(
                            "settings-use-hover",
                            name = account.name.as_str()
                        ))
                        .clicked()
                {
                    shared.intend(Intent::SwitchAccount(account.id));
                }
            });
        });
        if let (Some(entered), AccountKind::Remote { base_url }) =
            (&account.key_entered_for, &account.kind)
        {
            // Someone changed where the team's account goes (`store::identity`).
            ui.add(
                egui::Label::new(
                    RichText::new(crate::tr!("settings-key-moved", entered = entered.as_str()))
                        .color(t.warning),
                )
                .wrap(),
            );
            if ui
                .button(crate::tr!("settings-key-moved-confirm"))
                .on_hover_text(crate::tr!(
                    "settings-key-moved-confirm-hover",
                    address = base_url.as_str()
                ))
                .clicked()
            {
                shared
                    .backend
                    .send(Command::Accounts(AccountsCommand::ConfirmAddress {
                        account: account.id,
                    }));
            }
        }
        // The question, once the backend said what the account holds: a line of its own
        // under the account, its buttons beside the name.
        if let Some((asked, Some(answer))) = self.confirm_remove
            && asked == account.id
        {
            ui.add(
                egui::Label::new(
                    RichText::new(remove_question(&account.name, answer)).color(t.danger),
                )
                .wrap(),
            );
        }
    }

    /// The buttons of the question before removing `account` (right to left, beside its
    /// name): a way back, and "Remove" once the backend said what it holds — never for a
    /// team's account while orders of it wait on any desk (only "OK").
    fn remove_question_ui(
        &mut self,
        ui: &mut Ui,
        account: &AccountRecord,
        answer: Option<RemoveAsked>,
        shared: &mut Shared<'_>,
    ) {
        let t = theme::tokens(ui.ctx());
        let Some(answer) = answer else {
            if ui.button(crate::tr!("settings-cancel")).clicked() {
                self.confirm_remove = None;
            }
            ui.spinner();
            return;
        };
        if answer.refused() {
            if ui.button(crate::tr!("settings-ok")).clicked() {
                self.confirm_remove = None;
            }
            return;
        }
        if ui.button(crate::tr!("settings-cancel")).clicked() {
            self.confirm_remove = None;
        }
        let remove =
            egui::Button::new(RichText::new(crate::tr!("settings-remove")).color(t.on_accent))
                .fill(t.danger);
        if ui
            .add(remove)
            .on_hover_text(crate::tr!("settings-remove-confirm-hover"))
            .clicked()
        {
            shared
                .backend
                .send(Command::Accounts(AccountsCommand::Remove {
                    account: account.id,
                }));
            self.confirm_remove = None;
        }
    }

    fn form_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        let Some(form) = &mut self.form else { return };
        let t = theme::tokens(ui.ctx());
        let mut close = false;
        // Editing an account this computer has no key for: nothing saved to keep.
        let no_key_here = form
            .editing
            .as_ref()
            .is_some_and(|e| shared.session.key_missing(e.id));
        ui.surface(|ui| {
            ui.set_width(ui.available_width());
            let title = match &form.editing {
                Some(a) => crate::tr!("settings-form-edit", name = a.name.as_str()),
                None => crate::tr!("settings-form-add"),
            };
            ui.section_heading(&title);
            ui.add_space(space::S);
            let problems = form.problems();
            let show = |ui: &mut Ui, p: &Option<String>, tried: bool| {
                if let Some(p) = p.as_ref().filter(|_| tried) {
                    ui.label(RichText::new(p).small().color(t.danger));
                }
            };
            let sandbox = form.is_sandbox();
            egui::Grid::new("account-form")
                .num_columns(2)
                .spacing([space::L, space::S])
                .min_col_width(table::LABEL_COLUMN)
                .show(ui, |ui| {
                    let label = ui.label(crate::tr!("settings-name"));
                    ui.vertical(|ui| {
                        ui.add_enabled(
                            !sandbox,
                            egui::TextEdit::singleline(&mut form.name)
                                .desired_width(field::XXL)
                                .hint_text(crate::tr!("settings-name-hint")),
                        )
                        .labelled_by(label.id);
                        show(ui, &problems[0], form.tried);
                    });
                    ui.end_row();

                    let label = ui.label(crate::tr!("settings-address"));
                    ui.vertical(|ui| {
                        if sandbox {
                            let sandbox_url = shared.session.sandbox_url.clone();
                            ui.muted(
                                &sandbox_url
                                    .unwrap_or_else(|| crate::tr!("settings-address-sandbox")),
                            );
                        } else {
                            ui.add(
                                egui::TextEdit::singleline(&mut form.base_url)
                                    .desired_width(field::XXL)
                                    .hint_text("https://api.example.com/"),
                            )
                            .labelled_by(label.id);
                            // The address is checked as it is typed.
                            if form.base_url.trim() != "https://" {
                                show(ui, &problems[1], true);
                            }
                        }
                    });
                    ui.end_row();

                    ui.label(crate::tr!("settings-key-header"));
                    ui.add_enabled_ui(!sandbox, |ui| {
                        ui.horizontal(|ui| {
                            ui.radio_value(
                                &mut form.auth,
                                AuthStyle::Bearer,
                                "Authorization: Bearer",
                            );
                            ui.radio_value(&mut form.auth, AuthStyle::XApiKey, "X-Api-Key");
                        });
                    });
                    ui.end_row();

                    ui.label(crate::tr!("settings-organization"));
                    ui.vertical(|ui| {
                        ui.horizontal(|ui| {
                            ui.radio_value(
                                &mut form.child_org,
                                false,
                                crate::tr!("settings-org-own-choice"),
                            );
                            ui.radio_value(
                                &mut form.child_org,
                                true,
                                crate::tr!("settings-org-child-choice"),
                            );
                            if form.child_org {
                                ui.add(
                                    egui::TextEdit::singleline(&mut form.org_text)
                                        .desired_width(field::NUMBER)
                                        .hint_text(crate::tr!("settings-org-id-hint")),
                                )
                                .accessible_name(crate::tr!("settings-org-id-name"));
                            }
                        });
                        ui.muted_small(&crate::tr!("settings-org-hint"));
                        show(ui, &problems[2], form.tried || !form.org_text.is_empty());
                    });
                    ui.end_row();

                    if !sandbox {
                        let label = ui.label(crate::tr!("settings-api-key"));
                        ui.vertical(|ui| {
                            let hint = if no_key_here {
                                crate::tr!("settings-api-key-none-here-hint")
                            } else if form.editing.is_some() {
                                crate::tr!("settings-api-key-keep-hint")
                            } else {
                                crate::tr!("settings-api-key-hint")
                            };
                            ui.add(
                                egui::TextEdit::singleline(&mut form.key)
                                    .password(true)
                                    .desired_width(field::XXL)
                                    .hint_text(hint),
                            )
                            .labelled_by(label.id);
                            show(ui, &problems[3], form.tried);
                        });
                        ui.end_row();
                    }
                });

            ui.add_space(space::S);
            if let Some(report) = &self.report {
                report_ui(ui, report);
                ui.add_space(space::S);
            }
            if let Some(e) = &self.save_error {
                ui.error_box(e, "save");
                ui.add_space(space::S);
            }
            if let Some((waiting, what)) = form.orders_question.clone() {
                ui.label(
                    RichText::new(crate::tr!(
                        "settings-orders-question",
                        count = waiting,
                        what = what
                    ))
                    .color(t.warning),
                );
                ui.horizontal(|ui| {
                    let mut choice = None;
                    if ui.button(crate::tr!("settings-orders-follow")).clicked() {
                        choice = Some(WaitingOrders::Follow);
                    }
                    if ui.button(crate::tr!("settings-orders-hold")).clicked() {
                        choice = Some(WaitingOrders::Hold);
                    }
                    if ui.button(crate::tr!("settings-dont-save")).clicked() {
                        form.orders_question = None;
                    }
                    if let Some(choice) = choice {
                        form.orders_question = None;
                        let id = form.editing.as_ref().map(|a| a.id);
                        let draft = AccountDraft {
                            orders: choice,
                            ..form.draft()
                        };
                        shared.request(
                            Slot::SettingsSave,
                            &crate::tr!("settings-saving"),
                            |request| {
                                Command::Accounts(AccountsCommand::Save { request, id, draft })
                            },
                        );
                    }
                });
                ui.add_space(space::S);
            }
            ui.horizontal(|ui| {
                let ok = problems.iter().all(Option::is_none);
                let busy = shared.requests.is_running(Slot::SettingsSave);
                let needs_consent = !sandbox
                    && !form.key.trim().is_empty()
                    && matches!(
                        shared.session.keychain,
                        Some(KeychainStatus::Unavailable { .. })
                    );
                let save = ui.add_enabled(
                    !busy && !needs_consent,
                    egui::Button::new(
                        RichText::new(crate::tr!("settings-save")).color(t.on_accent),
                    )
                    .fill(t.accent),
                );
                let save = if needs_consent {
                    save.on_disabled_hover_text(crate::tr!("settings-save-needs-consent"))
                } else {
                    save
                };
                if save.clicked() {
                    form.tried = true;
                    if ok {
                        self.save_error = None;
                        let (id, draft) = (form.editing.as_ref().map(|a| a.id), form.draft());
                        shared.request(
                            Slot::SettingsSave,
                            &crate::tr!("settings-saving"),
                            |request| {
                                Command::Accounts(AccountsCommand::Save { request, id, draft })
                            },
                        );
                    }
                }
                let testing = shared.requests.is_running(Slot::SettingsTest);
                if ui
                    .add_enabled(!testing, egui::Button::new(crate::tr!("settings-test")))
                    .on_hover_text(crate::tr!("settings-test-hover"))
                    .clicked()
                {
                    let (existing, draft) = (form.editing.as_ref().map(|a| a.id), form.draft());
                    shared.request(
                        Slot::SettingsTest,
                        &crate::tr!("settings-testing"),
                        |request| {
                            Command::Accounts(AccountsCommand::TestConnection {
                                request,
                                existing,
                                draft,
                            })
                        },
                    );
                    self.report = None;
                }
                if testing || busy {
                    ui.spinner();
                }
                if ui.button(crate::tr!("settings-cancel")).clicked() {
                    close = true;
                }
            });
        });
        if close {
            self.form = None;
            self.report = None;
            self.save_error = None;
        }
    }
}

/// The keychain's name as a person knows it on their system; another store by its own name.
fn keychain_name(store: &str) -> String {
    let lower = store.to_lowercase();
    if lower.contains("secret service") {
        crate::tr!("settings-keychain-secret-service")
    } else if lower.contains("windows") {
        crate::tr!("settings-keychain-windows")
    } else if lower.contains("apple") || lower.contains("macos") || lower.contains("keychain") {
        crate::tr!("settings-keychain-macos")
    } else {
        store.to_owned()
    }
}

fn keychain_ui(ui: &mut Ui, shared: &mut Shared<'_>) {
    let t = theme::tokens(ui.ctx());
    let Some(status) = &shared.session.keychain else {
        return;
    };
    let (fg, bg, text) = match status {
        KeychainStatus::Available { store } => {
            ui.muted_small(&crate::tr!(
                "settings-keychain",
                store = keychain_name(store)
            ));
            return;
        }
        KeychainStatus::SessionOnly { reason } => (
            t.warning,
            t.warning_soft,
            crate::tr!("settings-keychain-session", reason = reason.to_string()),
        ),
        KeychainStatus::Unavailable { reason } => (
            t.warning,
            t.warning_soft,
            crate::tr!("settings-keychain-unavailable", reason = reason.to_string()),
        ),
    };
    egui::Frame::new()
        .fill(bg)
        .corner_radius(theme::radius::CONTROL)
        .inner_margin(space::M)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.add(egui::Label::new(RichText::new(text).color(fg)).wrap());
            if matches!(status, KeychainStatus::Unavailable { .. })
                && ui
                    .button(crate::tr!("settings-keep-session-keys"))
                    .on_hover_text(crate::tr!("settings-keep-session-keys-hover"))
                    .clicked()
            {
                shared
                    .backend
                    .send(Command::Accounts(AccountsCommand::AcceptSessionKeys));
            }
        });
    ui.add_space(space::S);
}

fn report_ui(ui: &mut Ui, report: &ConnectionReport) {
    use crate::backend::accounts::Check;
    match &report.ping {
        Check::Passed(text) if text.is_empty() => {
            ui.check_line(true, &crate::tr!("settings-ping-ok"))
        }
        Check::Passed(text) => ui.check_line(
            true,
            &crate::tr!("settings-ping-ok-said", text = text.as_str()),
        ),
        Check::Failed(e) => ui.check_line(
            false,
            &crate::tr!("settings-ping-failed", error = e.as_str()),
        ),
        Check::Missing => {
            ui.muted(&format!("– {}", crate::tr!("settings-ping-missing")));
        }
    }
    match &report.logos {
        Check::Passed(n) => ui.check_line(true, &crate::tr!("settings-logos-ok", count = *n)),
        Check::Failed(e) => ui.check_line(
            false,
            &crate::tr!("settings-logos-failed", error = e.as_str()),
        ),
        Check::Missing => ui.check_line(
            false,
            &crate::tr!(
                "settings-logos-failed",
                error = crate::tr!("settings-logos-missing")
            ),
        ),
    }
}

fn appearance_ui(ui: &mut Ui, shared: &mut Shared<'_>) {
    ui.surface(|ui| {
        ui.set_width(ui.available_width());
        ui.section_heading(&crate::tr!("settings-appearance"));
        ui.add_space(space::S);
        let mut language = shared.language();
        ui.horizontal(|ui| {
            ui.label(crate::tr!("settings-language"));
            ui.add_space(space::S);
            for choice in Language::ALL {
                ui.selectable_value(&mut language, choice, choice.native_name());
            }
        });
        ui.muted_small(&crate::tr!("settings-language-hint"));
        if language != shared.language() {
            shared.intend(Intent::SetLanguage(language));
        }
        ui.add_space(space::S);
        let mut pref = ui.ctx().options(|o| o.theme_preference);
        ui.horizontal(|ui| {
            ui.label(crate::tr!("settings-theme"));
            ui.add_space(space::S);
            ui.selectable_value(
                &mut pref,
                egui::ThemePreference::System,
                crate::tr!("settings-theme-system"),
            );
            ui.selectable_value(
                &mut pref,
                egui::ThemePreference::Light,
                crate::tr!("settings-theme-light"),
            );
            ui.selectable_value(
                &mut pref,
                egui::ThemePreference::Dark,
                crate::tr!("settings-theme-dark"),
            );
        });
        if pref != ui.ctx().options(|o| o.theme_preference) {
            ui.ctx().set_theme(pref);
        }
    });
}

fn notifications_ui(ui: &mut Ui, desktop: &mut bool) {
    ui.surface(|ui| {
        ui.set_width(ui.available_width());
        ui.section_heading(&crate::tr!("notify-settings"));
        ui.add_space(space::S);
        ui.checkbox(desktop, crate::tr!("notify-setting"));
        ui.muted_small(&crate::tr!("notify-setting-hint"));
    });
}

fn about_ui(ui: &mut Ui, shared: &Shared<'_>) {
    ui.surface(|ui| {
        ui.set_width(ui.available_width());
        ui.section_heading(&crate::tr!("settings-about"));
        ui.add_space(space::XS);
        ui.label(crate::tr!("settings-version", version = crate::VERSION));
        if let Some(url) = &shared.session.sandbox_url {
            ui.muted(&crate::tr!("settings-sandbox-listens", url = url.as_str()));
        }
    });
}

impl ScreenView for Settings {
    /// The screen.
    fn ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        ui.screen_title(
            &crate::tr!("settings-title"),
            Some(&crate::tr!("settings-subtitle")),
        );
        ui.add_space(space::M);
        egui::ScrollArea::vertical()
            .id_salt("settings")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.set_max_width(panel::SETTINGS);
                self.accounts_ui(ui, shared);
                ui.add_space(space::L);
                self.team.ui(ui, shared);
                ui.add_space(space::L);
                appearance_ui(ui, shared);
                ui.add_space(space::L);
                notifications_ui(ui, &mut self.desktop_notifications);
                ui.add_space(space::L);
                self.cache_ui(ui, shared);
                ui.add_space(space::L);
                about_ui(ui, shared);
            });
    }

    fn on_event(&mut self, _reply: Reply, event: Event, shared: &mut Shared<'_>) -> Option<Event> {
        match event {
            Event::Accounts(event) => self.on_accounts_event(event, shared),
            Event::Cache(CacheEvent::Size { used, budget }) => self.cache = Some((used, budget)),
            Event::Team(event) => self.team.on_event(event, shared),
            event => return Some(event),
        }
        None
    }

    /// A save failed, or counting or emptying the offline copies did.
    fn on_failed(&mut self, reply: Reply, error: &UserError, _: &mut Shared<'_>) -> Toast {
        if reply.slot == Some(Slot::SettingsCache) {
            self.cache_error = Some(error.clone());
        } else if reply.slot == Some(Slot::SettingsRemove) {
            self.confirm_remove = None;
        } else if matches!(
            reply.slot,
            Some(
                Slot::TeamLoad | Slot::TeamSave | Slot::TeamTest | Slot::TeamPick | Slot::TeamDesks
            )
        ) {
            // Said in the section, beside what was tried, until the next answer replaces it:
            // a toast would stay red after a later test succeeded.
            self.team.on_failed(error);
            return Toast::Skip;
        } else {
            self.save_error = Some(error.clone());
        }
        Toast::Show
    }

    /// The offline copies are counted again (the form and the report stay: they are about
    /// accounts, not the account shown).
    fn refresh(&mut self, shared: &mut Shared<'_>) -> bool {
        self.ask_cache(false, shared);
        true
    }

    /// The form and the report stay: they are about accounts, not the account shown. The
    /// offline copies are counted again when the screen is next drawn.
    fn activated(&mut self, _: &mut Shared<'_>) {
        self.cache_asked = false;
    }

    /// The offline copies are counted again when the screen is shown again.
    fn left(&mut self, _: &mut Shared<'_>) {
        self.cache_asked = false;
    }

    fn ready_for_screenshot(&mut self, shown: bool, shared: &Shared<'_>) -> bool {
        shared.session.ready
            && shared.session.active.is_some()
            && (!shown || self.cache.is_some() || self.cache_error.is_some())
    }
}
