//! The draft editor: the picture (before/after/split, rulers in mm) on the left, the staged
//! changes on the right — method, colors, size, title — applied with one "Apply" in the
//! service's order, and the irreversible commit. Controls a rule forbids are disabled with
//! the reason on hover. With no draft open it shows the upload form. Ctrl+Z and Ctrl+Shift+Z
//! (or the Edit menu) undo and redo the staged changes ([`crate::ui::undo`]).
//!
//! `model` is the editor's state and what it does with answers, without drawing; the views
//! draw from it: `view` the screen's layout, header and commit confirmation, `picture` the
//! picture, `panels` the change sections and "Apply", `ruler` the rulers, `club` the club's
//! approval before *Commit…*.

mod club;
mod model;
mod panels;
mod picture;
mod ruler;
mod view;

pub use club::ClubApproval;
pub use model::{EditorScreen, PictureMode, Rules, colors_changed, parse_mm};
pub use ruler::{MAX_RULER_TICKS, Tick, ruler_ticks};
