//! The backend's one long-running task. It starts everything up, then only dispatches: each
//! [`Command`] goes to its feature, and what touches every feature — making an account the
//! active one, keeping an outbox per account with orders — is done here, between commands.
//! Features run their network work as tasks of their own, so the next command is taken at
//! once.

use super::accounts::Accounts;
use super::cache::Cache;
use super::designs::Designs;
use super::editor::Editor;
use super::logos::Logos;
use super::orders::{Orders, OrdersCommand};
use super::proofs::Proofs;
use super::protocol::{Command, Envelope, Event};
use super::support::clients::Clients;
use super::support::downloads::Downloads;
use super::support::pictures::{self, ThumbCache};
use super::support::{
    Active, Answer, Generation, SharedStore, Sink, UserError, WorkerLink, WorkerRequest, blocking,
    with_store,
};
use super::tasks::{Tasks, TasksCommand};
use super::team::{Team, TeamLink};
use super::{BackendConfig, EventSink, StartAccount, startup};
use crate::sandbox::SandboxHandle;
use crate::store::{AccountId, AccountRecord, StoreError};
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc::{self, UnboundedReceiver};

/// Compact thumbnails kept for re-sending evicted ones (~800 cards' worth).
const THUMB_CACHE_BYTES: usize = 8 * 1024 * 1024;

/// Runs until the command channel closes, then stops the sandbox cleanly.
pub(super) async fn run(
    config: BackendConfig,
    sink: EventSink,
    mut commands: UnboundedReceiver<Command>,
) {
    let (link, mut requests) = mpsc::unbounded_channel();
    let mut worker = match Worker::start(config, sink.clone(), WorkerLink::new(link)).await {
        Ok(w) => w,
        Err(error) => {
            sink.send(Envelope {
                generation: None,
                request: None,
                event: Event::Failed(error),
            });
            return;
        }
    };
    loop {
        tokio::select! {
            // What a feature asked for is done before the next command.
            biased;
            Some(request) = requests.recv() => worker.on_request(request).await,
            command = commands.recv() => match command {
                Some(command) => worker.dispatch(command).await,
                None => break,
            },
        }
    }
    worker.stop().await;
}

/// "There is no account named …" (asked for at start).
fn no_such_account(name: &str) -> UserError {
    UserError::new(crate::tr!("backend-no-such-account", name = name), None)
}

/// A sink that wraps a feature's answers into [`Event`]s.
fn feature_sink<E: 'static>(sink: &EventSink, wrap: fn(E) -> Event) -> Sink<E> {
    let sink = sink.clone();
    Sink::new(move |answer: Answer<Result<E, UserError>>| {
        sink.send(Envelope {
            generation: answer.generation,
            request: answer.request,
            event: match answer.event {
                Ok(event) => wrap(event),
                Err(error) => Event::Failed(error),
            },
        });
    })
}

struct Worker {
    sink: EventSink,
    store: SharedStore,
    clients: Clients,
    sandbox: Option<SandboxHandle>,
    generation: Generation,
    /// The account shown (activated last).
    shown: Option<AccountId>,
    /// The account shown as it was activated: one whose settings another desk changes is
    /// activated again (its client goes where the account goes now, or nowhere).
    shown_as: Option<AccountRecord>,
    /// The account asked for at start when it was not there yet: a team's, shown once the
    /// team database is attached.
    waiting_for: Option<StartAccount>,
    logos: Logos,
    accounts: Accounts,
    editor: Editor,
    orders: Orders,
    designs: Designs,
    tasks: Tasks,
    proofs: Proofs,
    cache: Cache,
    team: Team,
}

impl Worker {
    async fn start(
        config: BackendConfig,
        sink: EventSink,
        link: WorkerLink,
    ) -> Result<Worker, UserError> {
        let started = startup::start(&config).await?;
        if let Err(e) = &started.sandbox
            && config.sandbox.is_some()
        {
            sink.send(Envelope {
                generation: None,
                request: None,
                event: Event::Failed(e.clone()),
            });
        }
        let clients = Clients {
            keychain: started.keychain,
            sandbox: started
                .sandbox
                .as_ref()
                .map(SandboxHandle::base_url)
                .map_err(Clone::clone),
            retry: config.retry,
        };
        let store = SharedStore::new(started.store);
        let thumbs = Arc::new(Mutex::new(ThumbCache::new(THUMB_CACHE_BYTES)));
        let thumbnails = feature_sink(&sink, Event::Thumbnail);
        let disk_cache = match &config.store {
            super::StoreLocation::File(db) => super::support::disk_cache::DiskCache::beside(db),
            super::StoreLocation::InMemory => Default::default(),
        };
        let downloads = Downloads::new(
            config.downloads.clone(),
            config.file_dialog.clone(),
            config.dialog_parent,
        );
        let orders = Orders::new(
            feature_sink(&sink, Event::Orders),
            store.clone(),
            clients.clone(),
            config.order_poll,
            downloads.clone(),
            link.clone(),
        );
        let mut worker = Worker {
            logos: Logos::new(
                feature_sink(&sink, Event::Logos),
                thumbnails.clone(),
                thumbs.clone(),
                disk_cache.clone(),
            ),
            accounts: Accounts::new(
                feature_sink(&sink, Event::Accounts),
                store.clone(),
                clients.clone(),
                orders.stopper(),
                link.clone(),
            ),
            editor: Editor::new(
                feature_sink(&sink, Event::Editor),
                store.clone(),
                downloads.clone(),
            ),
            designs: Designs::new(
                feature_sink(&sink, Event::Designs),
                thumbnails,
                thumbs,
                disk_cache.clone(),
            ),
            cache: Cache::new(feature_sink(&sink, Event::Cache), disk_cache),
            tasks: Tasks::new(
                feature_sink(&sink, Event::Tasks),
                store.clone(),
                config.task_poll,
            ),
            proofs: Proofs::new(
                feature_sink(&sink, Event::Proofs),
                downloads.clone(),
                store.clone(),
                super::proofs::proofs_folder(&config.store),
            ),
            team: Team::new(
                feature_sink(&sink, Event::Team),
                TeamLink {
                    store: store.clone(),
                    worker: link,
                    keychain: clients.keychain.clone(),
                    proofs: Some(super::proofs::proofs_folder(&config.store))
                        .filter(|_| matches!(config.store, super::StoreLocation::File(_))),
                },
                downloads.clone(),
                match &config.store {
                    super::StoreLocation::File(db) => db.parent().map(ToOwned::to_owned),
                    super::StoreLocation::InMemory => None,
                },
                crate::team::run_address().cloned(),
            ),
            orders,
            sink,
            store,
            clients,
            sandbox: started.sandbox.ok(),
            generation: Generation(0),
            shown: None,
            shown_as: None,
            waiting_for: None,
        };
        let (sandbox_account, accounts) = with_store(&worker.store, |s| {
            Ok((s.ensure_sandbox_account()?, s.accounts()?))
        })
        .await?;
        worker.sink.send(Envelope {
            generation: None,
            request: None,
            event: Event::Ready {
                accounts: accounts.clone(),
                keychain: worker.clients.keychain.status(),
                sandbox_url: worker.sandbox.as_ref().map(SandboxHandle::base_url),
                sandbox_demo: Box::new(super::SandboxDemo::of_fixtures()),
            },
        });
        worker.accounts.tell_keys_missing(&accounts).await;
        let first = config.start_account.pick(&accounts);
        if first.is_none() && config.start_account != StartAccount::Sandbox {
            if worker.team.configured().await {
                // A team's account is known once the team database is attached (in the
                // background): shown then (`team_attached`), the sandbox meanwhile.
                worker.waiting_for = Some(config.start_account.clone());
            } else if let StartAccount::Name(name) = &config.start_account {
                worker.fail(no_such_account(name));
            }
        }
        let first = first.cloned().unwrap_or(sandbox_account);
        worker.activate(first).await;
        worker.orders.sync_outboxes().await;
        Ok(worker)
    }

    async fn stop(mut self) {
        self.logos.abort();
        if let Some(sandbox) = self.sandbox.take() {
            sandbox.shutdown().await;
        }
    }

    /// Tells the UI about a failure that belongs to no request (passed on, not logged).
    fn fail(&self, error: UserError) {
        self.sink.send(Envelope {
            generation: None,
            request: None,
            event: Event::Failed(error),
        });
    }

    /// Hands `command` to its feature; a feature's error belongs to the account shown and
    /// answers the command's request (the screen waiting for it stops waiting).
    async fn dispatch(&mut self, command: Command) {
        let request = command.request();
        let handled = match command {
            Command::SwitchAccount { account } => {
                self.switch(account).await;
                Ok(())
            }
            Command::SaveScreenshot { path, image } => {
                let sink = self.sink.clone();
                tokio::spawn(async move {
                    let target = path.clone();
                    let result = blocking(move || pictures::save_png(&target, &image))
                        .await
                        .and_then(|r| r);
                    sink.send(Envelope {
                        generation: None,
                        request: None,
                        event: match result {
                            Ok(()) => Event::ScreenshotSaved { path },
                            Err(error) => Event::Failed(error),
                        },
                    });
                });
                Ok(())
            }
            Command::Logos(c) => self.logos.handle(c).await,
            Command::Accounts(c) => self.accounts.handle(c).await,
            Command::Editor(c) => self.editor.handle(c).await,
            Command::Orders(c) => self.orders.handle(c).await,
            Command::Designs(c) => self.designs.handle(c).await,
            Command::Tasks(c) => self.tasks.handle(c).await,
            Command::Proofs(c) => self.proofs.handle(c).await,
            Command::Cache(c) => {
                self.cache.handle(c);
                Ok(())
            }
            Command::Team(c) => self.team.handle(c).await,
        };
        if let Err(error) = handled {
            self.sink.send(Envelope {
                generation: Some(self.generation),
                request,
                event: Event::Failed(error),
            });
        }
    }

    /// Does what a feature asked for.
    async fn on_request(&mut self, request: WorkerRequest) {
        match request {
            WorkerRequest::Activate(record) => self.activate(*record).await,
            WorkerRequest::SyncOutboxes => self.orders.sync_outboxes().await,
            WorkerRequest::TeamAttached(moved) => self.team_attached(moved).await,
            WorkerRequest::TeamChanged(tables) => self.team_changed(&tables).await,
            WorkerRequest::ReadLists => {
                if let Err(e) = self.orders.handle(OrdersCommand::Refresh).await {
                    tracing::info!(error = %e.message, "the lists could not be read again");
                }
            }
        }
    }

    /// The team database was attached or let go: the accounts are announced anew, outboxes
    /// run for the team's accounts, and the account shown follows its rows (a joined
    /// account's team account; the sandbox when the account shown is gone).
    async fn team_attached(&mut self, moved: Vec<(AccountId, AccountId)>) {
        self.accounts.announce().await;
        self.orders.sync_outboxes().await;
        if let Some(start) = self.waiting_for.take() {
            let accounts = with_store(&self.store, |s| s.accounts())
                .await
                .unwrap_or_default();
            match (start.pick(&accounts), &start) {
                (Some(account), _) => return self.activate(account.clone()).await,
                (None, StartAccount::Name(name)) => self.fail(no_such_account(name)),
                (None, _) => {}
            }
        }
        let shown = self.shown;
        let next = moved
            .iter()
            .find(|(local, _)| Some(*local) == shown)
            .map(|(_, team)| *team);
        match (next, shown) {
            (Some(team), _) => self.switch(team).await,
            (None, Some(shown)) => {
                // Gone: removed, or the team let go. A team database out of reach is not a
                // reason to leave the account: its screens keep what they last read.
                let now = with_store(&self.store, move |s| match s.account(shown) {
                    Ok(record) => Ok(Some(record)),
                    Err(StoreError::NoSuchAccount | StoreError::TeamNotConnected) => Ok(None),
                    Err(e) => Err(e),
                })
                .await;
                match now {
                    Ok(None) => self.show_sandbox().await,
                    Ok(Some(record)) if self.shown_as.as_ref() != Some(&record) => {
                        self.activate(record).await;
                    }
                    _ => {}
                }
            }
            (None, None) => {}
        }
    }

    /// Another desk changed the team's `tables`: what the screens show of them is sent
    /// again (the lists of orders; the accounts).
    async fn team_changed(&mut self, tables: &std::collections::BTreeSet<String>) {
        let orders = [
            "local_orders",
            "proof_steps",
            "club_requests",
            "club_decisions",
        ];
        if tables.contains("accounts") {
            self.team_attached(Vec::new()).await;
        } else if tables.iter().any(|t| orders.contains(&t.as_str())) {
            self.orders.sync_outboxes().await;
        }
        if tables.iter().any(|t| orders.contains(&t.as_str()))
            && let Err(e) = self.orders.handle(OrdersCommand::Refresh).await
        {
            tracing::info!(error = %e.message, "the lists could not be reloaded after a team change");
        }
        if tables
            .iter()
            .any(|t| orders.contains(&t.as_str()) || t == "club_room")
        {
            // A colleague's step, the club's answer on its page, or the room served now.
            self.proofs.team_changed();
        }
        // A draft's club state is only the club's rows (an order tracked changes none of it).
        let club = ["club_requests", "club_decisions", "club_room"];
        if tables.iter().any(|t| club.contains(&t.as_str())) {
            self.editor.team_changed();
        }
        if tables.contains("vectorize_tasks")
            && let Err(e) = self.tasks.handle(TasksCommand::Refresh).await
        {
            tracing::info!(error = %e.message, "the tasks could not be reloaded after a team change");
        }
    }

    /// Shows the sandbox account (the account shown is gone).
    async fn show_sandbox(&mut self) {
        match with_store(&self.store, |s| s.ensure_sandbox_account()).await {
            Ok(record) => self.activate(record).await,
            Err(e) => self.fail(e),
        }
    }

    async fn switch(&mut self, account: AccountId) {
        match with_store(&self.store, move |s| s.account(account)).await {
            Ok(record) => self.activate(record).await,
            Err(e) => self.fail(e),
        }
    }

    /// Makes `account` the active one under a new generation, in every feature.
    async fn activate(&mut self, account: AccountRecord) {
        self.generation.0 += 1;
        self.shown = Some(account.id);
        self.shown_as = Some(account.clone());
        let (client, base_url) = self.clients.for_account(&account, None).await;
        let key_missing = client.is_err() && self.clients.key_missing(&account).await;
        tracing::info!(account = %account.name, %base_url, generation = self.generation.0, "account activated");
        self.sink.send(Envelope {
            generation: None,
            request: None,
            event: Event::AccountActivated {
                generation: self.generation,
                account: account.clone(),
                base_url,
                problem: client.as_ref().err().cloned(),
                key_missing,
            },
        });
        let active = Active {
            record: account,
            generation: self.generation,
            client,
        };
        self.logos.activate(&active).await;
        self.accounts.activate(&active).await;
        self.editor.activate(&active).await;
        self.orders.activate(&active).await;
        self.designs.activate(&active).await;
        self.tasks.activate(&active).await;
        self.proofs.activate(&active).await;
        self.team.activate(&active).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::Waker;
    use crate::backend::support::RequestId;
    use crate::backend::tasks::TasksEvent;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn a_features_failure_travels_as_failed_with_its_request_and_wakes_the_ui() {
        let (tx, rx) = std::sync::mpsc::channel();
        let woken = Arc::new(AtomicUsize::new(0));
        let count = woken.clone();
        let waker = Waker::new(move || {
            count.fetch_add(1, Ordering::SeqCst);
        });
        let sink = feature_sink(&EventSink { tx, waker }, Event::Tasks);
        let error = UserError::new("No such task.", None);
        sink.reply(Generation(3), RequestId(7), Err(error));
        sink.reply(
            Generation(3),
            RequestId(8),
            Ok(TasksEvent::List(Vec::new())),
        );
        sink.fail(None, None, UserError::new("The disk is full.", None));

        let failed = rx.try_recv().expect("the failure");
        assert_eq!(failed.generation, Some(Generation(3)));
        assert_eq!(failed.request, Some(RequestId(7)));
        assert!(matches!(&failed.event, Event::Failed(e) if e.message == "No such task."));
        let answered = rx.try_recv().expect("the answer");
        assert_eq!(answered.request, Some(RequestId(8)));
        assert!(matches!(answered.event, Event::Tasks(TasksEvent::List(_))));
        let notice = rx.try_recv().expect("the notice");
        assert_eq!((notice.generation, notice.request), (None, None));
        assert!(matches!(&notice.event, Event::Failed(e) if e.message == "The disk is full."));
        assert!(rx.try_recv().is_err());
        assert_eq!(woken.load(Ordering::SeqCst), 3, "one wake-up per envelope");
    }

    /// A feature whose handling fails before any work starts (no client: the sandbox is
    /// off; a store error: the order does not exist) answers the command's own request, so the
    /// screen waiting for it stops waiting; a command that answers nobody fails as a notice.
    #[test]
    fn a_failed_handling_answers_the_commands_request() {
        use crate::api::OrderId;
        use crate::backend::orders::OrdersCommand;
        use crate::backend::{Backend, BackendConfig};
        use crate::store::LocalOrderId;
        use std::time::{Duration, Instant};

        let keychain =
            crate::keychain::Keychain::with_store(keyring_core::mock::Store::new().unwrap());
        let config = BackendConfig {
            sandbox: None,
            ..BackendConfig::ephemeral(keychain)
        };
        let mut backend = Backend::start(config, Waker::none()).unwrap();
        let next = |backend: &Backend, what: &str| -> Envelope {
            let start = Instant::now();
            loop {
                if let Some(envelope) = backend.try_recv() {
                    return envelope;
                }
                assert!(start.elapsed() < Duration::from_secs(30), "no {what}");
                std::thread::sleep(Duration::from_millis(5));
            }
        };
        let failure = |backend: &Backend, what: &str| -> (Option<RequestId>, UserError) {
            loop {
                let envelope = next(backend, what);
                if let Event::Failed(error) = envelope.event {
                    return (envelope.request, error);
                }
            }
        };
        // The sandbox account is shown, without a client (the sandbox is off).
        while !matches!(
            next(&backend, "activation").event,
            Event::AccountActivated {
                problem: Some(_),
                ..
            }
        ) {}

        let look_up = backend.next_request();
        backend.send(Command::Orders(OrdersCommand::LookUp {
            request: look_up,
            tracking: OrderId(41),
        }));
        let (request, error) = failure(&backend, "look-up's failure");
        assert_eq!(request, Some(look_up), "{}", error.message);

        let ask = backend.next_request();
        backend.send(Command::Orders(OrdersCommand::AskAgain {
            request: ask,
            id: LocalOrderId(999),
        }));
        assert_eq!(failure(&backend, "ask-again's failure").0, Some(ask));

        backend.send(Command::Orders(OrdersCommand::CheckAgain {
            id: LocalOrderId(999),
        }));
        assert_eq!(failure(&backend, "check-again's failure").0, None);
    }
}
