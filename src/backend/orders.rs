//! Orders in the backend: drafts and history in the local database, the outbox that places
//! queued orders exactly once, and the tracker that follows placed orders to a final state.
//!
//! The outbox's source of truth is the `local_orders` table ([`crate::store::orders`]): a
//! draft is queued with its idempotency key and exact body bytes in one transaction before
//! the first send, and the [`Outbox`] re-reads the queue whenever it starts. Stopping it at
//! any point (a crash, a quit, a dropped backend) only means the same bytes go out again
//! with the same key, which the service answers with the original tracking id.

use super::protocol::{Generation, RequestId, UserError};
use crate::api::{
    ApiError, Client, Design, DesignRef, Logo, LogoId, LogoItemNo, LogoType, OrderId,
    TrackingRecord,
};
use crate::store::{AccountId, LocalOrder, LocalOrderId, Store, StoreError};
use futures_util::StreamExt as _;
use std::collections::HashMap;
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
    /// Longest pause after failures (sending or polling).
    pub max_backoff: Duration,
}

impl Default for OutboxConfig {
    fn default() -> Self {
        OutboxConfig {
            poll_interval: Duration::from_secs(5),
            first_poll: Duration::from_secs(1),
            concurrency: 8,
            max_backoff: Duration::from_secs(60),
        }
    }
}

/// Told about every row the outbox or the tracker changed.
pub type OnChange = Arc<dyn Fn(&LocalOrder) + Send + Sync>;

/// Told whether the service is out of reach (the newest send failed on the network) each
/// time that changes.
pub type OnReach = Arc<dyn Fn(bool) + Send + Sync>;

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

/// Whether the service refused the order itself (it was not created, and the same body
/// would be refused again), as opposed to a failure to reach it or to authenticate.
fn is_refusal(e: &ApiError) -> bool {
    e.status().is_some_and(|s| {
        let code = s.as_u16();
        (400..500).contains(&code) && ![401, 403, 408, 429].contains(&code)
    })
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

impl Outbox {
    /// Starts sending `account`'s queued orders and tracking its placed ones with `client`,
    /// on the current tokio runtime.
    pub fn start(
        store: SharedStore,
        client: Client,
        account: AccountId,
        config: OutboxConfig,
        on_change: OnChange,
    ) -> Outbox {
        Outbox::start_reporting(store, client, account, config, on_change, Arc::new(|_| {}))
    }

    /// [`Outbox::start`], also telling `on_reach` whether the service is out of reach
    /// whenever a send finds that it changed (offline: the orders wait in the outbox).
    pub fn start_reporting(
        store: SharedStore,
        client: Client,
        account: AccountId,
        config: OutboxConfig,
        on_change: OnChange,
        on_reach: OnReach,
    ) -> Outbox {
        let wake_sender = Arc::new(Notify::new());
        let wake_tracker = Arc::new(Notify::new());
        let stats = Arc::new(OutboxStats::default());
        let link = Link {
            store,
            client,
            account,
            config,
            on_change,
            stats: stats.clone(),
        };
        let reach = Reach {
            report: on_reach,
            last: std::sync::atomic::AtomicU8::new(Reach::UNKNOWN),
        };
        let sender = Sender {
            link: link.clone(),
            reach,
            wake: wake_sender.clone(),
            tracker: wake_tracker.clone(),
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
    config: OutboxConfig,
    on_change: OnChange,
    stats: Arc<OutboxStats>,
}

/// Requests made by an outbox so far (benchmarks, diagnostics).
#[derive(Debug, Default)]
pub struct OutboxStats {
    /// `POST /api/orders` calls (each may retry inside the client).
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
}

impl std::ops::Deref for Sender {
    type Target = Link;
    fn deref(&self) -> &Link {
        &self.link
    }
}

impl Sender {
    async fn run(self) {
        let mut failures = 0u32;
        loop {
            let account = self.account;
            let queue = match with_store(&self.store, move |s| s.outbox(account)).await {
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
                .map(|o| self.send_one(o))
                .buffer_unordered(self.config.concurrency.max(1))
                .collect()
                .await;
            if sent.iter().all(|ok| *ok) {
                failures = 0;
                continue;
            }
            // Offline or the service struggles: wait longer each time, at most max_backoff.
            failures = failures.saturating_add(1);
            let pause = self
                .client
                .retry_policy()
                .delay(failures.min(16), None, rand::random::<f64>())
                .min(self.config.max_backoff);
            tokio::select! {
                _ = self.wake.notified() => {}
                _ = tokio::time::sleep(pause) => {}
            }
        }
    }

    /// Sends one queued order; `false` when it must be tried again later.
    async fn send_one(&self, o: crate::store::Outgoing) -> bool {
        let id = o.id;
        self.stats.sends.fetch_add(1, Ordering::Relaxed);
        let answer = self
            .client
            .orders()
            .place_body(bytes::Bytes::from(o.body), &o.key)
            .await;
        self.reach
            .note(matches!(&answer, Err(ApiError::Network { .. })));
        let (outcome, retry) = match answer {
            Ok(record) => (Sent::Placed(Box::new(record)), false),
            Err(e) if is_refusal(&e) => (Sent::Refused(e.to_string()), false),
            Err(e) => {
                tracing::info!(order = %id, error = %e, "sending an order failed; it stays in the outbox");
                (Sent::Retry(e.to_string()), true)
            }
        };
        let result = with_store(&self.store, move |s| {
            match &outcome {
                Sent::Placed(record) => s.record_tracking(id, record)?,
                Sent::Refused(message) => s.mark_refused(id, message)?,
                Sent::Retry(message) => s.note_send_failure(id, message)?,
            }
            s.local_order(id)
        })
        .await;
        match result {
            Ok(row) => {
                (self.on_change)(&row);
                if !retry {
                    self.tracker.notify_one();
                }
            }
            Err(e) => {
                tracing::error!(order = %id, error = %e, "the outbox could not record an answer")
            }
        }
        !retry
    }
}

/// What became of one send.
enum Sent {
    /// The service answered a tracking id.
    Placed(Box<TrackingRecord>),
    /// The service refused the order (not created).
    Refused(String),
    /// Not answered (offline, 5xx, 429…): try again later.
    Retry(String),
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
        let mut due: HashMap<LocalOrderId, Due> = HashMap::new();
        loop {
            let account = self.account;
            let pending = match with_store(&self.store, move |s| s.pending_tracking(account)).await
            {
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
                }
                (id, next)
            }
            Err(e) => {
                let failures = was.failures.saturating_add(1);
                let backoff = self
                    .client
                    .retry_policy()
                    .delay(failures.min(16), e.retry_after(), rand::random::<f64>())
                    .min(self.config.max_backoff);
                let message = e.to_string();
                if let Err(e) =
                    with_store(&self.store, move |s| s.note_poll_failure(id, &message)).await
                {
                    tracing::error!(order = %id, error = %e, "a failed poll could not be noted");
                }
                let at = Instant::now() + self.config.poll_interval + backoff;
                (id, Due { at, failures })
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

/// The orders side of the worker: the active account's outbox and a cache of logo kinds.
pub(super) struct Orders {
    store: SharedStore,
    emit: Emit,
    config: OutboxConfig,
    active: Option<(AccountId, Generation, Result<Client, UserError>)>,
    outbox: Option<Outbox>,
    logos: Arc<Mutex<HashMap<(Generation, LogoId), Logo>>>,
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
            outbox: None,
            logos: Arc::default(),
        }
    }

    /// A new account is active: its outbox takes over (the old one stops).
    pub(super) fn activate(
        &mut self,
        account: AccountId,
        generation: Generation,
        client: Result<Client, UserError>,
    ) {
        self.outbox = None;
        self.logos
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
        if let Ok(client) = &client {
            let emit = self.emit.clone();
            let on_change: OnChange = Arc::new(move |row: &LocalOrder| {
                emit(OrdersEvent::Changed {
                    generation,
                    order: Box::new(row.clone()),
                })
            });
            let emit = self.emit.clone();
            let on_reach: OnReach = Arc::new(move |offline| {
                emit(OrdersEvent::Reachability {
                    generation,
                    offline,
                })
            });
            self.outbox = Some(Outbox::start_reporting(
                self.store.clone(),
                client.clone(),
                account,
                self.config,
                on_change,
                on_reach,
            ));
        }
        self.active = Some((account, generation, client));
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
                if let Some(outbox) = &self.outbox {
                    outbox.wake();
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
