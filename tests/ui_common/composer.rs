//! Helpers of the order composer's UI tests beyond the shared ones in `ui_common`: a new
//! draft holding the demo order as edited, and whether it could be placed.

use egui_kittest::kittest::Queryable as _;
use logodesk::backend::demo_form;
use logodesk::orders::form::DraftForm;

pub type H = egui_kittest::Harness<'static, logodesk::app::LogodeskApp>;

/// A new draft holding the demo order as changed by `edit` (its lines not fetched).
pub fn new_order_with(theme: egui::Theme, edit: impl FnOnce(&mut DraftForm)) -> H {
    let mut h = super::app(theme);
    super::open_new_order(&mut h);
    let mut form = demo_form();
    edit(&mut form);
    h.state_mut().screens_mut().orders.composer.form = form;
    h.run_steps(3);
    h
}

/// Whether the order has nothing to fix (no "… to fix" count beside "Place order…").
pub fn can_place(h: &H) -> bool {
    h.query_by_label_contains("to fix").is_none()
}
