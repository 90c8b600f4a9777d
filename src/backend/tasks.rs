//! Vectorize tasks in the backend: the account's tracked list in the local database
//! (`vectorize_tasks`, [`crate::store::tasks`]) and the tracker that polls the pending ones
//! (every `poll_interval`, backing off after failures, resuming from the database after a
//! restart) until they are finished.

use super::orders::{SharedStore, with_store};
use super::protocol::{Generation, RequestId, UserError};
use crate::api::{Client, TaskId, TaskStatus};
use crate::store::{AccountId, TrackedTask};
use std::fmt;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;
use tokio::task::JoinHandle;

/// Longest pause of the tracker after failures.
const MAX_BACKOFF: Duration = Duration::from_secs(60);

/// What the Tasks screen asks of the backend.
pub enum TasksCommand {
    /// Send the active account's tracked tasks again.
    Refresh,
    /// Look a task up by id and add it to the tracked list (answered by `Tracked`).
    Track { request: RequestId, id: TaskId },
    /// Stop tracking a task.
    Remove { id: TaskId },
}

impl TasksCommand {
    pub(super) fn name(&self) -> &'static str {
        match self {
            TasksCommand::Refresh => "RefreshTasks",
            TasksCommand::Track { .. } => "TrackTask",
            TasksCommand::Remove { .. } => "RemoveTask",
        }
    }
}

impl fmt::Debug for TasksCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the backend tells the Tasks screen.
pub enum TasksEvent {
    /// The tracked tasks of the account active under `generation`, most recently added first.
    List {
        generation: Generation,
        tasks: Vec<TrackedTask>,
    },
    /// The answer to a `Track`: the task now tracked, or why it could not be looked up.
    Tracked {
        generation: Generation,
        request: RequestId,
        result: Result<Box<TrackedTask>, UserError>,
    },
    /// The tracker fetched a newer state of a tracked task; `finished_now` when it went
    /// from pending to finished.
    Changed {
        generation: Generation,
        task: Box<TrackedTask>,
        finished_now: bool,
    },
}

impl TasksEvent {
    pub(super) fn name(&self) -> &'static str {
        match self {
            TasksEvent::List { .. } => "TaskList",
            TasksEvent::Tracked { .. } => "TaskTracked",
            TasksEvent::Changed { .. } => "TaskChanged",
        }
    }

    /// The request this event answers, if any.
    pub fn request(&self) -> Option<RequestId> {
        match self {
            TasksEvent::Tracked { request, .. } => Some(*request),
            _ => None,
        }
    }
}

impl fmt::Debug for TasksEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Sends a [`TasksEvent`] to the UI.
pub(super) type Emit = Arc<dyn Fn(TasksEvent) + Send + Sync>;

/// The tasks side of the worker: the active account's tracker.
pub(super) struct Tasks {
    store: SharedStore,
    emit: Emit,
    poll_interval: Duration,
    active: Option<(AccountId, Generation, Result<Client, UserError>)>,
    tracker: Option<JoinHandle<()>>,
    wake: Arc<Notify>,
}

impl Tasks {
    pub(super) fn new(store: SharedStore, emit: Emit, poll_interval: Duration) -> Tasks {
        Tasks {
            store,
            emit,
            poll_interval,
            active: None,
            tracker: None,
            wake: Arc::new(Notify::new()),
        }
    }

    /// A new account is active: its tracker takes over (the old one stops).
    pub(super) fn activate(
        &mut self,
        account: AccountId,
        generation: Generation,
        client: Result<Client, UserError>,
    ) {
        if let Some(t) = self.tracker.take() {
            t.abort();
        }
        self.wake = Arc::new(Notify::new());
        if let Ok(client) = &client {
            let tracker = Tracker {
                store: self.store.clone(),
                emit: self.emit.clone(),
                client: client.clone(),
                account,
                generation,
                poll_interval: self.poll_interval,
                wake: self.wake.clone(),
            };
            self.tracker = Some(tokio::spawn(tracker.run()));
        }
        self.active = Some((account, generation, client));
    }

    pub(super) async fn handle(&mut self, command: TasksCommand) -> Result<(), UserError> {
        let Some((account, generation, client)) = self.active.clone() else {
            return Err(UserError::new("No account is active yet.", None));
        };
        match command {
            TasksCommand::Refresh => self.send_list(account, generation).await?,
            TasksCommand::Track { request, id } => {
                let (store, emit, wake) =
                    (self.store.clone(), self.emit.clone(), self.wake.clone());
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
                    if result.as_ref().is_ok_and(TrackedTask::is_pending) {
                        wake.notify_one();
                    }
                    emit(TasksEvent::Tracked {
                        generation,
                        request,
                        result: result.map(Box::new),
                    });
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
        let tasks = with_store(&self.store, move |s| s.tracked_tasks(account)).await?;
        (self.emit)(TasksEvent::List { generation, tasks });
        Ok(())
    }
}

impl Drop for Tasks {
    fn drop(&mut self) {
        if let Some(t) = self.tracker.take() {
            t.abort();
        }
    }
}

/// Polls the pending tasks of one account until they are finished.
struct Tracker {
    store: SharedStore,
    emit: Emit,
    client: Client,
    account: AccountId,
    generation: Generation,
    poll_interval: Duration,
    wake: Arc<Notify>,
}

impl Tracker {
    async fn run(self) {
        let account = self.account;
        // Polls in a row that failed, for the client's retry policy (as the order tracker).
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
                            Ok(Some(row)) => (self.emit)(TasksEvent::Changed {
                                generation: self.generation,
                                task: Box::new(row),
                                finished_now,
                            }),
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
            let backoff = if failed {
                self.client
                    .retry_policy()
                    .delay(failures.min(16), retry_after, rand::random::<f64>())
                    .min(MAX_BACKOFF)
            } else {
                Duration::ZERO
            };
            let pause = self.poll_interval + backoff;
            tokio::select! {
                _ = tokio::time::sleep(pause) => {}
                _ = self.wake.notified() => {}
            }
        }
    }
}
