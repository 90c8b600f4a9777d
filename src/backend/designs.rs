//! The designs feature: a design with its placements' logos (the one answer the Designs
//! screen and the order composer both use: [`DesignView`]), its views rendered (its own
//! placements, the bare garment, or a clone's temporary placements) decoded off the UI
//! thread, and clones into variations. (The clone canvas's picker searches logos through the
//! logos feature.)

use crate::api::Feature;
use crate::api::designs::RenderDesign;
use crate::api::{
    ApiError, Client, CloneDesign, Design, DesignId, DesignRef, Logo, LogoId, LogoSummary,
    Placement,
};
use crate::backend::support::disk_cache::{AccountCache, DiskCache, Fresh, Key, Kind};
use crate::backend::support::fetch::{LogoCache, design_and_logos};
use crate::backend::support::pictures::{
    SharedThumbs, Thumbnail, picture_sentence, stream_thumbnails, to_color_image,
};
use crate::backend::support::{
    Active, Generation, LogoCard, RequestId, Sink, ThumbKey, UserError, active, debug_as_name,
    heavy,
};
use crate::imaging::garments::{self, Art, Placed};
use crate::imaging::{self, Limits};
use crate::sandbox::styles::{SandboxStyle, StyleView};
use crate::sync::Lock as _;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::task::JoinHandle;

/// Longest side of a view picture sent to the UI (the coordinates stay those of the picture
/// the service drew: [`ViewGeometry`]).
pub const VIEW_SIDE: u32 = 1024;

/// Pixels per millimetre assumed when the server says nothing of its views (the sandbox's
/// scale; the live API documents none).
pub const DEFAULT_PX_PER_MM: f64 = 2.0;

/// What the Designs screen and the composer ask of the backend about designs.
#[derive(strum::IntoStaticStr)]
pub enum DesignsCommand {
    /// Fetch a design and its placements' logos; answered by [`DesignsEvent::Opened`] with a
    /// [`DesignView`]. How depends on who opens it: [`Opener`].
    Open {
        request: RequestId,
        target: DesignRef,
        opener: Opener,
    },
    /// Clone `source` into the variations of `body` (checked with
    /// [`crate::api::designs::validate_clone`] first; never retried automatically).
    Clone {
        request: RequestId,
        source: DesignId,
        body: CloneDesign,
    },
    /// Render the views of design `id` (style `style_id`, for the views' scale) as `kind`
    /// says. A preview supersedes the preview still running; the bare garment is cached per
    /// design.
    Render {
        request: RequestId,
        id: DesignId,
        style_id: Option<i64>,
        kind: RenderKind,
    },
}

/// Who opens a design, which decides how it is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opener {
    /// The Designs screen: the design shown. Its open supersedes its open still running,
    /// reads the logos anew (a refresh shows a renamed logo) and sends their thumbnails.
    DesignsScreen,
    /// The composer, for one design line (titles, kinds and prices): its opens run side by
    /// side, the logos come from the account's cache, no thumbnails are sent.
    Composer,
}

/// Which placements a rendering draws.
#[derive(Debug, Clone, PartialEq)]
pub enum RenderKind {
    /// The design's own placements (the design view).
    Own,
    /// None: the bare garment (the clone canvas's background).
    Bare,
    /// Temporary placements (a clone variation being edited). Only the newest edit's answer
    /// reaches the screen: each is a new request of a newest-only slot.
    Preview(Vec<Placement>),
}

impl RenderKind {
    /// Which rendering this is, without its placements (what the answer says).
    pub fn rendering(&self) -> Rendering {
        match self {
            RenderKind::Own => Rendering::Own,
            RenderKind::Bare => Rendering::Bare,
            RenderKind::Preview(_) => Rendering::Preview,
        }
    }
}

/// Which rendering an answer is: a [`RenderKind`] without the placements the screen sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rendering {
    Own,
    Bare,
    Preview,
}

/// Where a view's coordinates come from, and its scale.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ViewGeometry {
    /// Width of the coordinate space in px (the picture the service drew).
    pub width: f64,
    /// Height of the coordinate space in px.
    pub height: f64,
    /// Pixels per millimetre of garment: a logo `w` mm wide covers `w × px_per_mm` px.
    pub px_per_mm: f64,
    /// x of the garment's vertical centre line, in px.
    pub center_x: f64,
    /// Whether the scale and centre line are the server's (the sandbox's style), or assumed
    /// ([`DEFAULT_PX_PER_MM`], the picture's middle).
    pub from_style: bool,
}

impl ViewGeometry {
    /// The geometry of a picture of `width × height` px with the view `style` gives, if any.
    pub fn of(width: u32, height: u32, style: Option<&StyleView>) -> Self {
        let (width, height) = (f64::from(width), f64::from(height));
        match style {
            Some(s) if s.px_per_mm.is_finite() && s.px_per_mm > 0.0 => ViewGeometry {
                width,
                height,
                px_per_mm: s.px_per_mm,
                center_x: if s.center_x.is_finite() {
                    s.center_x
                } else {
                    width / 2.0
                },
                from_style: true,
            },
            _ => ViewGeometry {
                width,
                height,
                px_per_mm: DEFAULT_PX_PER_MM,
                center_x: width / 2.0,
                from_style: false,
            },
        }
    }
}

/// One rendered view, decoded and shrunk to at most [`VIEW_SIDE`] for the screen.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewPicture {
    /// The view's name as the service wrote it (`FRONT`, `LEFT SLEEVE`).
    pub view: String,
    pub geometry: ViewGeometry,
    /// The pixels, or why the picture is not shown.
    pub image: Result<Arc<egui::ColorImage>, String>,
}

/// The views of a design, as one rendering answered them.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderedViews {
    pub views: Vec<ViewPicture>,
    /// When they were saved, if they come from the disk cache (the service could not be
    /// reached).
    pub stale_since: Option<chrono::DateTime<chrono::Utc>>,
    /// Drawn here, not by the service, because it does not offer this feature: a plain
    /// garment with each logo's own picture at its placement ([`draw_here`]).
    pub drawn_here: Option<Feature>,
}

/// A design with its placements' logos: the one answer to "this design and its logos", for
/// the Designs screen (its facts, placements and canvas) and the composer (a design line's
/// title, placeholders and estimate).
#[derive(Debug, Clone, PartialEq)]
pub struct DesignView {
    pub design: Design,
    /// Each distinct logo of the placements that could be read, in order of first placement,
    /// as the screens show a logo (its thumbnail comes as a [`Thumbnail`] under `thumb`).
    pub logos: Vec<LogoCard>,
    /// The same logos in full without pictures (tiers and fees, for the estimate).
    pub priced: Vec<Logo>,
    /// Logos that could not be read, with the sentence why.
    pub unreadable: Vec<(LogoId, String)>,
    /// When it was saved, if it comes from the disk cache (the service could not be reached).
    pub stale_since: Option<chrono::DateTime<chrono::Utc>>,
}

impl DesignView {
    /// What is known of a placement's logo.
    pub fn logo(&self, id: LogoId) -> Option<&LogoCard> {
        self.logos.iter().find(|l| l.logo_id == id)
    }

    /// Each logo that could be read with the view of its first placement (`""` if none): the
    /// placeholders a design line of an order asks values for.
    pub fn first_views(&self) -> impl Iterator<Item = (&LogoCard, &str)> {
        self.logos.iter().map(|logo| {
            let view = self
                .design
                .design_logos
                .iter()
                .find(|p| p.logo_id == logo.logo_id)
                .map_or("", |p| p.view.as_str());
            (logo, view)
        })
    }
}

/// What the backend tells the Designs screen.
#[derive(strum::IntoStaticStr)]
pub enum DesignsEvent {
    /// A design the screen asked for.
    Opened(Box<DesignView>),
    /// The new designs of a clone, in variation order.
    Cloned(Vec<Design>),
    /// The views of a rendering: which one it is (the command's kind without its
    /// placements), and its pictures.
    Rendered {
        kind: Rendering,
        views: RenderedViews,
    },
}

debug_as_name!(DesignsCommand, DesignsEvent);

impl DesignsCommand {
    /// The request the command answers.
    pub fn request(&self) -> Option<RequestId> {
        match self {
            DesignsCommand::Open { request, .. }
            | DesignsCommand::Clone { request, .. }
            | DesignsCommand::Render { request, .. } => Some(*request),
        }
    }
}

/// The designs feature: the Designs screen's open in flight, the account's logos without
/// pictures, and what renderings keep.
pub(super) struct Designs {
    sink: Sink<DesignsEvent>,
    thumbnails: Sink<Thumbnail>,
    thumbs: SharedThumbs,
    active: Option<Active>,
    open_task: Option<JoinHandle<()>>,
    logos: Arc<LogoCache>,
    preview_task: Option<JoinHandle<()>>,
    caches: Arc<Caches>,
    /// What was seen, for browsing when the service cannot be reached.
    disk: DiskCache,
}

/// What renderings keep for the account shown: the bare garment per design, and each
/// style's views as the sandbox describes them (`None`: the server has no such look-up).
#[derive(Default)]
struct Caches {
    bare: Mutex<HashMap<DesignId, RenderedViews>>,
    styles: Mutex<HashMap<i64, Option<SandboxStyle>>>,
    /// The account's part of the disk cache (none before an activation).
    disk: Option<AccountCache>,
}

/// A design and its placements' logos as the disk cache keeps them (the logos' previews
/// kept for the thumbnails, their big pictures dropped; a logo that could not be read as the
/// sentence why).
#[derive(serde::Serialize, serde::Deserialize)]
struct KeptDesign {
    design: Design,
    logos: Vec<(LogoId, Result<Logo, String>)>,
}

impl Designs {
    pub(super) fn new(
        sink: Sink<DesignsEvent>,
        thumbnails: Sink<Thumbnail>,
        thumbs: SharedThumbs,
        disk: DiskCache,
    ) -> Designs {
        Designs {
            sink,
            thumbnails,
            thumbs,
            active: None,
            open_task: None,
            logos: Arc::default(),
            preview_task: None,
            caches: Arc::default(),
            disk,
        }
    }

    /// Another account is shown: what was running and what was kept belong to the old one.
    pub(super) async fn activate(&mut self, active: &Active) {
        for task in [self.open_task.take(), self.preview_task.take()]
            .into_iter()
            .flatten()
        {
            task.abort();
        }
        self.caches = Arc::new(Caches {
            disk: Some(self.disk.account(active.account())),
            ..Caches::default()
        });
        self.logos.clear();
        self.active = Some(active.clone());
    }

    pub(super) async fn handle(&mut self, command: DesignsCommand) -> Result<(), UserError> {
        let active = active(&self.active)?;
        let (generation, client) = (active.generation, active.client());
        let sink = self.sink.clone();
        match command {
            DesignsCommand::Open {
                request,
                target,
                opener,
            } => {
                let screen = opener == Opener::DesignsScreen;
                if screen && let Some(t) = self.open_task.take() {
                    t.abort();
                }
                let (thumbnails, thumbs) = (self.thumbnails.clone(), self.thumbs.clone());
                let (cache, disk) = (self.logos.clone(), self.caches.disk.clone());
                let task = tokio::spawn(async move {
                    let opened = match client {
                        Ok(client) => open(&client, disk, target, opener, generation, &cache).await,
                        Err(e) => Err(e),
                    };
                    match opened {
                        Ok((view, pictures)) => {
                            let event = DesignsEvent::Opened(Box::new(view));
                            sink.answer(generation, request, event);
                            if screen {
                                stream_thumbnails(thumbnails, thumbs, pictures).await;
                            }
                        }
                        Err(e) => sink.fail(Some(generation), Some(request), e),
                    }
                });
                if screen {
                    self.open_task = Some(task);
                }
            }
            DesignsCommand::Clone {
                request,
                source,
                body,
            } => {
                tokio::spawn(async move {
                    let result = match client {
                        Ok(client) => client
                            .designs()
                            .clone_design(source, &body)
                            .await
                            .map_err(|e| clone_error(&e)),
                        Err(e) => Err(e),
                    };
                    sink.reply(generation, request, result.map(DesignsEvent::Cloned));
                });
            }
            DesignsCommand::Render {
                request,
                id,
                style_id,
                kind,
            } => {
                let client = client?;
                let caches = self.caches.clone();
                let logos = self.logos.clone();
                let rendering = kind.rendering();
                // Only the emulator describes its styles (`crate::sandbox::styles`).
                let style_id = style_id.filter(|_| active.record.is_sandbox());
                let task = tokio::spawn(async move {
                    let on = Here {
                        logos: &logos,
                        generation,
                    };
                    let result = render(&client, &caches, on, id, style_id, kind).await;
                    let event = result.map(|views| DesignsEvent::Rendered {
                        kind: rendering,
                        views,
                    });
                    sink.reply(generation, request, event);
                });
                if rendering == Rendering::Preview
                    && let Some(old) = self.preview_task.replace(task)
                {
                    old.abort();
                }
            }
        }
        Ok(())
    }
}

/// The style's views as the sandbox describes them, asked once per style; `None` when the
/// account is not the sandbox's (`style_id` is then `None`), the look-up failed or no style
/// is known.
async fn style_of(client: &Client, caches: &Caches, style_id: Option<i64>) -> Option<SandboxStyle> {
    let id = style_id?;
    if let Some(known) = caches.styles.locked().get(&id) {
        return known.clone();
    }
    let fetch = crate::sandbox::styles::style(client, id);
    let style = match through(caches.disk.as_ref(), Key::new(Kind::Style, id, ""), fetch).await {
        Ok(style) => Some(style.value),
        Err(e) => {
            tracing::debug!(style = id, error = %e, "no style description; assuming 2 px per mm");
            None
        }
    };
    caches.styles.locked().insert(id, style.clone());
    style
}

/// What drawing the views here needs besides the client: the account's logos.
#[derive(Clone, Copy)]
pub(super) struct Here<'a> {
    pub logos: &'a LogoCache,
    pub generation: Generation,
}

/// Renders the views of design `id` as `kind` says and decodes them (the bare garment from
/// the cache when it was rendered before). A service that does not draw views
/// ([`ApiError::NotOffered`]; the client remembers it for a while and asks again later) gets
/// them drawn here ([`draw_here`]).
async fn render(
    client: &Client,
    caches: &Caches,
    here: Here<'_>,
    id: DesignId,
    style_id: Option<i64>,
    kind: RenderKind,
) -> Result<RenderedViews, UserError> {
    if kind == RenderKind::Bare
        && let Some(kept) = caches.bare.locked().get(&id)
    {
        return Ok(kept.clone());
    }
    let body = match &kind {
        RenderKind::Own => None,
        RenderKind::Bare => Some(RenderDesign::with_placements(id, Vec::new())),
        RenderKind::Preview(placements) => {
            Some(RenderDesign::with_placements(id, placements.clone()))
        }
    };
    // The design's own views are kept on disk (the other kinds are for cloning, which needs
    // the service anyway).
    let disk = caches.disk.as_ref().filter(|_| kind == RenderKind::Own);
    let views = through(disk, Key::new(Kind::DesignViews, id, "own"), async {
        client.designs().views(id, body.as_ref()).await
    });
    let (answer, style) = tokio::join!(views, style_of(client, caches, style_id));
    let rendered = match answer {
        Ok(answer) => {
            let stale_since = answer.stale_since;
            let answer = answer.value;
            let views = heavy(move || {
                answer
                    .views
                    .into_iter()
                    .map(|v| decode_view(v, style.as_ref()))
                    .collect::<Vec<_>>()
            })
            .await?;
            RenderedViews {
                views,
                stale_since,
                drawn_here: None,
            }
        }
        Err(ApiError::NotOffered(not)) => {
            draw_here(client, here, id, style, kind.clone(), not).await?
        }
        Err(e) => return Err(UserError::from_api(&e)),
    };
    // A garment drawn here is not kept: the service is asked again when it is next needed
    // (the client answers from memory until its recheck).
    if kind == RenderKind::Bare
        && rendered.drawn_here.is_none()
        && rendered.views.iter().all(|v| v.image.is_ok())
    {
        caches.bare.locked().insert(id, rendered.clone());
    }
    Ok(rendered)
}

/// The views of design `id` drawn here, as the sandbox draws them, for a service that does
/// not draw them (`not`): a plain garment ([`garments::plain_look`]) with each logo's own
/// picture (its preview) at its placement — centre, size in mm, turn. The design is read
/// first: one that does not exist is "not found", as the service would say; the views are the
/// style's (when the sandbox described it) or FRONT and BACK, and every view a placement
/// names.
async fn draw_here(
    client: &Client,
    here: Here<'_>,
    id: DesignId,
    style: Option<SandboxStyle>,
    kind: RenderKind,
    not: crate::api::NotOffered,
) -> Result<RenderedViews, UserError> {
    tracing::debug!(design = %id, endpoint = %not.endpoint, "drawing the views here");
    let own = own_placements(client, id).await?;
    let placements = match kind {
        RenderKind::Own => own.clone(),
        RenderKind::Bare => Vec::new(),
        RenderKind::Preview(placements) => placements,
    };
    let mut names: Vec<String> = match &style {
        Some(style) => style
            .views
            .iter()
            .map(|v| garments::canonical_view(&v.view))
            .collect(),
        None => vec!["FRONT".to_owned(), "BACK".to_owned()],
    };
    // The views the placements name (the design's own too, so a bare garment has them).
    for p in own.iter().chain(&placements) {
        let view = garments::canonical_view(&p.view);
        if !view.is_empty() && !names.contains(&view) {
            names.push(view);
        }
    }
    let logos = placed_logos(&placements, |id| {
        here.logos.get(client, id, here.generation)
    })
    .await;
    let views = heavy(move || draw_views(&names, &placements, &logos)).await?;
    Ok(RenderedViews {
        views,
        stale_since: None,
        drawn_here: Some(not.feature),
    })
}

/// The logos `placements` name, each read once with `read`; one that cannot be read is left
/// out of the drawing (said in the log).
async fn placed_logos<Read, Reading, E>(
    placements: &[Placement],
    mut read: Read,
) -> HashMap<LogoId, Logo>
where
    Read: FnMut(LogoId) -> Reading,
    Reading: std::future::Future<Output = Result<Logo, E>>,
    E: std::fmt::Display,
{
    let mut logos = HashMap::new();
    for p in placements {
        if logos.contains_key(&p.logo_id) {
            continue;
        }
        match read(p.logo_id).await {
            Ok(logo) => {
                logos.insert(p.logo_id, logo);
            }
            Err(e) => {
                tracing::info!(logo = %p.logo_id, error = %e, "a placed logo could not be read; not drawn");
            }
        }
    }
    logos
}

/// Design `id`'s own placements, read from the service (a design it does not have is "not
/// found").
async fn own_placements(client: &Client, id: DesignId) -> Result<Vec<Placement>, UserError> {
    let design = client
        .designs()
        .get(id)
        .await
        .map_err(|e| UserError::from_api(&e))?;
    Ok(design
        .design_logos
        .iter()
        .map(|p| Placement {
            view: p.view.clone(),
            logo_id: p.logo_id,
            x_coordinate: p.x_coordinate,
            y_coordinate: p.y_coordinate,
            angle_rads: Some(p.angle_rads),
        })
        .collect())
}

/// Draws each view of `names` (canonical capitals) with the `placements` on it, shrunk for
/// the screen. CPU work: on the heavy lane.
fn draw_views(
    names: &[String],
    placements: &[Placement],
    logos: &HashMap<LogoId, Logo>,
) -> Vec<ViewPicture> {
    draw_full(names, placements, logos, None)
        .into_iter()
        .map(|(name, full)| {
            let mut geometry = ViewGeometry::of(full.width(), full.height(), None);
            geometry.px_per_mm = garments::PX_PER_MM;
            let small = imaging::downscale(&full, VIEW_SIDE);
            ViewPicture {
                view: name,
                geometry,
                image: Ok(Arc::new(to_color_image(&small))),
            }
        })
        .collect()
}

/// Each view of `names` drawn here at full size: a plain garment with each placed logo's
/// picture; with `lettering` (a roster row), its name and number logos say the row's text
/// instead, as the service draws an order's instance.
fn draw_full(
    names: &[String],
    placements: &[Placement],
    logos: &HashMap<LogoId, Logo>,
    lettering: Option<&RenderDesign>,
) -> Vec<(String, image::RgbaImage)> {
    let look = garments::plain_look(names.iter().map(String::as_str));
    let mut pictures: HashMap<LogoId, Option<Arc<[u8]>>> = HashMap::new();
    let mut art = |logo: &Logo| {
        let said = lettering.and_then(|row| {
            let own = row
                .logo_values
                .iter()
                .find(|v| v.logo_id == logo.logo_id)
                .map(|v| v.value.clone());
            match logo.logo_type {
                crate::api::LogoType::NameLogo => own.or_else(|| row.name.clone()),
                crate::api::LogoType::NumberLogo => own.or_else(|| row.number.clone()),
                _ => None,
            }
        });
        if let Some(text) = said {
            return Art::Text(text);
        }
        Art::Picture(
            pictures
                .entry(logo.logo_id)
                .or_insert_with(|| {
                    use base64::Engine as _;
                    let text = logo.low_res_base64.trim();
                    let text = text.split_once(";base64,").map_or(text, |(_, b)| b);
                    base64::engine::general_purpose::STANDARD
                        .decode(text)
                        .ok()
                        .filter(|b| !b.is_empty())
                        .map(Arc::from)
                })
                .clone(),
        )
    };
    names
        .iter()
        .map(|name| {
            let placed: Vec<Placed> = placements
                .iter()
                .filter(|p| garments::canonical_view(&p.view) == *name)
                .filter_map(|p| {
                    let logo = logos.get(&p.logo_id)?;
                    Some(Placed {
                        x: p.x_coordinate,
                        y: p.y_coordinate,
                        angle: p.angle_rads.unwrap_or(0.0),
                        width_mm: logo.width_in_mm,
                        height_mm: logo.height_in_mm,
                        art: art(logo),
                    })
                })
                .collect();
            (name.clone(), garments::render_view(&look, name, &placed))
        })
        .collect()
}

/// The front and back of one roster row of design `row.design_id` drawn here, for a service
/// that does not draw design views (a proof): the design and its logos are read from the
/// service, the garment is plain, and the row's name and number are lettered into its name
/// and number logos. A design that does not exist is "not found", as the service would say.
pub(super) async fn draw_row_here(
    client: &Client,
    here: Here<'_>,
    row: &RenderDesign,
) -> Result<Vec<(String, image::RgbaImage)>, UserError> {
    let Some(id) = row.design_id else {
        return Ok(Vec::new());
    };
    let placements = own_placements(client, id).await?;
    let logos = placed_logos(&placements, |id| {
        here.logos.get(client, id, here.generation)
    })
    .await;
    let names = vec!["FRONT".to_owned(), "BACK".to_owned()];
    let row = row.clone();
    heavy(move || draw_full(&names, &placements, &logos, Some(&row))).await
}

/// One view's picture, shrunk for the screen, with its geometry (the picture's own size is
/// the coordinate space; the style, when known, gives scale and centre line).
fn decode_view(view: crate::api::designs::DesignView, style: Option<&SandboxStyle>) -> ViewPicture {
    let style_view = style.and_then(|s| {
        s.views
            .iter()
            .find(|sv| sv.view.eq_ignore_ascii_case(view.view.trim()))
    });
    match view.decode(&Limits::default()) {
        Ok(full) => {
            let geometry = ViewGeometry::of(full.width(), full.height(), style_view);
            let small = imaging::downscale(&full, VIEW_SIDE);
            ViewPicture {
                view: view.view,
                geometry,
                image: Ok(Arc::new(to_color_image(&small))),
            }
        }
        Err(e) => {
            let (w, h) = style_view.map_or((0, 0), |s| (s.width_px, s.height_px));
            ViewPicture {
                view: view.view,
                geometry: ViewGeometry::of(w, h, style_view),
                image: Err(picture_sentence(&e)),
            }
        }
    }
}

/// A refused clone as a sentence: the service's own reason where it gave one.
fn clone_error(e: &ApiError) -> UserError {
    let mut error = UserError::from_api(e);
    if let ApiError::Status(s) = e
        && let Some(said) = s.server.summary()
        && s.status.is_client_error()
        && !error.message.contains(&said)
    {
        error.message = crate::tr!("backend-clone-refused", said = said);
    }
    error
}

/// The design, its placements' logos (fetched side by side: anew for the Designs screen, from
/// the cache for the composer) and their previews to decode.
async fn open(
    client: &Client,
    disk: Option<AccountCache>,
    target: DesignRef,
    opener: Opener,
    generation: Generation,
    cache: &LogoCache,
) -> Result<(DesignView, Vec<(ThumbKey, LogoSummary)>), UserError> {
    let id = match target {
        DesignRef::Id(id) => id,
        DesignRef::Mul(mul) => {
            return Err(UserError::new(
                crate::tr!("backend-design-by-mul", mul = mul.to_string()),
                None,
            ));
        }
    };
    let fetch = async {
        let found = design_and_logos(client, id, |logo| async move {
            match opener {
                Opener::DesignsScreen => cache.fetch(client, logo, generation).await,
                Opener::Composer => cache.get(client, logo, generation).await,
            }
        })
        .await?;
        let logos = found.logos.into_iter().map(|(id, result)| {
            let kept = result.map_err(|e| {
                tracing::info!(logo = %id, error = %e, "a placement's logo could not be read");
                UserError::from_api(&e).message
            });
            let kept = kept.map(|mut logo| {
                logo.high_res_base64.clear();
                logo
            });
            (id, kept)
        });
        Ok(KeptDesign {
            design: found.design,
            logos: logos.collect(),
        })
    };
    let found = through(disk.as_ref(), Key::new(Kind::Design, id, ""), fetch)
        .await
        .map_err(|e| UserError::from_api(&e))?;
    let (found, stale_since) = (found.value, found.stale_since);
    let mut view = DesignView {
        design: found.design,
        logos: Vec::new(),
        priced: Vec::new(),
        unreadable: Vec::new(),
        stale_since,
    };
    let mut pictures = Vec::new();
    for (id, result) in found.logos {
        match result {
            Ok(mut logo) => {
                let summary = LogoSummary::from(&logo);
                let card = LogoCard::from_summary(&summary, generation);
                pictures.push((card.thumb, summary));
                view.logos.push(card);
                logo.low_res_base64.clear();
                view.priced.push(logo);
            }
            Err(message) => view.unreadable.push((id, message)),
        }
    }
    Ok((view, pictures))
}

/// `fetch` read through the disk cache when there is one.
async fn through<T, F>(
    disk: Option<&AccountCache>,
    key: Key,
    fetch: F,
) -> Result<Fresh<T>, ApiError>
where
    T: serde::Serialize + serde::de::DeserializeOwned + Send + 'static,
    F: std::future::Future<Output = Result<T, ApiError>>,
{
    match disk {
        Some(disk) => disk.read_through(key, fetch).await,
        None => fetch.await.map(|value| Fresh {
            value,
            stale_since: None,
        }),
    }
}
