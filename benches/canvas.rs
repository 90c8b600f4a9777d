//! CPU per frame of the clone canvas while a logo is dragged, with 12 placements on the view
//! (the widget alone in an egui context, no window and no GPU): the frame's layout, hit tests,
//! the local drawing of the bare garment and 12 turned logos, and the tessellation of what it
//! painted. Target: ≤ 2 ms per frame.
//!
//! Run: `cargo bench --bench canvas` (or, without a release build of the whole tree,
//! `cargo bench --profile dev --bench canvas`: logodesk unoptimised, dependencies at opt-level 2,
//! about 0.17 ms per frame on the 2-core development machine while other builds ran).

use criterion::{Criterion, criterion_group, criterion_main};
use egui::{Color32, ColorImage, Event, Modifiers, PointerButton, Pos2, RawInput, Rect, vec2};
use logodesk::api::{LogoId, LogoStatus, LogoType};
use logodesk::backend::designs::ViewGeometry;
use logodesk::backend::{Generation, LogoCard, ThumbKey};
use logodesk::ui::designs::{Canvas, CanvasLogo, CanvasView, PlacementForm};
use std::time::Duration;

const PLACEMENTS: usize = 12;

struct Scene {
    ctx: egui::Context,
    canvas: Canvas,
    placements: Vec<PlacementForm>,
    /// The logos as the screens show them, each with its texture (kept alive here).
    logos: Vec<(LogoCard, egui::TextureHandle)>,
    garment: egui::TextureHandle,
}

impl Scene {
    fn new() -> Scene {
        let ctx = egui::Context::default();
        let garment = ctx.load_texture(
            "garment",
            ColorImage::filled([768, 1024], Color32::from_rgb(200, 20, 40)),
            Default::default(),
        );
        let mut logos = Vec::new();
        let mut placements = Vec::new();
        for i in 0..PLACEMENTS {
            let texture = ctx.load_texture(
                format!("logo-{i}"),
                ColorImage::filled([192, 192], Color32::from_rgb(20, 40, 200)),
                Default::default(),
            );
            let logo = LogoId(10001 + i as i64);
            let card = LogoCard {
                logo_id: logo,
                item_no: None,
                title: format!("Logo {i}"),
                status: LogoStatus::Done,
                logo_type: LogoType::Transfer,
                transfer_method: String::new(),
                width_mm: 60.0,
                height_mm: 40.0,
                colors: Vec::new(),
                storage_count: 0,
                thumb: ThumbKey {
                    generation: Generation(1),
                    logo,
                    revision: 0,
                },
            };
            let (col, row) = ((i % 3) as f64, (i / 3) as f64);
            placements.push(PlacementForm::at(
                "FRONT",
                LogoId(10001 + i as i64),
                300.0 + 300.0 * col,
                300.0 + 250.0 * row,
                (i as f64) * 10.0,
            ));
            logos.push((card, texture));
        }
        Scene {
            ctx,
            canvas: Canvas::default(),
            placements,
            logos,
            garment,
        }
    }

    /// One frame with `events`; answers the number of triangles painted.
    fn frame(&mut self, events: Vec<Event>) -> usize {
        let input = RawInput {
            screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(1280.0, 800.0))),
            events,
            ..RawInput::default()
        };
        let Scene {
            canvas,
            placements,
            logos,
            garment,
            ..
        } = self;
        let view = CanvasView {
            name: "FRONT",
            geometry: ViewGeometry::of(1200, 1600, None),
            garment: Some(garment.id()),
            service: None,
        };
        let logos: Vec<CanvasLogo<'_>> = logos
            .iter()
            .map(|(logo, texture)| CanvasLogo {
                logo,
                texture: Some(texture.id()),
            })
            .collect();
        let mut out = self.ctx.run_ui(input, |ui| {
            canvas.ui(ui, vec2(400.0, 500.0), placements, &view, &logos);
        });
        // No renderer takes the textures here.
        out.textures_delta.clear();
        let primitives = self.ctx.tessellate(out.shapes, out.pixels_per_point);
        primitives.len()
    }
}

fn button(pos: Pos2, pressed: bool) -> Event {
    Event::PointerButton {
        pos,
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    }
}

fn benches(c: &mut Criterion) {
    let mut scene = Scene::new();
    scene.frame(Vec::new());
    let start = scene.canvas.drawn_center(4).expect("placement 5 is drawn");
    scene.frame(vec![Event::PointerMoved(start), button(start, true)]);
    // Past the drag threshold: the drag is under way.
    let mut at = start + vec2(10.0, 0.0);
    scene.frame(vec![Event::PointerMoved(at)]);
    assert!(scene.canvas.dragging(), "the drag started");
    let mut step = 1.0;
    c.bench_function("clone canvas frame while dragging, 12 placements", |b| {
        b.iter(|| {
            // Back and forth over 40 points, so the logo stays on the view.
            if (at.x - start.x).abs() > 40.0 {
                step = -step;
            }
            at.x += step;
            scene.frame(vec![Event::PointerMoved(at)])
        })
    });
    assert!(scene.canvas.dragging(), "still dragging");
    scene.frame(vec![Event::PointerMoved(start + vec2(60.0, 30.0))]);
    assert_ne!(scene.placements[4].y, "550", "the dragged logo moved");
}

criterion_group! {
    name = group;
    config = Criterion::default().sample_size(50).measurement_time(Duration::from_secs(5));
    targets = benches
}
criterion_main!(group);
