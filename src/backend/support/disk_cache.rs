//! What was seen, kept on disk for browsing without the service (a train journey): the logo
//! list pages, logos in full (with their pictures) and designs with their logos and views,
//! each as the service's JSON.
//!
//! - **Where**: `<data folder>/cache/<account id>/`, beside `logodesk.sqlite` (no cache for a
//!   database in memory). Files only, no database.
//! - **Names**: an entry's file is named by a hash (FNV-1a, 64 bit, stable across builds) of
//!   its [`Kind`], id and variant; the whole key is also written inside, so a hash collision
//!   reads as a miss.
//! - **Atomic**: an entry is written to a temporary file in the same folder and renamed over
//!   the old one (no `fsync`: after a power cut an entry may be short, which reads as a miss).
//! - **Checked**: a header (magic, key, time saved, length, FNV-1a checksum of the payload);
//!   a file that does not match — partial, corrupt, another format — is a miss and is removed.
//! - **Bounded**: [`DEFAULT_BUDGET_BYTES`] (200 MiB) for all accounts together. Least
//!   recently used first out, by the files' modification times: a read sets its entry's time,
//!   and when a write takes the total over the budget the oldest entries go until it is at
//!   most 90 % of the budget. An entry larger than the budget is not kept.
//! - **Never on the UI thread**: the async functions run on the backend's blocking lane.
//! - **No secrets**: only what the service answered about logos and designs is kept; no key,
//!   no request header.

use super::blocking;
use crate::store::AccountId;
use crate::sync::Lock as _;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fs;
use std::io::{self, Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

/// The folder under the data folder that holds the cache.
pub const CACHE_DIR: &str = "cache";

/// How much the cache keeps on disk, all accounts together: 200 MiB (a few hundred logos with
/// their pictures, the list pages and designs seen).
pub const DEFAULT_BUDGET_BYTES: u64 = 200 * 1024 * 1024;

/// After an eviction the cache holds at most this share of its budget (in percent), so the
/// next writes do not each scan the folder.
const LOW_WATER_PERCENT: u64 = 90;

const MAGIC: &[u8; 4] = b"LDC1";
const ENTRY_EXT: &str = "entry";
const TEMP_EXT: &str = "tmp";
/// A temporary file older than this is left over from a crash and removed when seen.
const TEMP_MAX_AGE: Duration = Duration::from_secs(3600);

/// What an entry holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A page of the logo list (`id`: the query as JSON).
    LogoPage,
    /// A logo in full, with its pictures, opened by id.
    Logo,
    /// A logo in full, opened by item number.
    LogoByItemNo,
    /// A design with its placements' logos.
    Design,
    /// A design's views as the service drew them.
    DesignViews,
    /// A garment style's views as the sandbox describes them (scale, centre line).
    Style,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Kind::LogoPage => "logo-page",
            Kind::Logo => "logo",
            Kind::LogoByItemNo => "logo-item-no",
            Kind::Design => "design",
            Kind::DesignViews => "design-views",
            Kind::Style => "style",
        }
    }
}

/// Which entry: kind, id and variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Key {
    pub kind: Kind,
    pub id: String,
    pub variant: String,
}

impl Key {
    pub fn new(kind: Kind, id: impl ToString, variant: &str) -> Key {
        Key {
            kind,
            id: id.to_string(),
            variant: variant.to_owned(),
        }
    }

    /// The key as written inside the entry.
    fn text(&self) -> String {
        format!("{}\n{}\n{}", self.kind.as_str(), self.id, self.variant)
    }

    fn file_name(&self) -> String {
        format!("{:016x}.{ENTRY_EXT}", fnv1a(self.text().as_bytes()))
    }
}

/// What a read found: the bytes kept and when they were saved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub bytes: Vec<u8>,
    pub saved: DateTime<Utc>,
}

/// A value and, when it came from the cache because the service could not be reached, when
/// it was saved (the screens mark it as not fresh).
#[derive(Debug, Clone, PartialEq)]
pub struct Fresh<T> {
    pub value: T,
    pub stale_since: Option<DateTime<Utc>>,
}

/// Why an entry could not be written.
#[derive(Debug, thiserror::Error)]
pub enum CacheError {
    #[error("the cache folder {path} could not be written")]
    Write {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error("the entry of {bytes} bytes is larger than the cache's budget of {budget} bytes")]
    TooLarge { bytes: u64, budget: u64 },
}

/// The on-disk cache of every account (cheap to clone). A disabled cache (`default()`, for a
/// database in memory) keeps nothing.
#[derive(Clone, Default)]
pub struct DiskCache {
    inner: Option<Arc<Inner>>,
}

struct Inner {
    root: PathBuf,
    budget: u64,
    /// Bytes in entries, once counted (`None`: not yet).
    used: Mutex<Option<u64>>,
    /// The last time stamp given to an entry, in µs since the epoch: stamps strictly increase,
    /// so two uses in the same instant keep their order.
    last_stamp: AtomicU64,
    /// Numbers temporary files.
    temp_counter: AtomicU64,
}

impl DiskCache {
    /// A cache in `root` bounded by `budget` bytes.
    pub fn new(root: PathBuf, budget: u64) -> DiskCache {
        DiskCache {
            inner: Some(Arc::new(Inner {
                root,
                budget,
                used: Mutex::new(None),
                last_stamp: AtomicU64::new(0),
                temp_counter: AtomicU64::new(0),
            })),
        }
    }

    /// The cache of the data folder holding the database file `database`
    /// (`<folder>/cache`, default budget).
    pub fn beside(database: &Path) -> DiskCache {
        let folder = database.parent().unwrap_or(Path::new("."));
        DiskCache::new(folder.join(CACHE_DIR), DEFAULT_BUDGET_BYTES)
    }

    /// One account's part of the cache.
    pub fn account(&self, account: AccountId) -> AccountCache {
        AccountCache {
            cache: self.clone(),
            account,
        }
    }

    fn path(&self, account: AccountId, key: &Key) -> Option<PathBuf> {
        let inner = self.inner.as_ref()?;
        Some(inner.root.join(account.0.to_string()).join(key.file_name()))
    }

    /// The entry for `key`, if kept and whole; marks it as just used. A file that cannot be
    /// read as an entry is removed. Blocking.
    pub fn get(&self, account: AccountId, key: &Key) -> Option<Entry> {
        let inner = self.inner.as_ref()?;
        let path = self.path(account, key)?;
        let mut file = match fs::File::options().read(true).write(true).open(&path) {
            Ok(f) => f,
            Err(e) => {
                if e.kind() != io::ErrorKind::NotFound {
                    tracing::debug!(path = %path.display(), error = %e, "cache entry unreadable");
                }
                return None;
            }
        };
        let mut raw = Vec::new();
        let read = file.read_to_end(&mut raw);
        match read.ok().and_then(|_| parse(&raw, &key.text())) {
            Some(entry) => {
                file.set_modified(inner.stamp()).ok();
                Some(entry)
            }
            None => {
                drop(file);
                tracing::debug!(path = %path.display(), "cache entry damaged; removed");
                inner.forget_file(&path);
                None
            }
        }
    }

    /// Keeps `bytes` under `key` (replacing what was kept), then evicts the least recently
    /// used entries if the budget is exceeded. Blocking.
    pub fn put(&self, account: AccountId, key: &Key, bytes: &[u8]) -> Result<(), CacheError> {
        let Some(inner) = self.inner.as_ref() else {
            return Ok(());
        };
        let Some(path) = self.path(account, key) else {
            return Ok(());
        };
        let entry = encode(&key.text(), Utc::now(), bytes);
        let size = entry.len() as u64;
        if size > inner.budget {
            return Err(CacheError::TooLarge {
                bytes: size,
                budget: inner.budget,
            });
        }
        let folder = path.parent().unwrap_or(&inner.root).to_owned();
        let write_error = |source| CacheError::Write {
            path: folder.clone(),
            source,
        };
        fs::create_dir_all(&folder).map_err(write_error)?;
        let temp = folder.join(format!(
            "{}-{}-{}.{TEMP_EXT}",
            key.file_name(),
            std::process::id(),
            inner.temp_counter.fetch_add(1, Ordering::Relaxed)
        ));
        let written = (|| {
            let mut file = fs::File::create(&temp)?;
            file.write_all(&entry)?;
            file.set_modified(inner.stamp())?;
            drop(file);
            let replaced = fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
            fs::rename(&temp, &path)?;
            Ok(replaced)
        })();
        let replaced = match written {
            Ok(r) => r,
            Err(e) => {
                fs::remove_file(&temp).ok();
                return Err(write_error(e));
            }
        };
        let over = {
            let mut used = inner.used.locked();
            if let Some(u) = used.as_mut() {
                *u = (*u + size).saturating_sub(replaced);
            }
            used.is_none_or(|u| u > inner.budget)
        };
        if over {
            inner.evict();
        }
        Ok(())
    }

    /// The most bytes the cache keeps (0 for a disabled cache).
    pub fn budget(&self) -> u64 {
        self.inner.as_ref().map_or(0, |i| i.budget)
    }

    /// Bytes kept on disk, all accounts (counted anew). Blocking.
    pub fn size(&self) -> u64 {
        let Some(inner) = self.inner.as_ref() else {
            return 0;
        };
        let total = inner.entries().iter().map(|e| e.len).sum();
        *inner.used.locked() = Some(total);
        total
    }

    /// Removes every entry of every account. Blocking.
    pub fn clear(&self) -> Result<(), CacheError> {
        let Some(inner) = self.inner.as_ref() else {
            return Ok(());
        };
        let mut used = inner.used.locked();
        match fs::remove_dir_all(&inner.root) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(source) => {
                *used = None;
                return Err(CacheError::Write {
                    path: inner.root.clone(),
                    source,
                });
            }
        }
        *used = Some(0);
        Ok(())
    }
}

/// One account's part of the [`DiskCache`], with the async read-through the features use.
#[derive(Clone)]
pub struct AccountCache {
    cache: DiskCache,
    account: AccountId,
}

impl AccountCache {
    /// Fetches with `fetch`; a success is answered at once and written to the cache behind
    /// it (as JSON, on the blocking lane). When the service cannot be reached
    /// ([`unreachable`]), the value kept under `key` is answered instead, with the time it was
    /// saved; any other error, or nothing kept, is the fetch's error.
    pub async fn read_through<T, F>(
        &self,
        key: Key,
        fetch: F,
    ) -> Result<Fresh<T>, crate::api::ApiError>
    where
        T: Serialize + DeserializeOwned + Send + 'static,
        F: std::future::Future<Output = Result<T, crate::api::ApiError>>,
    {
        match fetch.await {
            Ok(value) => {
                let value = self.keep(key, value);
                Ok(Fresh {
                    value,
                    stale_since: None,
                })
            }
            Err(e) if unreachable(&e) => match self.load::<T>(key).await {
                Some((value, saved)) => {
                    tracing::debug!(error = %e, "service unreachable; answered from the cache");
                    Ok(Fresh {
                        value,
                        stale_since: Some(saved),
                    })
                }
                None => Err(e),
            },
            Err(e) => Err(e),
        }
    }

    /// Writes `value` behind the answer: serialized here (JSON of what was fetched, in the
    /// order of a millisecond per MiB), written on the blocking lane.
    fn keep<T: Serialize>(&self, key: Key, value: T) -> T {
        if self.cache.inner.is_none() {
            return value;
        }
        match serde_json::to_vec(&value) {
            Ok(bytes) => {
                let this = self.clone();
                tokio::spawn(blocking(move || {
                    if let Err(e) = this.cache.put(this.account, &key, &bytes) {
                        tracing::debug!(error = %e, "not cached");
                    }
                }));
            }
            Err(e) => tracing::debug!(error = %e, "not cached: not serializable"),
        }
        value
    }

    /// The value kept under `key` and when it was saved; `None` if none is kept or it cannot
    /// be read as a `T` (then it is removed).
    pub async fn load<T: DeserializeOwned + Send + 'static>(
        &self,
        key: Key,
    ) -> Option<(T, DateTime<Utc>)> {
        let this = self.clone();
        blocking(move || {
            let entry = this.cache.get(this.account, &key)?;
            match serde_json::from_slice(&entry.bytes) {
                Ok(value) => Some((value, entry.saved)),
                Err(e) => {
                    tracing::debug!(error = %e, "cache entry of another shape; removed");
                    if let (Some(inner), Some(path)) = (
                        this.cache.inner.as_ref(),
                        this.cache.path(this.account, &key),
                    ) {
                        inner.forget_file(&path);
                    }
                    None
                }
            }
        })
        .await
        .ok()
        .flatten()
    }
}

/// Whether `e` says the service could not be reached (no connection, a time-out, a name that
/// did not resolve, a connection broken off, something in between answering instead of it)
/// rather than that it refused the request: [`crate::api::ApiError::is_unreachable`].
pub fn unreachable(e: &crate::api::ApiError) -> bool {
    e.is_unreachable()
}

impl Inner {
    /// Now, strictly after the last stamp given.
    fn stamp(&self) -> SystemTime {
        let now = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_micros() as u64);
        let mut last = self.last_stamp.load(Ordering::Relaxed);
        loop {
            let next = now.max(last + 1);
            match self.last_stamp.compare_exchange_weak(
                last,
                next,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return SystemTime::UNIX_EPOCH + Duration::from_micros(next),
                Err(seen) => last = seen,
            }
        }
    }

    /// Removes a damaged entry and forgets its bytes.
    fn forget_file(&self, path: &Path) {
        let len = fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        if fs::remove_file(path).is_ok() {
            let mut used = self.used.locked();
            if let Some(u) = used.as_mut() {
                *u = u.saturating_sub(len);
            }
        }
    }

    /// Every entry of every account, removing temporary files left by a crash.
    fn entries(&self) -> Vec<Listed> {
        let mut out = Vec::new();
        let Ok(accounts) = fs::read_dir(&self.root) else {
            return out;
        };
        for folder in accounts.flatten() {
            let Ok(files) = fs::read_dir(folder.path()) else {
                continue;
            };
            for file in files.flatten() {
                let path = file.path();
                let Ok(meta) = file.metadata() else { continue };
                let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
                match path.extension().and_then(|e| e.to_str()) {
                    Some(ENTRY_EXT) => out.push(Listed {
                        path,
                        len: meta.len(),
                        modified,
                    }),
                    Some(TEMP_EXT) if modified.elapsed().is_ok_and(|age| age > TEMP_MAX_AGE) => {
                        fs::remove_file(&path).ok();
                    }
                    _ => {}
                }
            }
        }
        out
    }

    /// Removes the least recently used entries until at most the low-water mark is kept.
    fn evict(&self) {
        let mut used = self.used.locked();
        let mut entries = self.entries();
        let mut total: u64 = entries.iter().map(|e| e.len).sum();
        if total > self.budget {
            let target = self.budget / 100 * LOW_WATER_PERCENT;
            entries.sort_by(|a, b| a.modified.cmp(&b.modified).then(a.path.cmp(&b.path)));
            for old in entries {
                if total <= target {
                    break;
                }
                if fs::remove_file(&old.path).is_ok() {
                    total -= old.len;
                }
            }
        }
        *used = Some(total);
    }
}

struct Listed {
    path: PathBuf,
    len: u64,
    modified: SystemTime,
}

/// FNV-1a, 64 bit: stable across builds and platforms (file names, checksums).
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        hash ^= u64::from(*b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// An entry's bytes: magic, key length and key, time saved (ms since the epoch), payload
/// length, payload checksum, payload; numbers little-endian.
fn encode(key: &str, saved: DateTime<Utc>, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(payload.len() + key.len() + 32);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&(key.len() as u32).to_le_bytes());
    out.extend_from_slice(key.as_bytes());
    out.extend_from_slice(&saved.timestamp_millis().to_le_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&fnv1a(payload).to_le_bytes());
    out.extend_from_slice(payload);
    out
}

/// The entry in `raw` if it is whole and kept under `key`.
fn parse(raw: &[u8], key: &str) -> Option<Entry> {
    let mut rest = raw.strip_prefix(MAGIC.as_slice())?;
    let mut take = |n: usize| -> Option<&[u8]> {
        let (head, tail) = rest.split_at_checked(n)?;
        rest = tail;
        Some(head)
    };
    let key_len = u32::from_le_bytes(take(4)?.try_into().ok()?) as usize;
    if take(key_len)? != key.as_bytes() {
        return None;
    }
    let millis = i64::from_le_bytes(take(8)?.try_into().ok()?);
    let len = u64::from_le_bytes(take(8)?.try_into().ok()?);
    let sum = u64::from_le_bytes(take(8)?.try_into().ok()?);
    let payload = take(usize::try_from(len).ok()?)?;
    if !rest.is_empty() || fnv1a(payload) != sum {
        return None;
    }
    Some(Entry {
        bytes: payload.to_vec(),
        saved: DateTime::from_timestamp_millis(millis)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const ACCOUNT: AccountId = AccountId(7);

    fn key(i: usize) -> Key {
        Key::new(Kind::Logo, i, "")
    }

    fn cache(budget: u64) -> (tempfile::TempDir, DiskCache) {
        let dir = tempfile::tempdir().unwrap();
        let cache = DiskCache::new(dir.path().join(CACHE_DIR), budget);
        (dir, cache)
    }

    /// Size of an entry of `payload` bytes under `key(i)` with i < 10.
    fn entry_size(payload: usize) -> u64 {
        encode(&key(0).text(), Utc::now(), &vec![0; payload]).len() as u64
    }

    #[test]
    fn an_entry_round_trips_under_its_key_only() {
        let (_dir, c) = cache(DEFAULT_BUDGET_BYTES);
        let before = Utc::now();
        c.put(ACCOUNT, &key(1), b"{\"a\":1}").unwrap();
        let got = c.get(ACCOUNT, &key(1)).unwrap();
        assert_eq!(got.bytes, b"{\"a\":1}");
        assert!(got.saved >= before - chrono::Duration::milliseconds(1));
        assert_eq!(c.get(ACCOUNT, &key(2)), None);
        assert_eq!(c.get(AccountId(8), &key(1)), None, "another account's part");
        let variant = Key::new(Kind::Logo, 1, "other");
        assert_eq!(c.get(ACCOUNT, &variant), None);
        c.put(ACCOUNT, &key(1), b"new").unwrap();
        assert_eq!(c.get(ACCOUNT, &key(1)).unwrap().bytes, b"new");
    }

    #[test]
    fn the_bound_holds_and_the_least_recently_used_go_first() {
        let per = entry_size(1000);
        let (_dir, c) = cache(per * 5);
        for i in 0..5 {
            c.put(ACCOUNT, &key(i), &[1; 1000]).unwrap();
        }
        assert_eq!(c.size(), per * 5);
        // Entry 0 is read, so 1 is now the least recently used.
        assert!(c.get(ACCOUNT, &key(0)).is_some());
        c.put(ACCOUNT, &key(5), &[1; 1000]).unwrap();
        assert!(c.size() <= per * 5 * LOW_WATER_PERCENT / 100);
        assert!(c.get(ACCOUNT, &key(1)).is_none(), "least recently used");
        assert!(c.get(ACCOUNT, &key(0)).is_some(), "read recently, kept");
        assert!(c.get(ACCOUNT, &key(5)).is_some(), "newest, kept");
        for i in 6..40 {
            c.put(ACCOUNT, &key(i), &[1; 1000]).unwrap();
            assert!(c.size() <= per * 5, "bound exceeded after {i}");
        }
        let too_big = c.put(ACCOUNT, &key(99), &vec![1; (per * 6) as usize]);
        assert!(matches!(too_big, Err(CacheError::TooLarge { .. })));
    }

    #[test]
    fn the_bound_counts_a_cache_left_by_an_earlier_run() {
        let per = entry_size(1000);
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join(CACHE_DIR);
        let first = DiskCache::new(root.clone(), per * 10);
        for i in 0..8 {
            first.put(ACCOUNT, &key(i), &[1; 1000]).unwrap();
        }
        let second = DiskCache::new(root, per * 4);
        second.put(AccountId(9), &key(0), &[1; 1000]).unwrap();
        assert!(second.size() <= per * 4);
        assert!(second.get(AccountId(9), &key(0)).is_some());
        assert!(
            second.get(ACCOUNT, &key(0)).is_none(),
            "oldest of the earlier run"
        );
    }

    #[test]
    fn a_damaged_file_is_a_miss_and_is_removed() {
        let (dir, c) = cache(DEFAULT_BUDGET_BYTES);
        let folder = dir.path().join(CACHE_DIR).join(ACCOUNT.0.to_string());
        for (i, damage) in [
            |raw: &mut Vec<u8>| raw.truncate(raw.len() - 3),
            |raw: &mut Vec<u8>| *raw.last_mut().unwrap() ^= 0xff,
            |raw: &mut Vec<u8>| raw[0] = b'X',
            |raw: &mut Vec<u8>| raw.clear(),
            |raw: &mut Vec<u8>| raw.extend_from_slice(b"more"),
        ]
        .into_iter()
        .enumerate()
        {
            c.put(ACCOUNT, &key(i), b"payload bytes").unwrap();
            let path = folder.join(key(i).file_name());
            let mut raw = fs::read(&path).unwrap();
            damage(&mut raw);
            fs::write(&path, raw).unwrap();
            assert_eq!(c.get(ACCOUNT, &key(i)), None, "damage {i}");
            assert!(!path.exists(), "damage {i}: removed");
        }
    }

    #[test]
    fn a_hash_collision_reads_as_a_miss() {
        let (dir, c) = cache(DEFAULT_BUDGET_BYTES);
        c.put(ACCOUNT, &key(1), b"one").unwrap();
        let folder = dir.path().join(CACHE_DIR).join(ACCOUNT.0.to_string());
        // Entry 2's file holds entry 1's key, as a colliding hash would leave it.
        fs::copy(
            folder.join(key(1).file_name()),
            folder.join(key(2).file_name()),
        )
        .unwrap();
        assert_eq!(c.get(ACCOUNT, &key(2)), None);
        assert!(c.get(ACCOUNT, &key(1)).is_some());
    }

    #[test]
    fn a_write_leaves_no_temporary_file_and_an_old_one_is_swept() {
        let (dir, c) = cache(entry_size(10) * 2);
        let folder = dir.path().join(CACHE_DIR).join(ACCOUNT.0.to_string());
        c.put(ACCOUNT, &key(1), b"0123456789").unwrap();
        let names: Vec<_> = fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(names, vec![key(1).file_name()]);
        // A crash between write and rename leaves a temporary file; the entry is untouched.
        let stale = folder.join(format!("{}-1-1.{TEMP_EXT}", key(1).file_name()));
        fs::write(&stale, b"LDC1 half").unwrap();
        let old = SystemTime::now() - TEMP_MAX_AGE - Duration::from_secs(60);
        fs::File::options()
            .write(true)
            .open(&stale)
            .unwrap()
            .set_modified(old)
            .unwrap();
        assert_eq!(c.get(ACCOUNT, &key(1)).unwrap().bytes, b"0123456789");
        c.put(ACCOUNT, &key(2), b"0123456789").unwrap();
        c.put(ACCOUNT, &key(3), b"0123456789").unwrap();
        assert!(!stale.exists(), "swept by the eviction's scan");
    }

    #[test]
    fn clear_empties_and_a_disabled_cache_keeps_nothing() {
        let (_dir, c) = cache(DEFAULT_BUDGET_BYTES);
        c.put(ACCOUNT, &key(1), b"x").unwrap();
        assert!(c.size() > 0);
        c.clear().unwrap();
        assert_eq!(c.size(), 0);
        assert_eq!(c.get(ACCOUNT, &key(1)), None);
        c.put(ACCOUNT, &key(1), b"x").unwrap();
        assert!(c.get(ACCOUNT, &key(1)).is_some(), "usable after clearing");

        let off = DiskCache::default();
        off.put(ACCOUNT, &key(1), b"x").unwrap();
        assert_eq!(off.get(ACCOUNT, &key(1)), None);
    }

    #[test]
    fn only_an_unreachable_service_counts_as_offline() {
        use crate::api::ApiError;
        let validation = ApiError::Validation(Vec::new());
        assert!(!unreachable(&validation));
    }
}
