//! Orders in the backend: drafts and history in the local database, the outboxes that place
//! queued orders exactly once, and the trackers that follow placed orders to a final state.
//!
//! The outbox's source of truth is the `local_orders` table ([`crate::store::orders`]): a
//! draft is queued with its idempotency key, exact body bytes and destination in one
//! transaction before the first send, and an [`Outbox`] re-reads the queue whenever it
//! starts. Stopping it at any point (a crash, a quit, a dropped backend) only means the same
//! bytes go out again with the same key, which the service answers with the original
//! tracking id.
//!
//! Every account with orders to send or track has its own outbox with its own client; each
//! only sends (and polls) rows queued for the destination its client goes to, while the
//! account still has it. Each send is one request (the outbox, not the client, retries), so
//! the row remembers whether any attempt may have reached the service: a refusal after such
//! an attempt makes the order `uncertain`, never `failed`.

use super::protocol::{Generation, RequestId, UserError};
use crate::api::{
    ApiError, Client, Design, DesignRef, Logo, LogoId, LogoItemNo, LogoType, NetworkErrorKind,
    OrderId, RetryPolicy, TrackingRecord,
};
use crate::store::{
    AccountId, Destination, LocalOrder, LocalOrderId, Store, StoreError, orders::Refusal,
};
use futures_util::StreamExt as _;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::Notify;
use tokio::task::JoinHandle;
use tokio::time::Instant;

/// How the outbox and the tracker pace themselves.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OutboxConfig {
    /// Pause between two polls of a pending order (the spec recommends 5 s).
    pub poll_interval: Duration,
    /// The first poll after an order is placed comes this soon (placements are often quick).
    pub first_poll: Duration,
    /// Requests in flight at once, for sending and for polling each.
    pub concurrency: usize,
    /// Longest pause after failures (sending, recording or polling).
    pub max_backoff: Duration,
    /// A tracked order the service keeps answering "not found" (or unreadably) for is given
    /// up as `unknown` after at least this many such answers in a row…
    pub unknown_polls: u32,
    /// …spanning at least this long.
    pub unknown_after: Duration,
}

impl Default for OutboxConfig {
    fn default() -> Self {
        OutboxConfig {
            poll_interval: Duration::from_secs(5),
            first_poll: Duration::from_secs(1),
            concurrency: 8,
            max_backoff: Duration::from_secs(60),
            unknown_polls: 5,
            unknown_after: Duration::from_secs(10 * 60),
        }
    }
}

impl OutboxConfig {
    /// The pause before the next poll after `failures` failed polls in a row (≥ 1): the
    /// retry policy's back-off (or the service's `Retry-After`), at least the poll interval,
    /// at most `max_backoff` (or the poll interval if that is longer).
    pub fn poll_delay(
        &self,
        policy: &RetryPolicy,
        failures: u32,
        retry_after: Option<Duration>,
        unit: f64,
    ) -> Duration {
        let backoff = match retry_after {
            Some(asked) => asked,
            None => policy.delay(failures.min(16), None, unit),
        };
        backoff
            .max(self.poll_interval)
            .min(self.max_backoff.max(self.poll_interval))
    }

    /// The pause of the sender after `failures` rounds in a row with a failure (≥ 1).
    pub fn send_delay(&self, policy: &RetryPolicy, failures: u32, unit: f64) -> Duration {
        policy
            .delay(failures.min(16), None, unit)
            .min(self.max_backoff)
    }
}

/// Told about every row the outbox or the tracker changed.
pub type OnChange = Arc<dyn Fn(&LocalOrder) + Send + Sync>;

/// Told whether the service is out of reach (the newest send failed on the network) each
/// time that changes.
pub type OnReach = Arc<dyn Fn(bool) + Send + Sync>;

/// Told, once per streak, when the outbox cannot record what happened to an order (the
/// database refused the write): the outbox pauses with back-off meanwhile.
pub type OnProblem = Arc<dyn Fn(UserError) + Send + Sync>;

/// The database, shared by the backend's tasks.
pub type SharedStore = Arc<Mutex<Store>>;

pub(super) async fn with_store<T: Send + 'static>(
    store: &SharedStore,
    f: impl FnOnce(&mut Store) -> Result<T, StoreError> + Send + 'static,
) -> Result<T, UserError> {
    let store = store.clone();
    tokio::task::spawn_blocking(move || {
        let mut guard = store.lock().unwrap_or_else(PoisonError::into_inner);
        f(&mut guard)
    })
    .await
    .map_err(|e| {
        UserError::new(
            "A background job of logodesk stopped unexpectedly. Try again; restart logodesk if it keeps happening.",
            Some(e.to_string()),
        )
    })?
    .map_err(|e| UserError::from_error(&e))
}

/// Whether the service refused the order itself (this request created nothing, and the same
/// body would be refused again), as opposed to a failure to reach it or to authenticate.
fn is_refusal(e: &ApiError) -> bool {
    e.status().is_some_and(|s| {
        let code = s.as_u16();
        (400..500).contains(&code) && ![401, 403, 408, 429].contains(&code)
    })
}

/// Whether a failed send may have reached the service (and placed the order): a timeout, a
/// connection broken after connecting, a 5xx, a success that could not be read. A refused
/// connection or a failed name look-up provably did not; nor did an answer such as 401 or
/// 429, which says the request was not taken.
pub fn may_have_reached(e: &ApiError) -> bool {
    match e {
        ApiError::Network { kind, .. } => *kind != NetworkErrorKind::Connect,
        ApiError::Status(s) => s.status.is_server_error(),
        ApiError::Decode { .. } => true,
        _ => false,
    }
}

/// The running outbox sender and tracker of one account. Dropping it stops both at once
/// (wherever they are: the database stays consistent, and what was in flight is sent again
/// by the next outbox).
pub struct Outbox {
    stats: Arc<OutboxStats>,
    wake_sender: Arc<Notify>,
    wake_tracker: Arc<Notify>,
    tasks: Vec<JoinHandle<()>>,
}

/// What an outbox reports to, besides the rows it changes.
#[derive(Clone)]
pub struct OutboxReports {
    pub on_change: OnChange,
    pub on_reach: OnReach,
    pub on_problem: OnProblem,
}

impl OutboxReports {
    /// Only row changes are told (tests, benchmarks).
    pub fn changes(on_change: OnChange) -> OutboxReports {
        OutboxReports {
            on_change,
            on_reach: Arc::new(|_| {}),
            on_problem: Arc::new(|e| tracing::warn!(message = %e.message, "outbox problem")),
        }
    }
}

impl Outbox {
    /// Starts sending `account`'s queued orders and tracking its placed ones with `client`,
    /// on the current tokio runtime. `client` goes where the account's settings say now:
    /// only rows queued for those settings are sent.
    pub fn start(
        store: SharedStore,
        client: Client,
        account: AccountId,
        config: OutboxConfig,
        on_change: OnChange,
    ) -> Outbox {
        Outbox::start_for(
            store,
            client,
            account,
            None,
            config,
            OutboxReports::changes(on_change),
        )
    }

    /// [`Outbox::start`] for a client built for `dest` (`None`: the account's destination
    /// when the outbox starts), telling `reports` what happens.
    pub fn start_for(
        store: SharedStore,
        client: Client,
        account: AccountId,
        dest: Option<Destination>,
        config: OutboxConfig,
        reports: OutboxReports,
    ) -> Outbox {
        let wake_sender = Arc::new(Notify::new());
        let wake_tracker = Arc::new(Notify::new());
        let stats = Arc::new(OutboxStats::default());
        let link = Link {
            store,
            client,
            account,
            dest: Arc::new(tokio::sync::OnceCell::new_with(dest)),
            config,
            on_change: reports.on_change,
            stats: stats.clone(),
        };
        let reach = Reach {
            report: reports.on_reach,
            last: std::sync::atomic::AtomicU8::new(Reach::UNKNOWN),
        };
        let sender = Sender {
            link: link.clone(),
            reach,
            wake: wake_sender.clone(),
            tracker: wake_tracker.clone(),
            on_problem: reports.on_problem,
            troubled: Mutex::new(HashSet::new()),
        };
        let tracker = Tracker {
            link,
            wake: wake_tracker.clone(),
        };
        Outbox {
            stats,
            tasks: vec![tokio::spawn(sender.run()), tokio::spawn(tracker.run())],
            wake_sender,
            wake_tracker,
        }
    }

    /// Requests made so far.
    pub fn stats(&self) -> &OutboxStats {
        &self.stats
    }

    /// Something was queued: send it now.
    pub fn wake(&self) {
        self.wake_sender.notify_one();
        self.wake_tracker.notify_one();
    }
}

impl Drop for Outbox {
    fn drop(&mut self) {
        for t in &self.tasks {
            t.abort();
        }
    }
}

/// What the sender and the tracker both work with.
#[derive(Clone)]
struct Link {
    store: SharedStore,
    client: Client,
    account: AccountId,
    /// Where `client` goes; read from the account at start when not given.
    dest: Arc<tokio::sync::OnceCell<Destination>>,
    config: OutboxConfig,
    on_change: OnChange,
    stats: Arc<OutboxStats>,
}

impl Link {
    /// The destination of this outbox's client (waits until the account can be read).
    async fn dest(&self) -> Destination {
        loop {
            let account = self.account;
            let found = self
                .dest
                .get_or_try_init(|| async {
                    with_store(&self.store, move |s| s.destination(account)).await
                })
                .await;
            match found {
                Ok(d) => return d.clone(),
                Err(e) => {
                    tracing::warn!(account = %account, error = %e, "the outbox's account cannot be read; nothing is sent");
                    tokio::time::sleep(self.config.poll_interval).await;
                }
            }
        }
    }
}

/// Requests made by an outbox so far (benchmarks, diagnostics).
#[derive(Debug, Default)]
pub struct OutboxStats {
    /// `POST /api/orders` requests.
    pub sends: AtomicU64,
    /// `GET /api/orders/{id}` calls.
    pub polls: AtomicU64,
}

/// Whether the service was reachable at the newest send, reported when it changes.
struct Reach {
    report: OnReach,
    last: std::sync::atomic::AtomicU8,
}

impl Reach {
    const UNKNOWN: u8 = 0;
    const ONLINE: u8 = 1;
    const OFFLINE: u8 = 2;

    fn note(&self, offline: bool) {
        let now = if offline {
            Reach::OFFLINE
        } else {
            Reach::ONLINE
        };
        if self.last.swap(now, Ordering::Relaxed) != now {
            (self.report)(offline);
        }
    }
}

struct Sender {
    link: Link,
    reach: Reach,
    wake: Arc<Notify>,
    tracker: Arc<Notify>,
    on_problem: OnProblem,
    /// Rows whose outcome could not be recorded (reported once until it works again).
    troubled: Mutex<HashSet<LocalOrderId>>,
}

impl std::ops::Deref for Sender {
    type Target = Link;
    fn deref(&self) -> &Link {
        &self.link
    }
}

impl Sender {
    async fn run(self) {
        let dest = self.dest().await;
        let mut failures = 0u32;
        loop {
            let (account, d) = (self.account, dest.clone());
            let queue = match with_store(&self.store, move |s| s.outbox_for(account, &d)).await {
                Ok(q) => q,
                Err(e) => {
                    tracing::error!(error = %e, "the outbox could not be read");
                    Vec::new()
                }
            };
            if queue.is_empty() {
                failures = 0;
                // Woken by a new order, or a look now and then (a queue filled elsewhere).
                tokio::select! {
                    _ = self.wake.notified() => {}
                    _ = tokio::time::sleep(self.config.poll_interval) => {}
                }
                continue;
            }
            let sent: Vec<bool> = futures_util::stream::iter(queue)
                .map(|o| self.send_one(o, &dest))
                .buffer_unordered(self.config.concurrency.max(1))
                .collect()
                .await;
            if sent.iter().all(|ok| *ok) {
                failures = 0;
                continue;
            }
            // Offline, the service struggles, or the answer could not be recorded: wait
            // longer each time, at most max_backoff.
            failures = failures.saturating_add(1);
            let pause = self.config.send_delay(
                &self.client.retry_policy(),
                failures,
                rand::random::<f64>(),
            );
            tokio::select! {
                _ = self.wake.notified() => {}
                _ = tokio::time::sleep(pause) => {}
            }
        }
    }

    /// Sends one queued order once; `false` when it must be tried again later (not sent,
    /// not answered, or the answer could not be recorded).
    async fn send_one(&self, o: crate::store::Outgoing, dest: &Destination) -> bool {
        let id = o.id;
        let d = dest.clone();
        // Marked as under way first: if the app stops mid-send, the row counts as reached.
        match with_store(&self.store, move |s| s.begin_send(id, &d)).await {
            Ok(true) => {}
            // No longer queued for this destination (placed, held, taken back): not sent.
            Ok(false) => return true,
            Err(e) => return self.trouble(id, &e),
        }
        self.stats.sends.fetch_add(1, Ordering::Relaxed);
        let answer = self
            .client
            .orders()
            .place_once(bytes::Bytes::from(o.body), &o.key)
            .await;
        self.reach
            .note(matches!(&answer, Err(ApiError::Network { .. })));
        let outcome = match answer {
            Ok(record) => Sent::Placed(Box::new(record)),
            Err(e) if is_refusal(&e) => Sent::Refused(e.to_string()),
            Err(e) => {
                tracing::info!(order = %id, error = %e, "sending an order failed; it stays in the outbox");
                Sent::Retry {
                    message: e.to_string(),
                    reached: may_have_reached(&e),
                }
            }
        };
        let retry = matches!(outcome, Sent::Retry { .. });
        let result = with_store(&self.store, move |s| {
            match &outcome {
                Sent::Placed(record) => s.record_tracking(id, record)?,
                Sent::Refused(message) => {
                    if s.note_refusal(id, message)? == Some(Refusal::Uncertain) {
                        tracing::warn!(order = %id, "a resend was refused after an earlier send may have placed the order: uncertain");
                    }
                }
                Sent::Retry { message, reached } => s.note_send_failure(id, message, *reached)?,
            }
            s.local_order(id)
        })
        .await;
        match result {
            Ok(row) => {
                self.troubled
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .remove(&id);
                (self.on_change)(&row);
                if !retry {
                    self.tracker.notify_one();
                }
                !retry
            }
            Err(e) => self.trouble(id, &e),
        }
    }

    /// What happened to `id` could not be recorded: report it once, and count the send as
    /// failed so the outbox backs off instead of sending again at once.
    fn trouble(&self, id: LocalOrderId, e: &UserError) -> bool {
        tracing::error!(order = %id, error = %e.message, "the outbox could not record an answer");
        let first = self
            .troubled
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(id);
        if first {
            (self.on_problem)(UserError::new(
                format!(
                    "logodesk could not record what happened to order {id} in its local database ({}). It keeps the order and tries again with growing pauses; nothing is placed twice meanwhile. If this keeps happening, check that the disk has space and restart logodesk.",
                    e.message.trim_end_matches('.')
                ),
                e.details.clone(),
            ));
        }
        false
    }
}

/// What became of one send.
enum Sent {
    /// The service answered a tracking id.
    Placed(Box<TrackingRecord>),
    /// The service refused the order (this request created nothing).
    Refused(String),
    /// Not answered (offline, 5xx, 429…): try again later; `reached`: it may have been
    /// taken anyway.
    Retry { message: String, reached: bool },
}

struct Tracker {
    link: Link,
    wake: Arc<Notify>,
}

impl std::ops::Deref for Tracker {
    type Target = Link;
    fn deref(&self) -> &Link {
        &self.link
    }
}

/// When to poll an order next, and how many polls in a row failed.
#[derive(Clone, Copy)]
struct Due {
    at: Instant,
    failures: u32,
}

impl Tracker {
    async fn run(self) {
        let dest = self.dest().await;
        let mut due: HashMap<LocalOrderId, Due> = HashMap::new();
        loop {
            let (account, d) = (self.account, dest.clone());
            let pending =
                match with_store(&self.store, move |s| s.pending_tracking_for(account, &d)).await {
                    Ok(p) => p,
                    Err(e) => {
                        tracing::error!(error = %e, "the orders to track could not be read");
                        Vec::new()
                    }
                };
            let now = Instant::now();
            due.retain(|id, _| pending.iter().any(|(p, _)| p == id));
            let first = now + self.config.first_poll;
            let ready: Vec<(LocalOrderId, OrderId)> = pending
                .iter()
                .copied()
                .filter(|(id, _)| {
                    due.entry(*id)
                        .or_insert(Due {
                            at: first,
                            failures: 0,
                        })
                        .at
                        <= now
                })
                .collect();
            let polled: Vec<(LocalOrderId, Due)> = futures_util::stream::iter(ready)
                .map(|(id, tracking)| self.poll_one(id, tracking, due[&id]))
                .buffer_unordered(self.config.concurrency.max(1))
                .collect()
                .await;
            due.extend(polled);
            let next = due
                .values()
                .map(|d| d.at)
                .min()
                .unwrap_or(now + self.config.poll_interval);
            tokio::select! {
                _ = self.wake.notified() => {}
                _ = tokio::time::sleep_until(next.max(Instant::now() + Duration::from_millis(20))) => {}
            }
        }
    }

    async fn poll_one(&self, id: LocalOrderId, tracking: OrderId, was: Due) -> (LocalOrderId, Due) {
        self.stats.polls.fetch_add(1, Ordering::Relaxed);
        match self.client.orders().get(tracking).await {
            Ok(record) => {
                let next = Due {
                    at: Instant::now() + self.config.poll_interval,
                    failures: 0,
                };
                if record.is_final() {
                    self.store_record(id, record).await;
                } else if was.failures > 0
                    && let Err(e) = with_store(&self.store, move |s| s.clear_not_found(id)).await
                {
                    tracing::error!(order = %id, error = %e, "a poll could not be noted");
                }
                (id, next)
            }
            Err(e) => {
                let failures = was.failures.saturating_add(1);
                let delay = self.config.poll_delay(
                    &self.client.retry_policy(),
                    failures,
                    e.retry_after(),
                    rand::random::<f64>(),
                );
                let message = e.to_string();
                // "Not found" or unreadable: counted, and given up after a bounded time.
                let unknown = e.is_not_found() || matches!(e, ApiError::Decode { .. });
                let (polls, span) = (self.config.unknown_polls, self.config.unknown_after);
                let noted = with_store(&self.store, move |s| {
                    if unknown && s.note_not_found(id, &message, polls, span)? {
                        return s.local_order(id).map(Some);
                    }
                    if !unknown {
                        s.note_poll_failure(id, &message)?;
                    }
                    Ok(None)
                })
                .await;
                match noted {
                    Ok(Some(row)) => {
                        tracing::warn!(order = %id, tracking = %tracking, "the service does not know this order; no longer polled");
                        (self.on_change)(&row);
                    }
                    Ok(None) => {}
                    Err(e) => {
                        tracing::error!(order = %id, error = %e, "a failed poll could not be noted")
                    }
                }
                (
                    id,
                    Due {
                        at: Instant::now() + delay,
                        failures,
                    },
                )
            }
        }
    }

    async fn store_record(&self, id: LocalOrderId, record: TrackingRecord) {
        match with_store(&self.store, move |s| {
            s.record_tracking(id, &record)?;
            s.local_order(id)
        })
        .await
        {
            Ok(row) => (self.on_change)(&row),
            Err(e) => {
                tracing::error!(order = %id, error = %e, "a tracking record could not be stored")
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Commands and events
// ---------------------------------------------------------------------------------------------

/// A design as the composer shows it: the design (if it could be retrieved) and the kinds
/// of its placements' logos, so it knows which placeholders take a name or a number.
#[derive(Debug, Clone, PartialEq)]
pub struct DesignInfo {
    pub design: Design,
    /// Each placement's logo with its title and kind (unknown ones are left out).
    pub placeholders: Vec<Placeholder>,
}

/// A placement's logo.
#[derive(Debug, Clone, PartialEq)]
pub struct Placeholder {
    pub logo_id: LogoId,
    pub title: String,
    pub logo_type: LogoType,
    pub view: String,
}

/// Which logo to fetch for a loose line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogoTarget {
    Id(LogoId),
    ItemNo(LogoItemNo),
}

/// What the Orders screens ask of the backend.
pub enum OrdersCommand {
    /// Reload the drafts and the history of the active account.
    Refresh,
    /// A new draft (fresh idempotency key) with this form; answered by `DraftCreated`.
    NewDraft {
        request: RequestId,
        draft_json: String,
        reference: String,
        recipient: String,
    },
    /// Save a draft's form (ignored once it is placed).
    SaveDraft {
        id: LocalOrderId,
        draft_json: String,
        reference: String,
        recipient: String,
    },
    /// Remove a draft.
    DeleteDraft { id: LocalOrderId },
    /// Freeze the draft and queue it with this exact body; the outbox sends it.
    Place {
        id: LocalOrderId,
        draft_json: String,
        reference: String,
        recipient: String,
        body: Vec<u8>,
    },
    /// Add an order placed elsewhere to the history by its tracking id.
    LookUp {
        request: RequestId,
        tracking: OrderId,
    },
    /// Fetch a design and its placements' logo kinds.
    FetchDesign {
        request: RequestId,
        target: DesignRef,
    },
    /// Fetch a logo in full (kind, prices, fees).
    FetchLogo {
        request: RequestId,
        target: LogoTarget,
    },
    /// Write an order's CSV into the Downloads folder (else the home folder).
    ExportCsv { file_name: String, csv: String },
    /// Search the logo list by title for the composer's picker (the gallery's query, its
    /// own task: it does not supersede the gallery's list requests).
    SearchLogos {
        request: RequestId,
        query: crate::api::ListLogos,
    },
    /// Ask the service once more about an `uncertain` order: the same key and the same
    /// bytes, to its own destination. A tracking id in the answer moves it to `sent`.
    AskAgain {
        request: RequestId,
        id: LocalOrderId,
    },
    /// The person knows the tracking id of an `uncertain` order: fetch it and attach it.
    Attach {
        request: RequestId,
        id: LocalOrderId,
        tracking: OrderId,
    },
    /// Track an `unknown` order again.
    CheckAgain { id: LocalOrderId },
    /// Send (or track) a held order with its account's settings now (the person confirmed).
    SendToCurrent { id: LocalOrderId },
    /// Take a queued order that never reached the service back to a draft.
    BackToDraft { id: LocalOrderId },
}

impl OrdersCommand {
    pub(super) fn name(&self) -> &'static str {
        match self {
            OrdersCommand::Refresh => "Refresh",
            OrdersCommand::NewDraft { .. } => "NewDraft",
            OrdersCommand::SaveDraft { .. } => "SaveDraft",
            OrdersCommand::DeleteDraft { .. } => "DeleteDraft",
            OrdersCommand::Place { .. } => "Place",
            OrdersCommand::LookUp { .. } => "LookUp",
            OrdersCommand::FetchDesign { .. } => "FetchDesign",
            OrdersCommand::FetchLogo { .. } => "FetchLogo",
            OrdersCommand::ExportCsv { .. } => "ExportCsv",
            OrdersCommand::SearchLogos { .. } => "SearchLogos",
            OrdersCommand::AskAgain { .. } => "AskAgain",
            OrdersCommand::Attach { .. } => "Attach",
            OrdersCommand::CheckAgain { .. } => "CheckAgain",
            OrdersCommand::SendToCurrent { .. } => "SendToCurrent",
            OrdersCommand::BackToDraft { .. } => "BackToDraft",
        }
    }
}

impl fmt::Debug for OrdersCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the backend tells the Orders screens.
pub enum OrdersEvent {
    /// The drafts and the history of the account active under `generation`, newest first.
    Lists {
        generation: Generation,
        drafts: Vec<LocalOrder>,
        history: Vec<LocalOrder>,
    },
    /// A new draft exists.
    DraftCreated {
        generation: Generation,
        request: RequestId,
        order: Box<LocalOrder>,
    },
    /// A row changed (queued, sent, tracked, failed to send).
    Changed {
        generation: Generation,
        order: Box<LocalOrder>,
    },
    /// A design the composer asked for, or why it could not be retrieved.
    DesignFetched {
        generation: Generation,
        request: RequestId,
        result: Result<Box<DesignInfo>, UserError>,
    },
    /// A CSV export was written here.
    Exported { path: std::path::PathBuf },
    /// A look-up by tracking id failed.
    Failed {
        generation: Generation,
        request: RequestId,
        error: UserError,
    },
    /// The logos matching the composer's picker search, as cards (no thumbnails).
    LogosFound {
        generation: Generation,
        request: RequestId,
        result: Result<Vec<super::protocol::LogoCard>, UserError>,
    },
    /// Whether the service is out of reach: the newest send of the outbox failed on the
    /// network (`true`), or the service answered (`false`). Sent when it changes.
    Reachability {
        generation: Generation,
        offline: bool,
    },
    /// A logo the composer asked for.
    LogoFetched {
        generation: Generation,
        request: RequestId,
        result: Result<Box<Logo>, UserError>,
    },
    /// Something about the outbox the person must know, whichever account is shown (e.g.
    /// an answer that could not be recorded).
    Problem { error: UserError },
    /// The answer to `AskAgain` or `Attach`: what the service said, as a sentence.
    Checked {
        generation: Generation,
        request: RequestId,
        result: Result<Box<LocalOrder>, UserError>,
    },
}

impl OrdersEvent {
    pub(super) fn name(&self) -> &'static str {
        match self {
            OrdersEvent::Lists { .. } => "Lists",
            OrdersEvent::DraftCreated { .. } => "DraftCreated",
            OrdersEvent::Changed { .. } => "Changed",
            OrdersEvent::DesignFetched { .. } => "DesignFetched",
            OrdersEvent::LogoFetched { .. } => "LogoFetched",
            OrdersEvent::LogosFound { .. } => "LogosFound",
            OrdersEvent::Reachability { .. } => "Reachability",
            OrdersEvent::Failed { .. } => "Failed",
            OrdersEvent::Exported { .. } => "Exported",
            OrdersEvent::Problem { .. } => "Problem",
            OrdersEvent::Checked { .. } => "Checked",
        }
    }
}

impl OrdersEvent {
    /// The request this event answers, if any.
    pub fn request(&self) -> Option<RequestId> {
        match self {
            OrdersEvent::DraftCreated { request, .. }
            | OrdersEvent::DesignFetched { request, .. }
            | OrdersEvent::LogoFetched { request, .. }
            | OrdersEvent::LogosFound { request, .. }
            | OrdersEvent::Checked { request, .. }
            | OrdersEvent::Failed { request, .. } => Some(*request),
            _ => None,
        }
    }
}

impl fmt::Debug for OrdersEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

// ---------------------------------------------------------------------------------------------
// The worker's part
// ---------------------------------------------------------------------------------------------

/// Sends an [`OrdersEvent`] to the UI.
pub(super) type Emit = Arc<dyn Fn(OrdersEvent) + Send + Sync>;

/// The orders side of the worker: one outbox per account with orders (each with that
/// account's client), the active account, and a cache of logo kinds.
pub(super) struct Orders {
    store: SharedStore,
    emit: Emit,
    config: OutboxConfig,
    active: Option<(AccountId, Generation, Result<Client, UserError>)>,
    /// The account shown and its generation: rows of other accounts are not sent to the UI.
    shown: Arc<Mutex<Option<(AccountId, Generation)>>>,
    outboxes: HashMap<AccountId, Running>,
    logos: Arc<Mutex<HashMap<(Generation, LogoId), Logo>>>,
}

/// An account's outbox, the destination its client goes to, and the client.
struct Running {
    dest: Destination,
    client: Client,
    outbox: Outbox,
}

impl Orders {
    pub(super) fn new(store: SharedStore, emit: Emit, poll_interval: Duration) -> Orders {
        Orders {
            store,
            emit,
            config: OutboxConfig {
                poll_interval,
                ..OutboxConfig::default()
            },
            active: None,
            shown: Arc::default(),
            outboxes: HashMap::new(),
            logos: Arc::default(),
        }
    }

    /// A new account is shown; its outbox runs (and the other accounts' keep running).
    /// `dest` is where `client` goes.
    pub(super) async fn activate(
        &mut self,
        account: AccountId,
        generation: Generation,
        client: Result<Client, UserError>,
        dest: Option<Destination>,
    ) {
        self.logos
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
        *self.shown.lock().unwrap_or_else(PoisonError::into_inner) = Some((account, generation));
        self.active = Some((account, generation, client.clone()));
        if let Some(dest) = dest {
            self.ensure(account, dest, client).await;
        }
    }

    /// Whether `account` has an outbox for `dest` running.
    pub(super) fn runs(&self, account: AccountId, dest: &Destination) -> bool {
        self.outboxes.get(&account).is_some_and(|r| &r.dest == dest)
    }

    /// Makes sure `account`'s outbox runs with a client for `dest` (restarting it if its
    /// destination changed). Without a client, its queued orders wait with a sentence.
    pub(super) async fn ensure(
        &mut self,
        account: AccountId,
        dest: Destination,
        client: Result<Client, UserError>,
    ) {
        if self.runs(account, &dest) {
            return;
        }
        self.stop(account);
        match client {
            Ok(client) => {
                let reports = self.reports(account);
                let outbox = Outbox::start_for(
                    self.store.clone(),
                    client.clone(),
                    account,
                    Some(dest.clone()),
                    self.config,
                    reports,
                );
                tracing::info!(account = %account, "outbox started");
                self.outboxes.insert(
                    account,
                    Running {
                        dest,
                        client,
                        outbox,
                    },
                );
            }
            Err(problem) => {
                let why = format!(
                    "Waiting: {} The order stays in the outbox and is sent nowhere else.",
                    problem.message
                );
                match with_store(&self.store, move |s| s.note_waiting(account, &why)).await {
                    Ok(rows) => rows.iter().for_each(|r| self.changed(r)),
                    Err(e) => tracing::error!(error = %e.message, "waiting orders not noted"),
                }
            }
        }
    }

    /// Stops `account`'s outbox (its account changed or is gone).
    pub(super) fn stop(&mut self, account: AccountId) {
        if self.outboxes.remove(&account).is_some() {
            tracing::info!(account = %account, "outbox stopped");
        }
    }

    /// Tells the UI about a row if it belongs to the account shown.
    fn changed(&self, row: &LocalOrder) {
        emit_if_shown(&self.shown, &self.emit, row);
    }

    fn reports(&self, account: AccountId) -> OutboxReports {
        let (shown, emit) = (self.shown.clone(), self.emit.clone());
        let on_change: OnChange = Arc::new(move |row: &LocalOrder| {
            emit_if_shown(&shown, &emit, row);
        });
        let (shown, emit) = (self.shown.clone(), self.emit.clone());
        let on_reach: OnReach = Arc::new(move |offline| {
            let now = *shown.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some((a, generation)) = now
                && a == account
            {
                emit(OrdersEvent::Reachability {
                    generation,
                    offline,
                });
            }
        });
        let emit = self.emit.clone();
        let on_problem: OnProblem = Arc::new(move |error| emit(OrdersEvent::Problem { error }));
        OutboxReports {
            on_change,
            on_reach,
            on_problem,
        }
    }

    fn wake(&self, account: AccountId) {
        if let Some(r) = self.outboxes.get(&account) {
            r.outbox.wake();
        }
    }

    pub(super) async fn handle(&mut self, command: OrdersCommand) -> Result<(), UserError> {
        let Some((account, generation, client)) = self.active.clone() else {
            return Err(UserError::new("No account is active yet.", None));
        };
        let emit = self.emit.clone();
        match command {
            OrdersCommand::Refresh => self.send_lists(account, generation).await?,
            OrdersCommand::NewDraft {
                request,
                draft_json,
                reference,
                recipient,
            } => {
                let order = with_store(&self.store, move |s| {
                    s.create_draft(account, &draft_json, &reference, &recipient)
                })
                .await?;
                emit(OrdersEvent::DraftCreated {
                    generation,
                    request,
                    order: Box::new(order),
                });
                self.send_lists(account, generation).await?;
            }
            OrdersCommand::SaveDraft {
                id,
                draft_json,
                reference,
                recipient,
            } => {
                with_store(&self.store, move |s| {
                    s.save_draft(id, &draft_json, &reference, &recipient)
                })
                .await?;
            }
            OrdersCommand::DeleteDraft { id } => {
                with_store(&self.store, move |s| s.delete_draft(id)).await?;
                self.send_lists(account, generation).await?;
            }
            OrdersCommand::Place {
                id,
                draft_json,
                reference,
                recipient,
                body,
            } => {
                let row = with_store(&self.store, move |s| {
                    s.queue_draft(id, &draft_json, &reference, &recipient, &body)?;
                    s.local_order(id)
                })
                .await?;
                emit(OrdersEvent::Changed {
                    generation,
                    order: Box::new(row),
                });
                self.wake(account);
                self.send_lists(account, generation).await?;
            }
            OrdersCommand::AskAgain { request, id } => {
                let row = self.own_row(id, account).await?;
                let (running, outgoing) = match (&row.hold, self.outboxes.get(&account)) {
                    (None, Some(r)) if row.destination.as_ref() == Some(&r.dest) => {
                        let outgoing =
                            with_store(&self.store, move |s| s.uncertain_outgoing(id)).await?;
                        (r.client.clone(), outgoing)
                    }
                    (Some(hold), _) => {
                        return Err(UserError::new(hold.sentence(row.may_be_placed()), None));
                    }
                    _ => {
                        return Err(UserError::new(
                            "This account cannot reach its service now (see Settings → Accounts), so the order cannot be looked up. It stays as it is.",
                            None,
                        ));
                    }
                };
                let Some(outgoing) = outgoing else {
                    return Err(UserError::new(
                        "Only an order that may already be placed can be looked up again; this one has changed meanwhile.",
                        None,
                    ));
                };
                let reply = self.reply(generation, request);
                tokio::spawn(async move {
                    let answer = running
                        .orders()
                        .place_once(bytes::Bytes::from(outgoing.body), &outgoing.key)
                        .await
                        .map_err(|e| {
                            if is_refusal(&e) {
                                UserError::new(
                                    format!(
                                        "The service still refuses this order's key and body ({}). It may have been placed already: if you know its tracking id, attach it; copy it to a new draft only if you are sure it was not placed.",
                                        e.to_string().trim_end_matches('.')
                                    ),
                                    None,
                                )
                            } else {
                                UserError::from_api(&e)
                            }
                        });
                    reply.found(id, answer).await;
                });
            }
            OrdersCommand::Attach {
                request,
                id,
                tracking,
            } => {
                let row = self.own_row(id, account).await?;
                if row.state != crate::store::OrderState::Uncertain {
                    return Err(UserError::new(
                        "A tracking id can only be attached to an order that may already be placed.",
                        None,
                    ));
                }
                let client = client?;
                let reply = self.reply(generation, request);
                tokio::spawn(async move {
                    let answer = client
                        .orders()
                        .get(tracking)
                        .await
                        .map_err(|e| UserError::from_api(&e));
                    reply.found(id, answer).await;
                });
            }
            OrdersCommand::CheckAgain { id } => {
                self.alter(id, account, move |s| s.check_again(id)).await?;
            }
            OrdersCommand::SendToCurrent { id } => {
                self.alter(id, account, move |s| s.retarget(id)).await?;
            }
            OrdersCommand::BackToDraft { id } => {
                self.own_row(id, account).await?;
                let back = with_store(&self.store, move |s| s.back_to_draft(id)).await?;
                if !back {
                    return Err(UserError::new(
                        "This order can no longer go back to a draft: a send may already have reached the service.",
                        None,
                    ));
                }
                self.send_lists(account, generation).await?;
            }
            OrdersCommand::LookUp { request, tracking } => {
                let client = client?;
                let store = self.store.clone();
                tokio::spawn(async move {
                    let result = match client.orders().get(tracking).await {
                        Ok(record) => {
                            with_store(&store, move |s| s.add_tracked(account, &record)).await
                        }
                        Err(e) => Err(UserError::from_api(&e)),
                    };
                    match result {
                        Ok(order) => emit(OrdersEvent::DraftCreated {
                            generation,
                            request,
                            order: Box::new(order),
                        }),
                        Err(error) => emit(OrdersEvent::Failed {
                            generation,
                            request,
                            error,
                        }),
                    }
                });
            }
            OrdersCommand::FetchDesign { request, target } => {
                let client = client?;
                let cache = self.logos.clone();
                tokio::spawn(async move {
                    let result = fetch_design(&client, target, generation, &cache)
                        .await
                        .map(Box::new);
                    emit(OrdersEvent::DesignFetched {
                        generation,
                        request,
                        result,
                    });
                });
            }
            OrdersCommand::ExportCsv { file_name, csv } => {
                let dir = directories::UserDirs::new()
                    .and_then(|u| {
                        u.download_dir()
                            .map(ToOwned::to_owned)
                            .or_else(|| Some(u.home_dir().to_owned()))
                    })
                    .ok_or_else(|| {
                        UserError::new(
                            "There is no Downloads or home folder to save the CSV in.",
                            None,
                        )
                    })?;
                // Only the file name part: nothing the service sent may choose the folder.
                let name = std::path::Path::new(&file_name)
                    .file_name()
                    .map(ToOwned::to_owned)
                    .unwrap_or_else(|| "order.csv".into());
                let path = dir.join(name);
                tokio::fs::write(&path, csv).await.map_err(|e| {
                    UserError::new(
                        format!("The CSV could not be written to {}. Check that the folder is writable.", path.display()),
                        Some(e.to_string()),
                    )
                })?;
                emit(OrdersEvent::Exported { path });
            }
            OrdersCommand::SearchLogos { request, query } => {
                let client = client?;
                tokio::spawn(async move {
                    let result = client
                        .logos()
                        .list(&query)
                        .await
                        .map(|page| {
                            page.items
                                .iter()
                                .map(|s| super::protocol::LogoCard::from_summary(s, generation))
                                .collect()
                        })
                        .map_err(|e| UserError::from_api(&e));
                    emit(OrdersEvent::LogosFound {
                        generation,
                        request,
                        result,
                    });
                });
            }
            OrdersCommand::FetchLogo { request, target } => {
                let client = client?;
                let cache = self.logos.clone();
                tokio::spawn(async move {
                    let result = match target {
                        LogoTarget::Id(id) => cached_logo(&client, id, generation, &cache).await,
                        LogoTarget::ItemNo(n) => client.logos().by_item_no(n).await,
                    }
                    .map(|mut logo| {
                        logo.high_res_base64.clear();
                        logo.low_res_base64.clear();
                        Box::new(logo)
                    })
                    .map_err(|e| UserError::from_api(&e));
                    emit(OrdersEvent::LogoFetched {
                        generation,
                        request,
                        result,
                    });
                });
            }
        }
        Ok(())
    }

    async fn send_lists(
        &self,
        account: AccountId,
        generation: Generation,
    ) -> Result<(), UserError> {
        let (drafts, history) = with_store(&self.store, move |s| {
            Ok((
                s.local_orders(account, true)?,
                s.local_orders(account, false)?,
            ))
        })
        .await?;
        (self.emit)(OrdersEvent::Lists {
            generation,
            drafts,
            history,
        });
        Ok(())
    }
}

/// Sends a changed row to the UI if it belongs to the account shown (tagged with its
/// generation); other accounts' rows are read again when they are shown.
fn emit_if_shown(shown: &Mutex<Option<(AccountId, Generation)>>, emit: &Emit, row: &LocalOrder) {
    let now = *shown.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((account, generation)) = now
        && row.account == Some(account)
    {
        emit(OrdersEvent::Changed {
            generation,
            order: Box::new(row.clone()),
        });
    }
}

/// Where the answer to a look-up goes: the row to the UI if shown, and the answer.
struct Reply {
    store: SharedStore,
    shown: Arc<Mutex<Option<(AccountId, Generation)>>>,
    emit: Emit,
    generation: Generation,
    request: RequestId,
}

impl Reply {
    /// Records the tracking record found for row `id` (or tells why there is none).
    async fn found(self, id: LocalOrderId, answer: Result<TrackingRecord, UserError>) {
        let result = match answer {
            Ok(record) => with_store(&self.store, move |s| {
                s.record_tracking(id, &record)?;
                s.local_order(id)
            })
            .await
            .map(Box::new),
            Err(e) => Err(e),
        };
        if let Ok(row) = &result {
            emit_if_shown(&self.shown, &self.emit, row);
        }
        (self.emit)(OrdersEvent::Checked {
            generation: self.generation,
            request: self.request,
            result,
        });
    }
}

impl Orders {
    fn reply(&self, generation: Generation, request: RequestId) -> Reply {
        Reply {
            store: self.store.clone(),
            shown: self.shown.clone(),
            emit: self.emit.clone(),
            generation,
            request,
        }
    }

    /// Changes row `id` of `account` with `change`, tells the UI and wakes the outbox.
    async fn alter(
        &self,
        id: LocalOrderId,
        account: AccountId,
        change: impl FnOnce(&mut Store) -> Result<bool, StoreError> + Send + 'static,
    ) -> Result<(), UserError> {
        self.own_row(id, account).await?;
        let row = with_store(&self.store, move |s| {
            change(s)?;
            s.local_order(id)
        })
        .await?;
        self.changed(&row);
        self.wake(account);
        Ok(())
    }

    /// Row `id`, if it belongs to `account` (the UI only acts on the shown account's rows).
    async fn own_row(&self, id: LocalOrderId, account: AccountId) -> Result<LocalOrder, UserError> {
        let row = with_store(&self.store, move |s| s.local_order(id)).await?;
        if row.account == Some(account) {
            Ok(row)
        } else {
            Err(UserError::new(
                "This order belongs to another account; switch to that account to act on it.",
                None,
            ))
        }
    }
}

async fn cached_logo(
    client: &Client,
    id: LogoId,
    generation: Generation,
    cache: &Mutex<HashMap<(Generation, LogoId), Logo>>,
) -> Result<Logo, ApiError> {
    let hit = cache
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&(generation, id))
        .cloned();
    if let Some(logo) = hit {
        return Ok(logo);
    }
    let mut logo = client.logos().get(id).await?;
    logo.high_res_base64.clear();
    logo.low_res_base64.clear();
    cache
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert((generation, id), logo.clone());
    Ok(logo)
}

/// The design and the kinds of its placements' logos (fetched once each, then cached).
async fn fetch_design(
    client: &Client,
    target: DesignRef,
    generation: Generation,
    cache: &Mutex<HashMap<(Generation, LogoId), Logo>>,
) -> Result<DesignInfo, UserError> {
    let id = match target {
        DesignRef::Id(id) => id,
        DesignRef::Mul(mul) => {
            return Err(UserError::new(
                format!(
                    "The service cannot look designs up by item number, so {mul} is ordered as typed without its details."
                ),
                None,
            ));
        }
    };
    let design = client
        .designs()
        .get(id)
        .await
        .map_err(|e| UserError::from_api(&e))?;
    let mut placeholders = Vec::new();
    for placement in &design.design_logos {
        if placeholders
            .iter()
            .any(|p: &Placeholder| p.logo_id == placement.logo_id)
        {
            continue;
        }
        match cached_logo(client, placement.logo_id, generation, cache).await {
            Ok(logo) => placeholders.push(Placeholder {
                logo_id: logo.logo_id,
                title: logo.title,
                logo_type: logo.logo_type,
                view: placement.view.clone(),
            }),
            Err(e) => {
                tracing::info!(logo = %placement.logo_id, error = %e, "a placement's logo could not be read")
            }
        }
    }
    Ok(DesignInfo {
        design,
        placeholders,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{ServerMessage, StatusError};

    #[test]
    fn the_trackers_back_off_never_exceeds_its_ceiling() {
        let config = OutboxConfig::default();
        let policy = RetryPolicy::default().with_max_delay(Duration::from_secs(600));
        for failures in 1..200 {
            for unit in [0.0, 0.5, 1.0] {
                for asked in [None, Some(Duration::from_secs(3600))] {
                    let d = config.poll_delay(&policy, failures, asked, unit);
                    assert!(d <= config.max_backoff, "{failures} failures: {d:?}");
                    assert!(d >= config.poll_interval, "{failures} failures: {d:?}");
                }
            }
        }
        // A long Retry-After is honoured up to the ceiling.
        let asked = Some(Duration::from_secs(45));
        assert_eq!(
            config.poll_delay(&policy, 1, asked, 0.5),
            Duration::from_secs(45)
        );
        for failures in 1..200 {
            assert!(config.send_delay(&policy, failures, 1.0) <= config.max_backoff);
        }
    }

    fn status(code: u16) -> ApiError {
        ApiError::Status(Box::new(StatusError {
            status: reqwest::StatusCode::from_u16(code).unwrap(),
            endpoint: "POST /api/orders".into(),
            subject: None,
            server: ServerMessage::default(),
            retry_after: None,
        }))
    }

    #[test]
    fn which_failed_sends_may_have_placed_the_order() {
        for code in [500, 502, 503, 504] {
            assert!(may_have_reached(&status(code)), "{code}");
            assert!(!is_refusal(&status(code)), "{code}");
        }
        for code in [400, 409, 422] {
            assert!(!may_have_reached(&status(code)), "{code}");
            assert!(is_refusal(&status(code)), "{code}");
        }
        for code in [401, 403, 408, 429] {
            assert!(!may_have_reached(&status(code)), "{code}");
            assert!(!is_refusal(&status(code)), "{code}");
        }
        let unreadable = ApiError::Decode {
            endpoint: "POST /api/orders".into(),
            path: ".".into(),
            message: "expected an object".into(),
        };
        assert!(may_have_reached(&unreadable));
    }
}
