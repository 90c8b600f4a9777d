//! The property tests of `tests/api/props.rs` at 10,000 cases each, timed:
//! `cargo bench --bench props`. Prints one line per property and the total.

#[path = "../tests/prop_cases/mod.rs"]
mod prop_cases;

use std::time::Instant;

const CASES: u32 = 10_000;

/// A property's name and the function running it with a number of cases.
type Property = (&'static str, fn(u32));

fn main() {
    let runs: [Property; 4] = [
        (
            "response models on arbitrary JSON",
            prop_cases::models_read_arbitrary_json,
        ),
        (
            "valid response models round-trip",
            prop_cases::valid_models_round_trip,
        ),
        ("gallery paging", prop_cases::gallery_paging),
        ("editor ruler", prop_cases::ruler),
    ];
    let all = Instant::now();
    for (name, run) in runs {
        let started = Instant::now();
        run(CASES);
        println!(
            "props: {name}: {CASES} cases per property, passed in {:.2} s",
            started.elapsed().as_secs_f64()
        );
    }
    println!("props: all passed in {:.2} s", all.elapsed().as_secs_f64());
}
