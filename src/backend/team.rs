//! The team feature (issue 29): Settings → Team's save, test and forget, and a watch on the
//! team database that tells the status bar whether it is reachable, reconnecting with backoff.
//! Every PostgreSQL call is blocking and runs on the blocking lane ([`blocking`]), never on the
//! UI thread or a runtime worker. While the team database is out of reach the store keeps
//! here what a person saves for the team (`store::offline`); each reconnect's join sends it
//! back.

use crate::backend::support::dialog::OpenRequest;
use crate::backend::support::downloads::Downloads;
use crate::backend::support::{
    Active, Generation, RequestId, SharedStore, Sink, UserError, WorkerLink, WorkerRequest,
    blocking, debug_as_name, with_store,
};
use crate::keychain::Keychain;
use crate::team::{self, SavedTeam, TeamAddress, TeamSettings, TestReport};
use fallible_iterator::FallibleIterator as _;
use secrecy::SecretString;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// How often a connected desk checks its connection when nothing was heard.
const CHECK_EVERY: Duration = Duration::from_secs(30);
/// The listener's longest wait for a notification before it looks whether it should stop.
const LISTEN_SLICE: Duration = Duration::from_secs(1);
/// Notifications this close together are one burst (one reload).
const BURST: Duration = Duration::from_millis(150);
/// The team database's channel (`store::migrations`, PostgreSQL's third migration).
const CHANNEL: &str = "logodesk";
/// Longest pause between two reconnects.
const MAX_BACKOFF: Duration = Duration::from_secs(60);

/// What Settings → Team asks of the backend.
#[derive(strum::IntoStaticStr)]
pub enum TeamCommand {
    /// Send what is saved (answered by `Loaded`).
    Load { request: RequestId },
    /// Save the form (the password, if typed, to the keychain) and connect with it.
    Save {
        request: RequestId,
        saved: SavedTeam,
        password: Option<SecretString>,
    },
    /// Test the form's values (the typed password, else the keychain's).
    Test {
        request: RequestId,
        saved: SavedTeam,
        password: Option<SecretString>,
    },
    /// Forget the team database: the settings and the password.
    Forget { request: RequestId },
    /// "Choose…" a CA file (answered by `CaFilePicked`).
    PickCaFile { request: RequestId },
    /// The desks of the team and how this desk stands to each (answered by `Desks`).
    Desks { request: RequestId },
    /// The person compared desk `key_id`'s `code` with the code that desk shows, and confirms
    /// it: trusted here and vouched for in the team database (answered by `Desks`).
    ConfirmDesk {
        request: RequestId,
        key_id: String,
        code: String,
    },
    /// The person refuses desk `key_id` (or stops trusting it) on this desk (answered by
    /// `Desks`).
    RefuseDesk { request: RequestId, key_id: String },
}

/// What the backend tells Settings and the status bar.
#[derive(strum::IntoStaticStr)]
pub enum TeamEvent {
    /// What is saved; `run_address` when `--team-database` overrides it for this run.
    Loaded {
        saved: SavedTeam,
        run_address: Option<String>,
        has_password: bool,
    },
    /// Saved (or forgotten).
    Saved,
    /// The report of "Test connection".
    Tested(TestReport),
    /// Whether the team database is reachable (a notice, for the status bar).
    Status(TeamStatus),
    /// The CA file chosen, or `None` when the dialog was closed.
    CaFilePicked(Option<PathBuf>),
    /// This desk's rows moved into the team database (a notice: the first connection after
    /// joining, and any reconnect that found rows made here meanwhile).
    Joined(crate::store::JoinReport),
    /// The desk left the team (Forget) with something kept here for it, which is this
    /// desk's own now (a notice).
    Left(crate::store::LeftReport),
    /// The desks of the team (an answer, and a notice whenever the team's desks or vouches
    /// change: a desk asking to join shows at once).
    Desks(TeamDesks),
    /// Team orders refused by this desk or another, not sent by any (a notice naming each,
    /// once on every desk).
    Refused(Vec<crate::store::RefusedOrder>),
}

/// The desks of the team as this desk sees them (`store::desks`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TeamDesks {
    /// This desk's code, to compare on another desk; `None` without a team.
    pub own_code: Option<String>,
    /// The desks registered in the team database, those waiting for a confirmation first.
    pub desks: Vec<crate::store::TeamDesk>,
}

debug_as_name!(TeamCommand, TeamEvent);

impl TeamCommand {
    /// The request the command answers.
    pub fn request(&self) -> Option<RequestId> {
        match self {
            TeamCommand::Load { request }
            | TeamCommand::Save { request, .. }
            | TeamCommand::Test { request, .. }
            | TeamCommand::Forget { request }
            | TeamCommand::PickCaFile { request }
            | TeamCommand::Desks { request }
            | TeamCommand::ConfirmDesk { request, .. }
            | TeamCommand::RefuseDesk { request, .. } => Some(*request),
        }
    }
}

/// The team database as the status bar shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TeamStatus {
    /// None is configured.
    Off,
    /// Connected.
    Connected,
    /// Configured and not reachable: why, and when the next try is.
    Unreachable { reason: String, retry_in: Duration },
}

/// The team feature.
pub(super) struct Team {
    sink: Sink<TeamEvent>,
    downloads: Downloads,
    /// The data folder (`team.json`); `None` for an in-memory store, whose settings are kept
    /// in memory only.
    dir: Option<PathBuf>,
    in_memory: SavedTeam,
    run_address: Option<TeamAddress>,
    generation: Generation,
    watch: Option<JoinHandle<()>>,
    link: TeamLink,
}

impl Team {
    pub(super) fn new(
        sink: Sink<TeamEvent>,
        link: TeamLink,
        downloads: Downloads,
        dir: Option<PathBuf>,
        run_address: Option<TeamAddress>,
    ) -> Team {
        Team {
            sink,
            link,
            downloads,
            dir,
            in_memory: SavedTeam::default(),
            run_address,
            generation: Generation(0),
            watch: None,
        }
    }

    /// Answers go out under the account shown's generation (the team is the same for all).
    pub(super) async fn activate(&mut self, active: &Active) {
        self.generation = active.generation;
        if self.watch.is_none() {
            self.restart_watch().await;
        }
    }

    /// Whether this desk has a team database (saved, or given for this run).
    pub(super) async fn configured(&self) -> bool {
        self.run_address.is_some() || self.load().await.is_ok_and(|saved| saved.address.is_some())
    }

    async fn load(&self) -> Result<SavedTeam, UserError> {
        match self.dir.clone() {
            Some(dir) => blocking(move || SavedTeam::load(&dir))
                .await?
                .map_err(|e| UserError::from_error(&e)),
            None => Ok(self.in_memory.clone()),
        }
    }

    async fn settings(
        &self,
        saved: SavedTeam,
        password: Option<SecretString>,
        run: bool,
    ) -> Result<Option<TeamSettings>, UserError> {
        let keychain = self.link.keychain.clone();
        let run_address = if run { self.run_address.clone() } else { None };
        blocking(move || {
            saved.resolve(run_address.as_ref(), &keychain).map(|s| {
                s.map(|mut s| {
                    if password.is_some() {
                        s.password = password;
                    }
                    s
                })
            })
        })
        .await?
        .map_err(|e| UserError::from_error(&e))
    }

    /// (Re)starts the watch with what is saved now.
    async fn restart_watch(&mut self) {
        if let Some(t) = self.watch.take() {
            t.abort();
        }
        let settings = match self.load().await {
            Ok(saved) => self.settings(saved, None, true).await,
            Err(e) => Err(e),
        };
        let (sink, link) = (self.sink.clone(), self.link.clone());
        self.watch = Some(tokio::spawn(async move {
            match settings {
                Ok(Some(settings)) => watch(settings, sink, link).await,
                Ok(None) => {
                    // No team (any more): its accounts and rows leave the lists; this desk's
                    // own stay.
                    let had = with_store(&link.store, |s| {
                        let had = s.has_team();
                        s.detach_team();
                        Ok(had)
                    })
                    .await
                    .unwrap_or(false);
                    if had {
                        link.worker.ask(WorkerRequest::TeamAttached(Vec::new()));
                    }
                    sink.notice(TeamEvent::Status(TeamStatus::Off));
                }
                Err(e) => sink.notice(TeamEvent::Status(TeamStatus::Unreachable {
                    reason: e.message,
                    retry_in: MAX_BACKOFF,
                })),
            }
        }));
    }

    /// Carries out `command`; every outcome, a failure too, answers its request (so the
    /// screen's "Testing…" or "Saving…" always ends).
    pub(super) async fn handle(&mut self, command: TeamCommand) -> Result<(), UserError> {
        let generation = self.generation;
        match command {
            TeamCommand::Load { request } => {
                let loaded = self.loaded().await;
                self.sink.reply(generation, request, loaded);
            }
            TeamCommand::Save {
                request,
                saved,
                password,
            } => {
                let saved = self.save(saved, password).await.map(|()| TeamEvent::Saved);
                self.sink.reply(generation, request, saved);
            }
            TeamCommand::Test {
                request,
                saved,
                password,
            } => {
                let settings = match self.settings(saved, password, false).await {
                    Ok(settings) => settings,
                    Err(e) => {
                        self.sink.reply(generation, request, Err(e));
                        return Ok(());
                    }
                };
                let sink = self.sink.clone();
                tokio::spawn(async move {
                    let result = match settings {
                        None => Err(UserError::new(crate::tr!("team-no-address"), None)),
                        Some(settings) => {
                            match blocking(move || team::test_connection(&settings)).await {
                                Ok(Ok(report)) => Ok(TeamEvent::Tested(report)),
                                Ok(Err(e)) => Err(UserError::from_error(&e)),
                                Err(e) => Err(e),
                            }
                        }
                    };
                    sink.reply(generation, request, result);
                });
            }
            TeamCommand::PickCaFile { request } => {
                let picked = self.downloads.pick_file(OpenRequest {
                    title: crate::tr!("team-ca-pick-title"),
                    filter: crate::tr!("team-ca-pick-filter"),
                    extensions: &["pem", "crt", "cer"],
                });
                let sink = self.sink.clone();
                tokio::spawn(async move {
                    sink.answer(generation, request, TeamEvent::CaFilePicked(picked.await));
                });
            }
            TeamCommand::Forget { request } => {
                let forgotten = self.forget().await.map(|()| TeamEvent::Saved);
                self.sink.reply(generation, request, forgotten);
            }
            TeamCommand::Desks { request } => self.reply_desks(request, Ok(())).await,
            TeamCommand::ConfirmDesk {
                request,
                key_id,
                code,
            } => {
                let done =
                    with_store(&self.link.store, move |s| s.confirm_desk(&key_id, &code)).await;
                self.reply_desks(request, done).await;
            }
            TeamCommand::RefuseDesk { request, key_id } => {
                let done = with_store(&self.link.store, move |s| s.refuse_desk(&key_id)).await;
                self.reply_desks(request, done).await;
            }
        }
        Ok(())
    }

    /// Answers `request` with the team's desks as they are after `done`, or with its failure.
    async fn reply_desks(&self, request: RequestId, done: Result<(), UserError>) {
        let answer = match done {
            Ok(()) => desks(&self.link.store).await.map(TeamEvent::Desks),
            Err(e) => Err(e),
        };
        self.sink.reply(self.generation, request, answer);
    }

    /// What is saved, for Settings.
    async fn loaded(&self) -> Result<TeamEvent, UserError> {
        let saved = self.load().await?;
        let keychain = self.link.keychain.clone();
        let has_password = blocking(move || keychain.team_password())
            .await?
            .map_err(|e| UserError::from_error(&e))?
            .is_some();
        Ok(TeamEvent::Loaded {
            saved,
            run_address: self.run_address.as_ref().map(ToString::to_string),
            has_password,
        })
    }

    /// Saves `saved` (and `password` to the keychain), then watches the database saved.
    async fn save(
        &mut self,
        saved: SavedTeam,
        password: Option<SecretString>,
    ) -> Result<(), UserError> {
        let (keychain, dir) = (self.link.keychain.clone(), self.dir.clone());
        let to_save = saved.clone();
        blocking(move || -> Result<(), team::SavedError> {
            if let Some(dir) = &dir {
                to_save.save(dir)?;
            } else if let Some(address) = &to_save.address {
                address.parse::<TeamAddress>()?;
            }
            if let Some(password) = &password {
                keychain.set_team_password(password)?;
            }
            Ok(())
        })
        .await?
        .map_err(|e| UserError::from_error(&e))?;
        if self.dir.is_none() {
            self.in_memory = saved;
        }
        self.restart_watch().await;
        Ok(())
    }

    /// Forgets the team database: the settings and the password. What this desk kept for
    /// the team while it was out of reach becomes its own first (`store::offline`), said in a
    /// notice; the account shown, if it was such a team account, is then its desk account.
    async fn forget(&mut self) -> Result<(), UserError> {
        if let Some(t) = self.watch.take() {
            t.abort();
        }
        let keychain = self.link.keychain.clone();
        let left = with_store(&self.link.store, move |s| team::leave(s, &keychain)).await;
        let left = match left {
            Ok(left) => left,
            Err(e) => {
                // Nothing forgotten: the desk stays on its team.
                self.restart_watch().await;
                return Err(e);
            }
        };
        let (keychain, dir) = (self.link.keychain.clone(), self.dir.clone());
        let forgotten = blocking(move || -> Result<(), team::SavedError> {
            if let Some(dir) = &dir {
                SavedTeam::default().save(dir)?;
            }
            keychain.delete_team_password()?;
            Ok(())
        })
        .await
        .and_then(|r| r.map_err(|e| UserError::from_error(&e)));
        if forgotten.is_ok() {
            self.in_memory = SavedTeam::default();
        }
        self.restart_watch().await;
        // The accounts are announced anew; a team account shown is its desk account now.
        self.link.worker.ask(WorkerRequest::TeamAttached(
            left.accounts.iter().map(|a| (a.team, a.account)).collect(),
        ));
        if !left.is_empty() {
            self.sink.notice(TeamEvent::Left(left));
        }
        forgotten
    }
}

impl Drop for Team {
    fn drop(&mut self) {
        if let Some(t) = self.watch.take() {
            t.abort();
        }
    }
}

/// What the listener thread tells the watch, and what wakes the watch besides it.
enum Heard {
    /// Connected (again).
    Up,
    /// Not reachable: why, and when the next try is.
    Down { reason: String, retry_in: Duration },
    /// The team changed these tables (one message per burst).
    Changed(BTreeSet<String>),
    /// A call of the store found the store's own connection broken (the listener's may be
    /// fine: the server ended that one session, a blip on its socket), or the time came to
    /// try attaching the store again after such a break.
    StoreBroken,
}

/// The listener: a thread of its own (a connection that waits on the server for minutes
/// must not hold a thread of the runtime's blocking pool, which the keychain and files
/// share). It connects with backoff, `LISTEN`s on the team's channel and passes on every
/// burst of changes; it checks the connection when nothing was heard for [`CHECK_EVERY`].
/// It ends within [`LISTEN_SLICE`] of the watch going away.
fn listen(settings: TeamSettings, tx: mpsc::UnboundedSender<Heard>) {
    let mut failures: u32 = 0;
    while !tx.is_closed() {
        let connected = team::connect(&settings).and_then(|mut client| {
            client
                .batch_execute(&format!("LISTEN {CHANNEL}"))
                .map_err(|e| team::TeamError::Server(e.to_string()))?;
            Ok(client)
        });
        let mut client = match connected {
            Ok(client) => client,
            Err(e) => {
                failures = failures.saturating_add(1);
                let retry_in = backoff(failures);
                tracing::info!(error = %e, failures, "the team database is not reachable");
                if tx
                    .send(Heard::Down {
                        reason: e.to_string(),
                        retry_in,
                    })
                    .is_err()
                {
                    return;
                }
                sleep_unless_closed(&tx, retry_in);
                continue;
            }
        };
        if tx.send(Heard::Up).is_err() {
            return;
        }
        let mut quiet = Duration::ZERO;
        let reason = loop {
            if tx.is_closed() {
                return;
            }
            let mut tables = BTreeSet::new();
            let heard = {
                let mut heard = client.notifications();
                let first = heard.timeout_iter(LISTEN_SLICE).next();
                if let Ok(Some(n)) = &first {
                    tables.insert(n.payload().to_owned());
                    // The rest of a burst (a join, a busy outbox) as one message.
                    let mut rest = heard.timeout_iter(BURST);
                    while let Ok(Some(n)) = rest.next() {
                        tables.insert(n.payload().to_owned());
                    }
                }
                first.map(|_| ())
            };
            if let Err(e) = heard {
                break e.to_string();
            }
            if !tables.is_empty() {
                quiet = Duration::ZERO;
                if tx.send(Heard::Changed(tables)).is_err() {
                    return;
                }
                continue;
            }
            quiet += LISTEN_SLICE;
            if quiet >= CHECK_EVERY {
                quiet = Duration::ZERO;
                if let Err(e) = client.is_valid(Duration::from_secs(10)) {
                    break e.to_string();
                }
            }
        };
        tracing::info!(error = %reason, "the team database's connection broke");
        failures = 1;
        if tx
            .send(Heard::Down {
                reason,
                retry_in: backoff(failures),
            })
            .is_err()
        {
            return;
        }
        sleep_unless_closed(&tx, backoff(failures));
    }
}

/// Sleeps `pause`, in slices, ending early once nobody listens any more.
fn sleep_unless_closed<T>(tx: &mpsc::UnboundedSender<T>, pause: Duration) {
    let until = std::time::Instant::now() + pause;
    while !tx.is_closed() {
        let now = std::time::Instant::now();
        if now >= until {
            return;
        }
        std::thread::sleep((until - now).min(LISTEN_SLICE));
    }
}

/// The pause before the `failures`-th reconnect: 1, 2, 4 … seconds, at most [`MAX_BACKOFF`].
fn backoff(failures: u32) -> Duration {
    let secs = 1u64 << failures.saturating_sub(1).min(6);
    Duration::from_secs(secs).min(MAX_BACKOFF)
}

/// What the watch needs besides the settings: the store the team is attached to, the worker
/// (to reload what the team changed), the keychain (a joined account's key moves to the team
/// account's entry) and the folder of kept proofs.
#[derive(Clone)]
pub(super) struct TeamLink {
    pub store: SharedStore,
    pub worker: WorkerLink,
    pub keychain: Keychain,
    pub proofs: Option<PathBuf>,
}

/// Keeps the desk on the team database: attaches it to the store on every (re)connect and
/// moves this desk's rows in, tells the status bar each change of state, and has the worker
/// reload what another desk changed. Out of reach since the start, the store takes the team
/// as away (its accounts as last read are listed). When a call finds the store's own
/// connection broken while the listener's is up, the watch marks the team away as a `Down`
/// does and attaches the store again itself; an attach that fails while the listener is up
/// is tried again with backoff, until it works or the listener says otherwise.
async fn watch(settings: TeamSettings, sink: Sink<TeamEvent>, link: TeamLink) {
    let (tx, mut heard) = mpsc::unbounded_channel();
    let listening = settings.clone();
    if let Err(e) = std::thread::Builder::new()
        .name("logodesk-team-listen".into())
        .spawn(move || listen(listening, tx))
    {
        sink.notice(TeamEvent::Status(TeamStatus::Unreachable {
            reason: e.to_string(),
            retry_in: MAX_BACKOFF,
        }));
        return;
    }
    let broken = match with_store(&link.store, |s| Ok(s.team_broken_signal())).await {
        Ok(signal) => signal,
        Err(_) => return,
    };
    let mut told: Option<TeamStatus> = None;
    // Whether the listener is connected: only then does the watch attach the store by itself.
    let mut listener_up = false;
    // Attaching the store while the listener is connected: how many tries failed in a row,
    // and when the next one is (after a failed attach, or the store's own connection broke).
    let mut failures: u32 = 0;
    let mut retry: Option<tokio::time::Instant> = None;
    loop {
        let retry_at = retry;
        let message = tokio::select! {
            message = heard.recv() => match message {
                Some(message) => message,
                None => return,
            },
            () = broken.notified() => Heard::StoreBroken,
            () = sleep_until(retry_at), if retry_at.is_some() => Heard::StoreBroken,
        };
        match message {
            Heard::Changed(tables) => {
                if tables.contains("accounts")
                    && let Err(e) = with_store(&link.store, |s| s.remember_team_accounts()).await
                {
                    tracing::info!(error = %e.message, "the team's accounts could not be read again");
                }
                if tables.contains("desks") || tables.contains("desk_vouches") {
                    tell_desks(&sink, &link).await;
                }
                if tables.contains("local_orders") {
                    tell_refusals(&sink, &link).await;
                }
                link.worker.ask(WorkerRequest::TeamChanged(tables));
                continue;
            }
            Heard::Up => {
                listener_up = true;
                (failures, retry) = (0, None);
            }
            Heard::Down { reason, retry_in } => {
                listener_up = false;
                retry = None;
                // From now on the store asks the team database nothing (no wait on a broken
                // connection) and keeps here what a person saves for the team, until the
                // next attach. Out of reach since the start: the team's accounts are listed
                // as last read.
                let desk = settings.desk_name.clone();
                let started_away = with_store(&link.store, move |s| Ok(s.team_out_of_reach(&desk)))
                    .await
                    .unwrap_or(false);
                if started_away {
                    link.worker.ask(WorkerRequest::TeamAttached(Vec::new()));
                }
                tell(
                    &sink,
                    &mut told,
                    TeamStatus::Unreachable { reason, retry_in },
                );
                continue;
            }
            Heard::StoreBroken => {
                let retrying = retry.take().is_some();
                // Marked away as a Down does: nothing waits on the broken connection.
                let found = with_store(&link.store, |s| {
                    let found = s.team_broken();
                    if found {
                        s.team_unreachable();
                    }
                    Ok(found)
                })
                .await
                .unwrap_or(false);
                // A signal of a break already dealt with (a reconnect since) is let go; while
                // the listener is not connected, its Up attaches the store.
                if !listener_up || !(found || retrying) {
                    continue;
                }
            }
        }
        let status = match attach_and_join(&settings, &link).await {
            Ok(report) => {
                failures = 0;
                tell_desks(&sink, &link).await;
                tell_refusals(&sink, &link).await;
                attached(report, &sink, &link)
            }
            Err(e) => {
                failures = failures.saturating_add(1);
                let retry_in = backoff(failures);
                tracing::info!(error = %e.message, failures, "the team database could not be attached");
                retry = Some(tokio::time::Instant::now() + retry_in);
                TeamStatus::Unreachable {
                    reason: e.message,
                    retry_in,
                }
            }
        };
        tell(&sink, &mut told, status);
    }
}

/// The desks of the team as this desk sees them now (`store::desks`).
/// Out of reach: none (the status bar says the team database is away).
async fn desks(store: &SharedStore) -> Result<TeamDesks, UserError> {
    with_store(store, |s| match s.team_desks() {
        Ok(desks) => Ok(TeamDesks {
            own_code: s.has_team().then(|| s.desk_code()).flatten(),
            desks,
        }),
        Err(e) if e.is_team_unreachable() => Ok(TeamDesks::default()),
        Err(e) => Err(e),
    })
    .await
}

/// Tells Settings → Team the desks of the team (a desk may be asking to join).
async fn tell_desks(sink: &Sink<TeamEvent>, link: &TeamLink) {
    match desks(&link.store).await {
        Ok(desks) => sink.notice(TeamEvent::Desks(desks)),
        Err(e) => tracing::info!(error = %e.message, "the team's desks could not be read"),
    }
}

/// Tells the person of each team order refused since they were last told (on every desk).
async fn tell_refusals(sink: &Sink<TeamEvent>, link: &TeamLink) {
    match with_store(&link.store, |s| s.refusals_to_tell()).await {
        Ok(refused) if !refused.is_empty() => sink.notice(TeamEvent::Refused(refused)),
        Ok(_) => {}
        Err(e) => tracing::info!(error = %e.message, "the team's refused orders could not be read"),
    }
}

/// Tells the status bar `status` if it is not what it was told last.
fn tell(sink: &Sink<TeamEvent>, told: &mut Option<TeamStatus>, status: TeamStatus) {
    if told.as_ref() != Some(&status) {
        sink.notice(TeamEvent::Status(status.clone()));
        *told = Some(status);
    }
}

/// Sleeps until `at` (for ever without one: its `select!` branch is off then).
async fn sleep_until(at: Option<tokio::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// What an attach means for the desk: the notice of what moved (`report`), the accounts and
/// outboxes anew, the lists of the account shown read again (they were kept while the team
/// was out of reach); the status is connected.
fn attached(
    report: crate::store::JoinReport,
    sink: &Sink<TeamEvent>,
    link: &TeamLink,
) -> TeamStatus {
    if !report.is_empty() {
        sink.notice(TeamEvent::Joined(report.clone()));
    }
    link.worker
        .ask(WorkerRequest::TeamAttached(report.accounts));
    link.worker.ask(WorkerRequest::TeamChanged(
        ["local_orders", "vectorize_tasks"]
            .into_iter()
            .map(String::from)
            .collect(),
    ));
    TeamStatus::Connected
}

/// Connects to the team database (on the blocking lane: a connection that takes its time
/// holds no store), then attaches it to the store and moves this desk's rows in
/// ([`team::join_on`], on the store's lane: it is rare, and the store must not be used
/// between its steps).
async fn attach_and_join(
    settings: &TeamSettings,
    link: &TeamLink,
) -> Result<crate::store::JoinReport, UserError> {
    let connecting = settings.clone();
    let client = blocking(move || team::connect(&connecting))
        .await?
        .map_err(|e| UserError::from_error(&e))?;
    let (desk, keychain, proofs) = (
        settings.desk_name.clone(),
        link.keychain.clone(),
        link.proofs.clone(),
    );
    with_store(&link.store, move |store| {
        Ok(team::join_on(
            store,
            &keychain,
            client,
            &desk,
            proofs.as_deref(),
        ))
    })
    .await?
    .map_err(|e| UserError::from_error(&e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reconnects_back_off_to_a_minute() {
        let secs: Vec<u64> = (1..=9).map(|n| backoff(n).as_secs()).collect();
        assert_eq!(secs, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
    }
}
