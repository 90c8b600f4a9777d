//! Issue 19, "Tests that must exist": the order lifecycle's model-based property at 256 cases
//! (`cargo bench --bench lifecycle --profile dev` runs the same at 10,000). See
//! `tests/prop_cases/lifecycle.rs`.

use crate::lifecycle_model as model;
use logodesk::backend::orders::outbox::{may_have_reached, unusable_success};

const CASES: u32 = 256;

#[test]
fn the_order_lifecycle_places_each_order_once_and_never_loses_a_row() {
    model::lifecycle(CASES);
    eprintln!("order lifecycle, {CASES} cases:\n{}", model::TALLY.report());
}

/// The property mirrors the outbox's `is_refusal` (it is `pub(super)`): the mirror answers as
/// the outbox's unit test says the original does, and the answers the property makes are
/// classified as their names say.
#[test]
fn the_property_classifies_answers_as_the_outbox_does() {
    for code in [400, 409, 422] {
        assert!(model::is_refusal(&model::status(code)), "{code}");
        assert!(!may_have_reached(&model::status(code)), "{code}");
    }
    for code in [401, 403, 408, 429, 500, 502, 503, 504] {
        assert!(!model::is_refusal(&model::status(code)), "{code}");
    }
    for code in [500, 502, 503, 504] {
        assert!(may_have_reached(&model::status(code)), "{code}");
    }
    for kind in 0..3 {
        let e = model::unusable(kind);
        assert!(unusable_success(&e) && may_have_reached(&e) && !model::is_refusal(&e));
    }
    let net = model::network_failures();
    assert!(!may_have_reached(&net.refused), "{:?}", net.refused);
    assert!(may_have_reached(&net.timeout), "{:?}", net.timeout);
    assert!(may_have_reached(&net.broken), "{:?}", net.broken);
    for e in [&net.refused, &net.timeout, &net.broken] {
        assert!(!model::is_refusal(e) && !unusable_success(e), "{e:?}");
    }
}
