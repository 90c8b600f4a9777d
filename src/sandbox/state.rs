//! The sandbox's state: every entity in memory (the source of truth, [`Db`]), guarded by one
//! std mutex that is never held across an `.await`, with write-through to the optional SQLite
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
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use chrono::{DateTime, Utc};
use rand::rngs::StdRng;
use rand::{Rng as _, SeedableRng as _};

use super::SandboxConfig;
use super::db::{Db, Due};
use super::error::{Result, SandboxError};
use super::fixtures;
use super::persist::Store;
use super::pictures::Pictures;
use crate::api::Feature;

/// Seed of the sandbox's random numbers (placement delays, faults), so runs repeat.
const RNG_SEED: u64 = 0x5EED_1060_DE5C;

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
                    db.seed(&store)?;
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

impl Db {
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

impl SandboxState {
    /// Writes any pending changes to the store.
    pub fn flush(&self) -> Result<()> {
        self.lock().flush()
    }
}
