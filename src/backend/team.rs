//! The team feature: Settings → Team's save, test and forget, and a watch on the
//! team database that tells the status bar whether it is reachable, reconnecting with backoff.
//! Every PostgreSQL call is blocking and runs on the blocking lane ([`blocking`]), never on the
//! UI thread or a runtime worker. While the team database is out of reach the store keeps
//! here what a person saves for the team (`store::offline`); each reconnect's join sends it
//! back.

use crate::backend::support::dialog::OpenRequest;
use crate::backend::support::downloads::Downloads;
use crate::backend::support::{
    Active, Generation, RequestId, SharedStore, Sink, UserError, WorkerLink, WorkerRequest,
    blocking, debug_as_name, with_store, with_team_store,
};
use crate::keychain::Keychain;
use crate::sync::Lock as _;
use crate::team::{self, SavedTeam, TeamAddress, TeamSettings, TestReport};
use secrecy::SecretString;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// How often a connected desk checks its connection and the schema's version when nothing
/// was heard.
const CHECK_EVERY: Duration = Duration::from_secs(15);
/// Notifications this close together are one burst (one reload).
const BURST: Duration = Duration::from_millis(150);
/// The team database's channel (`store::migrations`, PostgreSQL's third migration).
const CHANNEL: &str = "logodesk";
/// Longest pause between two reconnects.
const MAX_BACKOFF: Duration = Duration::from_secs(60);
/// Longest pause between two tries of the listener to reach a team database out of reach: a
/// desk notices it back within about this long (and the connection's own time), so the
/// outage ends for the person when it ends for the server. A try is one connection attempt.
const AWAY_RETRY_MOST: Duration = Duration::from_secs(4);

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
    /// *Try now* of a team database out of reach: connect again at once, with what is saved
    /// (answered by the next `Status`).
    RetryNow,
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
            TeamCommand::RetryNow => None,
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
    /// Configured and not reachable: why, and how long after this status the next try is
    /// (zero: none is made until the settings change or the person asks).
    Unreachable { reason: String, retry_in: Duration },
    /// Connected without TLS to a server off this computer (`sslmode=disable`, allowed in
    /// Settings → Team): the team's data crosses the network unencrypted. Which server.
    Unencrypted { host: String },
    /// Reachable and not used: its schema is from a newer logodesk (the sentence says so);
    /// looked at again after `retry_in`.
    Refused { reason: String, retry_in: Duration },
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
                    let had = with_team_store(&link.store, |s| {
                        let had = s.team_state().is_attached();
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
                // Nothing is tried again by itself until the settings change (or *Try now*):
                // no pause to count down.
                Err(e) => sink.notice(TeamEvent::Status(TeamStatus::Unreachable {
                    reason: e.message,
                    retry_in: Duration::ZERO,
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
            // A new watch connects at once (its listener's first try has no pause) and tells
            // the status it finds; the old one's pending pause goes with it.
            TeamCommand::RetryNow => self.restart_watch().await,
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
        let left = with_team_store(&self.link.store, move |s| team::leave(s, &keychain)).await;
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

/// What the listener tells the watch, and what wakes the watch besides it.
enum Heard {
    /// Connected (again).
    Up,
    /// Not reachable: why, and when the next try is.
    Down { reason: String, retry_in: Duration },
    /// Reachable, and not to be used: its schema is from a newer logodesk (the sentence), or
    /// it has become so since this desk attached it; looked at again after `retry_in`.
    Refused { reason: String, retry_in: Duration },
    /// The team changed these tables (one message per burst).
    Changed(BTreeSet<String>),
    /// A call of the store found the store's own connection broken (the listener's may be
    /// fine: the server ended that one session, a blip on its socket), or the time came to
    /// try attaching the store again after such a break.
    StoreBroken,
}

/// What a notification may name: the tables whose changes the team database announces
/// (PostgreSQL's third, tenth, eleventh and twelfth migrations), and the schema's version
/// (looked at again at once).
const ANNOUNCED: [&str; 11] = [
    "accounts",
    "club_decisions",
    "club_requests",
    "club_room",
    "desk_vouches",
    "desks",
    "editor_drafts",
    "local_orders",
    "proof_steps",
    "schema_version",
    "vectorize_tasks",
];
/// A burst lasts at most this long, however close together its notifications come: a steady
/// stream is a reload a second, never none.
const BURST_MOST: Duration = Duration::from_secs(1);
/// Notifications one burst takes at most.
const BURST_COUNT: usize = 10_000;
/// The longest wait for the answer to one of the listener's own statements.
const LISTENER_CALL: Duration = Duration::from_secs(10);

/// What the listener's connection heard and the listener has not taken yet, bounded
/// whatever the server sends: the known tables named (at most [`ANNOUNCED`]'s), how many
/// payloads named none of them (ignored), how many came in all, and why the connection ended
/// if it did. The connection's task adds to it as each notification is read (one at a time,
/// never waiting for the listener, so the connection also answers the listener's own
/// statements during a flood); the listener takes it at the end of each burst.
#[derive(Debug, Default)]
struct Heap {
    tables: BTreeSet<&'static str>,
    unknown: usize,
    count: usize,
    ended: Option<String>,
}

impl Heap {
    fn add(&mut self, payload: &str) {
        self.count = self.count.saturating_add(1);
        match ANNOUNCED.iter().find(|t| **t == payload) {
            Some(table) => {
                self.tables.insert(table);
            }
            None => self.unknown = self.unknown.saturating_add(1),
        }
    }
}

/// A [`Heap`] shared by the connection's task and the listener, with a wake-up.
#[derive(Default)]
struct Notes {
    heap: std::sync::Mutex<Heap>,
    news: tokio::sync::Notify,
}

impl Notes {
    fn with<T>(&self, f: impl FnOnce(&mut Heap) -> T) -> T {
        f(&mut self.heap.locked())
    }

    fn count(&self) -> usize {
        self.with(|h| h.count)
    }
}

/// Whether a burst that started at `started` with `count` notifications seen then ends now,
/// with `now` seen, however the notifications go on: at [`BURST_COUNT`] of them, or after
/// [`BURST_MOST`].
fn burst_full(started: tokio::time::Instant, count: usize, now: usize) -> bool {
    now.saturating_sub(count) >= BURST_COUNT || started.elapsed() >= BURST_MOST
}

/// The listener: a task of its own on the backend's runtime (its connection waits on the
/// server for minutes and holds no thread meanwhile). It connects with backoff, `LISTEN`s on
/// the team's channel and passes on every burst of changes; it checks the connection and the
/// schema's version when nothing was heard for [`CHECK_EVERY`], after every burst and at every
/// (re)connect. Every wait of it is bounded, so is what it keeps of what the server sends. It
/// ends as soon as the watch goes away.
async fn listen(settings: TeamSettings, tx: mpsc::UnboundedSender<Heard>) {
    let mut failures: u32 = 0;
    loop {
        let ended = tokio::select! {
            () = tx.closed() => return,
            ended = session(&settings, &tx) => ended,
        };
        failures = match ended.was_up {
            true => 1,
            false => failures.saturating_add(1),
        };
        let retry_in = match ended.refused {
            true => backoff(failures),
            false => backoff(failures).min(AWAY_RETRY_MOST),
        };
        tracing::info!(error = %ended.reason, failures, "the team database's listener is not connected");
        let heard = match ended.refused {
            true => Heard::Refused {
                reason: ended.reason,
                retry_in,
            },
            false => Heard::Down {
                reason: ended.reason,
                retry_in,
            },
        };
        if tx.send(heard).is_err() {
            return;
        }
        tokio::select! {
            () = tx.closed() => return,
            () = tokio::time::sleep(retry_in) => {}
        }
    }
}

/// How a listener's connection ended: why, whether it had been up, and whether the database
/// is refused rather than out of reach (a newer schema).
struct Ended {
    reason: String,
    was_up: bool,
    refused: bool,
}

impl Ended {
    fn down(reason: impl ToString, was_up: bool) -> Ended {
        Ended {
            reason: reason.to_string(),
            was_up,
            refused: false,
        }
    }
}

/// One connection of the listener, until it ends.
async fn session(settings: &TeamSettings, tx: &mpsc::UnboundedSender<Heard>) -> Ended {
    let team::Link {
        client,
        mut connection,
        ..
    } = match team::link(settings).await {
        Ok(link) => link,
        Err(e) => return Ended::down(e, false),
    };
    // The connection, driven on a task of its own: each notification is added to `heard`
    // as it is read.
    let heard = Arc::new(Notes::default());
    let driver = tokio::spawn({
        let heard = heard.clone();
        async move {
            loop {
                let message = std::future::poll_fn(|cx| connection.poll_message(cx)).await;
                let ended = match message {
                    Some(Ok(tokio_postgres::AsyncMessage::Notification(n))) => {
                        heard.with(|h| h.add(n.payload()));
                        None
                    }
                    Some(Ok(_)) => continue,
                    Some(Err(e)) => Some(e.to_string()),
                    None => Some(crate::tr!("team-listener-closed")),
                };
                if let Some(reason) = ended {
                    heard.with(|h| h.ended = Some(reason));
                    heard.news.notify_one();
                    return;
                }
                heard.news.notify_one();
            }
        }
    });
    let _driver = AbortOnDrop(driver);
    if let Err(reason) = bounded(client.batch_execute(&format!("LISTEN {CHANNEL}"))).await {
        return Ended::down(reason, false);
    }
    if let Err(ended) = check_schema(&client, false).await {
        return ended;
    }
    if tx.send(Heard::Up).is_err() {
        return Ended::down("", true);
    }
    loop {
        if tokio::time::timeout(CHECK_EVERY, heard.news.notified())
            .await
            .is_err()
        {
            // Quiet: the connection and the schema looked at.
            if let Err(reason) = bounded(client.simple_query("")).await {
                return Ended::down(reason, true);
            }
            if let Err(ended) = check_schema(&client, true).await {
                return ended;
            }
            continue;
        }
        // The rest of a burst (a join, a busy outbox) as one message, within its bounds:
        // it ends when nothing more came for BURST.
        let started = tokio::time::Instant::now();
        let first = heard.count();
        let mut seen = first;
        while !burst_full(started, first, seen) && heard.with(|h| h.ended.is_none()) {
            let left = BURST_MOST.saturating_sub(started.elapsed());
            tokio::time::sleep(BURST.min(left)).await;
            let now = heard.count();
            if now == seen {
                break;
            }
            seen = now;
        }
        let burst = heard.with(std::mem::take);
        if burst.unknown > 0 {
            tracing::warn!(
                ignored = burst.unknown,
                of = burst.count,
                "the team database announced changes of tables logodesk does not know; they are ignored"
            );
        }
        // Named or not, the schema's version is looked at after every burst (below).
        let tables: BTreeSet<String> = burst
            .tables
            .iter()
            .filter(|t| **t != "schema_version")
            .map(|t| (*t).to_owned())
            .collect();
        if !tables.is_empty() && tx.send(Heard::Changed(tables)).is_err() {
            return Ended::down("", true);
        }
        if let Some(reason) = burst.ended {
            return Ended::down(reason, true);
        }
        // A newer desk's upgrade comes with changes of tables, or says so itself.
        if let Err(ended) = check_schema(&client, true).await {
            return ended;
        }
    }
}

/// Ends the task when dropped (the listener's connection with its session).
struct AbortOnDrop(JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// One of the listener's statements, within [`LISTENER_CALL`]; a failure as its reason.
async fn bounded<T>(
    call: impl std::future::Future<Output = Result<T, tokio_postgres::Error>>,
) -> Result<T, String> {
    match tokio::time::timeout(LISTENER_CALL, call).await {
        Ok(Ok(answer)) => Ok(answer),
        Ok(Err(e)) => Err(crate::store::StoreError::from(e).to_string()),
        Err(_) => Err(crate::store::StoreError::TeamSilent {
            seconds: LISTENER_CALL.as_secs(),
        }
        .to_string()),
    }
}

/// Whether the team database's schema is one this desk knows (another desk may
/// have upgraded it since this one attached it): a newer one ends the session as refused,
/// with the sentence the store gives ([`crate::store::StoreError::TooNew`]); no schema yet is
/// fine (the store creates it). `was_up`: said of a session that was up.
async fn check_schema(client: &tokio_postgres::Client, was_up: bool) -> Result<(), Ended> {
    // LISTEN again first (it changes nothing): the session's last statement, which
    // `pg_stat_activity` shows, stays the one that says what the session is for.
    let sql = format!(
        "LISTEN {CHANNEL}; SELECT version FROM {}.schema_version",
        crate::store::PG_SCHEMA
    );
    let version = |messages: Vec<tokio_postgres::SimpleQueryMessage>| {
        messages.iter().find_map(|m| match m {
            tokio_postgres::SimpleQueryMessage::Row(row) => row.get(0)?.parse::<i64>().ok(),
            _ => None,
        })
    };
    let found = match tokio::time::timeout(LISTENER_CALL, client.simple_query(&sql)).await {
        Err(_) => {
            return Err(Ended::down(
                crate::store::StoreError::TeamSilent {
                    seconds: LISTENER_CALL.as_secs(),
                },
                was_up,
            ));
        }
        Ok(Ok(messages)) => version(messages).unwrap_or(0),
        Ok(Err(e))
            if e.code().is_some_and(|c| {
                *c == tokio_postgres::error::SqlState::UNDEFINED_TABLE
                    || *c == tokio_postgres::error::SqlState::INVALID_SCHEMA_NAME
            }) =>
        {
            0
        }
        Ok(Err(e)) => return Err(Ended::down(crate::store::StoreError::from(e), was_up)),
    };
    let known = crate::store::migrations::latest_postgres();
    if found > known {
        tracing::warn!(
            found,
            known,
            "the team database's schema is from a newer logodesk"
        );
        return Err(Ended {
            reason: crate::store::StoreError::TooNew {
                path: None,
                found,
                known,
            }
            .to_string(),
            was_up,
            refused: true,
        });
    }
    Ok(())
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
    // Ends by itself once `heard` is dropped with the watch.
    tokio::spawn(listen(settings.clone(), tx));
    let broken = match with_team_store(&link.store, |s| Ok(s.team_broken_signal())).await {
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
                    && let Err(e) =
                        with_team_store(&link.store, |s| s.remember_team_accounts()).await
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
            Heard::Down { .. } | Heard::Refused { .. } => {
                listener_up = false;
                retry = None;
                // From now on the store asks the team database nothing (no wait on a broken
                // connection, no write to a schema it does not know) and keeps here what a
                // person saves for the team, until the next attach. Out of reach since the
                // start: the team's accounts are listed as last read.
                let desk = settings.desk_name.clone();
                let started_away =
                    with_team_store(&link.store, move |s| Ok(s.team_out_of_reach(&desk)))
                        .await
                        .unwrap_or(false);
                if started_away {
                    link.worker.ask(WorkerRequest::TeamAttached(Vec::new()));
                }
                let status = match message {
                    Heard::Refused { reason, retry_in } => TeamStatus::Refused { reason, retry_in },
                    Heard::Down { reason, retry_in } => {
                        TeamStatus::Unreachable { reason, retry_in }
                    }
                    _ => unreachable!("matched above"),
                };
                tell(&sink, &mut told, status);
                continue;
            }
            Heard::StoreBroken => {
                let retrying = retry.take().is_some();
                // Marked away as a Down does: nothing waits on the broken connection.
                let found = with_team_store(&link.store, |s| {
                    let found = s.team_state() == crate::store::TeamState::Broken;
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
            Ok((report, unencrypted)) => {
                failures = 0;
                tell_desks(&sink, &link).await;
                tell_refusals(&sink, &link).await;
                attached(report, &sink, &link);
                match unencrypted {
                    Some(host) => TeamStatus::Unencrypted { host },
                    None => TeamStatus::Connected,
                }
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
            own_code: s
                .team_state()
                .is_attached()
                .then(|| s.desk_code())
                .flatten(),
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

/// Tells the status bar `status` if it is not what it was told last, and every failed try.
fn tell(sink: &Sink<TeamEvent>, told: &mut Option<TeamStatus>, status: TeamStatus) {
    // Each try that failed is told, the same as the last or not: its pause starts now, and
    // the status bar counts it down from its arrival.
    let new_try = matches!(
        status,
        TeamStatus::Unreachable { .. } | TeamStatus::Refused { .. }
    );
    if new_try || told.as_ref() != Some(&status) {
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
/// was out of reach).
fn attached(report: crate::store::JoinReport, sink: &Sink<TeamEvent>, link: &TeamLink) {
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
}

/// Connects to the team database (on the blocking lane: a connection that takes its time
/// holds no store), then attaches it to the store and moves this desk's rows in
/// ([`team::join_on`], on the store's lane: it is rare, and the store must not be used
/// between its steps).
///
/// Answers what moved, and the server the connection reached without TLS off this computer,
/// if so (the status bar says the link is not encrypted).
async fn attach_and_join(
    settings: &TeamSettings,
    link: &TeamLink,
) -> Result<(crate::store::JoinReport, Option<String>), UserError> {
    let connecting = settings.clone();
    let client = blocking(move || team::connect(&connecting))
        .await?
        .map_err(|e| UserError::from_error(&e))?;
    let unencrypted =
        (!client.encrypted() && !client.target().local).then(|| client.target().to_string());
    let (desk, keychain, proofs) = (
        settings.desk_name.clone(),
        link.keychain.clone(),
        link.proofs.clone(),
    );
    with_team_store(&link.store, move |store| {
        Ok(team::join_on(
            store,
            &keychain,
            client,
            &desk,
            proofs.as_deref(),
        ))
    })
    .await?
    .map(|report| (report, unencrypted))
    .map_err(|e| UserError::from_error(&e))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every table the team database announces changes of (a trigger running
    /// `announce_change`) is one the listener knows: a table the migrations announce and the
    /// listener drops is a change no desk hears (the desks asking to join, once).
    #[test]
    fn the_listener_knows_every_table_the_migrations_announce() {
        let (client, _) = crate::team::testing::pg_client();
        let store = crate::store::Store::open_postgres(client).unwrap();
        let announced: BTreeSet<String> = store.announcing_tables_for_test().into_iter().collect();
        assert!(announced.contains("local_orders"), "{announced:?}");
        let known: BTreeSet<String> = ANNOUNCED.iter().map(|t| (*t).to_owned()).collect();
        let unknown: Vec<&String> = announced.difference(&known).collect();
        assert!(
            unknown.is_empty(),
            "announced but not listened for: {unknown:?}"
        );
    }

    #[test]
    fn reconnects_back_off_to_a_minute() {
        let secs: Vec<u64> = (1..=9).map(|n| backoff(n).as_secs()).collect();
        assert_eq!(secs, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
    }

    /// What the connection heard keeps the known tables it names and nothing of a payload
    /// that names none; a burst ends at its length or its time, however notifications go on.
    #[test]
    fn what_is_heard_keeps_only_known_tables_and_a_burst_ends_by_count_or_time() {
        let mut heap = Heap::default();
        let big = "x".repeat(8000);
        for _ in 0..1000 {
            heap.add(&big);
            heap.add("local_orders");
        }
        heap.add("accounts");
        assert_eq!(
            heap.tables.iter().copied().collect::<Vec<_>>(),
            ["accounts", "local_orders"]
        );
        assert_eq!((heap.unknown, heap.count), (1000, 2001));
        let now = tokio::time::Instant::now();
        assert!(!burst_full(now, 5, 5 + BURST_COUNT - 1));
        assert!(burst_full(now, 5, 5 + BURST_COUNT));
        assert!(burst_full(now - BURST_MOST, 0, 1));
    }

    /// Against the test server: a listener on a fresh database, and a way to send it SQL.
    struct Listening {
        url: String,
        db: String,
        heard: mpsc::UnboundedReceiver<Heard>,
    }

    impl Listening {
        async fn start() -> Listening {
            let cluster = crate::store::testing::pg_cluster::shared();
            let db = cluster.create_database();
            let url = cluster.socket_url(&db);
            let settings = TeamSettings {
                address: url.parse().unwrap(),
                password: None,
                ca_file: None,
                desk_name: "Listener".into(),
                allow_unencrypted: false,
            };
            let (tx, heard) = mpsc::unbounded_channel();
            tokio::spawn(listen(settings, tx));
            let mut l = Listening { url, db, heard };
            match l.next(Duration::from_secs(15)).await {
                Some(Heard::Up) => l,
                _ => panic!("the listener did not connect"),
            }
        }

        async fn next(&mut self, within: Duration) -> Option<Heard> {
            tokio::time::timeout(within, self.heard.recv())
                .await
                .ok()
                .flatten()
        }

        /// Runs `sql` on a connection of its own (blocking, off the runtime's workers).
        async fn sql(&self, sql: &str) {
            let (url, sql) = (self.url.clone(), sql.to_owned());
            tokio::task::spawn_blocking(move || {
                let mut c = crate::team::connect_to(&url, "Writer").unwrap();
                c.set_call_bound(Duration::from_secs(120));
                c.batch_execute(&sql).unwrap();
            })
            .await
            .unwrap();
        }
    }

    fn resident_mib() -> u64 {
        std::fs::read_to_string("/proc/self/statm")
            .ok()
            .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
            .map_or(0, |pages| pages * 4096 / (1024 * 1024))
    }

    /// 60,000 notifications of 8 KB naming no table (the flood, which
    /// took a desk from 35 to 415 MB) reach the desk as nothing but the one table a real
    /// change named; a steady stream under 150 ms apart still ends a burst each second, so
    /// the desk reloads while it goes on.
    #[test]
    fn a_flood_of_notifications_keeps_nothing_unknown_and_a_steady_stream_still_reloads() {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let mut l = Listening::start().await;
            let before = resident_mib();
            l.sql(
                "SELECT pg_notify('logodesk', repeat(md5(i::text), 249))
                   FROM generate_series(1, 60000) i;
                 NOTIFY logodesk, 'local_orders'",
            )
            .await;
            let mut tables = BTreeSet::new();
            let flooded = std::time::Instant::now();
            while let Some(heard) = l.next(Duration::from_secs(60)).await {
                match heard {
                    Heard::Changed(t) => tables.extend(t),
                    _ => panic!("only changes are heard"),
                }
                if tables.contains("local_orders") {
                    break;
                }
            }
            assert_eq!(
                tables.iter().map(String::as_str).collect::<Vec<_>>(),
                ["local_orders"],
                "nothing of the unknown payloads is kept"
            );
            let after = resident_mib();
            eprintln!(
                "resident memory: {before} MiB before the flood, {after} MiB after; heard in {:?}",
                flooded.elapsed()
            );
            // 60,000 payloads of 8 KB are 480 MB: none of them stays (tests beside this one
            // in the process allocate too, hence the margin).
            assert!(after < before + 200, "{before} → {after} MiB");

            // A notification every 50 ms for 3.5 s: bursts end by their time, so the desk
            // hears of changes while the stream goes on (it heard nothing until the end).
            let stream = l.url.clone();
            let writer = tokio::task::spawn_blocking(move || {
                let mut c = crate::team::connect_to(&stream, "Writer").unwrap();
                for _ in 0..70 {
                    c.batch_execute("NOTIFY logodesk, 'vectorize_tasks'")
                        .unwrap();
                    std::thread::sleep(Duration::from_millis(50));
                }
            });
            let mut during = 0;
            while !writer.is_finished() {
                if let Some(Heard::Changed(t)) = l.next(Duration::from_millis(100)).await {
                    assert_eq!(
                        t.iter().map(String::as_str).collect::<Vec<_>>(),
                        ["vectorize_tasks"]
                    );
                    if !writer.is_finished() {
                        during += 1;
                    }
                }
            }
            writer.await.unwrap();
            assert!(during >= 2, "{during} reloads while the stream went on");
        });
    }

    /// Another desk upgrades the schema while this one is attached: the
    /// listener hears it (at the announcement, else within CHECK_EVERY) and says the database
    /// is refused, with the store's true sentence, instead of letting the desk write on.
    #[test]
    fn an_upgrade_by_a_newer_desk_is_noticed_and_refused_with_a_sentence() {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let mut l = Listening::start().await;
            let url = l.url.clone();
            tokio::task::spawn_blocking(move || {
                crate::store::Store::open_postgres(crate::team::connect_to(&url, "Old").unwrap())
                    .unwrap()
            })
            .await
            .unwrap();
            l.sql(
                "UPDATE logodesk.schema_version SET version = version + 1;
                 NOTIFY logodesk, 'schema_version'",
            )
            .await;
            let said = loop {
                match l.next(Duration::from_secs(5)).await {
                    Some(Heard::Refused { reason, .. }) => break reason,
                    Some(Heard::Changed(_)) => {}
                    other => panic!("not refused: {}", other.is_some()),
                }
            };
            assert!(said.contains("newer version of logodesk"), "{said}");
            // On reconnect too, it is refused (not up).
            assert!(matches!(
                l.next(Duration::from_secs(10)).await,
                Some(Heard::Refused { .. })
            ));
            let _ = &l.db;
        });
    }
}
