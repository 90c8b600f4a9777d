//! The logos feature: pages of the logo list as cards with thumbnails streamed behind them
//! (the one logo search: the gallery's pages and the composer's and canvas's pickers),
//! thumbnails the UI evicted sent again, one logo in full with its picture decoded, and one
//! logo's facts without pictures (the composer's kind and prices).

use crate::api::{ListLogos, Logo, LogoSummary};
use crate::backend::support::disk_cache::{DiskCache, Key, Kind};
use crate::backend::support::fetch::LogoCache;
use crate::backend::support::pictures::{
    self, SharedThumbs, Thumbnail, send_thumbnail, stream_thumbnails,
};
use crate::backend::support::{
    Active, CardPage, Generation, LogoCard, LogoRef, RequestId, Sink, ThumbKey, UserError, active,
    blocking, debug_as_name, heavy,
};
use crate::sync::Lock as _;
use std::sync::Arc;
use tokio::task::JoinHandle;

/// What the gallery, the logo pickers and the logo detail ask of the backend.
#[derive(strum::IntoStaticStr)]
pub enum LogosCommand {
    /// Fetch one page of the logo list (a search by title is its query's `search`);
    /// answered by [`LogosEvent::Page`]. Page 1 (a new query) supersedes the same lister's
    /// list requests still running; later pages are fetched side by side.
    List {
        request: RequestId,
        query: ListLogos,
        lister: Lister,
    },
    /// Send these thumbnails again (the UI evicted them); from the backend's cache, or
    /// fetched anew.
    LoadThumbnails { keys: Vec<ThumbKey> },
    /// Fetch one logo in full. Supersedes any detail request still running.
    Open { request: RequestId, target: LogoRef },
    /// Fetch one logo without pictures (its kind, prices and fees; from the account's cache
    /// when asked before); answered by [`LogosEvent::Fetched`]. Look-ups run side by side.
    Fetch { request: RequestId, target: LogoRef },
}

/// Whose list a [`LogosCommand::List`] is: a new query supersedes only that lister's
/// requests, so a picker's search never stops the gallery's pages, nor the other way round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lister {
    /// The gallery's paged list.
    Gallery,
    /// The composer's loose-logo picker.
    Composer,
    /// The clone canvas's "Add logo…".
    Canvas,
}

/// What the backend answers.
#[derive(strum::IntoStaticStr)]
pub enum LogosEvent {
    /// A page of the logo list.
    Page(CardPage),
    /// A logo in full.
    Opened(Box<LogoDetail>),
    /// A logo without pictures (the answer to [`LogosCommand::Fetch`]).
    Fetched(Box<Logo>),
}

debug_as_name!(LogosCommand, LogosEvent);

impl LogosCommand {
    /// The request the command answers (`None`: it answers nobody; its failure is a notice).
    pub fn request(&self) -> Option<RequestId> {
        match self {
            LogosCommand::List { request, .. }
            | LogosCommand::Open { request, .. }
            | LogosCommand::Fetch { request, .. } => Some(*request),
            LogosCommand::LoadThumbnails { .. } => None,
        }
    }
}

/// A logo in full, its pictures decoded.
#[derive(Clone)]
pub struct LogoDetail {
    /// The logo, with `low_res_base64` and `high_res_base64` emptied (the pixels are below).
    pub logo: Logo,
    /// The high-resolution picture (or the low-resolution one if that is all there is).
    pub image: Option<Arc<egui::ColorImage>>,
    /// Why there is no picture, if there is none.
    pub image_error: Option<String>,
    /// When it was saved, if it comes from the disk cache (the service could not be reached).
    pub stale_since: Option<chrono::DateTime<chrono::Utc>>,
}

/// The logos feature: its sinks, the shared thumbnail cache and the requests it runs.
pub(super) struct Logos {
    sink: Sink<LogosEvent>,
    thumbnails: Sink<Thumbnail>,
    thumbs: SharedThumbs,
    /// What was seen, for browsing when the service cannot be reached.
    disk: DiskCache,
    active: Option<Active>,
    /// Pages of the list being fetched, by lister; a new query (page 1) supersedes its
    /// lister's.
    list_tasks: Vec<(Lister, JoinHandle<()>)>,
    detail_task: Option<JoinHandle<()>>,
    /// The account's logos without their big pictures, for [`LogosCommand::Fetch`].
    cache: Arc<LogoCache>,
}

impl Logos {
    pub(super) fn new(
        sink: Sink<LogosEvent>,
        thumbnails: Sink<Thumbnail>,
        thumbs: SharedThumbs,
        disk: DiskCache,
    ) -> Logos {
        Logos {
            sink,
            thumbnails,
            thumbs,
            disk,
            active: None,
            list_tasks: Vec::new(),
            detail_task: None,
            cache: Arc::default(),
        }
    }

    /// Another account is shown: what ran for the old one stops, and its thumbnails go.
    pub(super) async fn activate(&mut self, active: &Active) {
        self.abort();
        self.cache.clear();
        self.thumbs.locked().clear();
        self.active = Some(active.clone());
    }

    /// Stops the requests running.
    pub(super) fn abort(&mut self) {
        let lists = self.list_tasks.drain(..).map(|(_, task)| task);
        for task in lists.chain(self.detail_task.take()) {
            task.abort();
        }
    }

    pub(super) async fn handle(&mut self, command: LogosCommand) -> Result<(), UserError> {
        let active = active(&self.active)?.clone();
        match command {
            LogosCommand::List {
                request,
                query,
                lister,
            } => self.list(&active, request, query, lister),
            LogosCommand::LoadThumbnails { keys } => self.load_thumbnails(&active, keys),
            LogosCommand::Open { request, target } => self.open(&active, request, target),
            LogosCommand::Fetch { request, target } => self.fetch(&active, request, target)?,
        }
        Ok(())
    }

    fn list(&mut self, active: &Active, request: RequestId, query: ListLogos, lister: Lister) {
        let new_query = query.page.unwrap_or(1) <= 1;
        self.list_tasks.retain(|(of, task)| {
            // A new query: the pages of its lister's old one are of no use any more.
            let superseded = new_query && *of == lister;
            if superseded {
                task.abort();
            }
            !superseded && !task.is_finished()
        });
        let generation = active.generation;
        let client = match active.client() {
            Ok(c) => c,
            Err(e) => return self.sink.fail(Some(generation), Some(request), e),
        };
        let (sink, thumbnails, thumbs) = (
            self.sink.clone(),
            self.thumbnails.clone(),
            self.thumbs.clone(),
        );
        let cache = self.disk.account(active.account());
        let task = tokio::spawn(async move {
            let key = Key::new(Kind::LogoPage, page_key(&query), "");
            let fetched = cache.read_through(key, client.logos().list(&query)).await;
            let (page, stale_since) = match fetched {
                Ok(p) => (p.value, p.stale_since),
                Err(e) => {
                    return sink.fail(Some(generation), Some(request), UserError::from_api(&e));
                }
            };
            let cards = CardPage {
                items: page
                    .items
                    .iter()
                    .map(|s| LogoCard::from_summary(s, generation))
                    .collect(),
                page: page.page,
                page_size: page.page_size,
                total_count: page.total_count,
                total_pages: page.total_pages,
                stale_since,
            };
            let keys: Vec<ThumbKey> = cards.items.iter().map(|c| c.thumb).collect();
            sink.answer(generation, request, LogosEvent::Page(cards));
            stream_thumbnails(
                thumbnails,
                thumbs,
                keys.into_iter().zip(page.items).collect(),
            )
            .await;
        });
        self.list_tasks.push((lister, task));
    }

    fn load_thumbnails(&self, active: &Active, keys: Vec<ThumbKey>) {
        let generation: Generation = active.generation;
        let keys: Vec<ThumbKey> = keys
            .into_iter()
            .filter(|k| k.generation == generation)
            .collect();
        if keys.is_empty() {
            return;
        }
        let (sink, thumbs) = (self.thumbnails.clone(), self.thumbs.clone());
        let client = active.client();
        let disk = self.disk.account(active.account());
        tokio::spawn(async move {
            let cache = thumbs.clone();
            let keys_for_cache = keys.clone();
            let missing = blocking(move || {
                let mut missing = Vec::new();
                for key in keys_for_cache {
                    let png = cache.locked().get(&key);
                    match png.as_deref().and_then(pictures::decode_cached) {
                        Some(image) => send_thumbnail(&sink, key, image),
                        None => missing.push(key),
                    }
                }
                (missing, sink)
            })
            .await;
            let Ok((missing, sink)) = missing else { return };
            let Ok(client) = client else { return };
            // Evicted from both caches: fetch the logos again (rare: only after long scrolling).
            let mut refetched = Vec::new();
            for key in missing {
                let fetch = client.logos().get(key.logo);
                match disk
                    .read_through(logo_key(LogoRef::Id(key.logo)), fetch)
                    .await
                {
                    Ok(logo) => refetched.push((key, LogoSummary::from(&logo.value))),
                    Err(e) => {
                        tracing::debug!(logo = %key.logo, error = %e, "thumbnail refetch failed")
                    }
                }
            }
            stream_thumbnails(sink, thumbs, refetched).await;
        });
    }

    fn fetch(&self, active: &Active, request: RequestId, target: LogoRef) -> Result<(), UserError> {
        let (generation, client) = (active.generation, active.client()?);
        let (sink, cache) = (self.sink.clone(), self.cache.clone());
        tokio::spawn(async move {
            let result = match target {
                LogoRef::Id(id) => cache.get(&client, id, generation).await,
                LogoRef::ItemNo(n) => client.logos().by_item_no(n).await,
            }
            .map(|mut logo| {
                logo.high_res_base64.clear();
                logo.low_res_base64.clear();
                Box::new(logo)
            })
            .map_err(|e| UserError::from_api(&e));
            sink.reply(generation, request, result.map(LogosEvent::Fetched));
        });
        Ok(())
    }

    fn open(&mut self, active: &Active, request: RequestId, target: LogoRef) {
        if let Some(t) = self.detail_task.take() {
            t.abort();
        }
        let generation = active.generation;
        let client = match active.client() {
            Ok(c) => c,
            Err(e) => return self.sink.fail(Some(generation), Some(request), e),
        };
        let sink = self.sink.clone();
        let cache = self.disk.account(active.account());
        self.detail_task = Some(tokio::spawn(async move {
            let fetched = match target {
                LogoRef::Id(id) => client.logos().get(id).await,
                LogoRef::ItemNo(n) => client.logos().by_item_no(n).await,
            };
            let fetched = cache
                .read_through(logo_key(target), async { fetched })
                .await;
            let (mut logo, stale_since) = match fetched {
                Ok(l) => (l.value, l.stale_since),
                Err(e) => {
                    return sink.fail(Some(generation), Some(request), UserError::from_api(&e));
                }
            };
            let source = pictures::take_picture(&mut logo);
            let decoded = heavy(move || match source {
                Some(source) => {
                    pictures::decode_detail(&source).map_err(|e| pictures::picture_sentence(&e))
                }
                None => Err(pictures::no_picture()),
            })
            .await;
            let (image, image_error) = match decoded {
                Ok(Ok(img)) => (Some(img), None),
                Ok(Err(msg)) => (None, Some(msg)),
                Err(e) => (None, Some(e.message)),
            };
            let detail = LogoDetail {
                logo,
                image,
                image_error,
                stale_since,
            };
            sink.answer(generation, request, LogosEvent::Opened(Box::new(detail)));
        }));
    }
}

/// The disk cache's key of a list query (its JSON: page, size, search…).
fn page_key(query: &ListLogos) -> String {
    serde_json::to_string(query).unwrap_or_default()
}

/// The disk cache's key of a logo in full.
fn logo_key(target: LogoRef) -> Key {
    match target {
        LogoRef::Id(id) => Key::new(Kind::Logo, id.0, ""),
        LogoRef::ItemNo(n) => Key::new(Kind::LogoByItemNo, n.0, ""),
    }
}
