//! The sandbox's state: every entity in memory (the source of truth), guarded by one std
//! mutex that is never held across an `.await`, with write-through to the optional SQLite
//! store.
//!
//! A change and its write are one step ([`SandboxState::write`]): when the store refuses the
//! write (disk full, database locked by another program, read-only file), the change is undone
//! in memory — every entity it touched is read back from the store as it was — and the
//! request is answered `503` with `Retry-After`, so the caller knows nothing happened and can
//! resend (an order with the same idempotency key then is placed once). Only if the store can
//! be neither written nor read back is the change kept in memory, answered as applied and
//! written on a later attempt (every later change is then kept too, until one write succeeds);
//! it is never answered as failed after it took effect.
//!
//! A persistent sandbox holds an exclusive lock on `<data file>.lock` (via `fs4`) for as long
//! as its state lives, so a second sandbox on the same file refuses to start
//! ([`SandboxError::InUse`]) instead of overwriting the first one's rows.

use crate::sync::Lock as _;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use chrono::{DateTime, Utc};
use rand::rngs::StdRng;
use rand::{Rng as _, SeedableRng as _};
use serde::{Deserialize, Serialize};

use super::SandboxConfig;
use super::error::{Result, SandboxError};
use super::fixtures;
use super::orders::OrderRequest;
use super::persist::Store;
use super::pictures::{LogoOut, LogoPictures, Pictures};
use crate::api::Feature;
use crate::api::{Color, Design, Logo, Order, OrderStatus, TrackingRecord, VectorizeTask};

/// Seed of the sandbox's random numbers (placement delays, faults), so runs repeat.
const RNG_SEED: u64 = 0x5EED_1060_DE5C;

/// A vendor organization. Children have a `parent`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Org {
    /// Organization id.
    pub id: i64,
    /// Display name.
    pub name: String,
    /// The parent vendor organization of a child.
    pub parent: Option<i64>,
}

/// A logo with what the service keeps beside its public form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LogoRec {
    /// The public full form, kept current (colors, previews, prices …).
    pub logo: Logo,
    /// Owning organization.
    pub owner: i64,
    /// Colors of the uploaded file, in their original order; `changecolors` refers to them.
    pub original_colors: Vec<Color>,
    /// Current replacement per original color id (original id → ink id); absent = unchanged.
    pub color_map: Vec<(String, String)>,
    /// Whether `updatemethod` confirmed the transfer method.
    pub method_confirmed: bool,
    /// Whether `changecolors` succeeded at least once (the method is then fixed).
    pub colors_changed: bool,
    /// Where its pictures are kept; `logo`'s base64 fields stay empty in memory and are
    /// filled in from [`Pictures`] when answering.
    #[serde(default)]
    pub pictures: LogoPictures,
    /// When the logo was created.
    pub created_at: DateTime<Utc>,
}

impl LogoRec {
    /// The logo as answered, its pictures still to be filled in.
    pub fn out(&self) -> LogoOut {
        LogoOut {
            logo: self.logo.clone(),
            pictures: self.pictures,
        }
    }
}

/// A design with its owner.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DesignRec {
    /// The public form, `status` included.
    pub design: Design,
    /// Owning organization.
    pub owner: i64,
}

/// A placed order: the validated request, its timing and its outcome.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrderRec {
    /// Tracking id.
    pub id: i64,
    /// Order number.
    pub order_number: String,
    /// Organization of the key that placed it.
    pub caller_org: i64,
    /// Organization it was placed for.
    pub target_org: i64,
    /// The validated request.
    pub request: OrderRequest,
    /// When it was accepted.
    pub placed_at: DateTime<Utc>,
    /// When placement finishes.
    pub due_at: DateTime<Utc>,
    /// `Pending`, `Completed` or `Failed`.
    pub status: OrderStatus,
    /// Reason of a failure.
    pub error_message: Option<String>,
    /// The completed order.
    pub order: Option<Order>,
}

impl OrderRec {
    /// The tracking record as `GET /api/orders/{id}` answers it.
    pub fn tracking(&self) -> TrackingRecord {
        TrackingRecord {
            id: self.id.into(),
            order_number: self.order_number.as_str().into(),
            status: self.status.clone(),
            error_message: self.error_message.clone(),
            order: self.order.clone(),
        }
    }
}

/// A vectorize task with its owner and due time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskRec {
    /// The public form.
    pub task: VectorizeTask,
    /// Owning organization.
    pub owner: i64,
    /// When a pending task finishes.
    pub due_at: Option<DateTime<Utc>>,
}

/// A reserved idempotency key: the request body it was first used with and its order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IdemRec {
    /// The parsed body of the first request.
    pub body: serde_json::Value,
    /// The order it created.
    pub order_id: i64,
}

/// Next numbers to hand out. Derived from the stored entities at start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counters {
    /// Next logo id.
    pub logo_id: i64,
    /// Next logo item number.
    pub logo_item_no: i64,
    /// Next design id.
    pub design_id: i64,
    /// Next design item number (the digits after `MUL`).
    pub design_mul: i64,
    /// Next order tracking id.
    pub order_id: i64,
    /// Next vectorize task id.
    pub task_id: i64,
}

/// Which entity changed, for write-through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Changed {
    /// A logo.
    Logo(i64),
    /// A design.
    Design(i64),
    /// An order.
    Order(i64),
    /// A vectorize task.
    Task(i64),
    /// An idempotency key of an organization.
    Idempotency(i64, String),
}

/// Something that moves on by itself once its due time has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Due {
    /// A `Pending` order, by tracking id.
    Order(i64),
    /// A `pending` vectorize task, by id.
    Task(i64),
}

/// All state of one sandbox.
#[derive(Debug, Default)]
pub struct Db {
    /// Organizations by id.
    pub orgs: BTreeMap<i64, Org>,
    /// API key → organization.
    pub keys: HashMap<String, i64>,
    /// Logos by id.
    pub logos: BTreeMap<i64, LogoRec>,
    /// Designs by id.
    pub designs: BTreeMap<i64, DesignRec>,
    /// Orders by tracking id.
    pub orders: BTreeMap<i64, OrderRec>,
    /// Vectorize tasks by id.
    pub tasks: BTreeMap<i64, TaskRec>,
    /// Reserved idempotency keys per (target organization, key).
    pub idempotency: HashMap<(i64, String), IdemRec>,
    /// Next numbers.
    pub counters: Counters,
    /// Pending orders and tasks by due time, so that [`Db::advance`] (run before every
    /// request) costs nothing while nothing is due, however many orders there are.
    pub(super) due: BTreeSet<(DateTime<Utc>, Due)>,
    /// Entities changed since the last flush.
    pub(super) dirty: Vec<Changed>,
    /// Write-through store, when persistent.
    pub(super) store: Option<Store>,
    /// Where the pictures are (shared with [`SandboxState`], which reads them outside the
    /// state lock).
    pub pictures: Pictures,
}

impl Default for Counters {
    fn default() -> Self {
        Counters {
            logo_id: fixtures::LOGO_ID_BASE,
            logo_item_no: fixtures::LOGO_ITEM_NO_BASE,
            design_id: fixtures::DESIGN_ID_BASE,
            design_mul: fixtures::DESIGN_MUL_BASE,
            order_id: fixtures::ORDER_ID_BASE,
            task_id: fixtures::TASK_ID_BASE,
        }
    }
}

/// Hands out the counter's number and moves the counter on.
fn take_next(counter: &mut i64) -> i64 {
    let n = *counter;
    *counter += 1;
    n
}

impl Db {
    /// Records that an entity changed, so [`Db::flush`] writes it.
    pub fn touch(&mut self, c: Changed) {
        if !self.dirty.contains(&c) {
            self.dirty.push(c);
        }
    }

    /// Writes every changed entity to the store (no-op in memory).
    /// On failure the changes stay recorded, so the next flush tries them again.
    pub fn flush(&mut self) -> Result<()> {
        if self.dirty.is_empty() {
            return Ok(());
        }
        let Some(store) = self.store.as_ref() else {
            self.dirty.clear();
            return Ok(());
        };
        let dirty = &self.dirty;
        let mut rows = Vec::with_capacity(dirty.len());
        for c in dirty {
            let row = match c {
                Changed::Logo(id) => self
                    .logos
                    .get(id)
                    .map(|r| ("logo", *id, serde_json::to_string(r))),
                Changed::Design(id) => self
                    .designs
                    .get(id)
                    .map(|r| ("design", *id, serde_json::to_string(r))),
                Changed::Order(id) => self
                    .orders
                    .get(id)
                    .map(|r| ("order", *id, serde_json::to_string(r))),
                Changed::Task(id) => self
                    .tasks
                    .get(id)
                    .map(|r| ("task", *id, serde_json::to_string(r))),
                Changed::Idempotency(..) => None,
            };
            if let Some((kind, id, json)) = row {
                rows.push((kind, id, json?));
            }
        }
        let mut keys = Vec::new();
        for c in dirty {
            if let Changed::Idempotency(org, key) = c
                && let Some(rec) = self.idempotency.get(&(*org, key.clone()))
            {
                keys.push((
                    *org,
                    key.clone(),
                    serde_json::to_string(&rec.body)?,
                    rec.order_id,
                ));
            }
        }
        store.write(&rows, &keys)?;
        self.dirty.clear();
        Ok(())
    }

    /// Undoes every change not yet written: each changed entity and idempotency key is read
    /// back from the store as it was last written (or removed when it never was), then the
    /// counters and the schedule are derived again. Everything is read before anything is
    /// replaced, so a failed read leaves the state as it was (changes still pending).
    pub fn undo_unwritten(&mut self) -> Result<()> {
        let Some(store) = self.store.as_ref() else {
            return Ok(());
        };
        fn read<T: serde::de::DeserializeOwned>(
            store: &Store,
            kind: &str,
            id: i64,
        ) -> Result<(i64, Option<T>)> {
            let json = store.entity(kind, id)?;
            Ok((id, json.map(|j| serde_json::from_str(&j)).transpose()?))
        }
        let (mut logos, mut designs, mut orders, mut tasks, mut keys) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for c in &self.dirty {
            match c {
                Changed::Logo(id) => logos.push(read::<LogoRec>(store, "logo", *id)?),
                Changed::Design(id) => designs.push(read::<DesignRec>(store, "design", *id)?),
                Changed::Order(id) => orders.push(read::<OrderRec>(store, "order", *id)?),
                Changed::Task(id) => tasks.push(read::<TaskRec>(store, "task", *id)?),
                Changed::Idempotency(org, key) => {
                    let rec = match store.idempotency_key(*org, key)? {
                        Some((body, order_id)) => Some(IdemRec {
                            body: serde_json::from_str(&body)?,
                            order_id,
                        }),
                        None => None,
                    };
                    keys.push(((*org, key.clone()), rec));
                }
            }
        }
        fn put<K: Ord, V>(map: &mut BTreeMap<K, V>, rows: Vec<(K, Option<V>)>) {
            for (k, v) in rows {
                match v {
                    Some(v) => map.insert(k, v),
                    None => map.remove(&k),
                };
            }
        }
        put(&mut self.logos, logos);
        put(&mut self.designs, designs);
        put(&mut self.orders, orders);
        put(&mut self.tasks, tasks);
        for (k, v) in keys {
            match v {
                Some(v) => self.idempotency.insert(k, v),
                None => self.idempotency.remove(&k),
            };
        }
        self.dirty.clear();
        self.reindex();
        Ok(())
    }

    /// Whether a caller of organization `caller` may see what `owner` owns: its own things
    /// and those of its child organizations.
    pub fn can_see(&self, caller: i64, owner: i64) -> bool {
        owner == caller || self.orgs.get(&owner).and_then(|o| o.parent) == Some(caller)
    }

    /// The organization a request is for: the caller's own when `requested` is absent or
    /// equal to it, a child of the caller's, or a 400 naming the rule.
    pub fn target_org(&self, caller: i64, requested: Option<i64>) -> Result<i64> {
        match requested {
            None => Ok(caller),
            Some(id) if id == caller => Ok(caller),
            Some(id) if self.orgs.get(&id).and_then(|o| o.parent) == Some(caller) => Ok(id),
            Some(id) => Err(SandboxError::bad(format!(
                "organizationId {id} is not the calling vendor's organization nor one of its child \
                 organizations; organizationId must identify an organization whose parentId is the \
                 calling vendor's organization ({caller})"
            ))),
        }
    }

    /// The next logo id.
    pub fn next_logo_id(&mut self) -> i64 {
        take_next(&mut self.counters.logo_id)
    }

    /// The next logo item number.
    pub fn next_logo_item_no(&mut self) -> i64 {
        take_next(&mut self.counters.logo_item_no)
    }

    /// The next design id.
    pub fn next_design_id(&mut self) -> i64 {
        take_next(&mut self.counters.design_id)
    }

    /// The next design item number, `MUL` and six digits.
    pub fn next_design_mul(&mut self) -> String {
        format!("MUL{:06}", take_next(&mut self.counters.design_mul))
    }

    /// The next order tracking id.
    pub fn next_order_id(&mut self) -> i64 {
        take_next(&mut self.counters.order_id)
    }

    /// The next vectorize task id.
    pub fn next_task_id(&mut self) -> i64 {
        take_next(&mut self.counters.task_id)
    }

    /// Schedules a pending order or task to move on at `at`.
    pub fn schedule(&mut self, at: DateTime<Utc>, what: Due) {
        self.due.insert((at, what));
    }

    /// Rebuilds what is derived from the stored entities: the counters (every next number
    /// above all stored ones) and the schedule of pending orders and tasks.
    pub fn reindex(&mut self) {
        self.derive_counters();
        self.due = self
            .orders
            .values()
            .filter(|o| o.status == OrderStatus::Pending)
            .map(|o| (o.due_at, Due::Order(o.id)))
            .chain(
                self.tasks
                    .iter()
                    .filter_map(|(id, t)| t.due_at.map(|d| (d, Due::Task(*id)))),
            )
            .collect();
    }

    /// Recomputes the counters so that every next number is above all stored ones.
    fn derive_counters(&mut self) {
        let base = Counters::default();
        let max_plus_one = |it: &mut dyn Iterator<Item = i64>, floor: i64| {
            it.max().map_or(floor, |m| (m + 1).max(floor))
        };
        self.counters = Counters {
            logo_id: max_plus_one(&mut self.logos.keys().copied(), base.logo_id),
            logo_item_no: max_plus_one(
                &mut self
                    .logos
                    .values()
                    .filter_map(|l| l.logo.logo_item_no.map(|n| n.0)),
                base.logo_item_no,
            ),
            design_id: max_plus_one(&mut self.designs.keys().copied(), base.design_id),
            design_mul: max_plus_one(
                &mut self.designs.values().filter_map(|d| {
                    d.design
                        .design_item_no
                        .as_ref()
                        .and_then(|m| m.as_str().strip_prefix("MUL"))
                        .and_then(|n| n.parse().ok())
                }),
                base.design_mul,
            ),
            order_id: max_plus_one(&mut self.orders.keys().copied(), base.order_id),
            task_id: max_plus_one(&mut self.tasks.keys().copied(), base.task_id),
        };
    }

    /// Moves every order and task that is due at `now` to its final state, earliest first.
    pub fn advance(&mut self, now: DateTime<Utc>) {
        while let Some(&(at, what)) = self.due.first() {
            if at > now {
                break;
            }
            self.due.pop_first();
            match what {
                Due::Order(id) => self.complete_order(id),
                Due::Task(id) => self.finish_task(id, now),
            }
        }
    }
}

/// `now + delay`, the delay capped at about a century so that date arithmetic cannot
/// overflow (and panic) for absurd settings such as `--placement-delay-ms 18446744073709551615`.
pub fn due_after(now: DateTime<Utc>, delay: Duration) -> DateTime<Utc> {
    const CENTURY: Duration = Duration::from_secs(100 * 365 * 24 * 60 * 60);
    chrono::Duration::from_std(delay.min(CENTURY))
        .ok()
        .and_then(|d| now.checked_add_signed(d))
        .unwrap_or(now)
}

/// Runtime knobs of a sandbox.
#[derive(Debug, Clone)]
pub struct Knobs {
    /// Fixed placement delay, or random 3–30 s when `None`.
    pub placement_delay: Option<Duration>,
    /// How long a vectorize task stays pending.
    pub vectorize_delay: Duration,
    /// Share of requests that fail after being applied.
    pub fault_rate: f64,
    /// Whether `GET /sandbox/fixtures` is served (to callers with a valid key).
    pub expose_fixtures: bool,
    /// Longest time from a request's head until its whole body has arrived.
    pub body_read_timeout: Duration,
    /// Uploads at once and the wait for a turn.
    pub uploads: UploadLimits,
    /// Features whose endpoints answer a bare 404, as a service without them does.
    pub without: Vec<Feature>,
}

/// How many uploads the sandbox works on at once, and how long one waits for its turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UploadLimits {
    /// Uploads read and decoded at once (at least 1); each may take a request body of 11 MiB
    /// and 256 MiB while decoding.
    pub concurrent: usize,
    /// Longest wait for a turn; then the upload is answered 503 with `Retry-After`.
    pub wait: Duration,
}

impl Default for UploadLimits {
    /// Two at once, 10 s of waiting.
    fn default() -> Self {
        UploadLimits {
            concurrent: 2,
            wait: Duration::from_secs(10),
        }
    }
}

struct Shared {
    db: Mutex<Db>,
    /// A turn for each upload worked on at once ([`SandboxState::upload_turn`]).
    uploads: Arc<Semaphore>,
    pictures: Pictures,
    rng: Mutex<StdRng>,
    knobs: Knobs,
    /// This sandbox's identity: kept in its data file, or new on every start in memory.
    instance_id: String,
    /// The exclusive lock on the data file's lock file, held while the state lives.
    _lock: Option<DataLock>,
}

/// An exclusive `fs4` lock on `<data file>.lock`; released when dropped (and by the operating
/// system when the process ends, however it ends).
#[derive(Debug)]
struct DataLock {
    _file: File,
}

/// The lock file beside a data file: `sandbox.sqlite` → `sandbox.sqlite.lock`.
pub fn lock_path(data: &Path) -> PathBuf {
    let mut name = data.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

impl DataLock {
    /// Takes the lock beside `data`, or answers [`SandboxError::InUse`] when another sandbox
    /// holds it.
    fn take(data: &Path) -> Result<Self> {
        if let Some(dir) = data.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let path = lock_path(data);
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)?;
        match fs4::FileExt::try_lock(&file) {
            Ok(()) => Ok(DataLock { _file: file }),
            Err(fs4::TryLockError::WouldBlock) => Err(SandboxError::InUse {
                data: data.to_owned(),
            }),
            Err(fs4::TryLockError::Error(e)) => Err(SandboxError::Io(e)),
        }
    }
}

/// The shared state of one sandbox; cheap to clone (all clones see the same data).
#[derive(Clone)]
pub struct SandboxState {
    shared: Arc<Shared>,
}

impl std::fmt::Debug for SandboxState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SandboxState")
            .field("knobs", &self.shared.knobs)
            .finish_non_exhaustive()
    }
}

impl SandboxState {
    /// Builds the state: demo data in memory, or the SQLite store at `config.data` (seeded
    /// with the demo data when empty, otherwise loaded as it was left).
    ///
    /// # Errors
    /// [`SandboxError::InUse`] when another sandbox holds `config.data`; otherwise the
    /// database could not be opened, read or seeded.
    pub fn new(config: &SandboxConfig) -> Result<Self> {
        let lock = config.data.as_deref().map(DataLock::take).transpose()?;
        let mut instance_id = uuid::Uuid::new_v4().simple().to_string();
        let mut db = match &config.data {
            None => {
                fixtures::warm_up();
                fixtures::demo_db(Utc::now(), config.vectorize_delay, Pictures::in_memory())?
            }
            Some(path) => {
                let store = Store::open(path)?;
                instance_id = store.instance_id()?;
                let pictures = Pictures::open(path)?;
                let mut db = if store.is_empty()? {
                    fixtures::warm_up();
                    let db = fixtures::demo_db(Utc::now(), config.vectorize_delay, pictures)?;
                    store.seed(&db)?;
                    db
                } else {
                    // Loaded as it was left: the demo pictures are not drawn again.
                    let loaded = store.load()?;
                    let mut db = fixtures::empty_db(pictures);
                    db.logos = loaded.logos;
                    db.designs = loaded.designs;
                    db.orders = loaded.orders;
                    db.tasks = loaded.tasks;
                    db.idempotency = loaded.idempotency;
                    db
                };
                db.store = Some(store);
                db
            }
        };
        db.reindex();
        let fault_rate = if config.fault_rate.is_finite() {
            config.fault_rate.clamp(0.0, 1.0)
        } else {
            0.0
        };
        Ok(SandboxState {
            shared: Arc::new(Shared {
                uploads: Arc::new(Semaphore::new(config.uploads.concurrent.max(1))),
                pictures: db.pictures.clone(),
                db: Mutex::new(db),
                rng: Mutex::new(StdRng::seed_from_u64(RNG_SEED)),
                knobs: Knobs {
                    placement_delay: config.placement_delay,
                    vectorize_delay: config.vectorize_delay,
                    fault_rate,
                    expose_fixtures: config.expose_fixtures,
                    body_read_timeout: config.limits.body_read_timeout,
                    uploads: config.uploads.clone(),
                    without: config.without.clone(),
                },
                instance_id,
                _lock: lock,
            }),
        })
    }

    /// Where the pictures are; read them without holding the state lock.
    pub fn pictures(&self) -> &Pictures {
        &self.shared.pictures
    }

    /// This sandbox's identity: the same for every start on one data file, new for a new
    /// file (or every start in memory). Orders sent to it are told apart by it from orders
    /// sent to an earlier sandbox whose tracking ids it may hand out again.
    pub fn instance_id(&self) -> &str {
        &self.shared.instance_id
    }

    /// The runtime knobs.
    pub fn knobs(&self) -> &Knobs {
        &self.shared.knobs
    }

    /// Locks the state. A poisoned mutex is taken over: every change is applied under one
    /// lock and validated before it mutates anything.
    pub fn lock(&self) -> MutexGuard<'_, Db> {
        self.shared.db.locked()
    }

    /// Runs `f` on the state and writes what it changed through to the store, as one step:
    /// when the write fails, what `f` changed is undone and the answer is a 503 saying
    /// nothing was changed (see the module documentation).
    pub fn write<R>(&self, f: impl FnOnce(&mut Db) -> Result<R>) -> Result<R> {
        let mut db = self.lock();
        // Changes already answered as made but not written yet (see below) cannot be told
        // apart from this one's when reading back, so none is undone while they exist.
        let promised = !db.dirty.is_empty();
        let r = f(&mut db);
        let Err(write) = db.flush() else {
            return r;
        };
        let undone = if promised {
            Err(SandboxError::Internal(
                "earlier changes answered as made are still to be written".into(),
            ))
        } else {
            db.undo_unwritten()
        };
        match undone {
            Ok(()) => {
                tracing::error!(error = %write, "sandbox change not saved, so undone");
                Err(SandboxError::Unavailable(
                    "The sandbox could not save this change, so it was not made; retry later"
                        .into(),
                ))
            }
            Err(undo) => {
                // Neither written nor read back: keep the change and answer it as made; every
                // later write (and the 250 ms ticker) tries to write it again.
                tracing::error!(
                    error = %write, undo = %undo,
                    "sandbox change kept in memory only; it will be written on the next attempt"
                );
                r
            }
        }
    }

    /// A turn to read and decode an upload: waits for one of the
    /// [`UploadLimits::concurrent`] turns for at most [`UploadLimits::wait`], then answers 503
    /// (with `Retry-After`). Held until the upload's picture is decoded.
    pub async fn upload_turn(&self) -> Result<OwnedSemaphorePermit> {
        let UploadLimits { concurrent, wait } = self.shared.knobs.uploads;
        match tokio::time::timeout(wait, self.shared.uploads.clone().acquire_owned()).await {
            Ok(Ok(turn)) => Ok(turn),
            Ok(Err(closed)) => Err(SandboxError::Internal(format!("upload turns: {closed}"))),
            Err(_) => Err(SandboxError::Unavailable(format!(
                "The sandbox is busy with {concurrent} other uploads; send this one again in a \
                 moment"
            ))),
        }
    }

    /// Moves due orders and tasks to their final states and persists them.
    pub fn advance(&self) -> Result<()> {
        self.write(|db| {
            db.advance(Utc::now());
            Ok(())
        })
    }

    /// A random number in `0.0..1.0` from the sandbox's seeded generator.
    pub fn random(&self) -> f64 {
        self.shared.rng.locked().random()
    }

    /// How long the next order's placement takes: the configured delay, or 3–30 s.
    pub fn placement_delay(&self) -> Duration {
        self.shared.knobs.placement_delay.unwrap_or_else(|| {
            let ms = self.shared.rng.locked().random_range(3_000..=30_000u64);
            Duration::from_millis(ms)
        })
    }
}

impl SandboxState {
    /// Writes any pending changes to the store.
    pub fn flush(&self) -> Result<()> {
        self.lock().flush()
    }
}
