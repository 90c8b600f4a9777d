//! The DejaVu fonts, embedded once for the whole app: the window's text (egui, `ui::theme`) and
//! the PDFs' (krilla and rustybuzz, `pdf::layout`) are drawn from the same bytes.
//!
//! The bytes are `static` arrays, not the anonymous constant `include_bytes!` makes: a reference
//! to a constant is copied into every codegen unit that uses it (the release exe carried each
//! font twice), a reference to a static is one symbol.

const REGULAR_LEN: usize = include_bytes!("../assets/fonts/DejaVuSans.ttf").len();
const BOLD_LEN: usize = include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf").len();
static REGULAR: [u8; REGULAR_LEN] = *include_bytes!("../assets/fonts/DejaVuSans.ttf");
static BOLD: [u8; BOLD_LEN] = *include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf");

/// DejaVu Sans.
pub static DEJAVU_SANS: &[u8] = &REGULAR;
/// DejaVu Sans Bold.
pub static DEJAVU_SANS_BOLD: &[u8] = &BOLD;
