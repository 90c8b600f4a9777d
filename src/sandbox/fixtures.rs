//! Deterministic demo data: a sports-club vendor with two child organizations, ~40 logos,
//! jersey designs with name and number placeholders, vectorize tasks in both states, two
//! placed orders, and an unrelated second vendor. Every id is a constant, the same on every
//! start, persisted or not.
//!
//! Rendering the pictures costs CPU, so the finished set is built once per process
//! ([`OnceLock`]) and cloned into each new sandbox; a persistent sandbox renders it only on
//! its very first start, when its database is seeded.

use std::collections::BTreeMap;
use std::sync::OnceLock;
use std::time::Duration;

use chrono::{DateTime, TimeZone as _, Utc};
use rust_decimal::Decimal;
use serde::Serialize;
use serde_json::json;

use super::artwork;
use super::db::Db;
use super::error::Result;
use super::logos::{NewLogo, PreparedUpload, build_logo, prepare_image};
use super::pictures::{LogoPictures, PictureId, Pictures};
use super::pricing;
use super::records::{DesignRec, LogoRec, OrderRec, Org, TaskRec, due_after};
use crate::api::{
    CreatedLogo, Design, DesignLogo, DesignStatus, LogoStatus, LogoType, TaskStatus, VectorizeTask,
};

/// The sports-club vendor.
pub const VENDOR_ORG: i64 = 1001;
/// Its first child organization (owns [`CHILD_LOGO`]).
pub const CHILD_ORG: i64 = 1002;
/// Its second child organization.
pub const CHILD2_ORG: i64 = 1003;
/// The unrelated second vendor.
pub const OTHER_ORG: i64 = 2001;
/// API key of [`VENDOR_ORG`].
pub const VENDOR_KEY: &str = "sbx_nordby_if_3f9c2a7e41d8b605";
/// API key of [`CHILD_ORG`] (not part of [`Fixtures`]; handy for manual tests).
pub const CHILD_KEY: &str = "sbx_nordby_handbold_8a21f0c4d9e3";
/// API key of [`OTHER_ORG`].
pub const OTHER_KEY: &str = "sbx_vestkyst_sport_c5e9017b2a4f";

pub use super::db::{
    DESIGN_ID_BASE, DESIGN_MUL_BASE, LOGO_ID_BASE, LOGO_ITEM_NO_BASE, ORDER_ID_BASE, TASK_ID_BASE,
};

/// Transfer logos of the vendor drawn from [`artwork::demo_logo`] (ids 10001…10034).
const ART_LOGOS: i64 = 34;
/// A Done transfer logo of the vendor.
pub const DONE_LOGO: i64 = 10001;
/// The NameLogo placeholder.
pub const NAME_LOGO: i64 = 10035;
/// The back NumberLogo placeholder.
pub const NUMBER_LOGO: i64 = 10036;
/// A second, smaller NumberLogo placeholder (chest number).
pub const CHEST_NUMBER_LOGO: i64 = 10037;
/// The Done TextLogo.
pub const TEXT_LOGO: i64 = 10038;
/// The logo created by the finished vectorize task.
pub const VECTORIZED_LOGO: i64 = 10039;
/// A fresh Draft upload with its method confirmed.
pub const FRESH_DRAFT_LOGO: i64 = 10040;
/// A Done logo owned by [`CHILD_ORG`].
pub const CHILD_LOGO: i64 = 10041;
/// A Draft logo owned by [`CHILD2_ORG`].
pub const CHILD2_LOGO: i64 = 10042;
/// The other vendor's Done logo.
pub const OTHER_LOGO: i64 = 10043;
/// A finalized jersey design with name and number placeholders.
pub const DONE_DESIGN: i64 = 20001;
/// The not finalized design.
pub const DRAFT_DESIGN: i64 = 20005;
/// A finalized hoodie design (style [`super::designs::HOODIE_STYLE`]).
pub const HOODIE_DESIGN: i64 = 20008;
/// The pending vectorize task.
pub const PENDING_TASK: i64 = 70002;
/// The finished vectorize task.
pub const FINISHED_TASK: i64 = 70001;

/// The ids and keys tests and the CLI need, serialised with exactly these camelCase keys.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Fixtures {
    /// The sports-club vendor's organization.
    pub vendor_organization_id: i64,
    /// Its API key.
    pub vendor_api_key: String,
    /// A child organization of the vendor.
    pub child_organization_id: i64,
    /// The unrelated vendor's API key.
    pub other_vendor_api_key: String,
    /// The unrelated vendor's organization.
    pub other_organization_id: i64,
    /// A finalized design with a NameLogo and a NumberLogo placeholder.
    pub done_design_id: i64,
    /// Its item number.
    pub done_design_mul: String,
    /// A design that is not finalized.
    pub draft_design_id: i64,
    /// The NameLogo placeholder (Done).
    pub name_logo_id: i64,
    /// The NumberLogo placeholder (Done, orderable with digits).
    pub number_logo_id: i64,
    /// A Done TextLogo.
    pub text_logo_id: i64,
    /// A Done transfer logo.
    pub done_logo_id: i64,
    /// Its item number.
    pub done_logo_item_no: i64,
    /// A Done logo owned by the child organization.
    pub child_logo_id: i64,
    /// The unrelated vendor's logo.
    pub other_vendor_logo_id: i64,
    /// A pending vectorize task.
    pub pending_vectorize_task_id: i64,
    /// A finished vectorize task.
    pub finished_vectorize_task_id: i64,
}

/// The fixture ids and keys (constants; no pictures are rendered).
pub fn fixtures() -> Fixtures {
    Fixtures {
        vendor_organization_id: VENDOR_ORG,
        vendor_api_key: VENDOR_KEY.to_owned(),
        child_organization_id: CHILD_ORG,
        other_vendor_api_key: OTHER_KEY.to_owned(),
        other_organization_id: OTHER_ORG,
        done_design_id: DONE_DESIGN,
        done_design_mul: mul(DESIGN_MUL_BASE),
        draft_design_id: DRAFT_DESIGN,
        name_logo_id: NAME_LOGO,
        number_logo_id: NUMBER_LOGO,
        text_logo_id: TEXT_LOGO,
        done_logo_id: DONE_LOGO,
        done_logo_item_no: LOGO_ITEM_NO_BASE,
        child_logo_id: CHILD_LOGO,
        other_vendor_logo_id: OTHER_LOGO,
        pending_vectorize_task_id: PENDING_TASK,
        finished_vectorize_task_id: FINISHED_TASK,
    }
}

fn mul(n: i64) -> String {
    format!("MUL{n:06}")
}

/// Start of the demo history: Monday 3 March 2025, 08:00 UTC.
fn epoch() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2025, 3, 3, 8, 0, 0)
        .single()
        .unwrap_or_default()
}

fn hours(h: i64) -> chrono::Duration {
    chrono::Duration::hours(h)
}

/// The organizations.
pub fn orgs() -> Vec<Org> {
    let org = |id, name: &str, parent| Org {
        id,
        name: name.to_owned(),
        parent,
    };
    vec![
        org(VENDOR_ORG, "Nordby IF", None),
        org(CHILD_ORG, "Nordby IF Håndbold", Some(VENDOR_ORG)),
        org(CHILD2_ORG, "Nordby IF Fodbold", Some(VENDOR_ORG)),
        org(OTHER_ORG, "Vestkyst Sport ApS", None),
    ]
}

/// Pictures rendered once per process.
struct Cache {
    /// Prepared demo art, one per [`artwork::DEMO_LOGO_COUNT`] index, at a nominal 100 mm.
    art: Vec<PreparedUpload>,
    /// The demo logos' pictures under fixed ids, which the template logos refer to.
    pictures: Vec<(PictureId, std::sync::Arc<[u8]>)>,
    /// The template state (everything but orgs, keys and times relative to the start).
    logos: BTreeMap<i64, LogoRec>,
    designs: BTreeMap<i64, DesignRec>,
    tasks: BTreeMap<i64, TaskRec>,
    orders: BTreeMap<i64, OrderRec>,
}

static CACHE: OnceLock<Cache> = OnceLock::new();

fn cache() -> &'static Cache {
    CACHE.get_or_init(build_cache)
}

/// Renders the demo pictures now (once per process), so that times taken afterwards, such as
/// the due time of the pending demo task, are not shortened by the rendering.
pub fn warm_up() {
    cache();
}

/// Renders demo art `i` and prepares it at a nominal width of 100 mm.
fn render_art(i: usize) -> PreparedUpload {
    let art = artwork::demo_logo(i);
    let (w, h) = (art.image.width().max(1), art.image.height().max(1));
    let height = (100.0 * f64::from(h) / f64::from(w) * 10.0).round() / 10.0;
    prepare_image(&art.image, &art.title, 100.0, height)
}

/// Demo art for a finished vectorize task (the picture of one of the demo logos): taken
/// from the rendered set when this process has it, else this one picture is rendered.
pub fn vectorized_art(task_id: i64) -> PreparedUpload {
    let n = artwork::DEMO_LOGO_COUNT.max(1);
    let i = usize::try_from(task_id.rem_euclid(7)).unwrap_or(0) * 5 % n;
    CACHE
        .get()
        .and_then(|c| c.art.get(i).cloned())
        .unwrap_or_else(|| render_art(i))
}

/// Every demo picture, prepared.
struct Rendered {
    /// One per [`artwork::DEMO_LOGO_COUNT`] index, at a nominal 100 mm.
    art: Vec<PreparedUpload>,
    /// The NameLogo placeholder at 250 mm.
    name: PreparedUpload,
    /// The NumberLogo placeholder at 200 mm.
    number: PreparedUpload,
    /// The TextLogo at 220 mm.
    text: PreparedUpload,
}

/// Prepares demo picture `job`: the art of that index, then the name, number and text
/// placeholders.
fn render_job(job: usize) -> PreparedUpload {
    let n = artwork::DEMO_LOGO_COUNT;
    match job.checked_sub(n) {
        None => render_art(job),
        Some(0) => placeholder(&artwork::name_placeholder(), "Spillernavn (NAME)", 250.0),
        Some(1) => placeholder(&artwork::number_placeholder(), "Rygnummer (NUMBER)", 200.0),
        Some(_) => placeholder(
            &artwork::text_logo("NORDBY IF"),
            "Klubtekst NORDBY IF",
            220.0,
        ),
    }
}

/// Renders every demo picture on two threads, alternating, so both get an even share (this
/// is the expensive part).
fn render_all() -> Rendered {
    let jobs = artwork::DEMO_LOGO_COUNT + 3;
    let mut done: Vec<Option<PreparedUpload>> = vec![None; jobs];
    std::thread::scope(|s| {
        let odd = s.spawn(move || {
            (1..jobs)
                .step_by(2)
                .map(|j| (j, render_job(j)))
                .collect::<Vec<_>>()
        });
        for j in (0..jobs).step_by(2) {
            done[j] = Some(render_job(j));
        }
        if let Ok(rest) = odd.join() {
            for (j, p) in rest {
                done[j] = Some(p);
            }
        }
    });
    // A job whose thread failed is rendered here instead.
    let mut done: Vec<PreparedUpload> = done
        .into_iter()
        .enumerate()
        .map(|(j, p)| p.unwrap_or_else(|| render_job(j)))
        .collect();
    let text = done.pop().unwrap_or_else(|| render_job(jobs - 1));
    let number = done.pop().unwrap_or_else(|| render_job(jobs - 2));
    let name = done.pop().unwrap_or_else(|| render_job(jobs - 3));
    Rendered {
        art: done,
        name,
        number,
        text,
    }
}

fn sized(mut p: PreparedUpload, title: &str, width_mm: f64) -> PreparedUpload {
    let ratio = if p.width_mm > 0.0 {
        p.height_mm / p.width_mm
    } else {
        1.0
    };
    p.title = title.to_owned();
    p.width_mm = width_mm;
    p.height_mm = (width_mm * ratio * 10.0).round() / 10.0;
    p
}

fn placeholder(img: &image::RgbaImage, title: &str, width_mm: f64) -> PreparedUpload {
    let (w, h) = (img.width().max(1), img.height().max(1));
    let height = (width_mm * f64::from(h) / f64::from(w) * 10.0).round() / 10.0;
    prepare_image(img, title, width_mm, height)
}

fn build_cache() -> Cache {
    let Rendered {
        art,
        name,
        number,
        text,
    } = render_all();
    let t0 = epoch();
    let mut logos = BTreeMap::new();
    let mut item_no = LOGO_ITEM_NO_BASE;
    let mut pictures = Vec::new();
    let mut add = |logos: &mut BTreeMap<i64, LogoRec>, n: NewLogo, p: PreparedUpload| {
        let mut n = n;
        if n.status == LogoStatus::Done {
            n.item_no = Some(item_no);
            item_no += 1;
        }
        // Fixed picture ids in the order the logos are added: original, then low-res.
        let original = PictureId(i64::try_from(pictures.len()).unwrap_or(0) + 1);
        let low = PictureId(original.0 + 1);
        pictures.push((original, std::sync::Arc::clone(&p.original_png)));
        pictures.push((low, std::sync::Arc::clone(&p.low_res)));
        let ids = LogoPictures {
            original: Some(original),
            high: Some(original),
            low: Some(low),
        };
        logos.insert(n.id, build_logo(n, p, ids));
    };
    let new = |id: i64, owner, kind, method: &str, status, storage, h: i64| NewLogo {
        id,
        owner,
        kind,
        method: method.to_owned(),
        method_confirmed: status == LogoStatus::Done,
        status,
        item_no: None,
        storage_count: storage,
        created_at: t0 + hours(h),
    };
    const WIDTHS: [f64; 8] = [60.0, 80.0, 100.0, 120.0, 150.0, 200.0, 250.0, 280.0];
    let art_at = |i: usize| art.get(i % art.len().max(1)).cloned();
    for i in 0..ART_LOGOS {
        let idx = usize::try_from(i).unwrap_or(0);
        let Some(p) = art_at(idx) else { continue };
        let status = if i % 4 == 3 {
            LogoStatus::Draft
        } else {
            LogoStatus::Done
        };
        let method = if i % 3 == 2 { "INDUSTRI" } else { "VAND SPORT" };
        let storage = if status == LogoStatus::Done && i % 7 == 0 {
            25 * (i / 7 + 1)
        } else {
            0
        };
        let title = p.title.clone();
        let p = sized(p, &title, WIDTHS[idx % WIDTHS.len()]);
        let mut n = new(
            LOGO_ID_BASE + i,
            VENDOR_ORG,
            LogoType::Transfer,
            method,
            status,
            storage,
            6 * i,
        );
        // Some drafts have their method confirmed already, some not.
        n.method_confirmed = n.method_confirmed || i % 8 == 3;
        add(&mut logos, n, p);
    }
    add(
        &mut logos,
        new(
            NAME_LOGO,
            VENDOR_ORG,
            LogoType::NameLogo,
            "VAND SPORT",
            LogoStatus::Done,
            0,
            210,
        ),
        name,
    );
    add(
        &mut logos,
        new(
            NUMBER_LOGO,
            VENDOR_ORG,
            LogoType::NumberLogo,
            "VAND SPORT",
            LogoStatus::Done,
            40,
            211,
        ),
        number.clone(),
    );
    add(
        &mut logos,
        new(
            CHEST_NUMBER_LOGO,
            VENDOR_ORG,
            LogoType::NumberLogo,
            "VAND SPORT",
            LogoStatus::Done,
            0,
            212,
        ),
        sized(number, "Brystnummer (NUMBER)", 80.0),
    );
    add(
        &mut logos,
        new(
            TEXT_LOGO,
            VENDOR_ORG,
            LogoType::TextLogo,
            "VAND SPORT",
            LogoStatus::Done,
            0,
            213,
        ),
        text,
    );
    if let Some(p) = art_at(34) {
        add(
            &mut logos,
            new(
                VECTORIZED_LOGO,
                VENDOR_ORG,
                LogoType::Transfer,
                "VAND SPORT",
                LogoStatus::Done,
                0,
                300,
            ),
            sized(p, "Nordby IF jubilæumslogo", 120.0),
        );
    }
    if let Some(p) = art_at(35) {
        let mut n = new(
            FRESH_DRAFT_LOGO,
            VENDOR_ORG,
            LogoType::Transfer,
            "VAND SPORT",
            LogoStatus::Draft,
            0,
            320,
        );
        n.method_confirmed = true;
        add(
            &mut logos,
            n,
            sized(p, "Sponsor Nordby Brugs (udkast)", 90.0),
        );
    }
    if let Some(p) = art_at(36) {
        add(
            &mut logos,
            new(
                CHILD_LOGO,
                CHILD_ORG,
                LogoType::Transfer,
                "VAND SPORT",
                LogoStatus::Done,
                10,
                330,
            ),
            sized(p, "Håndbold klubmærke", 70.0),
        );
    }
    if let Some(p) = art_at(37) {
        add(
            &mut logos,
            new(
                CHILD2_LOGO,
                CHILD2_ORG,
                LogoType::Transfer,
                "INDUSTRI",
                LogoStatus::Draft,
                0,
                331,
            ),
            sized(p, "Fodbold ungdom (udkast)", 110.0),
        );
    }
    if let Some(p) = art_at(38) {
        add(
            &mut logos,
            new(
                OTHER_LOGO,
                OTHER_ORG,
                LogoType::Transfer,
                "INDUSTRI",
                LogoStatus::Done,
                0,
                340,
            ),
            sized(p, "Vestkyst Sport bølge", 100.0),
        );
    }

    let designs = demo_designs(&logos);
    let tasks = demo_tasks(&logos);
    let orders = demo_orders(&logos, &designs);
    Cache {
        art,
        pictures,
        logos,
        designs,
        tasks,
        orders,
    }
}

/// A demo design: id, owner, title, style, heating code, item number, placements.
type DesignSpec<'a> = (
    i64,
    i64,
    &'a str,
    i64,
    &'a str,
    Option<i64>,
    Vec<DesignLogo>,
);

fn demo_designs(logos: &BTreeMap<i64, LogoRec>) -> BTreeMap<i64, DesignRec> {
    let place = |logo: i64, view: &str, view_id: i64, x: f64, y: f64| DesignLogo {
        logo_id: logo.into(),
        logo_item_no: logos.get(&logo).and_then(|l| l.logo.logo_item_no),
        view: view.to_owned(),
        view_id: Some(view_id),
        x_coordinate: x,
        y_coordinate: y,
        angle_rads: 0.0,
    };
    let spec: Vec<DesignSpec> = vec![
        (
            DONE_DESIGN,
            VENDOR_ORG,
            "Hjemmebanetrøje 2025",
            501,
            "H2",
            Some(DESIGN_MUL_BASE),
            vec![
                place(DONE_LOGO, "FRONT", 1, 422.23, 380.0),
                place(NAME_LOGO, "BACK", 2, 600.0, 310.5),
                place(NUMBER_LOGO, "BACK", 2, 600.0, 722.0),
            ],
        ),
        (
            20002,
            VENDOR_ORG,
            "Udebanetrøje 2025",
            501,
            "H2",
            Some(DESIGN_MUL_BASE + 1),
            vec![
                place(10002, "FRONT", 1, 420.0, 390.0),
                place(CHEST_NUMBER_LOGO, "FRONT", 1, 780.0, 390.0),
                place(NAME_LOGO, "BACK", 2, 600.0, 310.5),
                place(NUMBER_LOGO, "BACK", 2, 600.0, 722.0),
            ],
        ),
        (
            20003,
            VENDOR_ORG,
            "Træningstrøje senior",
            502,
            "H1",
            Some(DESIGN_MUL_BASE + 2),
            vec![
                place(10005, "FRONT", 1, 600.0, 420.0),
                place(TEXT_LOGO, "BACK", 2, 600.0, 1222.33),
            ],
        ),
        (
            20004,
            VENDOR_ORG,
            "Målmandstrøje 2025",
            501,
            "H3",
            Some(DESIGN_MUL_BASE + 3),
            vec![
                place(DONE_LOGO, "FRONT", 1, 422.23, 380.0),
                place(10009, "LEFT SLEEVE", 3, 150.0, 200.0),
                place(NUMBER_LOGO, "BACK", 2, 600.0, 722.0),
            ],
        ),
        (
            DRAFT_DESIGN,
            VENDOR_ORG,
            "Spillershorts (kladde)",
            503,
            "H1",
            None,
            vec![place(CHEST_NUMBER_LOGO, "LEFT LEG", 5, 200.0, 260.0)],
        ),
        (
            20006,
            CHILD_ORG,
            "Håndbold spillertrøje",
            501,
            "H2",
            Some(DESIGN_MUL_BASE + 4),
            vec![
                place(CHILD_LOGO, "FRONT", 1, 420.0, 380.0),
                place(NAME_LOGO, "BACK", 2, 600.0, 310.5),
                place(NUMBER_LOGO, "BACK", 2, 600.0, 722.0),
            ],
        ),
        (
            20007,
            OTHER_ORG,
            "Vestkyst basis-tee",
            502,
            "H1",
            Some(DESIGN_MUL_BASE + 5),
            vec![place(OTHER_LOGO, "FRONT", 1, 600.0, 420.0)],
        ),
        (
            HOODIE_DESIGN,
            VENDOR_ORG,
            "Hættetrøje 2025",
            super::designs::HOODIE_STYLE,
            "H1",
            Some(DESIGN_MUL_BASE + 6),
            vec![
                place(DONE_LOGO, "FRONT", 1, 600.0, 700.0),
                place(TEXT_LOGO, "BACK", 2, 600.0, 560.0),
                place(NUMBER_LOGO, "BACK", 2, 600.0, 900.0),
                place(10009, "LEFT SLEEVE", 3, 300.0, 400.0),
            ],
        ),
    ];
    spec.into_iter()
        .map(
            |(id, owner, title, style_id, heating, mul_no, design_logos)| {
                let style = super::designs::style(style_id);
                let design = Design {
                    design_id: id.into(),
                    design_item_no: mul_no.map(|n| mul(n).into()),
                    title: title.to_owned(),
                    manufacturer_id: style.map(|s| s.manufacturer_id),
                    style_id: Some(style_id),
                    heating_code: Some(heating.to_owned()),
                    is_editable: id != 20003,
                    status: Some(if mul_no.is_some() {
                        DesignStatus::Done
                    } else {
                        DesignStatus::Draft
                    }),
                    design_logos,
                    unread_placements: Vec::new(),
                };
                (id, DesignRec { design, owner })
            },
        )
        .collect()
}

fn demo_tasks(logos: &BTreeMap<i64, LogoRec>) -> BTreeMap<i64, TaskRec> {
    let t0 = epoch();
    let finished = VectorizeTask {
        id: FINISHED_TASK.into(),
        status: TaskStatus::Finished,
        logo_name: "Nordby IF jubilæumslogo".to_owned(),
        transfer_method_key: "VAND SPORT".to_owned(),
        min_price: Decimal::from(pricing::VECTORIZE_MIN_PRICE),
        max_price: Decimal::from(pricing::VECTORIZE_MAX_PRICE),
        currency: pricing::CURRENCY.to_owned(),
        created_at_utc: t0 + hours(290),
        final_price: Some(Decimal::new(48000, 2)),
        finished_at_utc: Some(t0 + hours(300)),
        created_logos: vec![CreatedLogo {
            logo_id: VECTORIZED_LOGO.into(),
            logo_item_no: logos
                .get(&VECTORIZED_LOGO)
                .and_then(|l| l.logo.logo_item_no),
        }],
    };
    let pending = VectorizeTask {
        id: PENDING_TASK.into(),
        status: TaskStatus::Pending,
        logo_name: "Sponsorlogo Nordby Brugs".to_owned(),
        transfer_method_key: "INDUSTRI".to_owned(),
        min_price: Decimal::from(pricing::VECTORIZE_MIN_PRICE),
        max_price: Decimal::from(pricing::VECTORIZE_MAX_PRICE),
        currency: pricing::CURRENCY.to_owned(),
        created_at_utc: t0,
        final_price: None,
        finished_at_utc: None,
        created_logos: Vec::new(),
    };
    [(finished, None), (pending, Some(t0))]
        .into_iter()
        .map(|(task, due)| {
            (
                task.id.0,
                TaskRec {
                    task,
                    owner: VENDOR_ORG,
                    due_at: due,
                },
            )
        })
        .collect()
}

/// Two orders placed in the demo history: one completed, one failed (draft logo).
fn demo_orders(
    logos: &BTreeMap<i64, LogoRec>,
    designs: &BTreeMap<i64, DesignRec>,
) -> BTreeMap<i64, OrderRec> {
    let mut db = Db {
        logos: logos.clone(),
        designs: designs.clone(),
        ..Db::default()
    };
    for o in orgs() {
        db.orgs.insert(o.id, o);
    }
    let address = json!({
        "name": "Nordby IF", "address": "Stadionvej 4", "zip": "8300",
        "city": "Odder", "country": "DK", "contactPerson": "Mette Holm"
    });
    let bodies = [
        json!({
            "reference": "PO-2025-001",
            "comment": "Sæsonstart senior",
            "originOfDelivery": "Klubhuset",
            "deliveryAddress": address,
            "designs": [{"designMul": mul(DESIGN_MUL_BASE), "instances": [
                {"size": "M", "quantity": 6, "name": "HANSEN", "number": "7"},
                {"size": "L", "quantity": 8, "name": "JENSEN", "number": "10"}
            ]}],
            "logos": [
                {"logoId": DONE_LOGO, "quantity": 30, "storageQuantity": 5},
                {"logoId": NUMBER_LOGO, "digits": [{"digit": "10", "quantity": 2}, {"digit": "7", "quantity": 1}]}
            ]
        }),
        json!({
            "reference": "PO-2025-002",
            "deliveryAddress": address,
            "designs": [],
            "logos": [{"logoId": LOGO_ID_BASE + 3, "quantity": 10}]
        }),
    ];
    for (i, body) in bodies.into_iter().enumerate() {
        let placed = epoch() + hours(400 + 24 * i64::try_from(i).unwrap_or(0));
        match db.accept_order(VENDOR_ORG, body, None, placed, Duration::from_secs(12)) {
            Ok(a) => db.complete_order(a.record.id.0),
            Err(e) => tracing::error!(error = %e, "demo order refused"),
        }
    }
    db.orders
}

/// A sandbox state with the organizations and keys but no entities, its pictures in
/// `pictures` (filled by loading a persisted sandbox).
pub fn empty_db(pictures: Pictures) -> Db {
    let mut db = Db {
        pictures,
        ..Db::default()
    };
    for o in orgs() {
        db.orgs.insert(o.id, o);
    }
    for (key, org) in [
        (VENDOR_KEY, VENDOR_ORG),
        (CHILD_KEY, CHILD_ORG),
        (OTHER_KEY, OTHER_ORG),
    ] {
        db.keys.insert(key.to_owned(), org);
    }
    db
}

/// A fresh sandbox state with the demo data, its pictures stored in `pictures`: the pending
/// task is due `vectorize_delay` after `now`.
pub fn demo_db(now: DateTime<Utc>, vectorize_delay: Duration, pictures: Pictures) -> Result<Db> {
    let c = cache();
    pictures.put_with_ids(&c.pictures)?;
    let mut db = empty_db(pictures);
    db.logos = c.logos.clone();
    db.designs = c.designs.clone();
    db.tasks = c.tasks.clone();
    db.orders = c.orders.clone();
    if let Some(t) = db.tasks.get_mut(&PENDING_TASK) {
        t.task.created_at_utc = now;
        t.due_at = Some(due_after(now, vectorize_delay));
    }
    db.reindex();
    Ok(db)
}
