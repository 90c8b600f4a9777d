//! The order composer in Danish: its headings, fields and buttons, the count of problems and
//! a design line's counts with Danish plurals ("1 række · 1 trøje", "2 rækker · 2 trøjer").

use crate::ui_common;

use ui_common::*;

#[test]
fn the_composer_speaks_danish_with_danish_plurals() {
    let _language = crate::one_language_at_a_time();
    let mut h = crate::danish_new_order();
    for label in [
        "Ordre",
        "Leveringsadresse",
        "Løse tryk",
        "Overslag",
        "Læg ordre…",
        "Tilføj design",
        "Tilføj et design eller et logo for at se prisen.",
    ] {
        assert!(shows(&h, label), "{label} is not on screen");
    }
    for label in ["Delivery address", "Place order…", "Add design"] {
        assert!(!shows(&h, label), "{label} is still in English");
    }
    assert!(
        shows_text(&h, "ting at rette"),
        "the count beside Læg ordre…"
    );

    // A design line starts with one row of one garment; a second row makes both plural.
    type_into(&mut h, "Design, der skal tilføjes", "MUL123456");
    press(&mut h, "Tilføj design");
    wait_for(&mut h, "the new line's counts", |h| {
        shows_text(h, "1 række · 1 trøje")
    });
    press(&mut h, "+ Række");
    wait_for(&mut h, "two rows counted", |h| {
        shows_text(h, "2 rækker · 2 trøjer")
    });
    assert!(!shows_text(&h, "rows"));
}
