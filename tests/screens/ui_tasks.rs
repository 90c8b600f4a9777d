//! The Tasks screen in the real app against the in-process sandbox: track the demo tasks by
//! id, watch the pending one finish (the sandbox finishes it after 1.5 s; the app polls every
//! 200 ms here) with a notification, open its created logo, and remove a task.

use crate::ui_common;

use egui_kittest::kittest::Queryable as _;
use logodesk::api::{TaskId, TaskStatus};
use logodesk::locale::Language;
use logodesk::sandbox::fixtures;
use logodesk::ui::{PersistedUi, Screen};
use std::time::Duration;
use ui_common::*;

type H = egui_kittest::Harness<'static, logodesk::app::LogodeskApp>;

pub(crate) fn tasks_app() -> H {
    let mut config = config();
    if let Some(sandbox) = &mut config.sandbox {
        sandbox.vectorize_delay = Duration::from_millis(1500);
    }
    config.task_poll = Duration::from_millis(200);
    let mut h = app_with(config, egui::Theme::Light, PersistedUi::default());
    wait_for(&mut h, "the session", |h| {
        h.state().session().active.is_some() && h.state().screens().tasks.is_loaded()
    });
    h.get_by_label("Tasks").click();
    h.run_steps(2);
    assert_eq!(h.state().screen(), Screen::Tasks);
    h
}

pub(crate) fn track(h: &mut H, id: i64) {
    // A refused id stays in the field for a fix; start afresh.
    h.state_mut().screens_mut().tasks.id_input.clear();
    h.run_steps(1);
    let field = h.query_by_role_and_label(egui::accesskit::Role::TextInput, "Task id");
    field.expect("the task id field").focus();
    h.run_steps(1);
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "Task id")
        .type_text(&id.to_string());
    h.run_steps(1);
    h.get_by_label("Track task").click();
    h.run_steps(2);
}

#[test]
fn a_pending_task_is_polled_until_finished_and_its_logo_opens() {
    let mut h = tasks_app();
    assert!(shows(&h, "No tasks tracked"));
    let fx = fixtures();
    track(&mut h, fx.pending_vectorize_task_id);
    wait_for(&mut h, "the tracked task", |h| {
        !h.state().screens().tasks.tasks().is_empty()
    });
    let first = &h.state().screens().tasks.tasks()[0];
    assert_eq!(first.task.id, TaskId(fx.pending_vectorize_task_id));
    if first.task.status == TaskStatus::Pending {
        assert!(shows(&h, "pending"));
        assert!(shows(&h, "not yet known"));
    }

    wait_for(&mut h, "the task to finish", |h| {
        h.state().screens().tasks.tasks()[0].task.status == TaskStatus::Finished
    });
    let task = h.state().screens().tasks.tasks()[0].task.clone();
    assert!(shows(&h, "finished"));
    assert!(task.final_price.is_some());
    assert!(shows_text(
        &h,
        &Language::English.money(task.final_price.unwrap(), &task.currency)
    ));
    assert!(
        h.state()
            .notifications()
            .iter()
            .any(|n| n.contains("finished") && n.contains("1 logo created")),
        "{:?}",
        h.state().notifications()
    );
    let created = task.created_logos[0].logo_id;
    h.get_by_label_contains(&format!("Logo {created}")).click();
    wait_for(&mut h, "the created logo", |h| {
        h.state().screens().detail.is_loaded()
    });
    assert_eq!(h.state().screen(), Screen::LogoDetail);
    assert_eq!(
        h.state().screens().detail.logo().map(|l| l.logo_id),
        Some(created)
    );
}

#[test]
fn tasks_are_tracked_by_id_unknown_ones_explained_and_removed() {
    let mut h = tasks_app();
    let fx = fixtures();
    track(&mut h, 79999);
    wait_for(&mut h, "the refusal", |h| shows_text(h, "79999"));
    assert!(h.state().screens().tasks.tasks().is_empty());

    track(&mut h, fx.finished_vectorize_task_id);
    wait_for(&mut h, "the finished task", |h| {
        h.state().screens().tasks.tasks().len() == 1
    });
    assert!(shows(&h, "finished"));
    assert!(shows(&h, "Created logos"));
    let created = h.state().screens().tasks.tasks()[0]
        .task
        .created_logos
        .clone();
    assert!(
        !created.is_empty(),
        "the demo's finished task created logos"
    );
    for logo in created {
        let link = format!("Logo {}", logo.logo_id);
        assert!(shows_text(&h, &link), "a link to each: {link}");
    }
    let remove = format!("Remove task {}", fx.finished_vectorize_task_id);
    h.get_by_label(&remove).click();
    h.run_steps(2);
    wait_for(&mut h, "the empty list", |h| shows(h, "No tasks tracked"));
    assert!(h.state().screens().tasks.tasks().is_empty());
}

#[test]
fn a_task_left_pending_at_the_last_run_is_polled_again_after_a_restart() {
    use logodesk::backend::StoreLocation;
    use logodesk::store::Store;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("logodesk.sqlite");
    let fx = fixtures();
    {
        // The previous run saw the demo task pending and was closed.
        let store = Store::open(&db).unwrap();
        let account = store.ensure_sandbox_account().unwrap().id;
        let pending: logodesk::api::VectorizeTask = serde_json::from_value(serde_json::json!({
            "id": fx.pending_vectorize_task_id, "status": "pending", "logoName": "Sponsor",
            "transferMethodKey": "INDUSTRI", "minPrice": 250, "maxPrice": 750,
            "currency": "DKK", "createdAtUtc": "2026-11-01T10:00:00Z",
            "finalPrice": null, "finishedAtUtc": null, "createdLogos": []
        }))
        .unwrap();
        store.save_task(account, &pending).unwrap();
    }
    let mut config = config();
    config.store = StoreLocation::File(db);
    if let Some(sandbox) = &mut config.sandbox {
        sandbox.vectorize_delay = Duration::from_millis(1000);
    }
    config.task_poll = Duration::from_millis(200);
    let mut h = app_with(config, egui::Theme::Light, PersistedUi::default());
    wait_for(&mut h, "the stored task", |h| {
        h.state().screens().tasks.tasks().len() == 1
    });
    // Nobody asks: the tracker resumes on its own and says when it is done.
    wait_for(&mut h, "the task to finish", |h| {
        h.state().screens().tasks.tasks()[0].task.status == TaskStatus::Finished
    });
    assert!(
        h.state()
            .notifications()
            .iter()
            .any(|n| n.contains(&format!("Vectorize task {}", fx.pending_vectorize_task_id))),
        "{:?}",
        h.state().notifications()
    );
}

/// Look-ups one after the other (`Slot::TaskTrack`, newest only): the newest one's answer ends
/// the look-up; an older one's task is tracked all the same, and its failure is never said.
#[test]
fn an_older_look_up_s_task_is_tracked_and_its_failure_is_moot() {
    let mut h = tasks_app();
    let fx = fixtures();
    track(&mut h, 79999);
    track(&mut h, fx.finished_vectorize_task_id);
    wait_for(&mut h, "the newest look-up's task", |h| {
        h.state().screens().tasks.tasks().len() == 1
            && h.state().screens().tasks.id_input.is_empty()
    });
    // Answers still on their way are settled too.
    h.run_steps(10);
    assert!(!shows_text(&h, "79999"), "the older failure is moot");
    assert!(
        h.state().notifications().is_empty(),
        "{:?}",
        h.state().notifications()
    );

    // An older look-up found its task, the newest one failed: both are said.
    track(&mut h, fx.pending_vectorize_task_id);
    track(&mut h, 79998);
    wait_for(&mut h, "the older look-up's task", |h| {
        h.state().screens().tasks.tasks().len() == 2
    });
    wait_for(&mut h, "the newest look-up's failure", |h| {
        shows_text(h, "79998")
    });
    let ids: Vec<TaskId> = h
        .state()
        .screens()
        .tasks
        .tasks()
        .iter()
        .map(|t| t.task.id)
        .collect();
    assert!(
        ids.contains(&TaskId(fx.pending_vectorize_task_id)),
        "{ids:?}"
    );
    assert_eq!(
        h.state().screens().tasks.id_input,
        "79998",
        "kept for a fix"
    );
}
