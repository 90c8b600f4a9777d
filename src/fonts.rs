//! The DejaVu fonts, embedded once for the whole app: the window's text (egui, `ui::theme`) and
//! the PDFs' (krilla and rustybuzz, `pdf::layout`) are drawn from the same bytes.

/// DejaVu Sans.
pub static DEJAVU_SANS: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold.
pub static DEJAVU_SANS_BOLD: &[u8] = include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf");
