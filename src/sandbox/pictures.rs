//! The sandbox's pictures: PNG bytes kept apart from the logo records, which hold only their
//! [`PictureId`]s. A persistent sandbox keeps them in the `pictures` table of its SQLite file
//! and reads them back for each answer, so a sandbox with thousands of logos holds none of
//! their pixels in memory; an in-memory sandbox keeps them in a map of shared byte slices.
//!
//! Pictures are immutable and never deleted: a recolor stores new ones, and ids stay valid
//! for as long as the sandbox's data lives. Reads take the picture store's own lock, not the
//! state's, so answers are filled in after the state lock is released.

use crate::sync::Lock as _;
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use rusqlite::{Connection, OptionalExtension as _, params};
use serde::{Deserialize, Serialize};

use super::error::{Result, SandboxError};
use crate::api::{Logo, LogoSummary};

/// The id of a stored picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PictureId(pub i64);

/// The pictures of one logo.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogoPictures {
    /// The kept original (at most [`super::logos::HIGH_RES_SIDE`] px); recoloring always
    /// starts from it.
    pub original: Option<PictureId>,
    /// The high-resolution preview (the original until a recolor).
    pub high: Option<PictureId>,
    /// The low-resolution preview.
    pub low: Option<PictureId>,
}

/// A logo as answered, before its pictures are filled in from the store.
#[derive(Debug, Clone, PartialEq)]
pub struct LogoOut {
    /// The logo, its base64 fields empty.
    pub logo: Logo,
    /// Where its pictures are.
    pub pictures: LogoPictures,
}

/// A page of the logo list, before its previews are filled in from the store.
#[derive(Debug, Clone, PartialEq)]
pub struct SummariesOut {
    /// The page, its base64 fields empty.
    pub page: crate::api::Page<LogoSummary>,
    /// The low-resolution preview of each item, in item order.
    pub lows: Vec<Option<PictureId>>,
}

/// Pictures in memory: bytes by id, and the next id to hand out.
struct MemoryPictures {
    map: HashMap<PictureId, Arc<[u8]>>,
    next: i64,
}

/// How many connections read pictures in parallel (each answer reads up to 25).
const READERS: usize = 4;

enum Backing {
    /// In memory.
    Memory(Mutex<MemoryPictures>),
    /// In the `pictures` table of the sandbox's SQLite file, through connections of its own:
    /// one that writes, a few that read (WAL lets them read while it writes).
    Sqlite {
        writer: Mutex<Connection>,
        readers: Vec<Mutex<Connection>>,
        next_reader: AtomicUsize,
    },
}

/// Where a sandbox's pictures live; cheap to clone (all clones share the same store).
#[derive(Clone)]
pub struct Pictures {
    inner: Arc<Backing>,
}

/// Opens a connection to the pictures' file: WAL, waiting for the writer when busy.
fn connect(path: &Path) -> Result<Connection> {
    let conn = Connection::open(path)?;
    // `journal_mode` answers with a row, so it is read rather than executed.
    let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
    conn.execute_batch(
        "PRAGMA synchronous = NORMAL;
         PRAGMA busy_timeout = 5000;
         PRAGMA cache_size = -1024;",
    )?;
    Ok(conn)
}

impl std::fmt::Debug for Pictures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match &*self.inner {
            Backing::Memory(m) => format!("memory ({} pictures)", m.locked().map.len()),
            Backing::Sqlite { .. } => "sqlite".to_owned(),
        };
        f.debug_struct("Pictures").field("backing", &kind).finish()
    }
}

impl Default for Pictures {
    fn default() -> Self {
        Pictures::in_memory()
    }
}

impl Pictures {
    /// An empty in-memory store.
    pub fn in_memory() -> Pictures {
        Pictures {
            inner: Arc::new(Backing::Memory(Mutex::new(MemoryPictures {
                map: HashMap::new(),
                next: 1,
            }))),
        }
    }

    /// The `pictures` table of the SQLite file at `path` (created when missing), through
    /// connections of its own.
    pub fn open(path: &Path) -> Result<Pictures> {
        let writer = connect(path)?;
        writer.execute_batch(
            "CREATE TABLE IF NOT EXISTS pictures (
                 id  INTEGER PRIMARY KEY,
                 png BLOB NOT NULL
             );",
        )?;
        let readers = (0..READERS)
            .map(|_| connect(path).map(Mutex::new))
            .collect::<Result<_>>()?;
        Ok(Pictures {
            inner: Arc::new(Backing::Sqlite {
                writer: Mutex::new(writer),
                readers,
                next_reader: AtomicUsize::new(0),
            }),
        })
    }

    /// Stores a picture and answers its new id.
    pub fn put(&self, png: Arc<[u8]>) -> Result<PictureId> {
        match &*self.inner {
            Backing::Memory(m) => {
                let mut m = m.locked();
                let id = PictureId(m.next);
                m.next += 1;
                m.map.insert(id, png);
                Ok(id)
            }
            Backing::Sqlite { writer, .. } => {
                let conn = writer.locked();
                conn.prepare_cached("INSERT INTO pictures (png) VALUES (?1)")?
                    .execute(params![&*png])?;
                Ok(PictureId(conn.last_insert_rowid()))
            }
        }
    }

    /// Stores pictures under ids chosen by the caller (the demo data's), replacing any picture
    /// already stored under one of them, in one transaction.
    pub fn put_with_ids(&self, pictures: &[(PictureId, Arc<[u8]>)]) -> Result<()> {
        match &*self.inner {
            Backing::Memory(m) => {
                let mut m = m.locked();
                for (id, png) in pictures {
                    m.map.insert(*id, Arc::clone(png));
                    m.next = m.next.max(id.0 + 1);
                }
                Ok(())
            }
            Backing::Sqlite { writer, .. } => {
                let conn = writer.locked();
                let tx = conn.unchecked_transaction()?;
                {
                    let mut put = tx.prepare_cached(
                        "INSERT INTO pictures (id, png) VALUES (?1, ?2)
                         ON CONFLICT (id) DO UPDATE SET png = excluded.png",
                    )?;
                    for (id, png) in pictures {
                        put.execute(params![id.0, &**png])?;
                    }
                }
                tx.commit()?;
                Ok(())
            }
        }
    }

    /// The bytes of a picture, if it is stored.
    pub fn get(&self, id: PictureId) -> Result<Option<Arc<[u8]>>> {
        match &*self.inner {
            Backing::Memory(m) => Ok(m.locked().map.get(&id).cloned()),
            Backing::Sqlite {
                readers,
                next_reader,
                ..
            } => {
                // Any idle reader, else the next one in turn.
                let conn = readers
                    .iter()
                    .find_map(|r| r.try_lock().ok())
                    .unwrap_or_else(|| {
                        let i = next_reader.fetch_add(1, Ordering::Relaxed) % readers.len();
                        readers[i].locked()
                    });
                Ok(conn
                    .prepare_cached("SELECT png FROM pictures WHERE id = ?1")?
                    .query_row(params![id.0], |r| r.get::<_, Vec<u8>>(0))
                    .optional()?
                    .map(Arc::from))
            }
        }
    }

    /// A picture as standard base64; empty when there is none (the live service's form of
    /// a missing preview).
    pub fn base64(&self, id: Option<PictureId>) -> Result<String> {
        let Some(id) = id else {
            return Ok(String::new());
        };
        match self.get(id)? {
            Some(png) => Ok(STANDARD.encode(&*png)),
            None => {
                tracing::warn!(
                    picture = id.0,
                    "a logo refers to a picture that is not stored"
                );
                Ok(String::new())
            }
        }
    }

    /// The logo with its previews filled in.
    pub fn fill_logo(&self, out: LogoOut) -> Result<Logo> {
        let mut logo = out.logo;
        logo.high_res_base64 = self.base64(out.pictures.high)?;
        logo.low_res_base64 = self.base64(out.pictures.low)?;
        Ok(logo)
    }

    /// The page with every item's low-resolution preview filled in.
    pub fn fill_summaries(&self, out: SummariesOut) -> Result<crate::api::Page<LogoSummary>> {
        let mut page = out.page;
        if page.items.len() != out.lows.len() {
            return Err(SandboxError::Internal(
                "a logo page and its previews do not match".into(),
            ));
        }
        for (item, low) in page.items.iter_mut().zip(out.lows) {
            item.low_res_base64 = self.base64(low)?;
        }
        Ok(page)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(s: &str) -> Arc<[u8]> {
        Arc::from(s.as_bytes())
    }

    fn round_trip(p: &Pictures) {
        let a = p.put(bytes("first")).unwrap();
        let b = p.put(bytes("second")).unwrap();
        assert_ne!(a, b);
        assert_eq!(p.get(a).unwrap().as_deref(), Some(&b"first"[..]));
        assert_eq!(p.base64(Some(b)).unwrap(), STANDARD.encode("second"));
        assert_eq!(p.base64(None).unwrap(), "");
        assert_eq!(p.base64(Some(PictureId(9_999))).unwrap(), "");
        p.put_with_ids(&[(PictureId(100), bytes("demo"))]).unwrap();
        assert_eq!(
            p.get(PictureId(100)).unwrap().as_deref(),
            Some(&b"demo"[..])
        );
        let c = p.put(bytes("after")).unwrap();
        assert!(c.0 > 100, "new ids come after the chosen ones (got {c:?})");
    }

    #[test]
    fn memory_store_round_trips() {
        round_trip(&Pictures::in_memory());
    }

    #[test]
    fn sqlite_store_round_trips_and_survives_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.sqlite");
        let p = Pictures::open(&path).unwrap();
        round_trip(&p);
        drop(p);
        let again = Pictures::open(&path).unwrap();
        assert_eq!(
            again.get(PictureId(100)).unwrap().as_deref(),
            Some(&b"demo"[..])
        );
    }
}
