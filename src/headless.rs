//! `logodesk send-queued`: the app's backend without a window.
//!
//! It starts [`Backend`] exactly as the window does (the embedded sandbox over
//! `sandbox.sqlite`, the local database, the keychain, the active account's outbox and
//! tracker), asks for the account's order list, and prints a line each time one of its
//! queued orders is answered. There is no second way of sending: only the backend's outbox
//! sends. The main thread sleeps on a channel that the backend's [`Waker`] (called after
//! every event) and Ctrl-C/SIGTERM feed.

use crate::backend::orders::{OrdersCommand, OrdersEvent};
use crate::backend::{
    Backend, BackendConfig, Command, Event, StartAccount, StoreLocation, UserError, Waker,
};
use crate::store::Store;
use crate::store::{LocalOrder, LocalOrderId, OrderState};
use crate::sync::Lock as _;
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How the runner is set up.
pub struct SendQueued {
    pub backend: BackendConfig,
    /// Stop once every queued order of the account is answered.
    pub exit_when_sent: bool,
    /// Serve the club room too (off when `None`).
    pub club_room: Option<ClubRoomConfig>,
}

/// The club room as the sender serves it (`--club-room-url` and its options).
#[derive(Debug, Clone)]
pub struct ClubRoomConfig {
    /// The room's address as clubs reach it: the one in the links.
    pub public_url: String,
    /// Where it listens (behind the shop's proxy: loopback).
    pub listen: std::net::SocketAddr,
    pub behind_proxy: bool,
    /// The shop's name on the pages.
    pub shop: String,
    /// The shop's line of terms (empty: the pages' own).
    pub terms: String,
    pub link_days: i64,
    /// The shop's certificate chain and key (PEM files): the room speaks TLS itself.
    pub tls: Option<(std::path::PathBuf, std::path::PathBuf)>,
}

/// Why the runner stopped without finishing.
#[derive(Debug, thiserror::Error)]
pub enum HeadlessError {
    /// The backend could not start, or the account cannot send.
    #[error("{0}")]
    Backend(UserError),
    #[error(transparent)]
    Start(#[from] crate::backend::BackendError),
    /// The local database could not be read to check `--account`.
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
    /// The club room was asked for and cannot be served (its sentence).
    #[error("{0}")]
    ClubRoom(String),
    /// The backend stopped on its own.
    #[error("{}", crate::tr!("backend-headless-stopped"))]
    Stopped,
    /// `--account NAME` names none of this desk's own accounts, and the team's could not be
    /// read (the team database out of reach, in the sentence of `reason`): nothing is sent.
    #[error("{}", crate::tr!("backend-headless-team-account-unread", name = .name.as_str(), reason = .reason.as_str()))]
    TeamAccountUnread { name: String, reason: String },
    /// `--exit-when-sent`: everything that could be sent was, and this many queued orders are
    /// held (a person decides what becomes of them): the run did not send them.
    #[error("{}", crate::tr!("backend-headless-held", count = *.0))]
    Held(usize),
    /// `--account NAME` names no account of this data folder: nothing is sent (sending
    /// another account's outbox instead would be a surprise).
    #[error("{}", crate::tr!("backend-headless-no-such-account", name = .name.as_str(), accounts = .known.join(", ")))]
    NoSuchAccount {
        /// The name as given.
        name: String,
        /// The names of the accounts there are.
        known: Vec<String>,
    },
}

/// How far a row is: rows only move forward, so an older snapshot never undoes a newer change.
/// Every state after `Sent` (final, or waiting for the person) counts as done sending.
fn progress(state: OrderState) -> u8 {
    match state {
        OrderState::Draft => 0,
        OrderState::Queued => 1,
        OrderState::Sent => 2,
        _ => 3,
    }
}

/// The account's placed orders as far as the runner knows them.
#[derive(Default)]
pub struct SendWatch {
    rows: HashMap<LocalOrderId, OrderState>,
    /// Queued rows that wait for a person (their account changed or was removed): the outbox
    /// does not send them, so the runner does not wait for them.
    held: HashSet<LocalOrderId>,
    /// The first list has arrived (before it, "nothing queued" is not known).
    listed: bool,
    /// When this run started (the store's ISO-8601 UTC text): a row first seen beyond the
    /// queue and changed since then was answered during this run, though its change came
    /// before the list (on a busy machine the outbox may send before the list is read).
    since: Option<String>,
}

impl SendWatch {
    /// A watch of a run starting now.
    pub fn starting_now() -> SendWatch {
        SendWatch {
            since: Some(
                chrono::Utc::now()
                    .format("%Y-%m-%dT%H:%M:%S%.3fZ")
                    .to_string(),
            ),
            ..SendWatch::default()
        }
    }

    /// Takes a newer state of a row; answers it when the row just left the queue. Before the
    /// list arrives, a row seen `Sent` for the first time has just been sent (the outbox sends
    /// at once, the tracker's first poll comes later).
    pub fn update(&mut self, row: &LocalOrder) -> Option<OrderState> {
        if row.state == OrderState::Queued && row.hold.is_some() {
            self.held.insert(row.id);
        } else {
            self.held.remove(&row.id);
        }
        let was = self.rows.get(&row.id).copied();
        if was.is_some_and(|w| progress(w) >= progress(row.state)) {
            return None;
        }
        self.rows.insert(row.id, row.state);
        let changed_in_this_run = self
            .since
            .as_deref()
            .is_some_and(|since| row.updated_at.as_str() >= since);
        let left_queue = match was {
            Some(w) => w == OrderState::Queued,
            None => (!self.listed && row.state == OrderState::Sent) || changed_in_this_run,
        };
        (left_queue && row.state != OrderState::Queued).then_some(row.state)
    }

    /// Takes the account's list; answers how many are queued, and the rows of it answered
    /// during this run before the list came (with their new state).
    pub fn list<'r>(
        &mut self,
        history: &'r [LocalOrder],
    ) -> (usize, Vec<(&'r LocalOrder, OrderState)>) {
        self.listed = true;
        let answered = history
            .iter()
            .filter_map(|row| self.update(row).map(|state| (row, state)))
            .collect();
        (self.queued(), answered)
    }

    /// Rows still waiting for the service's answer (held ones not counted).
    pub fn queued(&self) -> usize {
        self.rows
            .iter()
            .filter(|(id, s)| **s == OrderState::Queued && !self.held.contains(id))
            .count()
    }

    /// Queued rows held for a person's decision.
    pub fn held(&self) -> usize {
        self.held.len()
    }

    /// The list arrived and nothing is queued any more.
    pub fn all_sent(&self) -> bool {
        self.listed && self.queued() == 0
    }
}

/// How often a running sender says in its log that it is alive.
const HEARTBEAT: Duration = Duration::from_secs(60);

/// What wakes the runner.
enum Wake {
    /// The backend sent something.
    Event,
    /// Ctrl-C or SIGTERM.
    Stop,
}

/// Runs until every queued order is answered (`exit_when_sent`) or until Ctrl-C / SIGTERM,
/// printing to `out` a line when the list is in, one per order answered, and one when all
/// are.
pub fn send_queued(mut config: SendQueued, out: &mut impl Write) -> anyhow::Result<()> {
    let (wake, woken) = mpsc::channel();
    let tx = std::sync::Mutex::new(wake.clone());
    let waker = Waker::new(move || {
        tx.locked().send(Wake::Event).ok();
    });
    spawn_signal_watch(wake);
    check_account(&mut config.backend)?;
    // On a team, the team database is attached by the backend's watch in the background
    // (the desk's own outbox never waits for it); "all sent" waits for it.
    let waits_for = Expected {
        team: match &config.backend.store {
            StoreLocation::File(path) => on_a_team(path),
            StoreLocation::InMemory => false,
        },
        account: match &config.backend.start_account {
            StartAccount::Name(name) => Some(name.clone()),
            _ => None,
        },
    };
    let room = match &config.club_room {
        Some(room) => Some(start_club_room(room, &config.backend)?),
        None => None,
    };
    let mut backend = Backend::start(config.backend, waker).map_err(HeadlessError::Start)?;
    let result = run_loop(&backend, &woken, config.exit_when_sent, &waits_for, out);
    // The room first: no decision is taken once the sender is stopping.
    drop(room);
    backend.shutdown(Duration::from_secs(5));
    result
}

/// Serves the club room from the team database of the data folder (its own connection,
/// made as it starts and again after it broke; each connection writes the room's settings,
/// which the desks read to make links).
fn start_club_room(
    room: &ClubRoomConfig,
    backend: &BackendConfig,
) -> Result<crate::club::serve::RoomHandle, HeadlessError> {
    use crate::club::RoomError;
    use crate::club::room::StoreRoom;
    let StoreLocation::File(path) = &backend.store else {
        return Err(HeadlessError::ClubRoom(crate::tr!("store-club-needs-team")));
    };
    let keychain = backend
        .keychain
        .clone()
        .unwrap_or_else(crate::keychain::Keychain::system);
    let dir = path.parent().unwrap_or(path);
    let settings = match crate::team::settings_of(dir, &keychain) {
        Ok(Some(settings)) => settings,
        Ok(None) => return Err(HeadlessError::ClubRoom(crate::tr!("store-club-needs-team"))),
        Err(e) => return Err(HeadlessError::ClubRoom(e.to_string())),
    };
    let shown = crate::store::club::ClubRoomSettings {
        public_url: room.public_url.trim().trim_end_matches('/').to_owned(),
        shop: room.shop.trim().to_owned(),
        terms: room.terms.trim().to_owned(),
        link_days: room.link_days,
        served_since: crate::club::time_text(chrono::Utc::now()),
    };
    let connect = Box::new(move || {
        let client =
            crate::team::connect(&settings).map_err(|e| RoomError::Unreachable(e.to_string()))?;
        let store = Store::open_postgres(client)?;
        store.set_club_room(&shown)?;
        Ok(store)
    });
    let tls = match &room.tls {
        Some((cert, key)) => Some(
            crate::club::tls::acceptor(cert, key)
                .map_err(|e| HeadlessError::ClubRoom(e.to_string()))?,
        ),
        None => None,
    };
    let options = crate::club::serve::RoomOptions {
        behind_proxy: room.behind_proxy,
        tls,
        ..Default::default()
    };
    let store_room = std::sync::Arc::new(StoreRoom::new(connect));
    let handle =
        crate::club::serve::spawn(room.listen, store_room.clone(), options).map_err(|e| {
            HeadlessError::ClubRoom(crate::tr!(
                "club-room-not-listening",
                address = room.listen.to_string(),
                reason = crate::i18n::io_reason(&e)
            ))
        })?;
    // The desks learn that the room is served (its settings) now, not at a first page.
    StoreRoom::connect_soon(&store_room);
    tracing::info!(address = %handle.addr(), public = room.public_url.as_str(), "the club room is served");
    eprintln!(
        "{}",
        crate::tr!(
            "club-room-serving",
            address = handle.addr().to_string(),
            public = room.public_url.as_str()
        )
    );
    Ok(handle)
}

/// What a run waits for before it may say every queued order is sent: the team database
/// attached (on a team), and the account asked for shown (a team's is shown once the team is
/// attached; the sandbox meanwhile, whose lists do not count).
struct Expected {
    team: bool,
    account: Option<String>,
}

/// Whether the data folder of the store at `path` is on a team (saved, or given for this run).
fn on_a_team(path: &std::path::Path) -> bool {
    crate::team::run_address().is_some()
        || path
            .parent()
            .is_some_and(|dir| crate::team::SavedTeam::load(dir).is_ok_and(|s| s.address.is_some()))
}

/// An account named with `--account` must exist before anything starts: the backend sends
/// every account's outbox, so falling back to the sandbox would send and then say "all sent"
/// of the wrong account. With none named, the run is about the only account besides the
/// Sandbox (a team's data folder: the team's, once joined), said on stderr.
fn check_account(config: &mut BackendConfig) -> Result<(), HeadlessError> {
    let StoreLocation::File(path) = &config.store else {
        return Ok(());
    };
    let path = path.clone();
    let name = match &config.start_account {
        StartAccount::Name(name) => name.clone(),
        StartAccount::Sandbox => {
            let (chosen, team_unread) = account_when_none_named(&path)?;
            if team_unread {
                eprintln!("{}", crate::tr!("cli-account-default-team-unread"));
            } else {
                eprintln!(
                    "{}",
                    crate::tr!("cli-account-default", name = chosen.as_str())
                );
            }
            if !chosen.eq_ignore_ascii_case(crate::store::SANDBOX_ACCOUNT_NAME) {
                config.start_account = StartAccount::Name(chosen);
            }
            return Ok(());
        }
        StartAccount::Id(_) => return Ok(()),
    };
    let path = path.as_path();
    let mut store = Store::open(path)?;
    store.ensure_sandbox_account()?;
    // An account of this desk's own (or one of the team's as this desk last read them) is
    // there without the team database: nothing waits for it (a silent team server
    // kept this desk's own outbox from starting).
    if on_a_team(path) {
        store.team_out_of_reach("");
    }
    if config.start_account.pick(&store.accounts()?).is_some() {
        return Ok(());
    }
    let team_away = join_team(&mut store, path, config);
    let accounts = store.accounts()?;
    if config.start_account.pick(&accounts).is_some() {
        return Ok(());
    }
    // The team's accounts could not be read: the name may well be the team's.
    if let Some(reason) = team_away {
        return Err(HeadlessError::TeamAccountUnread {
            name: name.clone(),
            reason,
        });
    }
    Err(HeadlessError::NoSuchAccount {
        name: name.clone(),
        known: accounts.iter().map(|a| a.name.clone()).collect(),
    })
}

/// Attaches the team database to `store` (the data folder at `path`) and moves this desk's
/// rows in, within the connection's bound; answers the sentence of why it could not, if it
/// could not (connecting is the backend's to report: without the team, only this desk's own
/// accounts are there).
fn join_team(store: &mut Store, path: &std::path::Path, config: &BackendConfig) -> Option<String> {
    store.detach_team();
    let dir = path.parent()?;
    let keychain = config
        .keychain
        .clone()
        .unwrap_or_else(crate::keychain::Keychain::system);
    if let Err(e) = keychain.scope_to_folder(store) {
        tracing::info!(error = %e, "the keychain could not be scoped to the data folder");
    }
    match crate::team::join_if_on_a_team(store, &keychain, dir) {
        Ok(_) => None,
        Err(e) => {
            tracing::info!(error = %e, "the team database is not reachable to look up the account");
            Some(e.to_string())
        }
    }
}

/// [`Store::account_when_none_named`] on the data folder at `path`; on a team, among the
/// team's accounts as this desk last read them: nothing waits for the team's server here (a
/// silent one would hold this desk's own outbox). Also whether that is the Sandbox only for
/// want of the team's accounts (a sender's first start has read none yet).
fn account_when_none_named(path: &std::path::Path) -> Result<(String, bool), HeadlessError> {
    let mut store = Store::open(path)?;
    let team = on_a_team(path);
    if team {
        store.team_out_of_reach("");
    }
    let chosen = store.account_when_none_named()?;
    let unread = team && chosen.is_sandbox() && store.accounts()?.iter().all(|a| a.is_sandbox());
    Ok((chosen.name, unread))
}

fn run_loop(
    backend: &Backend,
    woken: &mpsc::Receiver<Wake>,
    exit_when_sent: bool,
    waits_for: &Expected,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    use crate::backend::team::{TeamEvent, TeamStatus};
    let mut watch = SendWatch::starting_now();
    let mut ready = false;
    let mut team_attached = !waits_for.team;
    // Whether the account shown is the one asked for (its lists are the run's).
    let mut shown = waits_for.account.is_none();
    let mut left_queue = 0usize;
    let mut next_beat = Instant::now() + HEARTBEAT;
    loop {
        match woken.recv_timeout(next_beat.saturating_duration_since(Instant::now())) {
            Ok(Wake::Event) => {}
            Err(mpsc::RecvTimeoutError::Timeout) => {
                // A line a minute says the sender is alive and what it holds (the journal,
                // `journalctl -u logodesk-sender`).
                tracing::info!(
                    queued = watch.queued(),
                    answered = left_queue,
                    held = watch.held(),
                    team = if team_attached { "attached" } else { "waiting" },
                    "sender alive"
                );
                next_beat = Instant::now() + HEARTBEAT;
                continue;
            }
            Ok(Wake::Stop) | Err(mpsc::RecvTimeoutError::Disconnected) => {
                tracing::info!(queued = watch.queued(), answered = left_queue, "stopping");
                return Ok(());
            }
        }
        while let Some(envelope) = backend.try_recv() {
            match envelope.event {
                Event::Ready { .. } => ready = true,
                // Before `Ready` a failure means the database or the sandbox did not start.
                Event::Failed(error) if !ready && envelope.request.is_none() => {
                    return Err(HeadlessError::Backend(error).into());
                }
                Event::AccountActivated {
                    problem: Some(problem),
                    ..
                } => return Err(HeadlessError::Backend(problem).into()),
                Event::AccountActivated { account, .. } => {
                    shown = waits_for
                        .account
                        .as_ref()
                        .is_none_or(|n| account.name.trim().eq_ignore_ascii_case(n.trim()));
                    tracing::info!(account = %account.name, "sending the queued orders");
                    backend.send(Command::Orders(OrdersCommand::Refresh));
                }
                Event::Team(TeamEvent::Status(status)) => match status {
                    TeamStatus::Connected | TeamStatus::Unencrypted { .. } => {
                        tracing::info!("the team database is attached");
                        team_attached = true;
                    }
                    TeamStatus::Unreachable { reason, .. } | TeamStatus::Refused { reason, .. } => {
                        tracing::warn!(%reason, "the team's queued orders wait for the team database; this desk's own are sent meanwhile");
                    }
                    TeamStatus::Off => {}
                },
                // The lists of an account shown meanwhile (the sandbox, until the team's
                // account asked for is there) are not the run's.
                Event::Orders(OrdersEvent::Lists { .. }) if !shown => {}
                // On a team, another desk sends some of the queued orders: this desk hears of
                // them in the lists sent again on its change, not as changes of its own.
                Event::Orders(OrdersEvent::Lists {
                    waiting, history, ..
                }) if watch.listed => {
                    for row in waiting.iter().chain(&history.rows) {
                        if let Some(state) = watch.update(row) {
                            left_queue += 1;
                            writeln!(out, "{}", answered_line(row, state))?;
                        }
                    }
                }
                Event::Orders(OrdersEvent::Lists {
                    waiting, history, ..
                }) => {
                    // Every row that waits, and the newest rows (those just answered).
                    let rows: Vec<_> = waiting.into_iter().chain(history.rows).collect();
                    let (queued, answered) = watch.list(&rows);
                    writeln!(out, "{queued} queued orders to send")?;
                    for (row, state) in answered {
                        left_queue += 1;
                        writeln!(out, "{}", answered_line(row, state))?;
                    }
                    if watch.held() > 0 {
                        writeln!(
                            out,
                            "{} queued orders are held because their account changed or was removed; decide in History what becomes of them",
                            watch.held()
                        )?;
                    }
                }
                Event::Orders(OrdersEvent::Changed(order)) => {
                    if let Some(state) = watch.update(&order) {
                        left_queue += 1;
                        writeln!(out, "{}", answered_line(&order, state))?;
                    }
                }
                Event::Orders(OrdersEvent::Reachability { offline }) => {
                    if offline {
                        tracing::warn!(
                            "the service is out of reach; the orders wait and are sent again"
                        );
                    } else {
                        tracing::info!("the service answers again");
                    }
                }
                Event::Failed(error) => tracing::warn!(message = %error.message),
                _ => {}
            }
        }
        if exit_when_sent && team_attached && shown && watch.all_sent() {
            // Held orders are not sent by this run (nor by any, until a person decides):
            // never "all sent", never a success.
            if watch.held() > 0 {
                writeln!(
                    out,
                    "{} queued orders are held and were not sent",
                    watch.held()
                )?;
                out.flush()?;
                return Err(HeadlessError::Held(watch.held()).into());
            }
            writeln!(out, "all queued orders are sent")?;
            out.flush()?;
            return Ok(());
        }
    }
}

/// The line printed for a row that left the queue.
fn answered_line(row: &LocalOrder, state: OrderState) -> String {
    let tracking = row
        .tracking_id
        .map_or_else(|| "none".to_owned(), |t| t.to_string());
    match state {
        OrderState::Uncertain => format!(
            "uncertain {} \"{}\": it may already be placed; look it up in History before sending it again",
            row.id, row.reference
        ),
        OrderState::Failed if row.tracking_id.is_none() => format!(
            "refused {} \"{}\": {}",
            row.id,
            row.reference,
            row.error_message.as_deref().unwrap_or("no reason given")
        ),
        _ => format!(
            "sent {} \"{}\": tracking id {tracking}",
            row.id, row.reference
        ),
    }
}

/// Sends [`Wake::Stop`] on Ctrl-C or SIGTERM.
fn spawn_signal_watch(wake: mpsc::Sender<Wake>) {
    let started = std::thread::Builder::new()
        .name("logodesk-signals".into())
        .spawn(move || {
            let runtime = match tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                Ok(r) => r,
                Err(e) => {
                    tracing::warn!("Ctrl-C and SIGTERM stop nothing: {e}");
                    return;
                }
            };
            runtime.block_on(crate::signals::shutdown_signal());
            wake.send(Wake::Stop).ok();
        });
    if let Err(e) = started {
        tracing::warn!("Ctrl-C and SIGTERM stop nothing: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::OrderId;

    fn row(id: i64, state: OrderState) -> LocalOrder {
        LocalOrder {
            id: LocalOrderId(id),
            account: None,
            state,
            key: None,
            draft_json: None,
            reference: format!("PO-{id}"),
            recipient: "Club".into(),
            tracking_id: (progress(state) >= 2).then_some(OrderId(900 + id)),
            order_number: None,
            record: None,
            error_message: None,
            last_error: None,
            attempts: 1,
            updated_at: String::new(),
            destination: None,
            reached: false,
            placed_by: None,
            version: 0,
            saved_by: None,
            editing: None,
            hold: None,
        }
    }

    #[test]
    fn an_older_list_never_undoes_a_newer_change() {
        let mut watch = SendWatch::default();
        assert!(!watch.all_sent(), "nothing is known before the list");
        // A change is seen before the list, which was read before that change.
        assert_eq!(
            watch.update(&row(1, OrderState::Sent)),
            Some(OrderState::Sent)
        );
        assert_eq!(
            watch
                .list(&[row(1, OrderState::Queued), row(2, OrderState::Queued)])
                .0,
            1
        );
        assert_eq!(
            watch.update(&row(2, OrderState::Sent)),
            Some(OrderState::Sent)
        );
        assert!(watch.all_sent());
        assert_eq!(watch.update(&row(2, OrderState::Completed)), None);
    }

    #[test]
    fn a_row_sent_before_the_list_came_is_said_once_and_an_older_one_not() {
        let mut watch = SendWatch::starting_now();
        let since = watch.since.clone().unwrap_or_default();
        // Sent by this run's outbox before the list was read: no change was heard of it.
        let mut sent = row(1, OrderState::Completed);
        sent.updated_at = since.clone();
        // Completed in an earlier run.
        let mut older = row(2, OrderState::Completed);
        older.updated_at = "2020-01-01T00:00:00.000Z".into();
        let rows = [sent.clone(), older];
        let (queued, answered) = watch.list(&rows);
        assert_eq!(queued, 0);
        assert_eq!(answered, vec![(&sent, OrderState::Completed)]);
        assert!(watch.all_sent());
        assert_eq!(watch.update(&sent), None, "said once");
    }

    #[test]
    fn held_rows_are_not_waited_for() {
        let mut watch = SendWatch::default();
        let mut held = row(1, OrderState::Queued);
        held.hold = Some(crate::store::Hold::AccountGone);
        assert_eq!(watch.list(&[held.clone(), row(2, OrderState::Queued)]).0, 1);
        assert_eq!(watch.held(), 1);
        assert!(!watch.all_sent());
        watch.update(&row(2, OrderState::Sent));
        assert!(
            watch.all_sent(),
            "only the held row is left, and nobody sends it"
        );
        // Released (the person chose "Send to …"): waited for again.
        held.hold = None;
        watch.update(&held);
        assert_eq!(watch.held(), 0);
        assert!(!watch.all_sent());
    }

    #[test]
    fn answered_lines_name_the_row_and_its_tracking_id() {
        let sent = row(3, OrderState::Sent);
        assert_eq!(
            answered_line(&sent, OrderState::Sent),
            "sent #3 \"PO-3\": tracking id 903"
        );
        let mut refused = row(4, OrderState::Failed);
        refused.tracking_id = None;
        refused.error_message = Some("Logo 7 is not Done.".into());
        assert_eq!(
            answered_line(&refused, OrderState::Failed),
            "refused #4 \"PO-4\": Logo 7 is not Done."
        );
    }
}
