//! The order lifecycle's model-based property of `tests/api/lifecycle.rs` at 10,000 cases,
//! timed: `cargo bench --bench lifecycle --profile dev` (the dev profile reuses the test
//! build). Prints the cases, the time and how often each part of the lifecycle was reached.

#[path = "../tests/prop_cases/lifecycle.rs"]
mod lifecycle;

use std::time::Instant;

const CASES: u32 = 10_000;

fn main() {
    let started = Instant::now();
    lifecycle::lifecycle(CASES);
    println!(
        "lifecycle: {CASES} cases of up to {} steps passed in {:.2} s",
        lifecycle::MAX_STEPS,
        started.elapsed().as_secs_f64()
    );
    println!("{}", lifecycle::TALLY.report());
}
