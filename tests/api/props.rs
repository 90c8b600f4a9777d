//! Property tests of test 5 at 256 cases each (`cargo bench --bench props` runs the same at
//! 10,000): every response model on arbitrary JSON in its shape and valid values round-trip,
//! the gallery's paging arithmetic, the editor's ruler. See `tests/prop_cases/mod.rs`.

use crate::prop_cases;

const CASES: u32 = 256;

#[test]
fn response_models_never_panic_and_accept_only_plausible_numbers() {
    prop_cases::models_read_arbitrary_json(CASES);
}

#[test]
fn valid_response_models_round_trip() {
    prop_cases::valid_models_round_trip(CASES);
}

#[test]
fn gallery_paging_survives_any_reported_numbers() {
    prop_cases::gallery_paging(CASES);
}

#[test]
fn the_ruler_is_bounded_whatever_the_size() {
    prop_cases::ruler(CASES);
}
