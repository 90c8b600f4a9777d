//! The vectorize tasks feature: the account's tracked list in the local database
//! (`vectorize_tasks`, [`crate::store::tasks`]) and the poller that follows the pending ones
//! (every `poll_interval`, backing off after failures, resuming from the database after a
//! restart) until they are finished.

use crate::api::{Client, TaskId, TaskStatus};
use crate::backend::support::poll::{Pacing, wait};
use crate::backend::support::{
    Active, Generation, RequestId, SharedStore, Sink, UserError, active, debug_as_name, with_store,
};
use crate::store::{AccountId, Route, TeamState, TrackedTask};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;
use tokio::task::JoinHandle;

/// Longest pause of the tracker after failures.
const MAX_BACKOFF: Duration = Duration::from_secs(60);

/// What the Tasks screen asks of the backend.
#[derive(strum::IntoStaticStr)]
pub enum TasksCommand {
    /// Send the active account's tracked tasks again.
    Refresh,
    /// Look a task up by id and add it to the tracked list (told as `Tracked`, then answered
    /// by `LookedUp`).
    Track { request: RequestId, id: TaskId },
    /// Stop tracking a task.
    Remove { id: TaskId },
}

/// What the backend tells the Tasks screen.
#[derive(strum::IntoStaticStr)]
pub enum TasksEvent {
    /// The tracked tasks of the account shown, most recently added first.
    List(Vec<TrackedTask>),
    /// A task looked up is now tracked. News, not an answer: a newer look-up supersedes an
    /// older one, whose task is tracked all the same.
    Tracked(Box<TrackedTask>),
    /// The answer to a `Track`: the look-up of this id is done (its task was told as
    /// `Tracked` just before), or its failure.
    LookedUp(TaskId),
    /// The poller fetched a newer state of a tracked task; `finished_now` when it went
    /// from pending to finished.
    Changed {
        task: Box<TrackedTask>,
        finished_now: bool,
    },
}

debug_as_name!(TasksCommand, TasksEvent);

impl TasksCommand {
    /// The request the command answers (`None`: it answers nobody; its failure is a notice).
    pub fn request(&self) -> Option<RequestId> {
        match self {
            TasksCommand::Track { request, .. } => Some(*request),
            TasksCommand::Refresh | TasksCommand::Remove { .. } => None,
        }
    }
}

/// The tasks feature: the active account's poller.
pub(super) struct Tasks {
    sink: Sink<TasksEvent>,
    store: SharedStore,
    poll_interval: Duration,
    active: Option<Active>,
    poller: Option<JoinHandle<()>>,
    wake: Arc<Notify>,
}

impl Tasks {
    pub(super) fn new(
        sink: Sink<TasksEvent>,
        store: SharedStore,
        poll_interval: Duration,
    ) -> Tasks {
        Tasks {
            sink,
            store,
            poll_interval,
            active: None,
            poller: None,
            wake: Arc::new(Notify::new()),
        }
    }

    /// Another account is shown: its poller takes over (the old one stops).
    pub(super) async fn activate(&mut self, active: &Active) {
        if let Some(t) = self.poller.take() {
            t.abort();
        }
        self.wake = Arc::new(Notify::new());
        if let Ok(client) = &active.client {
            let poller = TaskPoller {
                sink: self.sink.clone(),
                store: self.store.clone(),
                client: client.clone(),
                account: active.account(),
                generation: active.generation,
                pacing: Pacing {
                    interval: self.poll_interval,
                    max_backoff: MAX_BACKOFF,
                },
                wake: self.wake.clone(),
            };
            self.poller = Some(tokio::spawn(poller.run()));
        }
        self.active = Some(active.clone());
    }

    pub(super) async fn handle(&mut self, command: TasksCommand) -> Result<(), UserError> {
        let active = active(&self.active)?;
        let (account, generation, client) = (active.account(), active.generation, active.client());
        match command {
            TasksCommand::Refresh => self.send_list(account, generation).await?,
            TasksCommand::Track { request, id } => {
                let (store, sink, wake) =
                    (self.store.clone(), self.sink.clone(), self.wake.clone());
                tokio::spawn(async move {
                    let result = match client {
                        Ok(client) => match client.vectorize().task(id).await {
                            Ok(task) => {
                                with_store(&store, move |s| s.save_task(account, &task)).await
                            }
                            Err(e) => Err(UserError::from_api(&e)),
                        },
                        Err(e) => Err(e),
                    };
                    let pending = result.as_ref().is_ok_and(TrackedTask::is_pending);
                    // Told before the poller is woken, so its changes come after.
                    let result = result.map(|task| {
                        sink.news(generation, TasksEvent::Tracked(Box::new(task)));
                        TasksEvent::LookedUp(id)
                    });
                    sink.reply(generation, request, result);
                    if pending {
                        wake.notify_one();
                    }
                });
            }
            TasksCommand::Remove { id } => {
                with_store(&self.store, move |s| s.untrack_task(account, id)).await?;
                self.send_list(account, generation).await?;
            }
        }
        Ok(())
    }

    async fn send_list(&self, account: AccountId, generation: Generation) -> Result<(), UserError> {
        let tasks = with_store(&self.store, move |s| {
            // A team's tasks while its database is out of reach: the screen keeps the list it
            // last read (marked not fresh); none was read when the team was never reached.
            if s.route(account.0) == Route::Away {
                return Ok((s.team_state() == TeamState::NeverReached).then(Vec::new));
            }
            s.tracked_tasks(account).map(Some)
        })
        .await?;
        if let Some(tasks) = tasks {
            self.sink.news(generation, TasksEvent::List(tasks));
        }
        Ok(())
    }
}

impl Drop for Tasks {
    fn drop(&mut self) {
        if let Some(t) = self.poller.take() {
            t.abort();
        }
    }
}

/// Polls the pending tasks of one account until they are finished.
struct TaskPoller {
    sink: Sink<TasksEvent>,
    store: SharedStore,
    client: Client,
    account: AccountId,
    generation: Generation,
    pacing: Pacing,
    wake: Arc<Notify>,
}

impl TaskPoller {
    async fn run(self) {
        let account = self.account;
        // Polls in a row that failed, for the client's retry policy (the same pacing as the order tracker).
        let mut failures: u32 = 0;
        loop {
            let pending: Vec<TrackedTask> =
                match with_store(&self.store, move |s| s.tracked_tasks(account)).await {
                    Ok(tasks) => tasks.into_iter().filter(TrackedTask::is_pending).collect(),
                    Err(e) => {
                        tracing::warn!(error = %e.message, "the tracked tasks could not be read");
                        tokio::time::sleep(MAX_BACKOFF).await;
                        continue;
                    }
                };
            if pending.is_empty() {
                // Nothing to poll until a pending task is tracked.
                self.wake.notified().await;
                continue;
            }
            let mut failed = false;
            let mut retry_after = None;
            for old in pending {
                match self.client.vectorize().task(old.task.id).await {
                    Ok(task) if task == old.task => {}
                    Ok(task) => {
                        let finished_now = task.status == TaskStatus::Finished;
                        match with_store(&self.store, move |s| s.refresh_task(account, &task)).await
                        {
                            Ok(Some(row)) => self.sink.news(
                                self.generation,
                                TasksEvent::Changed {
                                    task: Box::new(row),
                                    finished_now,
                                },
                            ),
                            // Removed from the list meanwhile.
                            Ok(None) => {}
                            Err(e) => {
                                failed = true;
                                tracing::warn!(error = %e.message, "a task could not be saved");
                            }
                        }
                    }
                    Err(e) => {
                        failed = true;
                        retry_after = retry_after.max(e.retry_after());
                        tracing::info!(task = %old.task.id, error = %e, "polling a task failed");
                    }
                }
            }
            failures = if failed {
                failures.saturating_add(1)
            } else {
                0
            };
            let pause = if failures == 0 {
                self.pacing.interval
            } else {
                let policy = self.client.retry_policy();
                let unit = rand::random::<f64>();
                self.pacing
                    .after_failures(&policy, failures, retry_after, unit)
            };
            wait(pause, &self.wake).await;
        }
    }
}
