//! Helpers of the order composer's UI tests: a new draft, its fields found by label, buttons
//! pressed as a person would, and placing.

use super::wait_for;
use egui_kittest::kittest::Queryable as _;
use logodesk::orders::form::DraftForm;
use logodesk::ui::orders::demo_form;

pub type H = egui_kittest::Harness<'static, logodesk::app::LogodeskApp>;

/// Orders → "New order", until the draft exists.
pub fn open_new_order(h: &mut H) {
    wait_for(h, "the session", |h| h.state().session().active.is_some());
    h.get_by_label("Orders").click();
    h.run_steps(2);
    h.get_by_label("New order").click();
    wait_for(h, "a new draft", |h| {
        h.state().orders().composer.draft_id().is_some()
    });
}

/// A new draft holding the demo order as changed by `edit` (its lines not fetched).
pub fn new_order_with(theme: egui::Theme, edit: impl FnOnce(&mut DraftForm)) -> H {
    let mut h = super::app(theme);
    open_new_order(&mut h);
    let mut form = demo_form();
    edit(&mut form);
    h.state_mut().orders_mut().composer.form = form;
    h.run_steps(3);
    h
}

/// The text field named `field` (its label beside it has the same text).
pub fn text_field<'a>(h: &'a H, field: &'a str) -> egui_kittest::Node<'a> {
    use egui::accesskit::Role;
    h.query_by_role_and_label(Role::TextInput, field)
        .or_else(|| h.query_by_role_and_label(Role::MultilineTextInput, field))
        .unwrap_or_else(|| panic!("no text field {field}"))
}

/// Scrolls to the button and clicks it.
pub fn press(h: &mut H, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run_steps(2);
    h.get_by_label(label).click_accesskit();
    h.run_steps(2);
}

/// Focuses the field and types into it.
pub fn type_into(h: &mut H, field: &str, text: &str) {
    text_field(h, field).scroll_to_me();
    h.run_steps(2);
    text_field(h, field).focus();
    h.run_steps(1);
    text_field(h, field).type_text(text);
    h.run_steps(2);
}

/// Whether the order has nothing to fix (no "… to fix" count beside "Place order…").
pub fn can_place(h: &H) -> bool {
    h.query_by_label_contains("to fix").is_none()
}

/// "Place order…" and the confirmation, laid out (a modal settles its size over a few frames).
pub fn confirm(h: &mut H) {
    press(h, "Place order…");
    h.run_steps(3);
    assert!(super::shows(h, "Deliver to"), "the confirmation");
}

/// "Place order…", then "Place order" in its confirmation.
pub fn place(h: &mut H) {
    confirm(h);
    h.get_by_label("Place order").click();
    h.run_steps(2);
}
