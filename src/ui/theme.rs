//! All styling of logodesk: colors per light/dark theme, spacing, sizes and fonts. Nothing else
//! in the UI names a color or a font size; it asks [`tokens`] or uses the constants here.
//!
//! [`apply_style`] installs fonts and both themes' styles; the app and every test harness call
//! it, so snapshots show exactly what people see.

use egui::{
    Color32, CornerRadius, FontData, FontDefinitions, FontFamily, FontId, Margin, Shadow, Stroke,
    TextStyle, Theme, ThemePreference, Visuals,
};
use std::sync::Arc;

/// Spacing scale (points).
pub mod space {
    pub const XS: f32 = 4.0;
    pub const S: f32 = 8.0;
    pub const M: f32 = 12.0;
    pub const L: f32 = 16.0;
    pub const XL: f32 = 24.0;
    /// A hairline gap (under the navigation).
    pub const HAIR: f32 = 2.0;
    /// Above a screen's "loading…" spinner.
    pub const LOADING_TOP: f32 = 120.0;
}

/// Widths of text fields, by what they hold, then by length.
pub mod field {
    /// Millimetres, or a color's id.
    pub const MM: f32 = 70.0;
    /// A short number (an organization's id).
    pub const NUMBER: f32 = 90.0;
    /// A day (`2026-11-26`).
    pub const DAY: f32 = 104.0;
    /// A tracking id.
    pub const TRACKING_ID: f32 = 110.0;
    /// A logo's item number or `#id`.
    pub const ITEM_NO: f32 = 120.0;
    /// An id typed to open or look something up (`widgets::IdEntry`).
    pub const ID: f32 = 140.0;
    /// Short text: a recipient, an organization.
    pub const S: f32 = 160.0;
    /// A search in a list, a logo to add.
    pub const M: f32 = 200.0;
    /// The gallery's search, a design to add.
    pub const L: f32 = 240.0;
    /// A title, a file's path in a form.
    pub const XL: f32 = 320.0;
    /// A form's long fields (name, address, key), a pasted roster.
    pub const XXL: f32 = 360.0;
    /// The upload's file path.
    pub const PATH: f32 = 420.0;
}

/// Widths and heights of other controls: combo boxes, their lists, progress bars, grid cells.
pub mod control {
    /// A combo box that is only its arrow.
    pub const ARROW: f32 = 18.0;
    /// A clone's angle cell.
    pub const ANGLE: f32 = 50.0;
    /// The gallery's page size; a clone's coordinate cells.
    pub const NARROW: f32 = 64.0;
    /// An import column's choice; a clone's view cell.
    pub const COLUMN: f32 = 90.0;
    /// The editor's method.
    pub const METHOD: f32 = 180.0;
    /// The address book and the country, the proof sheet's progress, a composer's wide cell.
    pub const WIDE: f32 = 220.0;
    /// The editor's palette list.
    pub const PALETTE_HEIGHT: f32 = 260.0;
    /// The country list.
    pub const COUNTRY_HEIGHT: f32 = 280.0;
    /// The address book's list.
    pub const ADDRESS_BOOK_HEIGHT: f32 = 320.0;
}

/// Tables and grids: row heights and column widths.
pub mod table {
    /// A compact row (the editor's prices).
    pub const ROW_COMPACT: f32 = 18.0;
    /// A row (a logo's colors).
    pub const ROW: f32 = 24.0;
    /// A column with a swatch and no heading.
    pub const ICON_COLUMN: f32 = 28.0;
    /// The least a column of a design's placements takes.
    pub const PLACEMENT_COLUMN: f32 = 60.0;
    /// The least a column of a logo's colors takes.
    pub const MIN_COLUMN: f32 = 70.0;
    /// The least a task's facts column takes.
    pub const FACTS_COLUMN: f32 = 90.0;
    /// The editor's prices' label column.
    pub const PRICE_LABEL: f32 = 120.0;
    /// A settings form's label column.
    pub const LABEL_COLUMN: f32 = 140.0;
    /// An order's facts: what a label takes (and the least a value has).
    pub const FACT_LABEL: f32 = 120.0;
}

/// Diameters of color swatches.
pub mod swatch {
    /// In the editor's palette list.
    pub const S: f32 = 14.0;
    /// In a logo's colors.
    pub const M: f32 = 16.0;
    /// Beside an editor's color.
    pub const L: f32 = 18.0;
}

/// Pictures: the least room they are given.
pub mod picture {
    /// The logo detail's picture.
    pub const MIN_DETAIL: f32 = 100.0;
    /// The editor's picture.
    pub const MIN_EDITOR: f32 = 160.0;
}

/// Panels, windows and toasts.
pub mod panel {
    /// The editor's commit question.
    pub const MODAL: f32 = 440.0;
    /// The settings screen's column.
    pub const SETTINGS: f32 = 760.0;
}

/// The toasts in the corner.
pub mod toast {
    /// Their column's widest.
    pub const MAX_WIDTH: f32 = 420.0;
    /// One toast's width.
    pub const WIDTH: f32 = 396.0;
    /// Its text's width.
    pub const TEXT: f32 = 300.0;
    /// Above the window's bottom edge (clear of the status bar).
    pub const ABOVE: f32 = 44.0;
}

/// The shell's navigation and status bar.
pub mod shell {
    /// The brand mark's square.
    pub const BRAND_MARK: f32 = 26.0;
    /// The indent of a navigation entry under another (the open logo under the gallery).
    pub const NAV_INDENT: f32 = 14.0;
    /// The account's status dot.
    pub const STATUS_DOT: f32 = 8.0;
    /// The status bar's spinner.
    pub const STATUS_SPINNER: f32 = 12.0;
    /// The status bar's separators.
    pub const SEPARATOR_HEIGHT: f32 = 14.0;
}

/// Corner radii.
pub mod radius {
    pub const CONTROL: u8 = 6;
    pub const CARD: u8 = 10;
    pub const BADGE: u8 = 8;
}

/// Gallery card geometry.
pub mod card {
    /// Width of a card.
    pub const WIDTH: f32 = 188.0;
    /// Height of a card, picture and text.
    pub const HEIGHT: f32 = 238.0;
    /// Height of the picture area.
    pub const THUMB_HEIGHT: f32 = 132.0;
    /// Gap between cards.
    pub const GAP: f32 = 14.0;
}

/// Width of the left navigation.
pub const NAV_WIDTH: f32 = 212.0;
/// The command palette.
pub mod palette {
    /// Width of the palette's window.
    pub const WIDTH: f32 = 460.0;
    /// Most height the list of actions takes before it scrolls.
    pub const LIST_HEIGHT: f32 = 360.0;
}

/// Smallest window the layout is designed for.
pub const MIN_WINDOW: [f32; 2] = [960.0, 620.0];
/// Default window size.
pub const DEFAULT_WINDOW: [f32; 2] = [1280.0, 800.0];

/// The bold font family (headings, titles, badges).
pub fn bold() -> FontFamily {
    FontFamily::Name("bold".into())
}

/// Text style of screen titles.
pub fn title_style() -> TextStyle {
    TextStyle::Name("title".into())
}

/// Font of card titles and section headings.
pub fn heading_font() -> FontId {
    FontId::new(font::CARD_TITLE, bold())
}

/// Font of badges and small labels.
pub fn badge_font() -> FontId {
    FontId::new(font::SMALL, bold())
}

/// Every font size of the UI, named by what it is for (points), and the fonts that screens
/// paint with. The text styles ([`apply_style`]), [`heading_font`] and [`badge_font`] take
/// their sizes from here too; no screen writes a size of its own.
pub mod font {
    use super::bold;
    use egui::FontId;

    /// Small text (the `Small` style), badges, labels on the picture, "+N" more swatches.
    pub const SMALL: f32 = 11.0;
    /// Body text and buttons.
    pub const BODY: f32 = 13.0;
    /// Monospace text (ids, hex colors).
    pub const MONO: f32 = 12.5;
    /// The `Heading` text style.
    pub const HEADING: f32 = 17.0;
    /// Screen titles.
    pub const TITLE: f32 = 22.0;
    /// Card titles and section headings (bold).
    pub const CARD_TITLE: f32 = 14.0;
    /// A card's secondary lines (item number, size).
    pub const CARD_META: f32 = 12.0;
    /// The "…" on a card whose picture is on its way.
    pub const CARD_PLACEHOLDER: f32 = 18.0;
    /// The letter in the brand mark (bold).
    pub const BRAND_MARK: f32 = 16.0;
    /// The "logodesk" wordmark (bold).
    pub const BRAND: f32 = 17.0;
    /// Icons in the navigation.
    pub const NAV_ICON: f32 = 15.0;
    /// Labels in the navigation (bold when selected).
    pub const NAV: f32 = 13.5;
    /// A fee's name in the logo detail (bold).
    pub const FEE_TITLE: f32 = 13.5;
    /// The sentence shown where a picture is missing.
    pub const PICTURE_MESSAGE: f32 = 14.0;
    /// The millimetres on the editor's rulers.
    pub const RULER: f32 = 9.5;
    /// The big icon of an empty state.
    pub const EMPTY_ICON: f32 = 40.0;

    /// Small regular text painted directly (labels on the picture, "+N" more swatches).
    pub fn small() -> FontId {
        FontId::proportional(SMALL)
    }

    /// A card's secondary lines.
    pub fn card_meta() -> FontId {
        FontId::proportional(CARD_META)
    }

    /// The "…" on a card whose picture is on its way.
    pub fn card_placeholder() -> FontId {
        FontId::proportional(CARD_PLACEHOLDER)
    }

    /// The letter in the brand mark.
    pub fn brand_mark() -> FontId {
        FontId::new(BRAND_MARK, bold())
    }

    /// The "logodesk" wordmark.
    pub fn brand() -> FontId {
        FontId::new(BRAND, bold())
    }

    /// An icon in the navigation.
    pub fn nav_icon() -> FontId {
        FontId::proportional(NAV_ICON)
    }

    /// A label in the navigation, bold when it is the screen shown.
    pub fn nav(selected: bool) -> FontId {
        if selected {
            FontId::new(NAV, bold())
        } else {
            FontId::proportional(NAV)
        }
    }

    /// A fee's name in the logo detail.
    pub fn fee_title() -> FontId {
        FontId::new(FEE_TITLE, bold())
    }

    /// The sentence shown where a picture is missing.
    pub fn picture_message() -> FontId {
        FontId::proportional(PICTURE_MESSAGE)
    }

    /// The millimetres on the editor's rulers.
    pub fn ruler() -> FontId {
        FontId::proportional(RULER)
    }

    /// The big icon of an empty state.
    pub fn empty_icon() -> FontId {
        FontId::proportional(EMPTY_ICON)
    }
}

/// The colors of one theme.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tokens {
    /// Window and central area background.
    pub bg: Color32,
    /// Left navigation and status bar background.
    pub chrome: Color32,
    /// Cards, tables, panels on the background.
    pub surface: Color32,
    /// A hovered card or row.
    pub surface_hover: Color32,
    /// Lines around cards and between areas.
    pub border: Color32,
    pub text: Color32,
    pub text_strong: Color32,
    pub text_muted: Color32,
    /// The brand accent (selection, primary buttons, focus).
    pub accent: Color32,
    /// Text on the accent color.
    pub on_accent: Color32,
    /// A quiet accent background (selected nav item, selected card).
    pub accent_soft: Color32,
    /// `Done` logos, success messages.
    pub success: Color32,
    pub success_soft: Color32,
    /// `Draft` logos, warnings.
    pub warning: Color32,
    pub warning_soft: Color32,
    /// Errors.
    pub danger: Color32,
    pub danger_soft: Color32,
    /// The two squares of the transparency checkerboard.
    pub checker: [Color32; 2],
    /// Stroke around a color swatch, so white and black inks show on any background.
    pub swatch_stroke: Color32,
}

/// Light theme colors.
pub const LIGHT: Tokens = Tokens {
    bg: Color32::from_rgb(0xF6, 0xF7, 0xF9),
    chrome: Color32::from_rgb(0xEE, 0xF0, 0xF4),
    surface: Color32::from_rgb(0xFF, 0xFF, 0xFF),
    surface_hover: Color32::from_rgb(0xF3, 0xF5, 0xFB),
    border: Color32::from_rgb(0xDD, 0xE1, 0xE8),
    text: Color32::from_rgb(0x33, 0x3A, 0x46),
    text_strong: Color32::from_rgb(0x11, 0x16, 0x20),
    text_muted: Color32::from_rgb(0x5F, 0x66, 0x73),
    accent: Color32::from_rgb(0x3B, 0x5B, 0xDB),
    on_accent: Color32::WHITE,
    accent_soft: Color32::from_rgb(0xE3, 0xE9, 0xFC),
    success: Color32::from_rgb(0x1E, 0x7A, 0x46),
    success_soft: Color32::from_rgb(0xDD, 0xF3, 0xE6),
    warning: Color32::from_rgb(0x9A, 0x5B, 0x00),
    warning_soft: Color32::from_rgb(0xFD, 0xF0, 0xD5),
    danger: Color32::from_rgb(0xC0, 0x2B, 0x2B),
    danger_soft: Color32::from_rgb(0xFC, 0xE4, 0xE4),
    // Mid-grey, so white ink (common on club logos) stays visible.
    checker: [
        Color32::from_rgb(0xD3, 0xD7, 0xDE),
        Color32::from_rgb(0xC3, 0xC8, 0xD0),
    ],
    swatch_stroke: Color32::from_rgba_premultiplied(0, 0, 0, 60),
};

/// Dark theme colors.
pub const DARK: Tokens = Tokens {
    bg: Color32::from_rgb(0x16, 0x18, 0x1D),
    chrome: Color32::from_rgb(0x1D, 0x20, 0x26),
    surface: Color32::from_rgb(0x22, 0x25, 0x2C),
    surface_hover: Color32::from_rgb(0x2A, 0x2E, 0x37),
    border: Color32::from_rgb(0x33, 0x38, 0x42),
    text: Color32::from_rgb(0xC9, 0xCE, 0xD6),
    text_strong: Color32::from_rgb(0xF2, 0xF4, 0xF7),
    text_muted: Color32::from_rgb(0x8B, 0x93, 0xA1),
    accent: Color32::from_rgb(0x7C, 0x95, 0xF2),
    on_accent: Color32::from_rgb(0x10, 0x14, 0x24),
    accent_soft: Color32::from_rgb(0x2A, 0x33, 0x55),
    success: Color32::from_rgb(0x5F, 0xD3, 0x8D),
    success_soft: Color32::from_rgb(0x1C, 0x3A, 0x2A),
    warning: Color32::from_rgb(0xF5, 0xB9, 0x4C),
    warning_soft: Color32::from_rgb(0x3F, 0x32, 0x17),
    danger: Color32::from_rgb(0xFF, 0x7B, 0x7B),
    danger_soft: Color32::from_rgb(0x45, 0x22, 0x24),
    checker: [
        Color32::from_rgb(0x3A, 0x3E, 0x47),
        Color32::from_rgb(0x2E, 0x32, 0x3A),
    ],
    swatch_stroke: Color32::from_rgba_premultiplied(255, 255, 255, 70),
};

/// The colors of the theme in force.
pub fn tokens(ctx: &egui::Context) -> &'static Tokens {
    tokens_of(ctx.theme())
}

/// The colors of `theme`.
pub fn tokens_of(theme: Theme) -> &'static Tokens {
    match theme {
        Theme::Light => &LIGHT,
        Theme::Dark => &DARK,
    }
}

/// Installs the fonts and both themes' styles, and follows `preference`.
pub fn apply_style(ctx: &egui::Context, preference: ThemePreference) {
    ctx.set_fonts(fonts());
    for theme in [Theme::Light, Theme::Dark] {
        ctx.set_style_of(theme, style(theme));
    }
    ctx.set_theme(preference);
}

fn fonts() -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert(
        "DejaVuSans".into(),
        Arc::new(FontData::from_static(crate::fonts::DEJAVU_SANS)),
    );
    fonts.font_data.insert(
        "DejaVuSans-Bold".into(),
        Arc::new(FontData::from_static(crate::fonts::DEJAVU_SANS_BOLD)),
    );
    // Emoji and icon fonts of egui stay behind ours as fallbacks.
    let fallbacks: Vec<String> = fonts
        .families
        .get(&FontFamily::Proportional)
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .filter(|f| f != "Ubuntu-Light")
        .collect();
    let mut proportional = vec!["DejaVuSans".to_owned()];
    proportional.extend(fallbacks.iter().cloned());
    let mut bold_family = vec!["DejaVuSans-Bold".to_owned()];
    bold_family.extend(fallbacks);
    fonts
        .families
        .insert(FontFamily::Proportional, proportional);
    fonts.families.insert(bold(), bold_family);
    fonts
}

fn style(theme: Theme) -> egui::Style {
    let t = tokens_of(theme);
    let mut style = egui::Style {
        text_styles: [
            (TextStyle::Small, FontId::proportional(font::SMALL)),
            (TextStyle::Body, FontId::proportional(font::BODY)),
            (TextStyle::Button, FontId::proportional(font::BODY)),
            (TextStyle::Monospace, FontId::monospace(font::MONO)),
            (TextStyle::Heading, FontId::new(font::HEADING, bold())),
            (title_style(), FontId::new(font::TITLE, bold())),
        ]
        .into(),
        ..egui::Style::default()
    };

    let s = &mut style.spacing;
    s.item_spacing = egui::vec2(space::S, space::S);
    s.button_padding = egui::vec2(10.0, 5.0);
    s.interact_size.y = 28.0;
    s.window_margin = Margin::same(space::L as i8);
    s.menu_margin = Margin::same(6);
    s.text_edit_width = 240.0;
    s.combo_height = 300.0;

    let mut v = match theme {
        Theme::Light => Visuals::light(),
        Theme::Dark => Visuals::dark(),
    };
    v.override_text_color = None;
    v.panel_fill = t.bg;
    v.window_fill = t.surface;
    v.window_stroke = Stroke::new(1.0, t.border);
    v.window_corner_radius = CornerRadius::same(radius::CARD);
    v.menu_corner_radius = CornerRadius::same(radius::CONTROL);
    v.window_shadow = Shadow {
        offset: [0, 6],
        blur: 18,
        spread: 0,
        color: Color32::from_black_alpha(if theme == Theme::Dark { 110 } else { 40 }),
    };
    v.popup_shadow = Shadow {
        offset: [0, 4],
        blur: 12,
        spread: 0,
        color: Color32::from_black_alpha(if theme == Theme::Dark { 100 } else { 32 }),
    };
    v.faint_bg_color = t.surface_hover;
    v.extreme_bg_color = t.surface;
    v.text_edit_bg_color = Some(t.surface);
    v.code_bg_color = t.chrome;
    v.hyperlink_color = t.accent;
    v.warn_fg_color = t.warning;
    v.error_fg_color = t.danger;
    v.selection.bg_fill = t.accent_soft;
    v.selection.stroke = Stroke::new(1.0, t.accent);
    v.striped = false;

    let control = CornerRadius::same(radius::CONTROL);
    let w = &mut v.widgets;
    w.noninteractive.bg_fill = t.surface;
    w.noninteractive.weak_bg_fill = t.surface;
    w.noninteractive.bg_stroke = Stroke::new(1.0, t.border);
    w.noninteractive.fg_stroke = Stroke::new(1.0, t.text);
    w.noninteractive.corner_radius = control;
    for (wv, fill, stroke, fg) in [
        (&mut w.inactive, t.surface, t.border, t.text_strong),
        (&mut w.hovered, t.surface_hover, t.accent, t.text_strong),
        (&mut w.active, t.accent_soft, t.accent, t.text_strong),
        (&mut w.open, t.surface_hover, t.border, t.text_strong),
    ] {
        wv.bg_fill = fill;
        wv.weak_bg_fill = fill;
        wv.bg_stroke = Stroke::new(1.0, stroke);
        wv.fg_stroke = Stroke::new(1.5, fg);
        wv.corner_radius = control;
        wv.expansion = 0.0;
    }
    style.visuals = v;
    style
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG relative luminance contrast of two opaque colors.
    fn contrast(a: Color32, b: Color32) -> f32 {
        let lum = |c: Color32| {
            let f = |v: u8| {
                let v = f32::from(v) / 255.0;
                if v <= 0.04045 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * f(c.r()) + 0.7152 * f(c.g()) + 0.0722 * f(c.b())
        };
        let (x, y) = (lum(a), lum(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    #[test]
    fn text_and_badges_are_readable_in_both_themes() {
        for t in [&LIGHT, &DARK] {
            for bg in [t.bg, t.surface, t.chrome] {
                assert!(contrast(t.text, bg) >= 7.0, "body text");
                assert!(contrast(t.text_muted, bg) >= 4.5, "muted text");
            }
            assert!(contrast(t.success, t.success_soft) >= 4.5, "Done badge");
            assert!(contrast(t.warning, t.warning_soft) >= 4.5, "Draft badge");
            assert!(contrast(t.danger, t.danger_soft) >= 4.5, "error");
            assert!(contrast(t.on_accent, t.accent) >= 4.5, "primary button");
        }
    }
}
