//! Benchmarks of the pixel work on a 1024 × 1024 demo-like logo, and the draft editor's local
//! recolor preview.

use criterion::{Criterion, criterion_group, criterion_main};
use image::RgbaImage;
use image::imageops::{FilterType, resize};
use logodesk::imaging::recolor;
use logodesk::sandbox::artwork::demo_logo;
use logodesk::sandbox::inks::{ink, reduce_to_inks};
use std::hint::black_box;
use std::sync::Arc;

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
    editor_preview(c, &img, &mapping, &palette);
}

/// The editor's local recolor preview of a 1024 × 1024 draft: the backend's part (recolor and
/// conversion to egui pixels, on the blocking pool, newest request winning) and the UI thread's
/// part (taking the finished picture as a texture). The budget is one frame (16 ms).
fn editor_preview(
    c: &mut Criterion,
    img: &RgbaImage,
    mapping: &[([u8; 3], [u8; 3])],
    palette: &[[u8; 3]],
) {
    let to_egui = |img: &RgbaImage| {
        egui::ColorImage::from_rgba_unmultiplied(
            [img.width() as usize, img.height() as usize],
            img.as_raw(),
        )
    };
    c.bench_function(
        "editor preview 1024x1024: recolor + egui pixels (backend)",
        |b| b.iter(|| Arc::new(to_egui(&recolor(black_box(img), mapping, palette)))),
    );
    let ctx = egui::Context::default();
    let finished = Arc::new(to_egui(&recolor(img, mapping, palette)));
    c.bench_function("editor preview 1024x1024: load_texture (UI thread)", |b| {
        b.iter(|| {
            let image = black_box(finished.clone());
            ctx.load_texture("editor-preview", image, egui::TextureOptions::LINEAR)
        })
    });
}

criterion_group!(imaging, benches);
criterion_main!(imaging);
