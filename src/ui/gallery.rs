//! The logo gallery: a grid of cards over the whole list, fetched page by page as rows come
//! into view; a debounced title search; lookup by item number or id; keyboard selection.
//!
//! The grid is sized for the list's total count from the first page on, so the scroll bar is
//! true; only the visible rows are laid out, and pages are fetched for the rows in view.

use super::images::ThumbnailCache;
use super::theme::{self, card, control, field, space};
use super::widgets::logo_search::Debounce;
use super::widgets::{IdEntry, UiExt as _, id_entry, paint_checkerboard};
use super::{Intent, Reply, ScreenView, Shared, Slot, Toast};
use crate::api::{ListLogos, LogoId, LogoItemNo};
use crate::backend::{
    CardPage, Command, Event, Lister, LogoCard, LogoRef, LogosCommand, LogosEvent,
};
use crate::backend::{RequestId, UserError};
use crate::locale::Language;
use crate::tr;
use egui::{Align, Color32, Key, Layout, Rect, Response, Sense, Stroke, Ui, Vec2};
use std::collections::HashMap;
use std::ops::Range;

/// Page sizes offered (the service allows at most 25).
pub const PAGE_SIZES: [i64; 2] = [12, 25];

/// Pages fetched at once at most while scrolling.
const MAX_PAGES_IN_FLIGHT: usize = 2;

/// Most logos the gallery lists, whatever `totalCount` the service reports: far more than a
/// vendor has, and small enough that the list (8 bytes a slot until a page arrives) and the
/// grid's height (rows × card pitch in `f32`) stay exact.
pub const MAX_LISTED: usize = 100_000;

/// The paging arithmetic of the gallery, on the service's numbers, none of which is trusted.
pub mod paging {
    use super::MAX_LISTED;
    use crate::tr;
    use std::ops::{Range, RangeInclusive};

    /// How many slots to list for a reported `totalCount`: negative counts as none, more than
    /// [`MAX_LISTED`] as [`MAX_LISTED`].
    pub fn listed_len(total_count: i64) -> usize {
        usize::try_from(total_count.clamp(0, MAX_LISTED as i64)).unwrap_or(0)
    }

    /// A sentence when the reported count cannot be listed as it is.
    pub fn count_note(total_count: i64) -> Option<String> {
        if total_count < 0 {
            Some(tr!(
                "gallery-count-impossible",
                count = total_count.to_string()
            ))
        } else if total_count > MAX_LISTED as i64 {
            Some(tr!(
                "gallery-count-too-many",
                count = total_count.to_string(),
                listed = MAX_LISTED.to_string()
            ))
        } else {
            None
        }
    }

    /// Index of the first slot of `page` (1-based; 0 and below read as 1) in pages of
    /// `page_size` (below 1 reads as 1); `None` when it does not fit in `usize`.
    pub fn page_start(page: i64, page_size: i64) -> Option<usize> {
        let before = usize::try_from(page.max(1) - 1).ok()?;
        let size = usize::try_from(page_size.max(1)).ok()?;
        before.checked_mul(size)
    }

    /// The pages (1-based) holding the slots `visible`, in pages of `page_size` (at least 1).
    pub fn pages_of(visible: &Range<usize>, page_size: usize) -> Option<RangeInclusive<usize>> {
        if visible.is_empty() {
            return None;
        }
        let size = page_size.max(1);
        Some(visible.start / size + 1..=(visible.end - 1) / size + 1)
    }

    /// The slots of `page` (1-based) in a list of `len` slots, in pages of `page_size`.
    pub fn page_slots(page: usize, page_size: usize, len: usize) -> Range<usize> {
        let size = page_size.max(1);
        let start = page.saturating_sub(1).saturating_mul(size).min(len);
        start..start.saturating_add(size).min(len)
    }

    /// Rows of a grid of `items` in `columns` columns (at least 1).
    pub fn rows(items: usize, columns: usize) -> usize {
        items.div_ceil(columns.max(1))
    }
}

/// The gallery's state.
pub struct Gallery {
    /// Every logo of the list, `None` where its page has not arrived (boxed: a slot waiting
    /// for its page takes 8 bytes).
    items: Vec<Option<Box<LogoCard>>>,
    /// Total count reported by the service (`None` until the first page).
    total_count: Option<i64>,
    /// A sentence when that count cannot be listed as it is.
    count_note: Option<String>,
    /// Pages asked for and not answered, by request.
    pending: HashMap<RequestId, i64>,
    /// Pages answered, and pages asked for and answered (not asked for again).
    loaded_pages: Vec<i64>,
    /// 12 or 25.
    pub page_size: i64,
    /// The search box's text.
    pub search: String,
    /// When the search text last changed, until it is sent.
    search_debounce: Debounce,
    /// The search the list shows.
    active_search: String,
    error: Option<UserError>,
    /// When the pages shown were saved, if they came from the disk cache (offline).
    stale_since: Option<chrono::DateTime<chrono::Utc>>,
    /// Index of the selected card.
    selected: Option<usize>,
    /// The "open by number" field.
    goto: String,
    goto_error: Option<String>,
    focus_search: bool,
    scroll_to_selected: bool,
    /// Columns, scroll offset and visible height of the last frame (for keyboard moves).
    columns: usize,
    scroll_offset: f32,
    view_height: f32,
}

impl Gallery {
    pub fn new(page_size: i64) -> Gallery {
        Gallery {
            items: Vec::new(),
            total_count: None,
            count_note: None,
            pending: HashMap::new(),
            loaded_pages: Vec::new(),
            page_size,
            search: String::new(),
            search_debounce: Debounce::default(),
            active_search: String::new(),
            error: None,
            stale_since: None,
            selected: None,
            goto: String::new(),
            goto_error: None,
            focus_search: false,
            scroll_to_selected: false,
            columns: 1,
            scroll_offset: 0.0,
            view_height: 0.0,
        }
    }

    /// Forgets the list and fetches the first page with the search now typed.
    pub fn reload(&mut self, shared: &mut Shared<'_>) {
        for id in self.pending.drain().map(|(id, _)| id) {
            shared.requests.supersede(id);
        }
        self.items.clear();
        self.total_count = None;
        self.count_note = None;
        self.loaded_pages.clear();
        self.error = None;
        self.selected = None;
        self.search_debounce.cancel();
        self.active_search = self.search.trim().to_owned();
        self.request_page(shared, 1);
    }

    fn request_page(&mut self, shared: &mut Shared<'_>, page: i64) {
        let query = ListLogos::new()
            .page(page)
            .limit(self.page_size)
            .search(self.active_search.clone());
        let (slot, label) = if page == 1 {
            (Slot::GalleryList, tr!("gallery-task-load"))
        } else {
            (Slot::GalleryPage, tr!("gallery-task-load-more"))
        };
        let id = shared.request(slot, &label, |request| {
            Command::Logos(LogosCommand::List {
                request,
                query,
                lister: Lister::Gallery,
            })
        });
        self.pending.insert(id, page);
    }

    /// Takes the page that answers `request` (superseded pages never reach the gallery).
    pub fn on_page(&mut self, request: RequestId, page: CardPage, thumbs: &mut ThumbnailCache) {
        let asked = self.pending.remove(&request).unwrap_or(page.page);
        thumbs.expect(page.items.iter().map(|c| c.thumb));
        // The page asked for is answered even if the service answered another one or left
        // slots empty: it is not asked for again (until the list is reloaded), so a service
        // that ignores `page` cannot keep the gallery fetching forever.
        self.loaded_pages.push(asked);
        self.apply_page(page);
    }

    /// Places a page's cards in the list (also used by benchmarks to fill the gallery).
    pub fn apply_page(&mut self, page: CardPage) {
        // The first page says whether the list is fresh; a later one only if it is not.
        if page.page <= 1 || page.stale_since.is_some() {
            self.stale_since = page.stale_since;
        }
        if self.total_count != Some(page.total_count) {
            // The list changed size meanwhile (or this is the first page).
            self.items
                .resize(paging::listed_len(page.total_count), None);
            self.total_count = Some(page.total_count);
            self.count_note = paging::count_note(page.total_count);
        }
        if let Some(start) = paging::page_start(page.page, page.page_size) {
            let slots = self.items.iter_mut().skip(start);
            for (slot, card) in slots.zip(page.items) {
                *slot = Some(Box::new(card));
            }
        }
        self.loaded_pages.push(page.page);
        self.error = None;
        if self.selected.is_none() && self.items.first().is_some_and(Option::is_some) {
            self.selected = Some(0);
        }
    }

    /// When the pages shown were saved, if they came from the disk cache because the service
    /// could not be reached.
    pub fn stale_since(&self) -> Option<chrono::DateTime<chrono::Utc>> {
        self.stale_since
    }

    /// Whether the first page has arrived.
    pub fn has_loaded(&self) -> bool {
        self.total_count.is_some()
    }

    /// Whether pages are still being fetched or a search waits for its debounce.
    pub fn is_busy(&self) -> bool {
        !self.pending.is_empty() || self.search_debounce.waiting()
    }

    /// The loaded cards, in order.
    pub fn cards(&self) -> impl Iterator<Item = &LogoCard> {
        self.items.iter().flatten().map(|c| &**c)
    }

    /// The first logo of the list, once loaded.
    pub fn first_logo(&self) -> Option<LogoId> {
        self.items.first()?.as_ref().map(|c| c.logo_id)
    }

    /// The first draft listed, if any (the editor's screenshot).
    pub fn first_draft(&self) -> Option<LogoId> {
        self.items
            .iter()
            .flatten()
            .find(|c| c.status == crate::api::LogoStatus::Draft)
            .map(|c| c.logo_id)
    }

    /// Slots of the list (loaded or waiting for their page): the reported total count,
    /// clamped to [`MAX_LISTED`].
    pub fn slots(&self) -> usize {
        self.items.len()
    }

    /// The total count of the list, once known.
    pub fn total_count(&self) -> Option<i64> {
        self.total_count
    }

    /// Index of the selected card in the list.
    pub fn selected_index(&self) -> Option<usize> {
        self.selected
    }

    /// The selected card, if loaded.
    pub fn selected_card(&self) -> Option<&LogoCard> {
        self.items.get(self.selected?)?.as_deref()
    }

    /// Puts the cursor in the search box on the next frame.
    pub fn focus_search(&mut self) {
        self.focus_search = true;
    }

    /// Opens the selected logo.
    pub fn open_selected(&self, shared: &mut Shared<'_>) {
        if let Some(card) = self.selected_card() {
            shared.intend(Intent::OpenLogo(LogoRef::Id(card.logo_id)));
        }
    }

    fn move_selection(&mut self, delta: isize) {
        let len = self.items.len();
        if len == 0 {
            return;
        }
        let current = self.selected.unwrap_or(0) as isize;
        let next = (current + delta).clamp(0, len as isize - 1) as usize;
        if Some(next) != self.selected {
            self.selected = Some(next);
            self.scroll_to_selected = true;
        }
    }

    fn keyboard(&mut self, ui: &Ui) {
        if ui.ctx().egui_wants_keyboard_input() {
            return;
        }
        let cols = self.columns.max(1) as isize;
        let moves = [
            (Key::ArrowLeft, -1),
            (Key::ArrowRight, 1),
            (Key::ArrowUp, -cols),
            (Key::ArrowDown, cols),
            (Key::PageUp, -cols * 3),
            (Key::PageDown, cols * 3),
        ];
        for (key, delta) in moves {
            if ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, key)) {
                self.move_selection(delta);
            }
        }
        if ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, Key::Home)) {
            self.move_selection(-(self.items.len() as isize));
        }
        if ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, Key::End)) {
            self.move_selection(self.items.len() as isize);
        }
    }

    /// Sends the search once typing has paused (the logo searches' one [`Debounce`]).
    fn debounce(&mut self, ui: &Ui, shared: &mut Shared<'_>) {
        if self.search_debounce.due(ui.ctx()) && self.search.trim() != self.active_search {
            self.reload(shared);
        }
    }

    /// Parses the "open by number" field: `300001` is an item number, `#10001` a logo id.
    pub fn parse_goto(text: &str) -> Result<LogoRef, String> {
        let t = text.trim();
        let (id, digits) = match t.strip_prefix('#') {
            Some(rest) => (true, rest.trim()),
            None => (false, t),
        };
        match digits.parse::<i64>() {
            Ok(n) if n > 0 && id => Ok(LogoRef::Id(LogoId(n))),
            Ok(n) if n > 0 => Ok(LogoRef::ItemNo(LogoItemNo(n))),
            _ => Err(tr!("gallery-goto-invalid")),
        }
    }

    fn header_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        ui.horizontal(|ui| {
            let subtitle = match self.total_count {
                Some(n) if self.active_search.is_empty() => {
                    tr!("gallery-count", count = n, shown = n.to_string())
                }
                Some(n) => tr!(
                    "gallery-count-matching",
                    count = n,
                    shown = n.to_string(),
                    search = self.active_search.as_str()
                ),
                None => tr!("gallery-loading-short"),
            };
            ui.vertical(|ui| ui.screen_title(&tr!("gallery-title"), Some(&subtitle)));
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                if ui
                    .button(tr!("gallery-refresh"))
                    .on_hover_text(super::Action::Refresh.tooltip())
                    .clicked()
                {
                    self.reload(shared);
                }
                let before = self.page_size;
                egui::ComboBox::from_id_salt("page-size")
                    .width(control::NARROW)
                    .selected_text(tr!("gallery-page-size-short", size = self.page_size))
                    .show_ui(ui, |ui| {
                        for size in PAGE_SIZES {
                            ui.selectable_value(
                                &mut self.page_size,
                                size,
                                tr!("gallery-page-size", size = size),
                            );
                        }
                    })
                    .response
                    .on_hover_text(tr!("gallery-page-size-hover"));
                if self.page_size != before {
                    self.reload(shared);
                }
                self.goto_ui(ui, shared);
                self.search_ui(ui);
            });
        });
    }

    fn search_ui(&mut self, ui: &mut Ui) {
        let edit = egui::TextEdit::singleline(&mut self.search)
            .hint_text(tr!("gallery-search-hint"))
            .desired_width(field::L);
        let response = ui
            .add(edit)
            .accessible_name(tr!("gallery-search"))
            .on_hover_text(super::Action::FocusSearch.tooltip());
        if self.focus_search {
            response.request_focus();
            self.focus_search = false;
        }
        if response.changed() {
            self.search_debounce.edited();
        }
        if response.has_focus()
            && ui.input(|i| i.key_pressed(Key::Escape))
            && !self.search.is_empty()
        {
            self.search.clear();
            self.search_debounce.edited();
        }
    }

    fn goto_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        let target = IdEntry::new(
            &mut self.goto,
            &mut self.goto_error,
            tr!("gallery-goto-field"),
            tr!("gallery-goto"),
            Gallery::parse_goto,
        )
        .hint(tr!("gallery-goto-hint"))
        .field_hover(tr!("gallery-goto-field-hover"))
        .button_hover(tr!("gallery-goto-hover"))
        .width(field::ITEM_NO)
        .row(ui);
        if let Some(target) = target {
            shared.intend(Intent::OpenLogo(target));
        }
    }

    fn grid_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        let width = ui.available_width();
        let cols = (((width + card::GAP) / (card::WIDTH + card::GAP)).floor() as usize).max(1);
        self.columns = cols;
        let card_w = ((width - card::GAP * (cols as f32 - 1.0)) / cols as f32).floor();
        let rows = paging::rows(self.items.len(), cols);
        let row_h = card::HEIGHT;
        let mut area = egui::ScrollArea::vertical()
            .id_salt("gallery-grid")
            .auto_shrink([false, false]);
        if self.scroll_to_selected {
            self.scroll_to_selected = false;
            if let Some(sel) = self.selected {
                let row = (sel / cols) as f32;
                let pitch = row_h + card::GAP;
                let (offset, view_h) = (self.scroll_offset, self.view_height);
                let top = row * pitch;
                if top < offset {
                    area = area.vertical_scroll_offset(top);
                } else if top + row_h > offset + view_h {
                    area = area.vertical_scroll_offset(top + row_h - view_h);
                }
            }
        }
        let mut clicked = None;
        let mut edit = None;
        let mut visible: Range<usize> = 0..0;
        ui.spacing_mut().item_spacing.y = card::GAP;
        let output = area.show_rows(ui, row_h, rows, |ui, range| {
            visible = range.start * cols..(range.end * cols).min(self.items.len());
            for row in range {
                ui.horizontal(|ui| {
                    ui.spacing_mut().item_spacing.x = card::GAP;
                    for i in row * cols..((row + 1) * cols).min(self.items.len()) {
                        let selected = self.selected == Some(i);
                        let response = match &self.items[i] {
                            Some(c) => {
                                card_ui(ui, c, card_w, shared.thumbs, selected, shared.language)
                            }
                            None => placeholder_ui(ui, card_w),
                        };
                        if response.clicked() {
                            clicked = Some(i);
                        }
                        if let Some(c) = &self.items[i]
                            && c.status == crate::api::LogoStatus::Draft
                        {
                            response.context_menu(|ui| {
                                if ui.button(tr!("gallery-edit-draft")).clicked() {
                                    edit = Some(c.logo_id);
                                }
                            });
                        }
                    }
                });
            }
        });
        self.scroll_offset = output.state.clamped_offset().y;
        self.view_height = output.inner_rect.height();
        if let Some(logo) = edit {
            shared.intend(Intent::EditDraft(logo));
        }
        // A click selects and opens.
        if let Some(i) = clicked {
            self.selected = Some(i);
            if let Some(Some(card)) = self.items.get(i) {
                shared.intend(Intent::OpenLogo(LogoRef::Id(card.logo_id)));
            }
        }
        self.fetch_visible(visible, shared);
    }

    /// Asks for the pages of the visible cards that are neither loaded nor on their way.
    fn fetch_visible(&mut self, visible: Range<usize>, shared: &mut Shared<'_>) {
        if self.error.is_some() || visible.is_empty() {
            return;
        }
        let size = usize::try_from(self.page_size.max(1)).unwrap_or(1);
        let Some(pages) = paging::pages_of(&visible, size) else {
            return;
        };
        for page in pages {
            if self.pending.len() >= MAX_PAGES_IN_FLIGHT {
                break;
            }
            let Ok(number) = i64::try_from(page) else {
                break;
            };
            let slots = paging::page_slots(page, size, self.items.len());
            let missing = self.items[slots].iter().any(Option::is_none);
            if missing
                && !self.loaded_pages.contains(&number)
                && !self.pending.values().any(|p| *p == number)
            {
                self.request_page(shared, number);
            }
        }
    }
}

/// Title, item number, size, badge, swatches and the thumbnail of one logo.
fn card_ui(
    ui: &mut Ui,
    c: &LogoCard,
    width: f32,
    thumbs: &mut ThumbnailCache,
    selected: bool,
    language: Language,
) -> Response {
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, card::HEIGHT), Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &c.title));
    if !ui.is_rect_visible(rect) {
        return response;
    }
    let t = theme::tokens(ui.ctx());
    let painter = ui.painter_at(rect.expand(2.0));
    let fill = if response.hovered() {
        t.surface_hover
    } else {
        t.surface
    };
    let stroke = if selected {
        Stroke::new(2.0, t.accent)
    } else {
        Stroke::new(1.0, t.border)
    };
    painter.rect(
        rect,
        theme::radius::CARD,
        fill,
        stroke,
        egui::StrokeKind::Inside,
    );

    // Picture on a checkerboard.
    let pad = space::S;
    let thumb_rect = Rect::from_min_size(
        rect.min + Vec2::splat(pad),
        Vec2::new(width - 2.0 * pad, card::THUMB_HEIGHT),
    );
    let thumb_painter = painter.with_clip_rect(thumb_rect);
    paint_checkerboard(&thumb_painter, thumb_rect, 10.0);
    match thumbs.get(c.thumb) {
        Some(texture) => {
            let size = texture.size_vec2();
            let fit = (thumb_rect.shrink(space::S).size() / size)
                .min_elem()
                .min(2.0);
            let image_rect = Rect::from_center_size(thumb_rect.center(), size * fit);
            thumb_painter.image(
                texture.id(),
                image_rect,
                Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
                Color32::WHITE,
            );
        }
        None => {
            thumb_painter.text(
                thumb_rect.center(),
                egui::Align2::CENTER_CENTER,
                "…",
                theme::font::card_placeholder(),
                t.text_muted,
            );
        }
    }

    // Text.
    let text_left = rect.left() + space::M;
    let text_width = width - 2.0 * space::M;
    let mut y = thumb_rect.bottom() + space::S;
    let title = one_line(
        ui,
        &c.title,
        theme::heading_font(),
        t.text_strong,
        text_width,
    );
    let title_h = title.size().y;
    painter.galley(egui::pos2(text_left, y), title, t.text_strong);
    y += title_h + 4.0;

    let item = match c.item_no {
        Some(n) => tr!("gallery-card-item", item = n.to_string()),
        None => tr!("gallery-card-no-item"),
    };
    let item = one_line(
        ui,
        &item,
        theme::font::card_meta(),
        t.text,
        text_width - 60.0,
    );
    let item_h = item.size().y;
    painter.galley(egui::pos2(text_left, y), item, t.text);
    // Status badge, right-aligned on this line.
    let (fg, bg) = match c.status {
        crate::api::LogoStatus::Done => (t.success, t.success_soft),
        crate::api::LogoStatus::Draft => (t.warning, t.warning_soft),
        crate::api::LogoStatus::Other(_) => (t.text_muted, t.chrome),
    };
    let badge = ui.painter().layout_no_wrap(
        super::names::logo_status(&c.status),
        theme::badge_font(),
        fg,
    );
    let badge_rect = Rect::from_min_size(
        egui::pos2(rect.right() - space::M - badge.size().x - 12.0, y - 2.0),
        badge.size() + egui::vec2(12.0, 5.0),
    );
    painter.rect_filled(badge_rect, theme::radius::BADGE, bg);
    painter.galley(badge_rect.center() - badge.size() / 2.0, badge, fg);
    y += item_h + 4.0;

    let size = super::names::size_mm(
        &language.measure(c.width_mm),
        &language.measure(c.height_mm),
    );
    let size = one_line(
        ui,
        &size,
        theme::font::card_meta(),
        t.text_muted,
        text_width,
    );
    let size_h = size.size().y;
    painter.galley(egui::pos2(text_left, y), size, t.text_muted);
    y += size_h + 6.0;

    // Ink swatches.
    let mut x = text_left + 7.0;
    let max = ((text_width - 24.0) / 17.0).floor().max(1.0) as usize;
    for color in c.colors.iter().take(max) {
        let [r, g, b] = color.rgb();
        painter.circle(
            egui::pos2(x, y + 7.0),
            6.5,
            Color32::from_rgb(r, g, b),
            Stroke::new(1.0, t.swatch_stroke),
        );
        x += 17.0;
    }
    if c.colors.len() > max {
        painter.text(
            egui::pos2(x - 4.0, y + 7.0),
            egui::Align2::LEFT_CENTER,
            format!("+{}", c.colors.len() - max),
            theme::font::small(),
            t.text_muted,
        );
    }
    response.on_hover_text_at_pointer(format!(
        "{}\n{}",
        c.title,
        tr!("gallery-card-hover", count = c.colors.len())
    ))
}

/// A card whose page has not arrived yet.
fn placeholder_ui(ui: &mut Ui, width: f32) -> Response {
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, card::HEIGHT), Sense::hover());
    if ui.is_rect_visible(rect) {
        let t = theme::tokens(ui.ctx());
        ui.painter().rect(
            rect,
            theme::radius::CARD,
            t.surface,
            Stroke::new(1.0, t.border),
            egui::StrokeKind::Inside,
        );
        let bar = |y: f32, w: f32| {
            Rect::from_min_size(egui::pos2(rect.left() + space::M, y), egui::vec2(w, 10.0))
        };
        let thumb = Rect::from_min_size(
            rect.min + Vec2::splat(space::S),
            egui::vec2(width - 2.0 * space::S, card::THUMB_HEIGHT),
        );
        ui.painter()
            .rect_filled(thumb, theme::radius::CONTROL, t.chrome);
        ui.painter()
            .rect_filled(bar(thumb.bottom() + 12.0, width * 0.6), 4, t.chrome);
        ui.painter()
            .rect_filled(bar(thumb.bottom() + 32.0, width * 0.35), 4, t.chrome);
    }
    response
}

fn one_line(
    ui: &Ui,
    text: &str,
    font: egui::FontId,
    color: Color32,
    width: f32,
) -> std::sync::Arc<egui::Galley> {
    let mut job = egui::text::LayoutJob::simple_singleline(text.to_owned(), font, color);
    job.wrap = egui::text::TextWrapping::truncate_at_width(width.max(10.0));
    ui.painter().layout_job(job)
}

impl ScreenView for Gallery {
    /// The screen.
    fn ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        self.debounce(ui, shared);
        self.keyboard(ui);
        self.header_ui(ui, shared);
        id_entry::problem_ui(ui, &self.goto_error);
        ui.add_space(space::M);
        if let Some(since) = self.stale_since {
            super::stale::stale_mark(ui, since, shared.language());
            ui.add_space(space::S);
        }

        if let Some(problem) = shared
            .session
            .active
            .as_ref()
            .and_then(|a| a.problem.clone())
        {
            if ui.empty_state(
                "⚠",
                &tr!("gallery-account-unusable"),
                &problem.message,
                Some(&tr!("gallery-open-settings")),
            ) {
                shared.intend(Intent::Navigate(super::Screen::Settings));
            }
            return;
        }
        if let Some(error) = self.error.clone() {
            if ui.empty_state(
                "⚠",
                &tr!("gallery-load-failed"),
                &error.message,
                Some(&tr!("gallery-try-again")),
            ) {
                self.reload(shared);
            }
            return;
        }
        match self.total_count {
            None => {
                ui.vertical_centered(|ui| {
                    ui.add_space(space::LOADING_TOP);
                    ui.spinner();
                    ui.muted(&tr!("gallery-loading"));
                });
            }
            Some(0) if !self.active_search.is_empty() => {
                let body = tr!(
                    "gallery-no-match-body",
                    search = self.active_search.as_str()
                );
                let (title, clear) = (tr!("gallery-no-match"), tr!("gallery-clear-search"));
                if ui.empty_state("⬚", &title, &body, Some(&clear)) {
                    self.search.clear();
                    self.reload(shared);
                }
            }
            Some(0) => {
                ui.empty_state("▦", &tr!("gallery-empty"), &tr!("gallery-empty-body"), None);
            }
            Some(_) => {
                if let Some(note) = &self.count_note {
                    ui.problem(note);
                    ui.add_space(space::S);
                }
                self.grid_ui(ui, shared)
            }
        }
    }

    fn on_event(&mut self, reply: Reply, event: Event, shared: &mut Shared<'_>) -> Option<Event> {
        match event {
            // The pickers' pages go on to their screens.
            Event::Logos(LogosEvent::Page(page))
                if matches!(reply.slot, Some(Slot::GalleryList | Slot::GalleryPage)) =>
            {
                if let Some(request) = reply.request {
                    self.on_page(request, page, shared.thumbs);
                }
                None
            }
            other => Some(other),
        }
    }

    /// A page of the list could not be fetched.
    fn on_failed(&mut self, reply: Reply, error: &UserError, _: &mut Shared<'_>) -> Toast {
        if let Some(request) = reply.request {
            self.pending.remove(&request);
        }
        self.error = Some(error.clone());
        Toast::Show
    }

    fn refresh(&mut self, shared: &mut Shared<'_>) -> bool {
        self.reload(shared);
        true
    }

    fn activated(&mut self, shared: &mut Shared<'_>) {
        self.reload(shared);
    }

    /// The first page of logos is on screen with its thumbnails (the "first frame with data"
    /// of the benchmarks and the screenshot).
    fn ready_for_screenshot(&mut self, _shown: bool, shared: &Shared<'_>) -> bool {
        self.ready(shared.thumbs)
    }
}

impl Gallery {
    /// Whether the first page of logos is shown with its thumbnails.
    pub fn ready(&self, thumbs: &ThumbnailCache) -> bool {
        self.has_loaded()
            && !self.is_busy()
            && self.cards().take(8).all(|c| thumbs.contains(&c.thumb))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goto_reads_item_numbers_and_ids() {
        assert_eq!(
            Gallery::parse_goto(" 300001 "),
            Ok(LogoRef::ItemNo(LogoItemNo(300001)))
        );
        assert_eq!(
            Gallery::parse_goto("#10001"),
            Ok(LogoRef::Id(LogoId(10001)))
        );
        assert_eq!(
            Gallery::parse_goto("# 10001"),
            Ok(LogoRef::Id(LogoId(10001)))
        );
        assert!(Gallery::parse_goto("crest").is_err());
        assert!(Gallery::parse_goto("-3").is_err());
        assert!(Gallery::parse_goto("#").is_err());
    }

    fn page(page: i64, n: usize, total: i64) -> CardPage {
        let generation = crate::backend::Generation(1);
        let items = (0..n)
            .map(|i| {
                let id = (page - 1) * 12 + i as i64 + 1;
                let summary = crate::api::LogoSummary {
                    logo_id: LogoId(id),
                    logo_item_no: None,
                    title: format!("Logo {id}"),
                    width_in_mm: 80.0,
                    height_in_mm: 60.0,
                    logo_type: Default::default(),
                    transfer_method_key: String::new(),
                    colors: vec![],
                    status: Default::default(),
                    storage_count: 0,
                    low_res_base64: String::new(),
                };
                LogoCard::from_summary(&summary, generation)
            })
            .collect();
        CardPage {
            items,
            page,
            page_size: 12,
            total_count: total,
            total_pages: (total + 11) / 12,
            stale_since: None,
        }
    }

    #[test]
    fn the_first_page_says_whether_the_list_is_fresh() {
        let saved = chrono::DateTime::from_timestamp(1_790_000_000, 0).unwrap();
        let mut g = Gallery::new(12);
        g.apply_page(CardPage {
            stale_since: Some(saved),
            ..page(1, 12, 30)
        });
        assert_eq!(g.stale_since(), Some(saved));
        g.apply_page(page(2, 12, 30));
        assert_eq!(
            g.stale_since(),
            Some(saved),
            "a later fresh page leaves the mark"
        );
        g.apply_page(page(1, 12, 30));
        assert_eq!(g.stale_since(), None, "a fresh first page takes it away");
    }

    #[test]
    fn pages_fill_their_slots_and_size_the_list() {
        let mut g = Gallery::new(12);
        g.apply_page(page(2, 12, 30));
        assert_eq!(g.items.len(), 30);
        assert!(g.items[0].is_none());
        assert_eq!(g.items[12].as_ref().unwrap().title, "Logo 13");
        g.apply_page(page(1, 12, 30));
        assert_eq!(g.cards().count(), 24);
        assert_eq!(g.selected_card().unwrap().title, "Logo 1");
        g.move_selection(100);
        assert_eq!(g.selected, Some(29));
        g.move_selection(-3);
        assert_eq!(g.selected, Some(26));
        assert!(g.selected_card().is_none(), "page 3 not loaded yet");
    }

    #[test]
    fn a_huge_total_count_is_clamped_with_a_sentence() {
        let mut g = Gallery::new(12);
        g.apply_page(page(1, 12, 1 << 62));
        assert_eq!(g.slots(), MAX_LISTED);
        assert_eq!(g.cards().count(), 12);
        let note = g.count_note.clone().unwrap();
        assert!(
            note.starts_with("The service reports 4611686018427387904 logos"),
            "{note}"
        );
        assert!(note.ends_with('.'));
        // A page far beyond the list, or beyond usize, is dropped without overflowing.
        let mut far = page(1, 12, 1 << 62);
        far.page = i64::MAX;
        far.page_size = i64::MAX;
        g.apply_page(far);
        assert_eq!(g.cards().count(), 12);
        g.move_selection(isize::MAX);
        assert_eq!(g.selected, Some(MAX_LISTED - 1));

        let mut g = Gallery::new(12);
        g.apply_page(page(1, 0, -7));
        assert_eq!(g.slots(), 0);
        assert!(g.count_note.as_deref().unwrap().contains("cannot be"));
        g.apply_page(page(1, 12, 30));
        assert_eq!(g.count_note, None);
    }

    #[test]
    fn paging_arithmetic_never_overflows() {
        assert_eq!(paging::listed_len(i64::MIN), 0);
        assert_eq!(paging::listed_len(i64::MAX), MAX_LISTED);
        assert_eq!(paging::listed_len(30), 30);
        assert_eq!(paging::page_start(1, 12), Some(0));
        assert_eq!(paging::page_start(3, 25), Some(50));
        assert_eq!(paging::page_start(0, 0), Some(0));
        assert_eq!(paging::page_start(i64::MAX, i64::MAX), None);
        assert_eq!(paging::pages_of(&(0..0), 12), None);
        assert_eq!(paging::pages_of(&(11..13), 12), Some(1..=2));
        assert_eq!(paging::page_slots(2, 12, 20), 12..20);
        assert_eq!(paging::page_slots(usize::MAX, usize::MAX, 20), 20..20);
        assert_eq!(paging::rows(MAX_LISTED, 0), MAX_LISTED);
    }
}
