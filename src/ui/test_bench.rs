//! For unit tests of screens: what the shell lends a screen ([`Shared`]), with a backend whose
//! answers nobody reads (no sandbox), so a test hands each answer over itself, in the order it
//! chooses, settled first as `app::answers` settles it.

use crate::backend::{Backend, BackendConfig, RequestId, Waker};
use crate::ui::images::ThumbnailCache;
use crate::ui::notifications::Notifications;
use crate::ui::requests::Settled;
use crate::ui::{Intent, Reply, Requests, Session, Shared};

pub(crate) struct Bench {
    pub(crate) ctx: egui::Context,
    backend: Backend,
    thumbs: ThumbnailCache,
    session: Session,
    notifications: Notifications,
    intents: Vec<Intent>,
    pub(crate) requests: Requests,
}

impl Bench {
    pub(crate) fn new() -> Bench {
        let keychain = crate::keychain::Keychain::with_store(
            keyring_core::mock::Store::new().expect("the mock store"),
        );
        let config = BackendConfig {
            sandbox: None,
            ..BackendConfig::ephemeral(keychain)
        };
        Bench {
            ctx: egui::Context::default(),
            backend: Backend::start(config, Waker::none()).expect("the backend starts"),
            thumbs: ThumbnailCache::default(),
            session: Session::default(),
            notifications: Notifications::default(),
            intents: Vec::new(),
            requests: Requests::default(),
        }
    }

    pub(crate) fn shared(&mut self) -> Shared<'_> {
        Shared {
            ctx: &self.ctx,
            backend: &mut self.backend,
            thumbs: &mut self.thumbs,
            session: &self.session,
            notifications: &mut self.notifications,
            intents: &mut self.intents,
            requests: &mut self.requests,
            language: crate::locale::Language::English,
        }
    }

    /// Settles the (final) answer to `request` as `app::answers` does: the reply the screen
    /// gets, or none when a newer request of its slot superseded it. News (no request) always
    /// comes.
    pub(crate) fn settle(&mut self, request: Option<RequestId>) -> Option<Reply> {
        let slot = match request.map(|id| self.requests.settle(id, false)) {
            Some(Settled::Superseded) => return None,
            Some(Settled::Current(slot)) => slot,
            None => None,
        };
        Some(Reply { request, slot })
    }
}
