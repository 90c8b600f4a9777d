//! A design view rendered by the sandbox: the demo jersey's FRONT and BACK with their
//! placements (logo picture, name and number placeholders), as `POST /api/design/{id}/view`
//! draws them once the state lock is released: read the pictures, composite, encode the PNG.
//! Target: ≤ 50 ms per view on the development machine.

use criterion::{Criterion, criterion_group, criterion_main};
use logodesk::imaging::encode_png_fast;
use logodesk::sandbox::fixtures::{DONE_DESIGN, VENDOR_ORG, demo_db};
use logodesk::sandbox::pictures::Pictures;
use std::hint::black_box;
use std::time::Duration;

fn benches(c: &mut Criterion) {
    let db = demo_db(
        chrono::Utc::now(),
        Duration::from_secs(60),
        Pictures::in_memory(),
    )
    .expect("demo data");
    let plan = db
        .plan_render(VENDOR_ORG, DONE_DESIGN, &serde_json::json!({}))
        .expect("plan");
    let pictures = db.pictures.clone();
    for view in ["FRONT", "BACK"] {
        let mut one = plan.clone();
        one.views.retain(|(_, v, _)| *v == view);
        // Warm the caches a running sandbox has warm (garment shapes, scaled logo pictures).
        let _ = one.render(&pictures);
        c.bench_function(&format!("design view {view} render + png"), |b| {
            b.iter(|| {
                let views = one.render(black_box(&pictures)).expect("render");
                views
                    .iter()
                    .map(|v| encode_png_fast(&v.image).len())
                    .sum::<usize>()
            })
        });
    }
    let mut front = plan.clone();
    front.views.retain(|(_, v, _)| *v == "FRONT");
    c.bench_function("design view FRONT render only", |b| {
        b.iter(|| front.render(black_box(&pictures)).expect("render"))
    });
}

criterion_group! {
    name = group;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(4));
    targets = benches
}
criterion_main!(group);
