//! The designs feature: open a design with its placements' logos (titles, kinds and
//! thumbnails through the gallery's picture path), and clone it into variations.

use crate::api::{
    ApiError, CloneDesign, Design, DesignId, LogoId, LogoItemNo, LogoStatus, LogoSummary, LogoType,
};
use crate::backend::support::fetch::design_and_logos;
use crate::backend::support::pictures::{SharedThumbs, Thumbnail, stream_thumbnails};
use crate::backend::support::{
    Active, Generation, LogoCard, RequestId, Sink, ThumbKey, UserError, active, debug_as_name,
};
use tokio::task::JoinHandle;

/// What the Designs screen asks of the backend.
#[derive(strum::IntoStaticStr)]
pub enum DesignsCommand {
    /// Fetch a design and its placements' logos. Supersedes an open still running.
    Open { request: RequestId, id: DesignId },
    /// Clone `source` into the variations of `body` (checked with
    /// [`crate::api::designs::validate_clone`] first; never retried automatically).
    Clone {
        request: RequestId,
        source: DesignId,
        body: CloneDesign,
    },
}

/// A logo placed on the design, as the design view shows it (its thumbnail comes as an
/// [`Thumbnail`] under `thumb`).
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedLogo {
    pub logo_id: LogoId,
    pub title: String,
    pub logo_type: LogoType,
    pub status: LogoStatus,
    pub item_no: Option<LogoItemNo>,
    pub thumb: ThumbKey,
}

/// A design and what is known of its placements' logos.
#[derive(Debug, Clone, PartialEq)]
pub struct DesignView {
    pub design: Design,
    /// One entry per distinct logo that could be read.
    pub logos: Vec<PlacedLogo>,
    /// Logos that could not be read, with the sentence why.
    pub unreadable: Vec<(LogoId, String)>,
}

impl DesignView {
    /// What is known of a placement's logo.
    pub fn logo(&self, id: LogoId) -> Option<&PlacedLogo> {
        self.logos.iter().find(|l| l.logo_id == id)
    }
}

/// What the backend tells the Designs screen.
#[derive(strum::IntoStaticStr)]
pub enum DesignsEvent {
    /// A design the screen asked for, or why it could not be retrieved.
    Opened(Result<Box<DesignView>, UserError>),
    /// The new designs of a clone, in variation order, or why the service refused it.
    Cloned(Result<Vec<Design>, UserError>),
}

debug_as_name!(DesignsCommand, DesignsEvent);

/// The designs feature: the open request in flight.
pub(super) struct Designs {
    sink: Sink<DesignsEvent>,
    thumbnails: Sink<Thumbnail>,
    thumbs: SharedThumbs,
    active: Option<Active>,
    open_task: Option<JoinHandle<()>>,
}

impl Designs {
    pub(super) fn new(
        sink: Sink<DesignsEvent>,
        thumbnails: Sink<Thumbnail>,
        thumbs: SharedThumbs,
    ) -> Designs {
        Designs {
            sink,
            thumbnails,
            thumbs,
            active: None,
            open_task: None,
        }
    }

    /// Another account is shown: what was running belongs to the old one.
    pub(super) async fn activate(&mut self, active: &Active) {
        if let Some(t) = self.open_task.take() {
            t.abort();
        }
        self.active = Some(active.clone());
    }

    pub(super) async fn handle(&mut self, command: DesignsCommand) -> Result<(), UserError> {
        let active = active(&self.active)?;
        let (generation, client) = (active.generation, active.client());
        let sink = self.sink.clone();
        match command {
            DesignsCommand::Open { request, id } => {
                if let Some(t) = self.open_task.take() {
                    t.abort();
                }
                let (thumbnails, thumbs) = (self.thumbnails.clone(), self.thumbs.clone());
                self.open_task = Some(tokio::spawn(async move {
                    let opened = match client {
                        Ok(client) => open(&client, id, generation).await,
                        Err(e) => Err(e),
                    };
                    match opened {
                        Ok((view, pictures)) => {
                            let event = DesignsEvent::Opened(Ok(Box::new(view)));
                            sink.answer(generation, request, event);
                            stream_thumbnails(thumbnails, thumbs, pictures).await;
                        }
                        Err(e) => sink.answer(generation, request, DesignsEvent::Opened(Err(e))),
                    }
                }));
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
                    sink.answer(generation, request, DesignsEvent::Cloned(result));
                });
            }
        }
        Ok(())
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
        error.message = format!("The service refused the clone: {said}");
    }
    error
}

/// The design, its placements' logos (fetched side by side) and their previews to decode.
async fn open(
    client: &crate::api::Client,
    id: DesignId,
    generation: Generation,
) -> Result<(DesignView, Vec<(ThumbKey, LogoSummary)>), UserError> {
    let found = design_and_logos(client, id, |id| client.logos().get(id))
        .await
        .map_err(|e| UserError::from_api(&e))?;
    let mut view = DesignView {
        design: found.design,
        logos: Vec::new(),
        unreadable: Vec::new(),
    };
    let mut pictures = Vec::new();
    for (id, result) in found.logos {
        match result {
            Ok(logo) => {
                let summary = LogoSummary::from(&logo);
                let card = LogoCard::from_summary(&summary, generation);
                view.logos.push(PlacedLogo {
                    logo_id: logo.logo_id,
                    title: logo.title,
                    logo_type: logo.logo_type,
                    status: logo.status,
                    item_no: logo.logo_item_no,
                    thumb: card.thumb,
                });
                pictures.push((card.thumb, summary));
            }
            Err(e) => view.unreadable.push((id, UserError::from_api(&e).message)),
        }
    }
    Ok((view, pictures))
}
