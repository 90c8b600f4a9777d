//! Issue 19, "Tests that must exist": the order lifecycle's model-based property at 256 cases
//! (`cargo bench --bench lifecycle --profile dev` runs the same at 10,000). See
//! `tests/prop_cases/lifecycle.rs`.

use crate::lifecycle_model as model;
use logodesk::backend::orders::outbox::{may_have_reached, unusable_success};
use model::{Change, Outcome, Pick, Step};

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

/// Runs one sequence of steps, checked as the property checks it.
fn run(steps: &[Step]) {
    if let Err(e) = model::run_case(steps) {
        panic!("{e}\nsteps: {steps:#?}");
    }
}

/// An order placed and tracked at the first address (tracking id 1 there), then the account
/// moves to the second address: the row is held.
const TRACKED_THEN_MOVED: [Step; 3] = [
    Step::Place,
    Step::Send {
        row: Pick(0),
        outcome: Outcome::Accepted,
    },
    Step::EditAccount {
        change: Change::Address,
        follow: false,
    },
];

/// Another order placed at the second address (tracking id 1 there).
const PLACED_THERE: [Step; 2] = [
    Step::Place,
    Step::Send {
        row: Pick(0),
        outcome: Outcome::Accepted,
    },
];

/// "Send to <the second address>" on the held row, confirmed after the warning.
const SENT_THERE: Step = Step::SendToNewSettings {
    row: Pick(0),
    confirm: true,
};

/// "Send to <the second address>" on the held, tracked row: it must not carry the first
/// service's tracking id there, where the second service's own order 1 would be followed as
/// this one. (Found by the property: `Store::retarget` moved it; it now stays.)
#[test]
fn a_tracked_order_sent_to_another_address_is_not_tracked_as_another_order_there() {
    run(&[&TRACKED_THEN_MOVED[..], &[SENT_THERE], &PLACED_THERE].concat());
}

/// As above, but the second service placed its order 1 first: "Send to <new address>" on the
/// held row must not end in a database error. (Found by the property: it ended in the raw
/// UNIQUE constraint error and "move the file logodesk.sqlite aside".)
#[test]
fn a_tracked_order_sent_to_an_address_where_its_tracking_id_is_taken_is_not_a_database_error() {
    run(&[&TRACKED_THEN_MOVED[..], &PLACED_THERE, &[SENT_THERE]].concat());
}

/// An order whose first send may have reached the first address is held when the account
/// moves to the second, sent there after the warning, refused there (uncertain), and held
/// again when the account moves back. The person attaches the tracking id the first service
/// has for its key: the row stays queued for the second address with the first service's id,
/// and the tracker follows the second service's order of that id as this one.
///
/// (Found by the property: `OrdersCommand::Attach` recorded the id whatever the row's
/// destination; it now refuses a held row, as "Ask again" does.)
#[test]
fn a_tracking_id_attached_to_a_held_order_is_not_taken_as_its_destination_s() {
    let timeout = Outcome::Timeout { processed: true };
    let moved = Step::EditAccount {
        change: Change::Address,
        follow: false,
    };
    run(&[
        Step::Place,
        Step::Send {
            row: Pick(0),
            outcome: timeout,
        },
        moved,
        SENT_THERE,
        Step::Send {
            row: Pick(0),
            outcome: Outcome::Rejected { code: 400 },
        },
        Step::Place,
        Step::Send {
            row: Pick(0),
            outcome: timeout,
        },
        moved,
        Step::Attach { row: Pick(0) },
    ]);
}
