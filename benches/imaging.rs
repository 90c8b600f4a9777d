//! Benchmarks of the pixel work on a 1024 × 1024 demo-like logo.

use criterion::{Criterion, criterion_group, criterion_main};
use image::RgbaImage;
use image::imageops::{FilterType, resize};
use logodesk::imaging::recolor;
use logodesk::sandbox::artwork::demo_logo;
use logodesk::sandbox::inks::{ink, reduce_to_inks};
use std::hint::black_box;

/// The first demo crest scaled up to 1024 × 1024 (anti-aliased edges included).
fn demo_1024() -> RgbaImage {
    resize(&demo_logo(0).image, 1024, 1024, FilterType::Triangle)
}

fn rgb(id: &str) -> [u8; 3] {
    ink(id).map_or([0, 0, 0], |i| i.rgb)
}

fn benches(c: &mut Criterion) {
    let img = demo_1024();
    let palette: Vec<[u8; 3]> = reduce_to_inks(&img).iter().map(|i| i.rgb).collect();
    let mapping = [(rgb("186"), rgb("286")), (rgb("282"), rgb("SORT"))];
    c.bench_function("recolor 1024x1024", |b| {
        b.iter(|| recolor(black_box(&img), black_box(&mapping), black_box(&palette)))
    });
    c.bench_function("reduce_to_inks 1024x1024", |b| {
        b.iter(|| reduce_to_inks(black_box(&img)))
    });
}

criterion_group!(imaging, benches);
criterion_main!(imaging);
