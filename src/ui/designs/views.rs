//! A rendering's view pictures on the UI side: the decoded pixels from the backend, uploaded
//! as textures the first time they are drawn, and the loading state of a rendering.

use crate::backend::designs::{RenderedViews, ViewPicture};
use crate::backend::{RequestId, UserError};
use crate::ui::Requests;
use egui::{TextureHandle, TextureId, TextureOptions};

/// A rendering's views with their textures.
pub struct Views {
    pub rendered: RenderedViews,
    textures: Vec<Option<TextureHandle>>,
}

impl Views {
    pub fn new(rendered: RenderedViews) -> Views {
        let textures = vec![None; rendered.views.len()];
        Views { rendered, textures }
    }

    pub fn len(&self) -> usize {
        self.rendered.views.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rendered.views.is_empty()
    }

    pub fn get(&self, i: usize) -> Option<&ViewPicture> {
        self.rendered.views.get(i)
    }

    /// The index of the view named `name` (case-insensitively).
    pub fn find(&self, name: &str) -> Option<usize> {
        self.rendered
            .views
            .iter()
            .position(|v| v.view.trim().eq_ignore_ascii_case(name.trim()))
    }

    /// View `i`'s texture, uploaded now if it was not; `None` when it has no picture.
    pub fn texture(&mut self, ctx: &egui::Context, i: usize) -> Option<TextureId> {
        let view = self.rendered.views.get(i)?;
        let image = view.image.as_ref().ok()?;
        let slot = self.textures.get_mut(i)?;
        let handle = slot.get_or_insert_with(|| {
            ctx.load_texture(
                format!("design-view-{i}"),
                image.clone(),
                TextureOptions::LINEAR,
            )
        });
        Some(handle.id())
    }
}

/// A rendering asked for: nothing yet, on its way (the request), its views, or why there
/// are none.
#[derive(Default)]
pub enum Loading {
    #[default]
    Idle,
    Pending(RequestId),
    Ready(Views),
    Failed(UserError),
}

impl Loading {
    pub fn ready(&self) -> Option<&Views> {
        match self {
            Loading::Ready(v) => Some(v),
            _ => None,
        }
    }

    /// A rendering on its way is no longer wanted: its request is superseded (its answer
    /// and its failure never come) and nothing is asked. What came before stays.
    pub fn forget(&mut self, requests: &mut Requests) {
        if let Loading::Pending(request) = *self {
            requests.supersede(request);
            *self = Loading::Idle;
        }
    }
}
