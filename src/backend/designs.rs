//! Designs in the backend: open one with its placements' logos (titles, kinds and
//! thumbnails through the gallery's picture path), and clone it into variations.

use super::EventSink;
use super::pictures::ThumbCache;
use super::protocol::{Event, Generation, LogoCard, RequestId, ThumbKey, UserError};
use crate::api::{
    ApiError, Client, CloneDesign, Design, DesignId, LogoId, LogoItemNo, LogoStatus, LogoSummary,
    LogoType,
};
use std::fmt;
use std::sync::{Arc, Mutex};
use tokio::task::JoinHandle;

/// What the Designs screen asks of the backend.
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

impl DesignsCommand {
    pub(super) fn name(&self) -> &'static str {
        match self {
            DesignsCommand::Open { .. } => "OpenDesign",
            DesignsCommand::Clone { .. } => "CloneDesign",
        }
    }
}

impl fmt::Debug for DesignsCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A logo placed on the design, as the design view shows it (its thumbnail comes as an
/// [`Event::Thumbnail`] under `thumb`).
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
pub enum DesignsEvent {
    /// A design the screen asked for, or why it could not be retrieved.
    Opened {
        generation: Generation,
        request: RequestId,
        result: Result<Box<DesignView>, UserError>,
    },
    /// The new designs of a clone, in variation order, or why the service refused it.
    Cloned {
        generation: Generation,
        request: RequestId,
        result: Result<Vec<Design>, UserError>,
    },
}

impl DesignsEvent {
    pub(super) fn name(&self) -> &'static str {
        match self {
            DesignsEvent::Opened { .. } => "DesignOpened",
            DesignsEvent::Cloned { .. } => "DesignCloned",
        }
    }

    /// The request this event answers.
    pub fn request(&self) -> RequestId {
        match self {
            DesignsEvent::Opened { request, .. } | DesignsEvent::Cloned { request, .. } => *request,
        }
    }

    /// The account generation it belongs to.
    pub fn generation(&self) -> Generation {
        match self {
            DesignsEvent::Opened { generation, .. } | DesignsEvent::Cloned { generation, .. } => {
                *generation
            }
        }
    }
}

impl fmt::Debug for DesignsEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a designs command needs of the worker.
pub(super) struct DesignsContext {
    pub sink: EventSink,
    pub thumbs: Arc<Mutex<ThumbCache>>,
    pub client: Result<Client, UserError>,
    pub generation: Generation,
}

/// The designs side of the worker: the open request in flight.
#[derive(Default)]
pub(super) struct Designs {
    open_task: Option<JoinHandle<()>>,
}

impl Designs {
    pub(super) fn handle(&mut self, command: DesignsCommand, cx: DesignsContext) {
        let DesignsContext {
            sink,
            thumbs,
            client,
            generation,
        } = cx;
        match command {
            DesignsCommand::Open { request, id } => {
                if let Some(t) = self.open_task.take() {
                    t.abort();
                }
                let task = tokio::spawn(async move {
                    let client = match client {
                        Ok(c) => c,
                        Err(e) => {
                            return sink.send(Event::Designs(DesignsEvent::Opened {
                                generation,
                                request,
                                result: Err(e),
                            }));
                        }
                    };
                    match open(&client, id, generation).await {
                        Ok((view, pictures)) => {
                            sink.send(Event::Designs(DesignsEvent::Opened {
                                generation,
                                request,
                                result: Ok(Box::new(view)),
                            }));
                            super::worker::stream_thumbnails(sink, thumbs, pictures).await;
                        }
                        Err(e) => sink.send(Event::Designs(DesignsEvent::Opened {
                            generation,
                            request,
                            result: Err(e),
                        })),
                    }
                });
                self.open_task = Some(task);
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
                    sink.send(Event::Designs(DesignsEvent::Cloned {
                        generation,
                        request,
                        result,
                    }));
                });
            }
        }
    }

    /// A new account: what was running belongs to the old one.
    pub(super) fn abort(&mut self) {
        if let Some(t) = self.open_task.take() {
            t.abort();
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
        error.message = format!("The service refused the clone: {said}");
    }
    error
}

/// The design, its placements' logos (fetched side by side) and their previews to decode.
async fn open(
    client: &Client,
    id: DesignId,
    generation: Generation,
) -> Result<(DesignView, Vec<(ThumbKey, LogoSummary)>), UserError> {
    let design = client
        .designs()
        .get(id)
        .await
        .map_err(|e| UserError::from_api(&e))?;
    let mut ids: Vec<LogoId> = design.design_logos.iter().map(|p| p.logo_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let fetched =
        futures_util::future::join_all(ids.iter().map(|id| client.logos().get(*id))).await;
    let mut view = DesignView {
        design,
        logos: Vec::new(),
        unreadable: Vec::new(),
    };
    let mut pictures = Vec::new();
    for (id, result) in ids.into_iter().zip(fetched) {
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
