//! The outbox engine: places queued orders exactly once and follows placed orders to a
//! final state, for one account and destination.
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

use crate::api::{
    ApiError, Client, KeyPrint, NetworkErrorKind, OrderId, RetryPolicy, TrackingRecord,
};
pub use crate::backend::support::SharedStore;
use crate::backend::support::poll::{Pacing, wait};
use crate::backend::support::{UserError, with_store};
use crate::store::{AccountId, Destination, LocalOrder, LocalOrderId, OrderState, orders::Refusal};
use crate::sync::Lock as _;
use futures_util::StreamExt as _;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
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
    /// How long a desk's claim of a team's queued order lasts without renewal (renewed every
    /// third of it while the order is sent): [`LEASE`].
    pub lease: Duration,
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
            lease: LEASE,
        }
    }
}

impl OutboxConfig {
    /// The pace of the tracker (and the ceiling of the sender's back-off).
    pub fn pacing(&self) -> Pacing {
        Pacing {
            interval: self.poll_interval,
            max_backoff: self.max_backoff,
        }
    }

    /// The pause before the next poll after `failures` failed polls in a row (≥ 1): see
    /// [`Pacing::after_failures`].
    pub fn poll_delay(
        &self,
        policy: &RetryPolicy,
        failures: u32,
        retry_after: Option<Duration>,
        unit: f64,
    ) -> Duration {
        self.pacing()
            .after_failures(policy, failures, retry_after, unit)
    }

    /// The pause of the sender after `failures` rounds in a row with a failure (≥ 1), at
    /// least what the service asked for (`asked`, its `Retry-After`), at most `max_backoff`.
    pub fn send_delay(
        &self,
        policy: &RetryPolicy,
        failures: u32,
        asked: Option<Duration>,
        unit: f64,
    ) -> Duration {
        self.pacing()
            .backoff(policy, failures, unit)
            .max(asked.unwrap_or(Duration::ZERO).min(self.max_backoff))
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

/// Whether the service refused the order itself (this request created nothing, and the same
/// body would be refused again), as opposed to a failure to reach it or to authenticate.
pub(super) fn is_refusal(e: &ApiError) -> bool {
    e.status().is_some_and(|s| {
        let code = s.as_u16();
        (400..500).contains(&code) && ![401, 403, 408, 429].contains(&code)
    })
}

/// Whether a failed send may have reached the service (and placed the order): a timeout, a
/// connection broken after connecting, any answer whose status was not a 4xx (a 5xx, a
/// redirect, a success that could not be used). A refused connection or a failed name
/// look-up provably did not; nor did a 4xx such as 401 or 429, which says the request was not
/// taken, nor a request the client never sent. Of the answers of something in between, only a
/// gateway's 5xx may have passed the request on ([`crate::api::IntermediaryKind::may_have_reached`]).
pub fn may_have_reached(e: &ApiError) -> bool {
    match e {
        ApiError::Network { kind, .. } => *kind != NetworkErrorKind::Connect,
        ApiError::Status(s) => !s.status.is_client_error(),
        ApiError::Intermediary { kind, .. } => kind.may_have_reached(),
        ApiError::Decode { .. } | ApiError::Implausible { .. } | ApiError::TooLarge { .. } => true,
        // An endpoint the service does not have: nothing was done.
        ApiError::Validation(_) | ApiError::Config(_) | ApiError::NotOffered(_) => false,
    }
}

/// Whether the service answered with success but the answer cannot be used (unreadable,
/// impossible values, too large): the order exists on the service.
pub fn unusable_success(e: &ApiError) -> bool {
    matches!(
        e,
        ApiError::Decode { .. } | ApiError::Implausible { .. } | ApiError::TooLarge { .. }
    )
}

/// After this many unusable success answers in a row, a queued order ends `uncertain`.
pub const UNUSABLE_ANSWERS: u32 = 3;

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
        let tracker = OrderTracker {
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
    /// The print of this outbox's client's key, made off the async workers (its rounds).
    async fn key_print(&self) -> KeyPrint {
        let client = self.client.clone();
        match tokio::task::spawn_blocking(move || client.key_print()).await {
            Ok(print) => print,
            Err(_) => self.client.key_print(),
        }
    }

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

/// How long a claim of a team's queued order lasts without renewal: a desk that dies mid-send
/// holds its row this long at most, then another desk sends it (same key, same bytes).
pub const LEASE: Duration = Duration::from_secs(60);

/// Refused rows one look of a team's sender takes at most before it lets the store's lane go
/// (the rest at the next look).
const REFUSED_PER_LOOK: usize = 20;

impl Sender {
    async fn run(self) {
        if self.account.is_team() {
            return self.run_claimed().await;
        }
        let dest = self.dest().await;
        let print = self.key_print().await;
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
                wait(self.config.poll_interval, &self.wake).await;
                continue;
            }
            let sent: Vec<Round> = futures_util::stream::iter(queue)
                .map(|o| self.send_one(o, &dest, None, &print))
                .buffer_unordered(self.config.concurrency.max(1))
                .collect()
                .await;
            if sent.iter().all(|r| matches!(r, Round::Done)) {
                failures = 0;
                continue;
            }
            // Offline, the service struggles, or the answer could not be recorded: wait
            // longer each time, at most max_backoff; at least as long as the service asked
            // (`Retry-After` on a 429 or 503), and then a new order does not cut it short.
            failures = failures.saturating_add(1);
            let asked = sent
                .iter()
                .filter_map(|r| match r {
                    Round::Again { asked, .. } => *asked,
                    Round::Done | Round::NotThisKey => None,
                })
                .max();
            let pause = self.config.send_delay(
                &self.client.retry_policy(),
                failures,
                asked,
                rand::random::<f64>(),
            );
            if asked.is_some() {
                tokio::time::sleep(pause).await;
            } else {
                wait(pause, &self.wake).await;
            }
        }
    }

    /// The sender of a team's account: every desk of the team runs one, and each queued order
    /// is sent by the desk that claims it (`Store::claim_next`: one at a time, under a lease
    /// renewed while it sends; every write after the send fenced by the claim's token). A row
    /// to be sent again waits for its own back-off, from its own failed sends, with no desk
    /// holding it (`Store::back_off`), and this desk goes on with the next row at once: one
    /// order the service keeps failing holds up none behind it. The desk itself pauses only
    /// when the service asked it to (`Retry-After`), its key was refused (401/403), or the
    /// team database is in trouble.
    async fn run_claimed(self) {
        let dest = self.dest().await;
        let print = self.key_print().await;
        let policy = self.client.retry_policy();
        // Rounds in a row the desk itself had to pause after.
        let mut failures = 0u32;
        // When the first row this desk backed off may be claimed again.
        let mut next_due: Option<Instant> = None;
        loop {
            let (account, d, key, lease) =
                (self.account, dest.clone(), print.clone(), self.config.lease);
            // Each claimed row is checked before any byte of it goes out: one no desk of the
            // team signed as it is (`store::desks`) is refused, never sent, and the next is
            // claimed.
            let claimed = with_store(&self.store, move |s| {
                let desk = s.desk_id()?;
                let mut refused = Vec::new();
                for _ in 0..REFUSED_PER_LOOK {
                    let Some(claim) = s.claim_next(&desk, &[(account, d.clone())], &key, lease)?
                    else {
                        break;
                    };
                    match s.vet_claim(&claim, account, &d)? {
                        None => return Ok((Some(claim), refused)),
                        Some(row) => refused.push(row),
                    }
                }
                Ok((None, refused))
            })
            .await
            .map(|(claim, refused)| {
                refused.iter().for_each(|row| (self.on_change)(row));
                claim
            });
            let claim = match claimed {
                Ok(Some(claim)) => claim,
                Ok(None) => {
                    failures = 0;
                    // Woken by an order queued here, or when a row this desk backed off is due;
                    // another desk's rows are seen at the next look.
                    let now = Instant::now();
                    next_due = next_due.filter(|due| *due > now);
                    let pause = next_due.map_or(self.config.poll_interval, |due| {
                        (due - now).min(self.config.poll_interval)
                    });
                    wait(pause, &self.wake).await;
                    continue;
                }
                Err(e) => {
                    tracing::info!(error = %e.message, "the team's outbox could not be read");
                    self.pause_desk(&mut failures, &policy).await;
                    continue;
                }
            };
            let (id, token) = (claim.id, claim.token.clone());
            let (asked, attempts) = match self.send_claimed(claim, &dest, &print).await {
                Round::Done => {
                    failures = 0;
                    continue;
                }
                Round::Again { asked, attempts } => (asked, attempts),
                // The row is the team's again at once; this key would be refused again.
                Round::NotThisKey => {
                    self.pause_desk(&mut failures, &policy).await;
                    continue;
                }
            };
            // The row's own back-off: from its failed sends so far (or, when they could not be
            // recorded, the desk's streak), at least what the service asked.
            let troubled = attempts.is_none();
            if troubled {
                failures = failures.saturating_add(1);
            }
            let pause = self.config.send_delay(
                &policy,
                attempts.unwrap_or(failures).max(1),
                asked,
                rand::random::<f64>(),
            );
            let freed = with_store(&self.store, move |s| s.back_off(id, &token, pause)).await;
            let due = Instant::now() + pause;
            next_due = Some(next_due.map_or(due, |d| d.min(due)));
            // The service asked this desk to wait, or the team database is in trouble: the
            // whole desk pauses (a row it could not give back is its own again after it).
            let desk_pause = match (freed, asked) {
                (Ok(_), None) if !troubled => None,
                (Ok(_), Some(asked)) if !troubled => Some(asked.min(self.config.max_backoff)),
                (Ok(_), _) => Some(pause),
                (Err(e), _) => {
                    tracing::info!(order = %id, error = %e.message, "a row could not be given back for its back-off");
                    Some(pause)
                }
            };
            match desk_pause {
                None => failures = 0,
                Some(pause) => tokio::time::sleep(pause).await,
            }
        }
    }

    /// The team's sender itself waits its back-off: one more round in a row it paused after.
    async fn pause_desk(&self, failures: &mut u32, policy: &RetryPolicy) {
        *failures = failures.saturating_add(1);
        let pause = self
            .config
            .send_delay(policy, *failures, None, rand::random());
        tokio::time::sleep(pause).await;
    }

    /// Sends a claimed order once, renewing the claim's lease meanwhile. The renewal runs in
    /// this future, not a task of its own: it ends with the send, and with the outbox when
    /// that is dropped mid-send (the lease then runs out, and the row is sent by another desk
    /// or by this desk's next run).
    async fn send_claimed(
        &self,
        claim: crate::store::Claim,
        dest: &Destination,
        print: &KeyPrint,
    ) -> Round {
        let (id, token, lease) = (claim.id, claim.token.clone(), self.config.lease);
        let renew = std::pin::pin!(async {
            loop {
                tokio::time::sleep(lease / 3).await;
                let t = token.clone();
                match with_store(&self.store, move |s| s.renew_lease(id, &t, lease)).await {
                    Ok(true) => {}
                    // Lost (another desk holds it now): the writes after the send change
                    // nothing; that desk's send of the same key is answered the same order.
                    Ok(false) => return,
                    Err(e) => {
                        tracing::info!(order = %id, error = %e.message, "a lease could not be renewed")
                    }
                }
            }
        });
        let send = std::pin::pin!(self.send_one(claim.outgoing, dest, Some(claim.token), print));
        match futures_util::future::select(send, renew).await {
            futures_util::future::Either::Left((round, _)) => round,
            futures_util::future::Either::Right(((), send)) => send.await,
        }
    }

    /// Sends one queued order once; [`Round::Again`] when it must be tried again later (not
    /// sent, not answered, or the answer could not be recorded). With a team's `claim`, every
    /// write names it, and a refusal of this desk's key (401/403) gives the row back to the
    /// team's outbox for a desk whose key may send it ([`Round::NotThisKey`]). `print`: this
    /// client's key's, which a body naming no organization is bound to before it goes out.
    async fn send_one(
        &self,
        o: crate::store::Outgoing,
        dest: &Destination,
        claim: Option<crate::store::ClaimToken>,
        print: &KeyPrint,
    ) -> Round {
        let id = o.id;
        let d = dest.clone();
        let fence = claim.clone();
        let bound = (!names_organization(&o.body)).then(|| print.clone());
        // Marked as under way first (and bound to this key's organization): if the app stops
        // mid-send, the row counts as reached, by this key.
        match with_store(&self.store, move |s| {
            s.begin_send(id, &d, fence.as_ref(), bound.as_ref())
        })
        .await
        {
            Ok(true) => {}
            // No longer queued for this destination (placed, held, taken back): not sent.
            Ok(false) => return Round::Done,
            Err(e) => return self.trouble(id, &e),
        }
        self.stats.sends.fetch_add(1, Ordering::Relaxed);
        let answer = self
            .client
            .orders()
            .place_once(bytes::Bytes::from(o.body), &o.key)
            .await;
        self.reach
            .note(answer.as_ref().err().is_some_and(ApiError::is_unreachable));
        let asked = answer.as_ref().err().and_then(ApiError::retry_after);
        let not_this_key = answer
            .as_ref()
            .err()
            .and_then(ApiError::status)
            .is_some_and(|s| matches!(s.as_u16(), 401 | 403));
        let outcome = match answer {
            Ok(record) => Sent::Placed(Box::new(record)),
            Err(e) if is_refusal(&e) => Sent::Refused(crate::i18n::api::error(&e)),
            Err(e) if unusable_success(&e) => {
                tracing::warn!(order = %id, error = %e, "the service placed an order but its answer cannot be used");
                Sent::Unusable(crate::i18n::api::error(&e))
            }
            Err(e) => {
                tracing::info!(order = %id, error = %e, "sending an order failed; it stays in the outbox");
                Sent::Retry {
                    message: crate::i18n::api::error(&e),
                    reached: may_have_reached(&e),
                }
            }
        };
        let mut retry = matches!(outcome, Sent::Retry { .. });
        let result = with_store(&self.store, move |s| {
            let (mut again, mut released) = (false, false);
            let fence = claim.as_ref();
            match &outcome {
                Sent::Placed(record) => {
                    s.record_tracking(id, record, fence)?;
                }
                Sent::Refused(message) => {
                    if s.note_refusal(id, message, fence)? == Some(Refusal::Uncertain) {
                        tracing::warn!(order = %id, "a resend was refused after an earlier send may have placed the order: uncertain");
                    }
                }
                Sent::Retry { message, reached } => {
                    s.note_send_failure(id, message, *reached, fence)?;
                    if let Some(token) = fence.filter(|_| not_this_key) {
                        released = s.release_claim(id, token)?;
                    }
                }
                Sent::Unusable(message) => {
                    let state = s.note_unusable_answer(id, message, UNUSABLE_ANSWERS, fence)?;
                    again = state == Some(OrderState::Queued);
                }
            }
            Ok((s.local_order(id)?, again, released))
        })
        .await;
        match result {
            Ok((row, again, released)) => {
                retry |= again;
                self.troubled.locked().remove(&id);
                (self.on_change)(&row);
                if released {
                    Round::NotThisKey
                } else if retry {
                    Round::Again {
                        asked,
                        attempts: Some(u32::try_from(row.attempts).unwrap_or(u32::MAX)),
                    }
                } else {
                    self.tracker.notify_one();
                    Round::Done
                }
            }
            Err(e) => self.trouble(id, &e),
        }
    }

    /// What happened to `id` could not be recorded: report it once, and count the send as
    /// failed so the outbox backs off instead of sending again at once.
    fn trouble(&self, id: LocalOrderId, e: &UserError) -> Round {
        tracing::error!(order = %id, error = %e.message, "the outbox could not record an answer");
        let first = self.troubled.locked().insert(id);
        if first {
            (self.on_problem)(UserError::new(
                crate::tr!(
                    "backend-outbox-record-failed",
                    id = id.to_string(),
                    reason = e.message.trim_end_matches('.').to_owned()
                ),
                e.details.clone(),
            ));
        }
        Round::Again {
            asked: None,
            attempts: None,
        }
    }
}

/// Whether an order body names the organization it is for (`organizationId`, a whole
/// number): every key that may order for that organization then targets it, and the service
/// scopes the Idempotency-Key there. Without one the target is the caller's own organization,
/// the key's: the row is bound to the key's print before it goes out. Anything unreadable
/// counts as naming none.
pub fn names_organization(body: &[u8]) -> bool {
    serde_json::from_slice::<serde_json::Value>(body)
        .ok()
        .is_some_and(|v| {
            v.get("organizationId")
                .is_some_and(|o| o.as_i64().is_some())
        })
}

/// Whether a queued order is done with for this round of the sender.
enum Round {
    /// Answered and recorded (or no longer to be sent).
    Done,
    /// To be sent again later; `asked`: the pause the service asked for (`Retry-After`);
    /// `attempts`: the row's failed sends so far, `None` when what happened could not be
    /// recorded.
    Again {
        asked: Option<Duration>,
        attempts: Option<u32>,
    },
    /// The service refused this desk's key (401/403) and the claimed row went back to the
    /// team's outbox at once, for a desk whose key may send it.
    NotThisKey,
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
    /// Answered with a success that cannot be used: the order exists; sent again a few
    /// times (the same key answers the same order), then `uncertain`.
    Unusable(String),
}

/// Follows one outbox's placed orders to a final state.
struct OrderTracker {
    link: Link,
    wake: Arc<Notify>,
}

impl std::ops::Deref for OrderTracker {
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

impl OrderTracker {
    async fn run(self) {
        let dest = self.dest().await;
        // A desk of a team tracks the orders its key may see: not those placed in another
        // key's own organization (`Store::pending_tracking_by`).
        let print = if self.account.is_team() {
            Some(self.key_print().await)
        } else {
            None
        };
        let mut due: HashMap<LocalOrderId, Due> = HashMap::new();
        loop {
            let (account, d, key) = (self.account, dest.clone(), print.clone());
            let pending = match with_store(&self.store, move |s| {
                s.pending_tracking_by(account, &d, key.as_ref())
            })
            .await
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
                let message = crate::i18n::api::error(&e);
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
            s.record_tracking(id, &record, None)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{ServerMessage, StatusError};

    #[test]
    fn the_outbox_paces_itself_by_its_own_interval_and_ceiling() {
        // The bounds themselves are `support::poll`'s tests.
        let config = OutboxConfig::default();
        let pacing = config.pacing();
        assert_eq!(pacing.interval, config.poll_interval);
        assert_eq!(pacing.max_backoff, config.max_backoff);
        let policy = RetryPolicy::default().with_max_delay(Duration::from_secs(600));
        let asked = Some(Duration::from_secs(45));
        assert_eq!(
            config.poll_delay(&policy, 3, asked, 0.5),
            pacing.after_failures(&policy, 3, asked, 0.5)
        );
        assert!(config.send_delay(&policy, 150, None, 1.0) <= config.max_backoff);
        // The service's Retry-After is honoured, up to the ceiling.
        assert!(config.send_delay(&policy, 1, asked, 0.0) >= Duration::from_secs(45));
        let hour = Some(Duration::from_secs(3600));
        assert_eq!(config.send_delay(&policy, 1, hour, 0.0), config.max_backoff);
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
    fn a_body_names_its_organization_only_with_a_whole_number() {
        assert!(names_organization(
            br#"{"organizationId":1002,"reference":"PO"}"#
        ));
        for body in [
            &br#"{"reference":"PO"}"#[..],
            br#"{"organizationId":null}"#,
            br#"{"organizationId":"1002"}"#,
            br#"{"organizationId":1002.5}"#,
            b"not json",
        ] {
            assert!(
                !names_organization(body),
                "{}",
                String::from_utf8_lossy(body)
            );
        }
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
        // A status line that was not a 4xx: the service may have taken it.
        for code in [300, 302, 304] {
            assert!(may_have_reached(&status(code)), "{code}");
        }
        // A success whose answer cannot be used: the order exists.
        let endpoint = || "POST /api/orders".to_owned();
        let unusable = [
            ApiError::Decode {
                endpoint: endpoint(),
                path: ".".into(),
                message: "expected an object".into(),
            },
            ApiError::Implausible {
                endpoint: endpoint(),
                path: "order.total".into(),
                message: "a negative amount".into(),
            },
            ApiError::TooLarge {
                endpoint: endpoint(),
                limit: 1 << 20,
                announced: Some(40 << 20),
            },
        ];
        for e in &unusable {
            assert!(may_have_reached(e), "{e:?}");
            assert!(unusable_success(e), "{e:?}");
            assert!(!is_refusal(e), "{e:?}");
        }
        assert!(!unusable_success(&status(500)));
    }
}
