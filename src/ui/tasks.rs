//! Vectorize tasks: look a task up by id and keep it in this account's tracked list (stored
//! locally; the service has no list of tasks). The backend polls the pending ones until they
//! are finished and tells when one finishes.

use super::designs::labelled;
use super::theme::{self, space, table};
use super::widgets::{IdEntry, UiExt as _, id_entry};
use super::{Intent, Reply, ScreenView, Shared, Slot, Toast};
use crate::api::{TaskId, TaskStatus, VectorizeTask};
use crate::backend::tasks::{TasksCommand, TasksEvent};
use crate::backend::{Command, Event, LogoRef, UserError};
use crate::store::TrackedTask;
use chrono::{DateTime, Utc};
use egui::{Align, Layout, RichText, Ui};

/// The Tasks screen's state.
#[derive(Default)]
pub struct TasksScreen {
    loaded: bool,
    /// The task id as typed.
    pub id_input: String,
    input_error: Option<String>,
    /// Why the newest look-up failed (`Slot::TaskTrack`: an older one's failure never comes).
    lookup_error: Option<UserError>,
    tasks: Vec<TrackedTask>,
}

impl TasksScreen {
    /// The tracked tasks, most recently added first.
    pub fn tasks(&self) -> &[TrackedTask] {
        &self.tasks
    }

    /// The list has arrived at least once.
    pub fn is_loaded(&self) -> bool {
        self.loaded
    }

    /// Looks a task up and tracks it (a newer look-up supersedes this one's answer, not the
    /// tracking: its task still comes as `TasksEvent::Tracked`).
    pub fn track(&mut self, id: TaskId, shared: &mut Shared<'_>) {
        self.input_error = None;
        self.lookup_error = None;
        let label = crate::tr!("tasks-looking-up", id = id.to_string());
        shared.request(Slot::TaskTrack, &label, |request| {
            Command::Tasks(TasksCommand::Track { request, id })
        });
    }

    /// Applies one answer of the backend (the newest look-up's only).
    fn on_tasks_event(&mut self, event: TasksEvent, shared: &mut Shared<'_>) {
        match event {
            TasksEvent::List(tasks) => {
                self.tasks = tasks;
                self.loaded = true;
            }
            // Any look-up's task, an older one's too (the backend saved it).
            TasksEvent::Tracked(task) => {
                self.tasks.retain(|t| t.task.id != task.task.id);
                self.tasks.insert(0, *task);
            }
            // The field is emptied unless another id was typed meanwhile.
            TasksEvent::LookedUp(id) => {
                if self.id_input.trim() == id.to_string() {
                    self.id_input.clear();
                }
            }
            TasksEvent::Changed { task, finished_now } => {
                if finished_now {
                    shared.notifications.success(finished_sentence(&task.task));
                }
                if let Some(slot) = self.tasks.iter_mut().find(|t| t.task.id == task.task.id) {
                    *slot = *task;
                }
            }
        }
    }
}

/// The notification when a tracked task finishes.
fn finished_sentence(task: &VectorizeTask) -> String {
    crate::tr!(
        "tasks-finished",
        id = task.id.to_string(),
        name = task.logo_name.as_str(),
        count = task.created_logos.len()
    )
}

/// One task as a card; answers whether "Remove" was clicked.
fn task_ui(ui: &mut Ui, shared: &mut Shared<'_>, tracked: &TrackedTask) -> bool {
    let task = &tracked.task;
    let t = theme::tokens(ui.ctx());
    let language = shared.language();
    let local = |at: &DateTime<Utc>| language.date_time(at);
    let mut remove = false;
    ui.push_id(("task", task.id), |ui| {
        ui.surface(|ui| {
            ui.horizontal(|ui| {
                let name = if task.logo_name.is_empty() {
                    crate::tr!("tasks-no-logo-name")
                } else {
                    task.logo_name.clone()
                };
                ui.label(
                    RichText::new(crate::tr!(
                        "tasks-card-title",
                        id = task.id.to_string(),
                        name = name
                    ))
                    .font(theme::heading_font())
                    .color(t.text_strong),
                );
                let (fg, bg, tip) = match &task.status {
                    TaskStatus::Pending => {
                        (t.warning, t.warning_soft, crate::tr!("tasks-pending-hover"))
                    }
                    TaskStatus::Finished => (
                        t.success,
                        t.success_soft,
                        crate::tr!("tasks-finished-hover"),
                    ),
                    TaskStatus::Other(_) => {
                        (t.text_muted, t.chrome, crate::tr!("tasks-other-hover"))
                    }
                };
                let status = crate::ui::names::task_status(&task.status);
                labelled(ui.badge(&status, fg, bg), &status).on_hover_text(tip);
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    remove = ui
                        .small_button(crate::tr!("tasks-remove"))
                        .accessible_name(crate::tr!("tasks-remove-name", id = task.id.to_string()))
                        .on_hover_text(crate::tr!("tasks-remove-hover"))
                        .clicked();
                });
            });
            ui.add_space(space::XS);
            let method = if task.transfer_method_key.is_empty() {
                "—".to_owned()
            } else {
                task.transfer_method_key.clone()
            };
            let range = format!(
                "{} – {}",
                language.money(task.min_price, &task.currency),
                language.money(task.max_price, &task.currency)
            );
            let fin = task.final_price.map_or_else(
                || crate::tr!("tasks-price-not-known"),
                |p| language.money(p, &task.currency),
            );
            let finished = task
                .finished_at_utc
                .as_ref()
                .map_or_else(|| "—".to_owned(), local);
            // Two columns of facts: the work and its price, then its times.
            egui::Grid::new("task-facts")
                .spacing([space::L, space::XS])
                .min_col_width(table::FACTS_COLUMN)
                .show(ui, |ui| {
                    let pairs = [
                        (
                            crate::tr!("tasks-method"),
                            method,
                            crate::tr!("tasks-created"),
                            local(&task.created_at_utc),
                        ),
                        (
                            crate::tr!("tasks-price-range"),
                            range,
                            crate::tr!("tasks-finished-at"),
                            finished,
                        ),
                    ];
                    for (k1, v1, k2, v2) in pairs {
                        ui.muted(&k1);
                        ui.label(v1);
                        ui.muted(&k2);
                        ui.label(v2);
                        ui.end_row();
                    }
                    ui.muted(&crate::tr!("tasks-final-price"));
                    ui.label(fin);
                    ui.muted(&crate::tr!("tasks-created-logos"));
                    if task.created_logos.is_empty() {
                        ui.label("—");
                    } else {
                        ui.horizontal(|ui| {
                            for l in &task.created_logos {
                                let text = match l.logo_item_no {
                                    Some(n) => crate::tr!(
                                        "tasks-logo-item",
                                        logo = l.logo_id.to_string(),
                                        item = n.to_string()
                                    ),
                                    None => crate::tr!("tasks-logo", logo = l.logo_id.to_string()),
                                };
                                if ui
                                    .link(text)
                                    .on_hover_text(crate::tr!("tasks-open-logo"))
                                    .clicked()
                                {
                                    shared.intend(Intent::OpenLogo(LogoRef::Id(l.logo_id)));
                                }
                            }
                        });
                    }
                    ui.end_row();
                });
            ui.muted_small(&crate::tr!(
                "tasks-last-checked",
                time = language.time_stamp(&tracked.updated_at)
            ));
        });
    });
    remove
}

impl ScreenView for TasksScreen {
    /// The screen.
    fn ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        ui.screen_title(
            &crate::tr!("tasks-title"),
            Some(&crate::tr!("tasks-subtitle")),
        );
        // The team database is out of reach: the list is what was last read.
        if shared.session.team_data_stale() {
            super::stale::team_away_mark(ui, &crate::tr!("tasks-team-stale"));
        }
        ui.add_space(space::S);
        let id = IdEntry::new(
            &mut self.id_input,
            &mut self.input_error,
            crate::tr!("tasks-task-id"),
            crate::tr!("tasks-track"),
            |text| id_entry::positive(text, || crate::tr!("tasks-need-id")),
        )
        .labelled()
        .hint(crate::tr!("tasks-task-id-hint"))
        .spinner(shared.requests.is_running(Slot::TaskTrack))
        .show(ui);
        if let Some(id) = id {
            self.track(id, shared);
        }
        if let Some(e) = &self.lookup_error {
            ui.error_box(e, "task-lookup");
        }
        ui.add_space(space::M);
        if !self.loaded {
            ui.spinner();
            return;
        }
        if self.tasks.is_empty() {
            ui.empty_state(
                "⟳",
                &crate::tr!("tasks-empty"),
                &crate::tr!("tasks-empty-hint"),
                None,
            );
            return;
        }
        let mut remove = None;
        egui::ScrollArea::vertical()
            .id_salt("tasks-scroll")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for tracked in &self.tasks {
                    if task_ui(ui, shared, tracked) {
                        remove = Some(tracked.task.id);
                    }
                    ui.add_space(space::S);
                }
            });
        if let Some(id) = remove {
            self.tasks.retain(|t| t.task.id != id);
            shared
                .backend
                .send(Command::Tasks(TasksCommand::Remove { id }));
        }
    }

    fn on_event(&mut self, _: Reply, event: Event, shared: &mut Shared<'_>) -> Option<Event> {
        let Event::Tasks(event) = event else {
            return Some(event);
        };
        self.on_tasks_event(event, shared);
        None
    }

    /// The newest look-up failed: it says why under the id field (only there). An older
    /// one's failure is moot: it never comes (`Slot::TaskTrack` is newest only).
    fn on_failed(&mut self, _: Reply, error: &UserError, _: &mut Shared<'_>) -> Toast {
        self.lookup_error = Some(error.clone());
        Toast::Skip
    }

    fn refresh(&mut self, shared: &mut Shared<'_>) -> bool {
        shared.backend.send(Command::Tasks(TasksCommand::Refresh));
        true
    }

    /// Drops the previous account's list and asks for the new one's.
    fn activated(&mut self, shared: &mut Shared<'_>) {
        *self = TasksScreen::default();
        shared.backend.send(Command::Tasks(TasksCommand::Refresh));
    }

    /// Both demo tasks are listed (the shell asked for them).
    fn ready_for_screenshot(&mut self, _shown: bool, _: &Shared<'_>) -> bool {
        self.tasks.len() >= 2
    }
}
