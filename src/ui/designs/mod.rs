//! Designs: open one by id (the service has no list of designs and no look-up by item
//! number), see its placements with their logos, order it, or clone it into variations.
//!
//! The screen is three owned parts it routes to: the open-by-id bar ([`OpenBar`]), the
//! design shown ([`ShownDesign`], `design_view.rs`) and cloning it ([`Cloning`],
//! `clone.rs`, with its canvas in `clone_canvas.rs`). Each keeps its state, draws itself and takes the answers and failures of its
//! own requests; the screen passes between them what one tells the other (a design opened,
//! "Clone…" pressed, a new design to open).

mod canvas;
mod clone;
mod clone_canvas;
mod design_view;
mod form;
mod open_bar;
mod picker;
mod views;

pub use canvas::{Canvas, CanvasLogo, CanvasView, keys_help};
pub use clone::Cloning;
pub use design_view::ShownDesign;
pub use form::{CloneForm, PlacementForm, PlacementId, VariationForm, fmt_coord};
pub use open_bar::OpenBar;

use super::theme::space;
use super::widgets::UiExt as _;
use super::{Action, Reply, Screen, ScreenView, Shared, Slot, Toast};
use crate::api::{Design, DesignId};
use crate::backend::designs::{DesignView, DesignsCommand, DesignsEvent, RenderKind, Rendering};
use crate::backend::{Command, Event, LogosEvent, RequestId, ThumbKey, UserError};
use egui::Ui;

/// The Designs screen's state: its parts.
#[derive(Default)]
pub struct DesignsScreen {
    /// The open-by-id bar and its quick picks.
    pub bar: OpenBar,
    /// The design shown (or being opened), its views and placements.
    design: ShownDesign,
    /// Cloning it: the form with its canvas, and the designs the newest clone created.
    clone: Cloning,
}

impl DesignsScreen {
    /// Adds designs seen elsewhere (order history, composer) to the quick picks.
    pub fn add_known(&mut self, designs: impl IntoIterator<Item = (DesignId, String)>) {
        self.bar.add_known(designs);
    }

    /// The design shown, if any.
    pub fn design(&self) -> Option<&DesignView> {
        self.design.view()
    }

    /// The designs the newest clone created.
    pub fn cloned(&self) -> &[Design] {
        self.clone.created()
    }

    /// The clone form, while open.
    pub fn clone_form(&self) -> Option<&CloneForm> {
        self.clone.form()
    }

    /// The clone form, to change.
    pub fn clone_form_mut(&mut self) -> Option<&mut CloneForm> {
        self.clone.form_mut()
    }

    /// The clone canvas.
    pub fn canvas(&self) -> &Canvas {
        self.clone.canvas()
    }

    /// A design is shown and nothing newer is on its way.
    pub fn is_loaded(&self) -> bool {
        self.design.is_loaded()
    }

    /// The thumbnails of the shown design's logos (for the screenshot's readiness).
    pub fn thumbnails(&self) -> Vec<ThumbKey> {
        self.design.thumbnails()
    }

    /// The design's views are drawn (or could not be), for the screenshot's readiness.
    pub fn views_settled(&self) -> bool {
        self.design.views_settled()
    }

    /// The views of the design shown, as the service drew them (names).
    pub fn view_names(&self) -> Vec<String> {
        self.design.view_names()
    }

    /// The placement selected in the design view's table.
    pub fn selected_row(&self) -> Option<usize> {
        self.design.selected_row()
    }

    /// The bare garment under the canvas is here.
    pub fn canvas_ready(&self) -> bool {
        self.clone.canvas_ready()
    }

    /// Whether the canvas shows the service's picture of its placements.
    pub fn canvas_shows_service(&self) -> bool {
        self.clone.canvas_shows_service()
    }

    /// Fetches a design (superseding one still on its way).
    pub fn open(&mut self, id: DesignId, shared: &mut Shared<'_>) {
        self.design.open(id, shared);
        self.bar.clear_error();
    }

    /// Applies one answer of the backend (only answers to the newest open and clone come,
    /// and renderings a part still wants: see [`ShownDesign::on_rendered`] and
    /// [`Cloning::on_rendered`]).
    fn on_designs_event(&mut self, event: DesignsEvent, shared: &mut Shared<'_>) {
        match event {
            DesignsEvent::Opened(view) => {
                self.bar
                    .remember(view.design.design_id, &view.design.title, true);
                let another = self.design.on_opened(*view, shared);
                if let Some(view) = self.design.view() {
                    self.clone.on_opened(view, another, shared);
                }
            }
            DesignsEvent::Cloned(designs) => {
                for d in designs.iter().rev() {
                    self.bar.remember(d.design_id, &d.title, true);
                }
                self.clone.on_cloned(designs, shared);
            }
            DesignsEvent::Rendered { kind, views } => match kind {
                Rendering::Own => self.design.on_rendered(views),
                Rendering::Bare | Rendering::Preview => self.clone.on_rendered(kind, views),
            },
        }
    }
}

impl ScreenView for DesignsScreen {
    /// The screen.
    fn ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        // Ctrl+Z and the like undo the clone canvas's edits (a text field keeps its own).
        if self.clone.form().is_some()
            && let Some(action) = Action::undo_keys(ui.ctx())
        {
            self.clone.undo_or_redo(action);
        }
        ui.screen_title(
            &crate::tr!("designs-title"),
            Some(&crate::tr!("designs-intro")),
        );
        ui.add_space(space::S);
        if let Some(id) = self.bar.ui(ui, self.design.is_opening()) {
            self.open(id, shared);
        }
        ui.add_space(space::M);
        egui::ScrollArea::vertical()
            .id_salt("design-scroll")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                if let Some(id) = self.clone.created_ui(ui) {
                    self.bar.id_input = id.to_string();
                    self.open(id, shared);
                }
                let start_clone = self.design.ui(ui, shared, self.clone.form().is_none());
                if let Some(view) = self.design.view() {
                    if start_clone {
                        self.clone.start(view, shared);
                    }
                    self.clone.ui(ui, shared, view);
                }
            });
    }

    fn on_event(&mut self, reply: Reply, event: Event, shared: &mut Shared<'_>) -> Option<Event> {
        match event {
            // The composer's design look-ups are answered the same way: not this screen's.
            Event::Designs(event) if reply.slot.is_none_or(|s| s.screen() == Screen::Designs) => {
                self.on_designs_event(event, shared)
            }
            Event::Logos(LogosEvent::Page(page)) if reply.slot == Some(Slot::DesignSearch) => {
                self.clone.on_found(page.items);
            }
            other => return Some(other),
        }
        None
    }

    /// A request failed: each says why in place only (the clone form, the views, the
    /// preview, the search, the open bar).
    fn on_failed(&mut self, reply: Reply, error: &UserError, shared: &mut Shared<'_>) -> Toast {
        match reply.slot {
            Some(Slot::DesignViews) => self.design.on_views_failed(error),
            Some(
                slot @ (Slot::DesignClone
                | Slot::DesignBare
                | Slot::DesignPreview
                | Slot::DesignSearch),
            ) => self.clone.on_failed(slot, error),
            _ => {
                self.design.on_open_failed(error, shared.requests);
                self.clone.on_design_gone(shared);
            }
        }
        Toast::Skip
    }

    /// Fetches the design shown again.
    fn refresh(&mut self, shared: &mut Shared<'_>) -> bool {
        if let Some(id) = self.design.view().map(|v| v.design.design_id) {
            self.open(id, shared);
        }
        true
    }

    /// Forgets the previous account's designs.
    fn activated(&mut self, _: &mut Shared<'_>) {
        *self = DesignsScreen::default();
    }

    /// The design the shell opened is shown with its views and thumbnails.
    /// The clone canvas's edits of the variation on it (the Edit menu, the palette).
    fn undo_state(&self) -> (bool, bool) {
        self.clone.undo_state()
    }

    fn undo_or_redo(&mut self, action: Action) {
        self.clone.undo_or_redo(action);
    }

    fn ready_for_screenshot(&mut self, _shown: bool, shared: &Shared<'_>) -> bool {
        self.is_loaded()
            && self.views_settled()
            && self.thumbnails().iter().all(|k| shared.thumbs.contains(k))
    }
}

/// Asks the backend to draw the views of design `id` (of style `style`) as `kind` says, as a
/// request of `slot` (superseding the slot's request still on its way).
fn ask_render(
    shared: &mut Shared<'_>,
    slot: Slot,
    label: &str,
    (id, style_id): (DesignId, Option<i64>),
    kind: RenderKind,
) -> RequestId {
    shared.request(slot, label, |request| {
        Command::Designs(DesignsCommand::Render {
            request,
            id,
            style_id,
            kind,
        })
    })
}

/// A painted widget named for screen readers (and kittest).
pub(crate) fn labelled(response: egui::Response, text: &str) -> egui::Response {
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, text));
    response
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::backend::designs::{RenderedViews, ViewGeometry, ViewPicture};
    use crate::ui::requests::Settled;
    use crate::ui::test_bench::Bench;
    use std::sync::Arc;

    /// Hands the answer to request `id` to the screen unless a newer request superseded
    /// it (as `app::answers` does); answers whether it reached the screen.
    fn answer(shell: &mut Bench, screen: &mut DesignsScreen, id: u64, event: Event) -> bool {
        let request = RequestId(id);
        assert!(
            shell.requests.is_pending(request)
                || shell.requests.settle(request, true) == Settled::Superseded,
            "request {id} was never made"
        );
        let Some(reply) = shell.settle(Some(request)) else {
            return false;
        };
        let mut shared = shell.shared();
        match event {
            Event::Failed(error) => {
                let _said_in_place = screen.on_failed(reply, &error, &mut shared);
            }
            event => assert!(screen.on_event(reply, event, &mut shared).is_none()),
        }
        true
    }

    fn design(id: i64, title: &str) -> DesignView {
        DesignView {
            design: serde_json::from_value(serde_json::json!({
                "designId": id, "title": title, "status": "Done", "designItemNo": "MUL200001",
                "designLogos": [{"logoId": 10001, "view": "FRONT", "xCoordinate": 1, "yCoordinate": 2}]
            }))
            .expect("a design"),
            logos: Vec::new(),
            priced: Vec::new(),
            unreadable: Vec::new(),
            stale_since: None,
        }
    }

    fn opened(id: i64, title: &str) -> Event {
        Event::Designs(DesignsEvent::Opened(Box::new(design(id, title))))
    }

    /// A rendering of the views `names`.
    fn rendered(kind: Rendering, names: &[&str]) -> Event {
        let views = names
            .iter()
            .map(|name| ViewPicture {
                view: (*name).to_owned(),
                geometry: ViewGeometry::of(4, 4, None),
                image: Ok(Arc::new(egui::ColorImage::filled(
                    [4, 4],
                    egui::Color32::WHITE,
                ))),
            })
            .collect();
        Event::Designs(DesignsEvent::Rendered {
            kind,
            views: RenderedViews {
                views,
                stale_since: None,
                drawn_here: None,
            },
        })
    }

    #[test]
    fn opening_another_design_drops_the_renderings_of_the_one_before() {
        let mut shell = Bench::new();
        let mut screen = DesignsScreen::default();
        // Design A opens (request 1); its views are asked for (2); its clone form asks for
        // the bare garment (3).
        screen.open(DesignId(1), &mut shell.shared());
        assert!(answer(&mut shell, &mut screen, 1, opened(1, "A")));
        let a = screen.design().expect("A shown").clone();
        screen.clone.start(&a, &mut shell.shared());
        assert!(screen.clone_form().is_some());
        // Design B is opened (4) while A's renderings are on their way; its views are asked
        // for (5), its own and A's clone form closes.
        screen.open(DesignId(2), &mut shell.shared());
        assert!(answer(&mut shell, &mut screen, 4, opened(2, "B")));
        assert_eq!(screen.clone_form(), None);
        // A's views and A's garment come late: neither reaches the screen.
        assert!(!answer(
            &mut shell,
            &mut screen,
            2,
            rendered(Rendering::Own, &["A FRONT"])
        ));
        assert!(!answer(
            &mut shell,
            &mut screen,
            3,
            rendered(Rendering::Bare, &["A BARE"])
        ));
        assert!(!screen.views_settled());
        assert!(!screen.canvas_ready());
        // B's own views come and show.
        assert!(answer(
            &mut shell,
            &mut screen,
            5,
            rendered(Rendering::Own, &["B FRONT", "B BACK"])
        ));
        assert_eq!(screen.view_names(), ["B FRONT", "B BACK"]);
        // Cloning B asks for B's garment (6): A's was not kept as B's.
        let b = screen.design().expect("B shown").clone();
        screen.clone.start(&b, &mut shell.shared());
        assert!(!screen.canvas_ready());
        assert!(answer(
            &mut shell,
            &mut screen,
            6,
            rendered(Rendering::Bare, &["B BARE"])
        ));
        assert!(screen.canvas_ready());
    }

    #[test]
    fn a_failed_open_drops_the_views_still_on_their_way() {
        let mut shell = Bench::new();
        let mut screen = DesignsScreen::default();
        screen.open(DesignId(1), &mut shell.shared());
        assert!(answer(&mut shell, &mut screen, 1, opened(1, "A")));
        // Another design is asked for (3) and cannot be opened while A's views (2) are on
        // their way: they never show, nor does their failure.
        screen.open(DesignId(9), &mut shell.shared());
        let gone = UserError::new("No such design.".to_owned(), None);
        assert!(answer(&mut shell, &mut screen, 3, Event::Failed(gone)));
        assert!(screen.design().is_none());
        assert!(!answer(
            &mut shell,
            &mut screen,
            2,
            rendered(Rendering::Own, &["A FRONT"])
        ));
        assert!(!screen.views_settled());
        assert!(screen.view_names().is_empty());
    }
}
