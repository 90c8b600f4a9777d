//! The offline copies ([`DiskCache`]) as Settings sees them: how much they take on disk, and
//! emptying them. The files are counted and removed on the blocking lane, never on the UI
//! thread; the answers belong to no account (the cache holds every account's copies).

use crate::backend::support::disk_cache::DiskCache;
use crate::backend::support::{RequestId, Sink, UserError, blocking, debug_as_name};

/// What Settings asks about the offline copies.
#[derive(strum::IntoStaticStr)]
pub enum CacheCommand {
    /// How much the copies take now (answered by `Size`).
    Measure { request: RequestId },
    /// Remove every copy of every account (answered by `Size` with what is left).
    Clear { request: RequestId },
}

/// What the backend tells Settings about the offline copies.
#[derive(strum::IntoStaticStr)]
pub enum CacheEvent {
    /// Bytes the copies take on disk and the most they may take; a `budget` of 0 means no
    /// copies are kept (a database in memory).
    Size { used: u64, budget: u64 },
}

debug_as_name!(CacheCommand, CacheEvent);

impl CacheCommand {
    /// The request the command answers.
    pub fn request(&self) -> Option<RequestId> {
        match self {
            CacheCommand::Measure { request } | CacheCommand::Clear { request } => Some(*request),
        }
    }
}

/// The offline copies feature.
pub(super) struct Cache {
    sink: Sink<CacheEvent>,
    disk: DiskCache,
}

impl Cache {
    pub(super) fn new(sink: Sink<CacheEvent>, disk: DiskCache) -> Cache {
        Cache { sink, disk }
    }

    /// Starts the work and returns at once; the answer follows from the blocking lane.
    pub(super) fn handle(&self, command: CacheCommand) {
        let (request, clear) = match command {
            CacheCommand::Measure { request } => (request, false),
            CacheCommand::Clear { request } => (request, true),
        };
        let (sink, disk) = (self.sink.clone(), self.disk.clone());
        tokio::spawn(async move {
            let result = blocking(move || measure(&disk, clear))
                .await
                .and_then(|r| r);
            sink.emit(None, Some(request), result);
        });
    }
}

/// Empties the cache first if `clear`, then counts it. Blocking.
fn measure(disk: &DiskCache, clear: bool) -> Result<CacheEvent, UserError> {
    if clear {
        disk.clear().map_err(|e| {
            tracing::warn!(error = %e, "offline copies not removed");
            UserError::new(
                crate::tr!("settings-cache-clear-failed"),
                Some(e.to_string()),
            )
        })?;
        tracing::info!("offline copies removed");
    }
    Ok(CacheEvent::Size {
        used: disk.size(),
        budget: disk.budget(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::support::disk_cache::{Key, Kind};
    use crate::store::AccountId;

    #[test]
    fn clearing_leaves_nothing_and_says_so() {
        let dir = tempfile::tempdir().expect("temp dir");
        let root = dir.path().join("cache");
        let disk = DiskCache::new(root.clone(), 1 << 20);
        disk.put(AccountId(1), &Key::new(Kind::Logo, 7, ""), &[1; 500])
            .expect("kept");
        let Ok(CacheEvent::Size { used, budget }) = measure(&disk, false) else {
            panic!("measured");
        };
        assert!(used >= 500, "{used}");
        assert_eq!(budget, 1 << 20);
        let Ok(CacheEvent::Size { used, .. }) = measure(&disk, true) else {
            panic!("cleared");
        };
        assert_eq!(used, 0);
        assert!(!root.exists() || std::fs::read_dir(&root).expect("dir").next().is_none());
    }

    #[test]
    fn a_cache_that_is_off_has_no_budget() {
        let Ok(CacheEvent::Size { used, budget }) = measure(&DiskCache::default(), true) else {
            panic!("measured");
        };
        assert_eq!((used, budget), (0, 0));
    }
}
