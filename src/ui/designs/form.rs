//! The clone form's model (no drawing): variations, their placements as typed, and the
//! request body with every problem found.

use crate::api::designs::validate_clone;
use crate::api::{CloneDesign, Design, DesignId, LogoId, Placement, ValidationIssue, Variation};

/// A placement's identity while it is edited (the UI's own: the service has none), so the
/// canvas's selection and drag follow it when others are added, removed or undone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlacementId(u64);

impl PlacementId {
    /// A new id, unlike every other in this run.
    pub fn next() -> PlacementId {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        PlacementId(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }
}

/// One placement of a variation being edited (numbers as typed, so a half-typed one can be
/// pointed at; the canvas writes whole px and degrees).
///
/// Equality is of what the service gets (view, logo, numbers), not of [`id`](Self::id): two
/// placements typed alike are the same edit (undo steps, the service's preview).
#[derive(Debug, Clone)]
pub struct PlacementForm {
    /// Stable while edited; kept through undo (the undo steps hold whole placements).
    pub id: PlacementId,
    pub view: String,
    pub logo_id: LogoId,
    pub x: String,
    pub y: String,
    /// Degrees, clockwise on the picture (the service takes radians).
    pub angle: String,
}

impl PartialEq for PlacementForm {
    fn eq(&self, other: &Self) -> bool {
        (&self.view, self.logo_id, &self.x, &self.y, &self.angle)
            == (&other.view, other.logo_id, &other.x, &other.y, &other.angle)
    }
}

impl PlacementForm {
    /// A placement of `logo_id` on `view` at (`x`, `y`) px, turned `degrees`.
    pub fn at(view: &str, logo_id: LogoId, x: f64, y: f64, degrees: f64) -> PlacementForm {
        PlacementForm {
            id: PlacementId::next(),
            view: view.to_owned(),
            logo_id,
            x: fmt_coord(x),
            y: fmt_coord(y),
            angle: fmt_coord(degrees),
        }
    }

    /// The position and angle (degrees) if all three read as numbers.
    pub fn numbers(&self) -> Option<(f64, f64, f64)> {
        let angle = if self.angle.trim().is_empty() {
            Some(0.0)
        } else {
            number(&self.angle)
        };
        Some((number(&self.x)?, number(&self.y)?, angle?))
    }

    /// Sets the position and angle as the canvas moved them (whole px, degrees to 0.1).
    pub fn set_numbers(&mut self, x: f64, y: f64, degrees: f64) {
        self.x = fmt_coord(x.round());
        self.y = fmt_coord(y.round());
        self.angle = fmt_coord(normalize_degrees((degrees * 10.0).round() / 10.0));
    }
}

/// A number as typed (a comma as decimal point accepted).
pub fn number(text: &str) -> Option<f64> {
    text.trim()
        .replace(',', ".")
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
}

/// An angle in (-180, 180].
pub fn normalize_degrees(d: f64) -> f64 {
    let r = d.rem_euclid(360.0);
    if r > 180.0 { r - 360.0 } else { r }
}

/// One variation: a new design with these placements.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct VariationForm {
    pub title: String,
    pub placements: Vec<PlacementForm>,
}

/// The clone form of the open design.
#[derive(Debug, Clone, PartialEq)]
pub struct CloneForm {
    pub source: DesignId,
    pub variations: Vec<VariationForm>,
    /// The variation shown on the canvas.
    pub active: usize,
}

impl CloneForm {
    /// A variation starting from the source's placements.
    pub fn variation_of(design: &Design, n: usize) -> VariationForm {
        VariationForm {
            title: crate::tr!(
                "designs-variation-title",
                title = design.title.as_str(),
                n = n
            ),
            placements: design
                .design_logos
                .iter()
                .map(|p| {
                    PlacementForm::at(
                        &p.view,
                        p.logo_id,
                        p.x_coordinate,
                        p.y_coordinate,
                        p.angle_rads.to_degrees(),
                    )
                })
                .collect(),
        }
    }

    /// The form with one variation of `design`.
    pub fn new(design: &Design) -> CloneForm {
        CloneForm {
            source: design.design_id,
            variations: vec![CloneForm::variation_of(design, 1)],
            active: 0,
        }
    }

    /// The variation on the canvas (the first when the index is stale).
    pub fn active_mut(&mut self) -> Option<&mut VariationForm> {
        if self.active >= self.variations.len() {
            self.active = 0;
        }
        self.variations.get_mut(self.active)
    }

    /// The request body, and every problem found: numbers that do not read, then
    /// [`validate_clone`]'s rules.
    pub fn body(&self) -> (CloneDesign, Vec<ValidationIssue>) {
        let mut issues = Vec::new();
        let variations = self
            .variations
            .iter()
            .enumerate()
            .map(|(i, v)| Variation {
                title: v.title.trim().to_owned(),
                design_logos: v
                    .placements
                    .iter()
                    .enumerate()
                    .map(|(j, p)| {
                        placement(p, &format!("variations[{i}].designLogos[{j}]"), &mut issues)
                    })
                    .collect(),
            })
            .collect();
        let body = CloneDesign { variations };
        let mut checked = validate_clone(&body);
        crate::i18n::api::translate_issues(&mut checked);
        issues.extend(checked);
        (body, issues)
    }
}

/// The placements of one variation as the service takes them, if every number reads and
/// every placement names a view (what the canvas asks the service to draw).
pub fn placements(v: &VariationForm) -> Option<Vec<Placement>> {
    let mut issues = Vec::new();
    let out: Vec<Placement> = v
        .placements
        .iter()
        .map(|p| placement(p, "", &mut issues))
        .collect();
    (issues.is_empty() && out.iter().all(|p| !p.view.is_empty())).then_some(out)
}

/// One placement as the service takes it; what does not read is a problem at `at`.
fn placement(p: &PlacementForm, at: &str, issues: &mut Vec<ValidationIssue>) -> Placement {
    let mut read = |text: &str, key: &str, problem: &dyn Fn() -> String| -> f64 {
        if key == "angleRads" && text.trim().is_empty() {
            return 0.0;
        }
        number(text).unwrap_or_else(|| {
            issues.push(ValidationIssue::new(format!("{at}.{key}"), problem()));
            0.0
        })
    };
    let x = read(&p.x, "xCoordinate", &|| crate::tr!("designs-enter-x"));
    let y = read(&p.y, "yCoordinate", &|| crate::tr!("designs-enter-y"));
    let degrees = read(&p.angle, "angleRads", &|| crate::tr!("designs-enter-angle"));
    Placement {
        view: p.view.trim().to_uppercase(),
        logo_id: p.logo_id,
        x_coordinate: x,
        y_coordinate: y,
        angle_rads: (degrees != 0.0).then(|| degrees.to_radians()),
    }
}

/// A coordinate without trailing zeros (two decimals at most).
pub fn fmt_coord(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_owned()
    } else {
        s.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn design() -> Design {
        serde_json::from_value(serde_json::json!({
            "designId": 20001, "designItemNo": "MUL200001", "title": "Home kit",
            "status": "Done",
            "designLogos": [
                {"logoId": 10001, "view": "FRONT", "xCoordinate": 120, "yCoordinate": 80.5},
                {"logoId": 10035, "view": "BACK", "xCoordinate": 150, "yCoordinate": 60,
                 "angleRads": 0.5235987755982988}
            ]
        }))
        .unwrap()
    }

    #[test]
    fn the_clone_form_starts_from_the_source_and_checks_what_is_typed() {
        let mut form = CloneForm::new(&design());
        let (body, issues) = form.body();
        assert!(issues.is_empty(), "{issues:?}");
        assert_eq!(body.variations[0].design_logos.len(), 2);
        assert_eq!(body.variations[0].design_logos[0].y_coordinate, 80.5);
        assert_eq!(body.variations[0].design_logos[0].angle_rads, None);
        assert_eq!(form.variations[0].placements[1].angle, "30");
        let turned = body.variations[0].design_logos[1].angle_rads.unwrap();
        assert!((turned - std::f64::consts::FRAC_PI_6).abs() < 1e-12);

        form.variations[0].title = " ".into();
        form.variations[0].placements[1].x = "left".into();
        form.variations[0].placements[1].angle = "a bit".into();
        form.variations[0].placements[0].view.clear();
        let (_, issues) = form.body();
        let paths: Vec<&str> = issues.iter().map(|i| i.path.as_str()).collect();
        assert!(paths.contains(&"variations[0].title"), "{paths:?}");
        assert!(paths.contains(&"variations[0].designLogos[1].xCoordinate"));
        assert!(paths.contains(&"variations[0].designLogos[1].angleRads"));
        assert!(paths.contains(&"variations[0].designLogos[0].view"));
        assert_eq!(placements(&form.variations[0]), None);

        form.variations.clear();
        let (_, issues) = form.body();
        assert_eq!(issues[0].path, "variations");
    }

    #[test]
    fn the_canvas_writes_whole_pixels_and_tenths_of_degrees() {
        let mut p = PlacementForm::at("FRONT", LogoId(1), 600.0, 400.0, 0.0);
        p.set_numbers(612.4, 399.6, 195.04);
        assert_eq!(
            (p.x.as_str(), p.y.as_str(), p.angle.as_str()),
            ("612", "400", "-165")
        );
        assert_eq!(p.numbers(), Some((612.0, 400.0, -165.0)));
        p.angle.clear();
        assert_eq!(p.numbers(), Some((612.0, 400.0, 0.0)));
    }

    #[test]
    fn coordinates_print_without_trailing_zeros() {
        assert_eq!(fmt_coord(120.0), "120");
        assert_eq!(fmt_coord(80.5), "80.5");
        assert_eq!(fmt_coord(-3.25), "-3.25");
        assert_eq!(fmt_coord(-0.001), "0");
    }
}
