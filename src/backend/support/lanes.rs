//! Where the backend's blocking work runs, in three lanes, so that no kind of it waits behind
//! another:
//!
//! - **the store's lane** ([`with_store`]): every SQLite call, on a thread pool of its own that
//!   nothing else uses. The outbox records what the service answered there, so it must never
//!   queue behind a PDF, a decode or the keychain. (The embedded sandbox runs on a runtime and
//!   threads of its own, `sandbox::spawn`.)
//! - **the heavy lane** ([`heavy`]): PDFs and big picture decodes, at most [`MAX_HEAVY`] at
//!   once in the whole process, on the runtime's blocking pool; the ones waiting hold no thread.
//! - **the rest** ([`blocking`]): the keychain, files, small conversions, on the runtime's
//!   blocking pool of [`BLOCKING_THREADS`], of which heavy work takes [`MAX_HEAVY`] at most.

use super::UserError;
use crate::store::{Store, StoreError};
use std::sync::{Arc, LazyLock, Mutex};
use tokio::runtime::Runtime;
use tokio::sync::Semaphore;

/// Threads of the backend runtime's blocking pool.
pub const BLOCKING_THREADS: usize = 4;

/// Heavy jobs (a PDF, a detail picture, the editor's picture, a batch of thumbnails, a file
/// check) running at once at most, in the whole process: each holds a thread of the blocking
/// pool (and a decode up to [`crate::imaging::Limits::max_alloc`] of memory), and the pool
/// must keep threads for the keychain and files however many pictures a server sends or PDFs
/// a person asks for. The machine's two cores are busy with two anyway.
pub const MAX_HEAVY: usize = 2;

/// Threads of the store's lane at most. One store's calls take turns on its mutex anyway;
/// more threads only let several stores go on side by side (tests run many backends in one
/// process).
const STORE_THREADS: usize = 4;

static HEAVY: Semaphore = Semaphore::const_new(MAX_HEAVY);

/// The store's lane: the blocking pool of a runtime of its own, which only [`with_store`]
/// uses (the runtime itself is never driven). A pool of its own rather than places kept in
/// the backend's: the backend's pool is shared with work no semaphore here bounds (file
/// reads and direct `spawn_blocking` calls of other features), so only threads nothing else
/// can take guarantee that SQLite never waits behind them. It is one for the process rather
/// than one per [`SharedStore`], so that a store stays what callers and tests make of it, a
/// `Mutex` in an `Arc`; its idle threads end after a few seconds.
static STORE_LANE: LazyLock<Option<Runtime>> = LazyLock::new(|| {
    tokio::runtime::Builder::new_current_thread()
        .max_blocking_threads(STORE_THREADS)
        .thread_name("logodesk-store")
        .build()
        .inspect_err(|e| {
            tracing::error!(error = %e, "no lane of its own for the database: it shares the blocking pool");
        })
        .ok()
});

/// The local database, shared by the backend's tasks: the store, and what its lane knows of
/// it without holding it (`store::lane`: a stand-in while the store waits for the team's
/// server).
#[derive(Clone)]
pub struct SharedStore {
    store: Arc<Mutex<Store>>,
    lane: Arc<crate::store::Lane>,
}

impl SharedStore {
    pub fn new(store: Store) -> SharedStore {
        SharedStore {
            lane: store.lane(),
            store: Arc::new(Mutex::new(store)),
        }
    }
}

impl SharedStore {
    /// The store itself, waiting for it however long it is held (tests, and set-up outside
    /// the backend's lanes; the backend goes through [`with_store`]).
    pub fn lock(&self) -> std::sync::LockResult<std::sync::MutexGuard<'_, Store>> {
        self.store.lock()
    }
}

impl From<Store> for SharedStore {
    fn from(store: Store) -> SharedStore {
        SharedStore::new(store)
    }
}

/// The backend's runtime: `worker_threads` for its tasks and a blocking pool of
/// [`BLOCKING_THREADS`].
pub fn runtime(worker_threads: usize) -> std::io::Result<Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(worker_threads.max(1))
        .max_blocking_threads(BLOCKING_THREADS)
        .thread_name("logodesk-backend")
        .enable_all()
        .build()
}

/// The sentence for blocking work that panicked or was dropped with its runtime.
fn stopped(e: impl std::fmt::Display) -> UserError {
    UserError::new(
        "A background job of logodesk stopped unexpectedly. Try again; restart logodesk if it keeps happening.",
        Some(e.to_string()),
    )
}

/// Runs light blocking work (keychain, files, small conversions) on the blocking pool.
pub async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, UserError> {
    tokio::task::spawn_blocking(f).await.map_err(stopped)
}

/// Runs heavy work (a PDF, a big decode) on the blocking pool once one of the [`MAX_HEAVY`]
/// places is free, waiting without holding a thread meanwhile (first come, first served). The
/// place goes with the work: a caller that stops waiting (a cancelled sheet) frees it only
/// when the work is done.
pub async fn heavy<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, UserError> {
    // The semaphore is never closed, so acquiring only waits.
    let place = HEAVY.acquire().await.map_err(stopped)?;
    blocking(move || {
        let _place = place;
        f()
    })
    .await
}

/// Runs `f` on the database on the store's lane; a store error becomes its sentence. While
/// the store waits for the team's server, `f` runs on its stand-in (`store::lane`): the
/// desk's own accounts answer, a team's row is refused as out of reach.
pub async fn with_store<T: Send + 'static>(
    store: &SharedStore,
    f: impl FnOnce(&mut Store) -> Result<T, StoreError> + Send + 'static,
) -> Result<T, UserError> {
    on_lane(store, false, f).await
}

/// [`with_store`] on the store itself, never its stand-in, however long it waits: for what
/// changes the team attached (attach, detach, away, leave).
pub async fn with_team_store<T: Send + 'static>(
    store: &SharedStore,
    f: impl FnOnce(&mut Store) -> Result<T, StoreError> + Send + 'static,
) -> Result<T, UserError> {
    on_lane(store, true, f).await
}

async fn on_lane<T: Send + 'static>(
    store: &SharedStore,
    itself: bool,
    f: impl FnOnce(&mut Store) -> Result<T, StoreError> + Send + 'static,
) -> Result<T, UserError> {
    let store = store.clone();
    let job = move || {
        let mut entered = if itself {
            store.lane.enter_itself(&store.store)
        } else {
            store.lane.enter(&store.store)
        };
        f(&mut entered)
    };
    let done = match &*STORE_LANE {
        Some(lane) => lane.spawn_blocking(job),
        None => tokio::task::spawn_blocking(job),
    };
    done.await
        .map_err(stopped)?
        .map_err(|e| UserError::from_error(&e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::{Duration, Instant};
    use tokio::sync::watch;

    /// A job that holds its thread until `gate` opens, counting itself in `running`.
    fn held(
        gate: &watch::Receiver<bool>,
        running: &Arc<AtomicUsize>,
    ) -> impl FnOnce() + Send + 'static {
        let (mut gate, running) = (gate.clone(), running.clone());
        move || {
            running.fetch_add(1, Ordering::SeqCst);
            while !*gate.borrow_and_update() {
                std::thread::sleep(Duration::from_millis(2));
            }
            running.fetch_sub(1, Ordering::SeqCst);
        }
    }

    /// Waits (bounded) until `running` reaches `n`.
    async fn until_running(running: &AtomicUsize, n: usize) {
        let started = Instant::now();
        while running.load(Ordering::SeqCst) < n {
            assert!(started.elapsed() < Duration::from_secs(60), "never ran");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// Gives waiting jobs every chance to start (a check that something does not happen).
    async fn chances() {
        for _ in 0..50 {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }

    #[test]
    fn at_most_two_heavy_jobs_run_at_once_and_a_dropped_one_keeps_its_place() {
        let runtime = runtime(2).unwrap();
        let running = Arc::new(AtomicUsize::new(0));
        let (open, gate) = watch::channel(false);
        let spawn = |n| -> Vec<_> {
            (0..n)
                .map(|_| tokio::spawn(heavy(held(&gate, &running))))
                .collect()
        };
        let held = runtime.block_on(async {
            let first = spawn(MAX_HEAVY);
            until_running(&running, MAX_HEAVY).await;
            // Without the limit these would start on the blocking pool's free threads.
            let rest = spawn(4);
            chances().await;
            let before = running.load(Ordering::SeqCst);
            // Nobody waits for the first ones any more: their work goes on, and so do their
            // places.
            first.iter().for_each(|t| t.abort());
            chances().await;
            let after = running.load(Ordering::SeqCst);
            // Let them all finish before asserting, so a failure cannot leave the pool stuck.
            open.send_replace(true);
            for t in rest {
                t.await.unwrap().unwrap();
            }
            (before, after)
        });
        assert_eq!(
            held,
            (MAX_HEAVY, MAX_HEAVY),
            "heavy jobs running while held"
        );
    }

    #[test]
    fn the_store_answers_while_every_thread_of_the_pool_is_taken() {
        let runtime = runtime(2).unwrap();
        let store: SharedStore = SharedStore::new(Store::open_in_memory().unwrap());
        let running = Arc::new(AtomicUsize::new(0));
        let (open, gate) = watch::channel(false);
        let answered = runtime.block_on(async {
            let tasks: Vec<_> = (0..BLOCKING_THREADS + 2)
                .map(|_| tokio::spawn(blocking(held(&gate, &running))))
                .collect();
            until_running(&running, BLOCKING_THREADS).await;
            let answered = tokio::time::timeout(
                Duration::from_secs(60),
                with_store(&store, |s| s.accounts()),
            )
            .await;
            open.send_replace(true);
            for t in tasks {
                t.await.unwrap().unwrap();
            }
            answered
        });
        assert!(
            matches!(answered, Ok(Ok(_))),
            "the store waited for the blocking pool"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_store_call_that_panics_is_a_sentence_and_the_lane_goes_on() {
        let store: SharedStore = SharedStore::new(Store::open_in_memory().unwrap());
        let failed = with_store(&store, |_| -> Result<(), StoreError> { panic!("a bug") }).await;
        assert!(failed.is_err());
        assert!(with_store(&store, |s| s.accounts()).await.is_ok());
    }

    /// A process stopped (SIGSTOP) until this is dropped (SIGCONT), also when a test fails.
    #[cfg(unix)]
    struct Stopped(i32);

    #[cfg(unix)]
    impl Stopped {
        fn new(pid: i32) -> Stopped {
            // SAFETY: kill(2) with a process id and a signal number; no memory is involved.
            assert_eq!(
                unsafe { libc::kill(pid, libc::SIGSTOP) },
                0,
                "SIGSTOP {pid}"
            );
            Stopped(pid)
        }
    }

    #[cfg(unix)]
    impl Drop for Stopped {
        fn drop(&mut self) {
            // SAFETY: as above.
            unsafe { libc::kill(self.0, libc::SIGCONT) };
        }
    }

    /// The PostgreSQL backend serving the desk's team connection is stopped
    /// (SIGSTOP: the server's kernel still takes the bytes, nothing answers). The call that
    /// waits for it ends within the client's bound with a sentence and the team counts as out
    /// of reach from then on; meanwhile the desk's own accounts answer (reads and writes)
    /// within about a second, and a team's row asked meanwhile is refused at once.
    #[cfg(unix)]
    #[test]
    fn the_desks_own_accounts_answer_while_the_team_databases_backend_is_stopped() {
        use crate::store::testing::remote;
        use crate::team::testing::{pg_client, pg_connect};
        let bound = Duration::from_secs(4);
        let dir = tempfile::tempdir().unwrap();
        let desk = Store::open(&dir.path().join("logodesk.sqlite")).unwrap();
        let own = desk.ensure_sandbox_account().unwrap().id;
        desk.create_draft(own, "{}", "PO-own-1", "Club").unwrap();
        let (client, name) = pg_client();
        let team_account = Store::open_postgres(client)
            .unwrap()
            .insert_account(&remote("Club"))
            .unwrap()
            .id;
        let mut team = pg_connect(&name);
        let pid: i32 = team
            .query_one("SELECT pg_backend_pid()", &[])
            .unwrap()
            .get(0);
        team.set_call_bound(bound);
        let mut desk = desk;
        desk.attach_team(team, "Stopped").unwrap();
        let broken = desk.team_broken_signal();
        let store = SharedStore::new(desk);
        let runtime = runtime(2).unwrap();
        let stopped = Stopped::new(pid);
        runtime.block_on(async {
            let started = Instant::now();
            let hung = tokio::spawn({
                let store = store.clone();
                async move { with_store(&store, move |s| s.local_orders(team_account, true)).await }
            });
            tokio::time::sleep(Duration::from_millis(200)).await;

            let own_rows = with_store(&store, move |s| s.local_orders(own, true))
                .await
                .unwrap();
            let answered = started.elapsed();
            assert_eq!(own_rows.len(), 1);
            assert!(
                answered < Duration::from_secs(2),
                "the desk's own account waited {answered:?} behind the team's server"
            );
            with_store(&store, move |s| {
                s.create_draft(own, "{}", "PO-own-2", "Club")
            })
            .await
            .unwrap();
            let asked = Instant::now();
            let refused = with_store(&store, move |s| s.local_orders(team_account, true))
                .await
                .unwrap_err();
            assert!(
                asked.elapsed() < Duration::from_millis(500),
                "{:?}",
                asked.elapsed()
            );
            assert!(
                refused.message.contains("cannot reach"),
                "{}",
                refused.message
            );
            assert!(!hung.is_finished(), "the team's call still waits");

            let silent = hung.await.unwrap().unwrap_err();
            let ended = started.elapsed();
            assert!(
                ended >= bound && ended < bound + Duration::from_secs(2),
                "the team's call ended after {ended:?}"
            );
            assert!(
                silent.message.contains("did not answer within 4 s"),
                "{}",
                silent.message
            );
            tokio::time::timeout(Duration::from_secs(1), broken.notified())
                .await
                .expect("the watch is told to connect again");
            let (away, rows) = with_store(&store, move |s| {
                Ok((s.team_state().is_away(), s.local_orders(own, true)?.len()))
            })
            .await
            .unwrap();
            assert!(away, "the team counts as out of reach");
            assert_eq!(rows, 2, "the draft written meanwhile is in the desk's file");
        });
        drop(stopped);
    }
}
