//! Router tests (`tower::ServiceExt::oneshot`), rule tests on the state, persistence and a
//! few checks over real HTTP. Requests of one shape with other inputs are tables of cases
//! ([`Case`], checked by [`check_cases`]); scenarios of several steps are written out.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use chrono::Utc;
use serde_json::{Value, json};
use tower::ServiceExt as _;

use super::fixtures::*;
use super::orders::{aggregate_digits, delivery_date, validate};
use super::records::DigitEntry;
use super::*;

fn state() -> SandboxState {
    SandboxState::new(&SandboxConfig::fast()).unwrap()
}

/// One request to the router, with the vendor's key as `Authorization: Bearer` unless told
/// otherwise.
struct Call<'a> {
    method: &'a str,
    uri: String,
    key: Option<&'a str>,
    /// Whether the key goes in `X-Api-Key` instead.
    x_api_key: bool,
    /// The body and its `Content-Type`.
    body: Option<(String, Vec<u8>)>,
    headers: Vec<(&'a str, String)>,
}

fn req<'a>(method: &'a str, uri: impl Into<String>) -> Call<'a> {
    Call {
        method,
        uri: uri.into(),
        key: Some(VENDOR_KEY),
        x_api_key: false,
        body: None,
        headers: Vec::new(),
    }
}

impl<'a> Call<'a> {
    fn key(mut self, key: Option<&'a str>) -> Self {
        self.key = key;
        self
    }
    /// Sends the key in `X-Api-Key`.
    fn x_api_key(mut self) -> Self {
        self.x_api_key = true;
        self
    }
    fn json(self, body: Value) -> Self {
        self.raw("application/json", body.to_string())
    }
    /// A body sent as `content_type`, whatever it holds.
    fn raw(mut self, content_type: impl Into<String>, body: impl Into<Vec<u8>>) -> Self {
        self.body = Some((content_type.into(), body.into()));
        self
    }
    fn multipart(self, parts: &[(&str, Option<&str>, &[u8])]) -> Self {
        let (content_type, body) = multipart(parts);
        self.raw(content_type, body)
    }
    fn header(mut self, name: &'a str, value: impl Into<String>) -> Self {
        self.headers.push((name, value.into()));
        self
    }
    async fn send(self, app: &Router) -> (StatusCode, Value) {
        let mut b = Request::builder().method(self.method).uri(self.uri);
        match (self.key, self.x_api_key) {
            (Some(k), true) => b = b.header("X-Api-Key", k),
            (Some(k), false) => b = b.header(header::AUTHORIZATION, format!("Bearer {k}")),
            (None, _) => {}
        }
        for (n, v) in &self.headers {
            b = b.header(*n, v.as_str());
        }
        let body = match self.body {
            Some((content_type, bytes)) => {
                b = b.header(header::CONTENT_TYPE, content_type);
                Body::from(bytes)
            }
            None => Body::empty(),
        };
        send(app, b.body(body).unwrap()).await
    }
}

async fn send(app: &Router, r: Request<Body>) -> (StatusCode, Value) {
    let resp = app.clone().oneshot(r).await.unwrap();
    let status = resp.status();
    let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX)
        .await
        .unwrap();
    let v = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, v)
}

/// What an answer of a [`Case`] must hold.
enum Want {
    /// This value at the JSON pointer (`""`: the whole answer).
    At(&'static str, Value),
    /// Some value at the JSON pointer.
    Has(&'static str),
    /// No value at the JSON pointer.
    Lacks(&'static str),
    /// An array of this many items at the JSON pointer.
    Len(&'static str, usize),
    /// A `message` that says this (among other words).
    Says(&'static str),
}
use Want::{At, Has, Lacks, Len, Says};

/// The live service's `error` of a status (`"Not Found"`, `"Bad Request"`, …).
fn error(name: &str) -> Want {
    At("/error", json!(name))
}

/// One request of a table of cases, and what its answer must be.
struct Case<'a> {
    name: &'a str,
    call: Call<'a>,
    status: StatusCode,
    want: Vec<Want>,
}

/// Sends each case's request in turn and checks its answer, naming the case that fails.
async fn check_cases<'a>(app: &Router, cases: impl IntoIterator<Item = Case<'a>>) {
    for Case {
        name,
        call,
        status,
        want,
    } in cases
    {
        let (s, b) = call.send(app).await;
        assert_eq!(s, status, "{name}: {b}");
        for w in want {
            match w {
                At(at, v) => assert_eq!(b.pointer(at), Some(&v), "{name}: {at} of {b}"),
                Has(at) => assert!(b.pointer(at).is_some(), "{name}: no {at} in {b}"),
                Lacks(at) => assert!(b.pointer(at).is_none(), "{name}: {at} in {b}"),
                Len(at, n) => assert_eq!(
                    b.pointer(at).and_then(Value::as_array).map(Vec::len),
                    Some(n),
                    "{name}: {at} of {b}"
                ),
                Says(words) => assert!(
                    b["message"].as_str().is_some_and(|m| m.contains(words)),
                    "{name}: {b} does not say {words:?}"
                ),
            }
        }
    }
}

/// A 64 × 32 picture: left half red, right half white.
fn png() -> Vec<u8> {
    let img = image::RgbaImage::from_fn(64, 32, |x, _| {
        if x < 32 {
            image::Rgba([200, 16, 46, 255])
        } else {
            image::Rgba([255, 255, 255, 255])
        }
    });
    crate::imaging::encode_png(&img)
}

fn multipart(parts: &[(&str, Option<&str>, &[u8])]) -> (String, Vec<u8>) {
    let boundary = "sandboxboundary7MA4YWxkTrZu0gW";
    let mut body = Vec::new();
    for (name, filename, data) in parts {
        body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
        match filename {
            Some(f) => body.extend_from_slice(
                format!(
                    "Content-Disposition: form-data; name=\"{name}\"; filename=\"{f}\"\r\n\
                     Content-Type: application/octet-stream\r\n\r\n"
                )
                .as_bytes(),
            ),
            None => body.extend_from_slice(
                format!("Content-Disposition: form-data; name=\"{name}\"\r\n\r\n").as_bytes(),
            ),
        }
        body.extend_from_slice(data);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// `POST /api/logo/upload` of `parts`, with the vendor's key in `X-Api-Key`.
fn upload_call<'a>(parts: &[(&str, Option<&str>, &[u8])]) -> Call<'a> {
    req("POST", "/api/logo/upload").x_api_key().multipart(parts)
}

async fn upload(app: &Router, parts: &[(&str, Option<&str>, &[u8])]) -> (StatusCode, Value) {
    upload_call(parts).send(app).await
}

fn address() -> Value {
    json!({"name": "Nordby IF", "address": "Stadionvej 4", "zip": "8300", "city": "Odder", "country": "DK"})
}

fn finish_all(s: &SandboxState) {
    let mut db = s.lock();
    db.advance(Utc::now() + chrono::Duration::hours(2));
    db.flush().unwrap();
}

// ---------------------------------------------------------------------------------------------
// Auth, health, tenancy
// ---------------------------------------------------------------------------------------------

/// One request each, on the demo data: which key may read what (a vendor its own things and
/// its children's, a child only its own), and what a missing or unknown key, a public path
/// and an unknown one answer.
#[tokio::test]
async fn keys_and_tenancy() {
    let get = |what: &str| req("GET", format!("/api/{what}"));
    #[rustfmt::skip]
    let cases = [
        Case { name: "no key", call: get("logos").key(None), status: StatusCode::UNAUTHORIZED,
            want: vec![At("", json!({"error": "Unauthorized", "message": "Missing API Key"}))] },
        Case { name: "an unknown key", call: get("logos").key(Some("nope")),
            status: StatusCode::UNAUTHORIZED,
            want: vec![At("", json!({"error": "Unauthorized", "message": "Invalid API Key"}))] },
        Case { name: "the ping, without a key", call: get("health/ping").key(None),
            status: StatusCode::OK, want: vec![At("", json!("pong"))] },
        Case { name: "the key in X-Api-Key", call: get(&format!("logo/{DONE_LOGO}")).x_api_key(),
            status: StatusCode::OK, want: vec![] },
        Case { name: "an unknown path", call: get("nothing"), status: StatusCode::NOT_FOUND,
            want: vec![error("Not Found")] },
        Case { name: "a child's logo, for its parent", call: get(&format!("logo/{CHILD_LOGO}")),
            status: StatusCode::OK, want: vec![] },
        Case { name: "the other vendor's logo", call: get(&format!("logo/{OTHER_LOGO}")),
            status: StatusCode::NOT_FOUND, want: vec![error("Not Found")] },
        Case { name: "the other vendor's design", call: get("design/20007"),
            status: StatusCode::NOT_FOUND, want: vec![error("Not Found")] },
        Case { name: "cloning the other vendor's design",
            call: req("POST", "/api/design/20007/clone")
                .json(json!({"variations": [{"title": "x", "designLogos": []}]})),
            status: StatusCode::NOT_FOUND, want: vec![] },
        Case { name: "the vendor's logo, for the other vendor",
            call: get(&format!("logo/{DONE_LOGO}")).key(Some(OTHER_KEY)),
            status: StatusCode::NOT_FOUND, want: vec![] },
        Case { name: "the vendor's item number, for the other vendor",
            call: get(&format!("logo/itemno/{LOGO_ITEM_NO_BASE}")).key(Some(OTHER_KEY)),
            status: StatusCode::NOT_FOUND, want: vec![] },
        Case { name: "the parent's logo, for a child",
            call: get(&format!("logo/{DONE_LOGO}")).key(Some(CHILD_KEY)),
            status: StatusCode::NOT_FOUND, want: vec![] },
        Case { name: "the vendor's vectorize task, for the other vendor",
            call: get(&format!("vectorize/tasks/{PENDING_TASK}")).key(Some(OTHER_KEY)),
            status: StatusCode::NOT_FOUND, want: vec![] },
    ];
    check_cases(&router(state()), cases).await;
}

#[tokio::test]
async fn the_other_vendor_cannot_read_the_vendors_orders() {
    let app = router(state());
    let (s, b) = req("POST", "/api/orders")
        .json(json!({"reference": "R", "deliveryAddress": address(), "designs": [], "logos": [{"logoId": DONE_LOGO, "quantity": 1}]}))
        .send(&app)
        .await;
    assert_eq!(s, StatusCode::ACCEPTED);
    let id = b["id"].as_i64().unwrap();
    let (s, _) = req("GET", format!("/api/orders/{id}"))
        .key(Some(OTHER_KEY))
        .send(&app)
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _) = req("GET", format!("/api/orders/{id}")).send(&app).await;
    assert_eq!(s, StatusCode::OK);
}

#[test]
fn target_org_must_be_own_or_child() {
    let s = state();
    let db = s.lock();
    // The caller, the organization it asks for, and the one the request is then for.
    for (name, caller, requested, target) in [
        ("none asked", VENDOR_ORG, None, Some(VENDOR_ORG)),
        ("its own", VENDOR_ORG, Some(VENDOR_ORG), Some(VENDOR_ORG)),
        ("its child", VENDOR_ORG, Some(CHILD_ORG), Some(CHILD_ORG)),
        ("another vendor", VENDOR_ORG, Some(OTHER_ORG), None),
        ("a child's parent", CHILD_ORG, Some(VENDOR_ORG), None),
        ("an unknown one", VENDOR_ORG, Some(999_999), None),
    ] {
        match (db.target_org(caller, requested), target) {
            (Ok(got), Some(want)) => assert_eq!(got, want, "{name}"),
            (Err(e), None) => {
                assert_eq!(e.status(), StatusCode::BAD_REQUEST, "{name}");
                assert!(e.to_string().contains("parentId"), "{name}: {e}");
            }
            (got, want) => panic!("{name}: {got:?}, wanted {want:?}"),
        }
    }
}

#[test]
fn fixtures_serialise_with_exactly_the_agreed_keys() {
    let v = serde_json::to_value(fixtures()).unwrap();
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    let mut want = vec![
        "vendorOrganizationId",
        "vendorApiKey",
        "childOrganizationId",
        "otherVendorApiKey",
        "otherOrganizationId",
        "doneDesignId",
        "doneDesignMul",
        "draftDesignId",
        "nameLogoId",
        "numberLogoId",
        "textLogoId",
        "doneLogoId",
        "doneLogoItemNo",
        "childLogoId",
        "otherVendorLogoId",
        "pendingVectorizeTaskId",
        "finishedVectorizeTaskId",
    ];
    want.sort_unstable();
    assert_eq!(keys, want);
}

#[test]
fn fixture_ids_point_at_what_they_promise() {
    let s = state();
    let db = s.lock();
    let f = fixtures();
    let logo = |id: i64| &db.logos[&id].logo;
    assert_eq!(logo(f.done_logo_id).status, crate::api::LogoStatus::Done);
    assert_eq!(
        logo(f.done_logo_id).logo_item_no.map(|n| n.0),
        Some(f.done_logo_item_no)
    );
    assert_eq!(
        logo(f.name_logo_id).logo_type,
        crate::api::LogoType::NameLogo
    );
    assert_eq!(
        logo(f.number_logo_id).logo_type,
        crate::api::LogoType::NumberLogo
    );
    assert_eq!(
        logo(f.text_logo_id).logo_type,
        crate::api::LogoType::TextLogo
    );
    assert_eq!(db.logos[&f.child_logo_id].owner, f.child_organization_id);
    assert_eq!(
        db.logos[&f.other_vendor_logo_id].owner,
        f.other_organization_id
    );
    let done = &db.designs[&f.done_design_id].design;
    assert_eq!(
        done.design_item_no.as_ref().map(|m| m.as_str()),
        Some(f.done_design_mul.as_str())
    );
    let placed: Vec<i64> = done.design_logos.iter().map(|p| p.logo_id.0).collect();
    assert!(placed.contains(&f.name_logo_id) && placed.contains(&f.number_logo_id));
    assert!(
        db.designs[&f.draft_design_id]
            .design
            .design_item_no
            .is_none()
    );
    let own = db.logos.values().filter(|l| l.owner == VENDOR_ORG).count();
    assert!((35..=45).contains(&own), "{own} logos");
    assert!(db.logos.values().any(|l| l.logo.storage_count > 0));
    assert!(
        db.logos
            .values()
            .any(|l| l.logo.transfer_method_key == "INDUSTRI")
    );
    // The demo orders: one completed, one failed.
    let statuses: Vec<String> = db.orders.values().map(|o| o.status.to_string()).collect();
    assert_eq!(statuses, ["Completed", "Failed"]);
}

// ---------------------------------------------------------------------------------------------
// Logo list and lookup
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn logo_list_pages_searches_and_clamps() {
    let s = state();
    let total = {
        let db = s.lock();
        let visible = db
            .logos
            .values()
            .filter(|l| db.can_see(VENDOR_ORG, l.owner));
        i64::try_from(visible.count()).unwrap()
    };
    let list = |query: &str| req("GET", format!("/api/logos{query}"));
    #[rustfmt::skip]
    let mut cases = vec![
        Case { name: "the first page: newest first, summaries only", call: list(""),
            status: StatusCode::OK,
            want: vec![
                At("/page", json!(1)), At("/pageSize", json!(12)), Len("/items", 12),
                At("/totalCount", json!(total)), At("/totalPages", json!((total + 11) / 12)),
                At("/items/0/logoId", json!(CHILD2_LOGO)),
                Has("/items/0/HeightInMM"), Has("/items/0/LowResBase64"),
                Lacks("/items/0/prices"), Lacks("/items/0/highResBase64"),
                Has("/items/0/colors/0/ID"),
            ] },
        Case { name: "a limit over 25", call: list("?limit=100"), status: StatusCode::OK,
            want: vec![At("/pageSize", json!(25)), Len("/items", 25)] },
        Case { name: "a page past the last", call: list("?page=999"), status: StatusCode::OK,
            want: vec![At("/items", json!([])), At("/totalCount", json!(total))] },
        Case { name: "a search, in any case", call: list("?search=RYGNUMMER"),
            status: StatusCode::OK,
            want: vec![At("/totalCount", json!(1)), At("/items/0/logoId", json!(NUMBER_LOGO))] },
        Case { name: "a search that finds nothing", call: list("?search=zzzz-nothing"),
            status: StatusCode::OK,
            want: vec![At("/totalCount", json!(0)), At("/totalPages", json!(0))] },
        Case { name: "the other vendor: its own logo only", call: list("").key(Some(OTHER_KEY)),
            status: StatusCode::OK, want: vec![At("/totalCount", json!(1))] },
    ];
    for bad in [
        "page=0", "page=-1", "page=abc", "limit=0", "limit=x", "page=1.5",
    ] {
        let call = list(&format!("?{bad}"));
        let want = vec![error("Bad Request")];
        cases.push(Case {
            name: bad,
            call,
            status: StatusCode::BAD_REQUEST,
            want,
        });
    }
    check_cases(&router(s), cases).await;
}

/// One read each of the demo data by id or number: what it holds, or why there is nothing.
#[tokio::test]
async fn lookups_by_id_and_number() {
    let get = |what: &str| req("GET", format!("/api/{what}"));
    #[rustfmt::skip]
    let cases = [
        Case { name: "a Done logo by its item number",
            call: get(&format!("logo/itemno/{LOGO_ITEM_NO_BASE}")), status: StatusCode::OK,
            want: vec![
                At("/logoId", json!(DONE_LOGO)), Has("/prices/4"),
                At("/additionalFees/0/type", json!("startup")),
            ] },
        Case { name: "an item number no logo has", call: get("logo/itemno/1"),
            status: StatusCode::NOT_FOUND, want: vec![] },
        Case { name: "a logo id that is no number", call: get("logo/abc"),
            status: StatusCode::BAD_REQUEST, want: vec![] },
        Case { name: "a Draft logo: no item number yet",
            call: get(&format!("logo/{FRESH_DRAFT_LOGO}")), status: StatusCode::OK,
            want: vec![At("/logoItemNo", Value::Null), At("/status", json!("Draft"))] },
        Case { name: "a finalized design", call: get(&format!("design/{DONE_DESIGN}")),
            status: StatusCode::OK,
            want: vec![
                At("/status", json!("Done")), At("/styleId", json!(501)),
                At("/designItemNo", json!(fixtures().done_design_mul)),
            ] },
        Case { name: "a design not finalized: no item number",
            call: get(&format!("design/{DRAFT_DESIGN}")), status: StatusCode::OK,
            want: vec![At("/status", json!("Draft")), At("/designItemNo", Value::Null)] },
        Case { name: "a pending vectorize task",
            call: get(&format!("vectorize/tasks/{PENDING_TASK}")), status: StatusCode::OK,
            want: vec![
                At("/status", json!("pending")), At("/createdLogos", json!([])),
                At("/finalPrice", Value::Null), At("/finishedAtUtc", Value::Null),
            ] },
        Case { name: "a finished vectorize task",
            call: get(&format!("vectorize/tasks/{FINISHED_TASK}")), status: StatusCode::OK,
            want: vec![At("/status", json!("finished"))] },
    ];
    check_cases(&router(state()), cases).await;
}

// ---------------------------------------------------------------------------------------------
// Upload and the draft rules
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn upload_then_the_draft_rules_in_order() {
    let app = router(state());
    let png = png();
    let (s, logo) = upload(
        &app,
        &[
            ("File", Some("club.png"), &png),
            ("title", None, b"  Klubmaerke  "),
        ],
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{logo}");
    assert_eq!(logo["status"], "Draft");
    assert_eq!(logo["title"], "Klubmaerke");
    assert_eq!(logo["storageCount"], 0);
    assert_eq!(logo["logoItemNo"], Value::Null);
    assert_eq!(logo["logoType"], "TRANSFER");
    assert_eq!(logo["transferMethodKey"], "VAND SPORT");
    assert_eq!(logo["widthInMM"], 5.4);
    assert_eq!(logo["heightInMM"], 2.7);
    let ids: Vec<&str> = logo["colors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 2, "{ids:?}");
    assert!(ids.contains(&"HVID"), "{ids:?}");
    let id = logo["logoId"].as_i64().unwrap();
    let path = |op: &str| format!("/api/logo/{id}/{op}");
    let red = ids
        .iter()
        .find(|i| **i != "HVID")
        .copied()
        .unwrap()
        .to_owned();
    let (first, second) = (ids[0].to_owned(), ids[1].to_owned());

    // changecolors needs a confirmed method.
    let change = json!({"colorChanges": [{"from": red, "to": "SORT"}]});
    let (s, b) = req("POST", path("changecolors"))
        .json(change.clone())
        .send(&app)
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{b}");
    assert!(b["message"].as_str().unwrap().contains("updatemethod"));

    let (s, b) = req("POST", path("updatemethod"))
        .json(json!({"transferMethodKey": "SCREEN"}))
        .send(&app)
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(b["message"].as_str().unwrap().contains("VAND SPORT"));
    let (s, b) = req("POST", path("updatemethod"))
        .json(json!({"transferMethodKey": "INDUSTRI"}))
        .send(&app)
        .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(b["transferMethodKey"], "INDUSTRI");
    assert_eq!(b["additionalFees"][0]["prices"][0]["minQuantity"], 50);

    // Bad color changes.
    let swapped = format!("{second},{first}");
    #[rustfmt::skip]
    let refused = [
        (json!({}), "no colorChanges"),
        (json!({"colorChanges": []}), "empty"),
        (json!({"colorChanges": [{"from": "PURPLE", "to": "SORT"}]}), "not original"),
        (json!({"colorChanges": [{"from": swapped, "to": "SORT,186"}]}), "wrong order"),
        (json!({"colorChanges": [{"from": red, "to": "SORT,186"}]}), "lengths"),
        (json!({"colorChanges": [{"from": red, "to": "NOSUCHINK"}]}), "unknown ink"),
        (json!({"colorChanges": [{"from": red, "to": "SORT"}, {"from": red, "to": "186"}]}),
            "twice"),
    ];
    for (body, why) in refused {
        let (s, b) = req("POST", path("changecolors"))
            .json(body)
            .send(&app)
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{why}: {b}");
    }
    let before = req("GET", format!("/api/logo/{id}")).send(&app).await.1;
    let (s, b) = req("POST", path("changecolors"))
        .json(change)
        .send(&app)
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let now_ids: Vec<&str> = b["colors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert!(now_ids.contains(&"SORT") && !now_ids.contains(&red.as_str()));
    assert_ne!(b["highResBase64"], before["highResBase64"]);
    assert_ne!(b["lowResBase64"], before["lowResBase64"]);
    let img = crate::imaging::decode_base64_png(b["highResBase64"].as_str().unwrap()).unwrap();
    let left = img.get_pixel(4, 16).0;
    assert!(left[0] < 60 && left[1] < 60 && left[2] < 60, "{left:?}");

    // The method is fixed once colors changed.
    let (s, b) = req("POST", path("updatemethod"))
        .json(json!({"transferMethodKey": "VAND SPORT"}))
        .send(&app)
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(b["message"].as_str().unwrap().contains("colors"));

    // Resize.
    let (s, b) = req("POST", path("resize"))
        .json(json!({"widthInMM": "108", "heightInMM": ""}))
        .send(&app)
        .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        (b["widthInMM"].as_f64(), b["heightInMM"].as_f64()),
        (Some(108.0), Some(54.0))
    );
    let (_, b) = req("POST", path("resize"))
        .json(json!({"heightInMM": 27}))
        .send(&app)
        .await;
    assert_eq!(b["widthInMM"].as_f64(), Some(54.0));
    let (_, b) = req("POST", path("resize"))
        .json(json!({"widthInMM": "40", "heightInMM": "30"}))
        .send(&app)
        .await;
    assert_eq!(
        (b["widthInMM"].as_f64(), b["heightInMM"].as_f64()),
        (Some(40.0), Some(30.0))
    );
    #[rustfmt::skip]
    let refused = [
        json!({"widthInMM": "", "heightInMM": ""}), json!({}), json!({"widthInMM": "-3"}),
        json!({"widthInMM": "0"}), json!({"widthInMM": "wide"}), json!({"widthInMM": true}),
    ];
    for body in refused {
        let (s, _) = req("POST", path("resize"))
            .json(body.clone())
            .send(&app)
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}");
    }

    // Rename.
    let (s, _) = req("PUT", path("rename"))
        .json(json!({"title": "   "}))
        .send(&app)
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let (_, b) = req("PUT", path("rename"))
        .json(json!({"title": "Klubmærke 2"}))
        .send(&app)
        .await;
    assert_eq!(b["title"], "Klubmærke 2");

    // Commit, then nothing but rename.
    let (s, b) = req("PUT", path("commit")).send(&app).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(b["status"], "Done");
    let item_no = b["logoItemNo"].as_i64().unwrap();
    assert!((100_000..1_000_000).contains(&item_no));
    let (s, _) = req("PUT", path("commit")).send(&app).await;
    assert_eq!(s, StatusCode::CONFLICT);
    #[rustfmt::skip]
    let refused = [
        ("changecolors", json!({"colorChanges": [{"from": red, "to": "186"}]})),
        ("updatemethod", json!({"transferMethodKey": "INDUSTRI"})),
        ("resize", json!({"widthInMM": "50"})),
    ];
    for (op, body) in refused {
        let (s, b) = req("POST", path(op)).json(body).send(&app).await;
        assert_eq!(s, StatusCode::CONFLICT, "{op}");
        assert!(b["message"].as_str().unwrap().contains("Draft"), "{op}");
    }
    let (s, _) = req("PUT", path("rename"))
        .json(json!({"title": "Final"}))
        .send(&app)
        .await;
    assert_eq!(s, StatusCode::OK);
    let (s, b) = req("GET", format!("/api/logo/itemno/{item_no}"))
        .send(&app)
        .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(b["logoId"], id);
}

#[tokio::test]
async fn color_changes_merge_and_always_refer_to_the_originals() {
    let s = state();
    let app = router(s.clone());
    let png = png();
    let (_, logo) = upload(
        &app,
        &[("File", Some("a.png"), &png), ("title", None, b"T")],
    )
    .await;
    let id = logo["logoId"].as_i64().unwrap();
    let ids: Vec<String> = logo["colors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap().to_owned())
        .collect();
    req("POST", format!("/api/logo/{id}/updatemethod"))
        .json(json!({"transferMethodKey": "VAND SPORT"}))
        .send(&app)
        .await;
    let change = |from: &str, to: &str| json!({"colorChanges": [{"from": from, "to": to}]});
    let uri = format!("/api/logo/{id}/changecolors");
    let (_, b) = req("POST", &uri)
        .json(change(&ids[0], "SORT"))
        .send(&app)
        .await;
    assert_eq!(b["colors"][0]["id"], "SORT");
    // The second change names the *original* second color; the first change stays.
    let (_, b) = req("POST", &uri)
        .json(change(&ids[1], "186"))
        .send(&app)
        .await;
    let now: Vec<&str> = b["colors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(now, ["SORT", "186"]);
    // Mapping a color to itself reverts it; "SORT" is not an original and is refused.
    let (st, _) = req("POST", &uri)
        .json(change("SORT", "HVID"))
        .send(&app)
        .await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    let both = json!({"colorChanges": [{"from": format!("{},{}", ids[0], ids[1]), "to": format!("{},{}", ids[0], ids[1])}]});
    let (_, b) = req("POST", &uri).json(both).send(&app).await;
    assert_eq!(b["colors"], logo["colors"]);
    assert_eq!(
        s.lock().logos[&id].color_map,
        Vec::<(String, String)>::new()
    );
}

#[tokio::test]
async fn upload_refusals() {
    let app = router(state());
    let png = png();
    // A PNG header claiming 100 000 × 100 000 pixels.
    let mut bomb = png.clone();
    bomb[16..20].copy_from_slice(&100_000u32.to_be_bytes());
    bomb[20..24].copy_from_slice(&100_000u32.to_be_bytes());
    let big = vec![0u8; 10 * 1024 * 1024 + 10];
    let (other, child) = (OTHER_ORG.to_string(), CHILD_ORG.to_string());
    let picture = ("File", Some("x.png"), png.as_slice());
    let title = ("title", None, b"T".as_slice());
    #[rustfmt::skip]
    let cases = [
        Case { name: "not a picture",
            call: upload_call(&[("File", Some("x.txt"), b"hello, not a picture"), title]),
            status: StatusCode::UNSUPPORTED_MEDIA_TYPE, want: vec![] },
        Case { name: "no title", call: upload_call(&[picture]),
            status: StatusCode::BAD_REQUEST, want: vec![Says("title")] },
        Case { name: "no file", call: upload_call(&[title]),
            status: StatusCode::BAD_REQUEST, want: vec![Says("File")] },
        Case { name: "for the other vendor's organization",
            call: upload_call(&[picture, title, ("organizationId", None, other.as_bytes())]),
            status: StatusCode::BAD_REQUEST, want: vec![Says("organizationId")] },
        Case { name: "for a child organization",
            call: upload_call(&[picture, title, ("organizationId", None, child.as_bytes())]),
            status: StatusCode::OK, want: vec![] },
        Case { name: "a picture too large to decode",
            call: upload_call(&[("File", Some("b.png"), &bomb), title]),
            status: StatusCode::PAYLOAD_TOO_LARGE, want: vec![] },
        Case { name: "a file over the size limit",
            call: upload_call(&[("File", Some("big.png"), &big), title]),
            status: StatusCode::PAYLOAD_TOO_LARGE, want: vec![] },
        Case { name: "JSON instead of a form",
            call: req("POST", "/api/logo/upload").json(json!({"title": "x"})),
            status: StatusCode::UNSUPPORTED_MEDIA_TYPE, want: vec![] },
    ];
    check_cases(&app, cases).await;
    // The child-owned upload is listed for the parent.
    let (_, b) = req("GET", "/api/logos?search=T&limit=25").send(&app).await;
    assert!(b["totalCount"].as_i64().unwrap() >= 1);
}

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

#[test]
fn digits_split_and_add_up_per_value() {
    let d = |digit: &str, quantity, storage_quantity| DigitEntry {
        digit: digit.into(),
        quantity,
        storage_quantity,
    };
    assert_eq!(
        aggregate_digits(&[d("10", 2, 0), d("7", 1, 0)]),
        [('1', 2, 0), ('0', 2, 0), ('7', 1, 0)]
    );
    assert_eq!(
        aggregate_digits(&[d("11", 2, 1), d("71", 1, 3)]),
        [('1', 5, 5), ('7', 1, 3)]
    );
}

#[test]
fn delivery_date_skips_weekends() {
    use chrono::TimeZone as _;
    // Friday 7 March 2025 + 10 business days = Friday 21 March.
    let fri = Utc.with_ymd_and_hms(2025, 3, 7, 15, 30, 0).unwrap();
    assert_eq!(delivery_date(fri, 10).to_string(), "2025-03-21 00:00:00");
    // Saturday 8 March → Friday 21 March as well.
    let sat = Utc.with_ymd_and_hms(2025, 3, 8, 9, 0, 0).unwrap();
    assert_eq!(delivery_date(sat, 10).to_string(), "2025-03-21 00:00:00");
}

/// The app's own check of an order (`PlaceOrder::validate`) takes as many instances per design as
/// the sandbox, the service the app ships with.
#[test]
fn the_app_takes_as_many_instances_per_design_as_the_sandbox() {
    assert_eq!(
        crate::api::MAX_INSTANCES_PER_DESIGN,
        super::orders::MAX_INSTANCES
    );
}

#[test]
fn structural_rules_are_400_with_a_reason() {
    let base = || json!({"reference": "R", "deliveryAddress": address(), "designs": [], "logos": [{"logoId": 1, "quantity": 1}]});
    assert!(validate(&base()).is_ok());
    let with = |path: &[&str], v: Value| {
        let mut b = base();
        let mut cur = &mut b;
        for p in &path[..path.len() - 1] {
            cur = if let Ok(i) = p.parse::<usize>() {
                &mut cur[i]
            } else {
                &mut cur[*p]
            };
        }
        let last = path[path.len() - 1];
        if v.is_null() {
            cur.as_object_mut().unwrap().remove(last);
        } else {
            cur[last] = v;
        }
        b
    };
    let design = |inst: Value| json!([{"designId": 1, "instances": [inst]}]);
    let digits = |d: &str, n: i64| json!([{"logoId": 1, "digits": [{"digit": d, "quantity": n}]}]);
    let m1 = json!([{"size": "M", "quantity": 1}]);
    let both = json!([{"designId": 1, "designMul": "MUL1", "instances": m1}]);
    // The body, and what the 400's reason says.
    #[rustfmt::skip]
    let cases: Vec<(Value, &str)> = vec![
        (with(&["logos"], json!([])), "At least one"),
        (with(&["logos"], Value::Null), "At least one"),
        (with(&["reference"], Value::Null), "reference"),
        (with(&["reference"], json!("  ")), "reference"),
        (with(&["deliveryAddress"], Value::Null), "deliveryAddress"),
        (with(&["deliveryAddress", "city"], Value::Null), "city"),
        (with(&["deliveryAddress", "country"], json!("DNK")), "2-letter"),
        (with(&["deliveryAddress", "country"], json!("D1")), "2-letter"),
        (with(&["designs"], design(json!({"size": "M", "quantity": 0}))), "greater than 0"),
        (with(&["designs"], design(json!({"size": "M", "quantity": -2}))), "greater than 0"),
        (with(&["designs"], design(json!({"size": "M", "quantity": 1, "number": "1O"}))),
            "digits only"),
        (with(&["designs"], design(json!({"quantity": 1}))), "size"),
        (with(&["designs"], both), "both"),
        (with(&["designs"], json!([{"instances": m1}])), "neither"),
        (with(&["designs"], json!([{"designId": 1, "instances": []}])), "at least one instance"),
        (with(&["logos", "0", "logoSku"], json!("300001")), "both"),
        (with(&["logos", "0", "logoId"], Value::Null), "neither"),
        (with(&["logos", "0", "quantity"], Value::Null), "quantity is required"),
        (with(&["logos", "0", "quantity"], json!(0)), "greater than 0"),
        (with(&["logos", "0", "quantity"], json!("3")), "integer"),
        (with(&["logos"], digits("1a", 1)), "digits 0-9"),
        (with(&["logos"], digits("", 1)), "digits 0-9"),
        (with(&["logos"], digits("12", 0)), "greater than 0"),
        (with(&["logos"], json!([{"logoId": 1, "digits": []}])), "at least one entry"),
        (with(&["logos"], json!({"logoId": 1})), "array"),
        (with(&["organizationId"], json!("x")), "integer"),
        (json!([1, 2]), "JSON object"),
    ];
    for (body, want) in cases {
        let e = validate(&body).expect_err(&body.to_string());
        assert_eq!(e.status(), StatusCode::BAD_REQUEST);
        assert!(
            e.to_string().contains(want),
            "{e} (wanted {want:?}) for {body}"
        );
    }
}

#[tokio::test]
async fn order_is_accepted_then_completed_with_prices() {
    let s = state();
    let app = router(s.clone());
    let body = json!({
        "reference": "PO-7",
        "comment": "c",
        "originOfDelivery": "o",
        "deliveryAddress": address(),
        "designs": [{"designMul": fixtures().done_design_mul, "instances": [
            {"size": "M", "quantity": 6, "name": "HANSEN", "number": "7"},
            {"size": "L", "quantity": 6, "logoValues": [{"logoId": NUMBER_LOGO, "value": "10"}]}
        ]}],
        "logos": [
            {"logoId": DONE_LOGO, "quantity": 30, "storageQuantity": 5},
            {"logoSku": LOGO_ITEM_NO_BASE.to_string(), "quantity": 1},
            {"logoId": NUMBER_LOGO, "digits": [{"digit": "10", "quantity": 2}, {"digit": "7", "quantity": 1, "storageQuantity": 4}]},
            {"logoId": TEXT_LOGO, "quantity": 2, "value": "NORDBY"}
        ]
    });
    let (st, b) = req("POST", "/api/orders").json(body).send(&app).await;
    assert_eq!(st, StatusCode::ACCEPTED);
    assert_eq!(b["status"], "Pending");
    assert!(b["orderNumber"].as_str().unwrap().starts_with("SO-"));
    assert!(b.get("order").is_none() && b.get("errorMessage").is_none());
    let id = b["id"].as_i64().unwrap();
    let (_, b) = req("GET", format!("/api/orders/{id}")).send(&app).await;
    assert_eq!(b["status"], "Pending");
    finish_all(&s);
    let (_, b) = req("GET", format!("/api/orders/{id}")).send(&app).await;
    assert_eq!(b["status"], "Completed", "{b}");
    let o = &b["order"];
    assert_eq!(o["currency"], "DKK");
    assert_eq!(o["vatRate"].as_f64(), Some(25.0));
    assert!(o["placedAtUtc"].as_str().unwrap().ends_with('Z'));
    assert!(
        o["latestDeliveryDate"]
            .as_str()
            .unwrap()
            .ends_with("T00:00:00")
    );
    let sub = o["subTotal"].as_f64().unwrap();
    let vat = o["vat"].as_f64().unwrap();
    assert!((vat - (sub * 0.25 * 100.0).round() / 100.0).abs() < 0.006);
    assert!((o["total"].as_f64().unwrap() - (sub + vat)).abs() < 0.006);
    let inst = &o["designs"][0]["instances"];
    assert_eq!(inst[0]["name"], "HANSEN");
    assert_eq!(inst[0]["number"], "7");
    assert_eq!(inst[1]["logoValues"][0]["value"], "10");
    assert_eq!(o["designs"][0]["designId"], DONE_DESIGN);
    let lines: Vec<(i64, i64, Value)> = o["logos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["logoId"].as_i64().unwrap(),
                l["quantity"].as_i64().unwrap(),
                l.get("value").cloned().unwrap_or(Value::Null),
            )
        })
        .collect();
    assert_eq!(
        lines,
        [
            (DONE_LOGO, 30, Value::Null),
            (DONE_LOGO, 1, Value::Null),
            (NUMBER_LOGO, 2, json!("1")),
            (NUMBER_LOGO, 2, json!("0")),
            (NUMBER_LOGO, 1, json!("7")),
            (TEXT_LOGO, 2, json!("NORDBY")),
        ]
    );
    // The design's own logos are not added to the order's logos.
    assert!(!lines.iter().any(|(id, _, _)| *id == NAME_LOGO));
    // Pricing of the standalone 35-unit line reproduces the pricing module.
    let db = s.lock();
    let l = &db.logos[&DONE_LOGO].logo;
    let line = crate::pricing::logo_line(&l.prices, &l.additional_fees, 35);
    assert!(line > rust_decimal::Decimal::ZERO);
}

#[tokio::test]
async fn business_failures_end_as_failed_orders() {
    let s = state();
    let app = router(s.clone());
    let place = |designs: Value, logos: Value| json!({"reference": "R", "deliveryAddress": address(), "designs": designs, "logos": logos});
    let inst = json!([{"size": "M", "quantity": 1}]);
    let design = |design: Value| place(json!([design]), json!([]));
    let logo = |logo: Value| place(json!([]), json!([logo]));
    let valued = |logo_id: i64| {
        let values = json!([{"logoId": logo_id, "value": "x"}]);
        let inst = json!([{"size": "M", "quantity": 1, "logoValues": values}]);
        design(json!({"designId": DONE_DESIGN, "instances": inst}))
    };
    // The order, and what the reason of its failure says.
    #[rustfmt::skip]
    let cases = [
        (design(json!({"designId": DRAFT_DESIGN, "instances": inst})), "not finalized"),
        (design(json!({"designMul": "MUL999999", "instances": inst})), "not found"),
        (design(json!({"designId": 20007, "instances": inst})), "not found"),
        (logo(json!({"logoId": OTHER_LOGO, "quantity": 1})), "not found"),
        (logo(json!({"logoId": FRESH_DRAFT_LOGO, "quantity": 1})), "not committed"),
        (logo(json!({"logoId": NUMBER_LOGO, "quantity": 1})), "must be ordered with digits"),
        (logo(json!({"logoId": DONE_LOGO, "digits": [{"digit": "1", "quantity": 1}]})),
            "not a NumberLogo"),
        (logo(json!({"logoSku": "abc", "quantity": 1})), "not found"),
        (valued(DONE_LOGO), "placeholder"),
        (valued(NUMBER_LOGO), "digits only"),
    ];
    let mut ids = Vec::new();
    for (body, want) in &cases {
        let (st, b) = req("POST", "/api/orders")
            .json(body.clone())
            .send(&app)
            .await;
        assert_eq!(st, StatusCode::ACCEPTED, "{b}");
        ids.push((b["id"].as_i64().unwrap(), *want));
    }
    finish_all(&s);
    for (id, want) in ids {
        let (_, b) = req("GET", format!("/api/orders/{id}")).send(&app).await;
        assert_eq!(b["status"], "Failed", "{want}: {b}");
        assert!(b.get("order").is_none());
        let msg = b["errorMessage"].as_str().unwrap();
        assert!(msg.contains(want), "{msg} (wanted {want:?})");
    }
    // A child's design and logo are orderable for the child.
    let body = json!({"organizationId": CHILD_ORG, "reference": "R", "deliveryAddress": address(),
        "designs": [{"designId": 20006, "instances": inst}], "logos": [{"logoId": CHILD_LOGO, "quantity": 3}]});
    let (_, b) = req("POST", "/api/orders").json(body).send(&app).await;
    let id = b["id"].as_i64().unwrap();
    finish_all(&s);
    let (_, b) = req("GET", format!("/api/orders/{id}")).send(&app).await;
    assert_eq!(b["status"], "Completed", "{b}");
}

#[tokio::test]
async fn idempotency_keys() {
    let s = state();
    let app = router(s.clone());
    let body = json!({"reference": "R", "deliveryAddress": address(), "designs": [], "logos": [{"logoId": DONE_LOGO, "quantity": 1}]});
    let post = |b: Value, key: &'static str| {
        req("POST", "/api/orders")
            .json(b)
            .header("Idempotency-Key", key)
    };
    let (st, first) = post(body.clone(), "k-1").send(&app).await;
    assert_eq!(st, StatusCode::ACCEPTED);
    // Same body (keys in another order, same values) → same order.
    let reordered: Value = serde_json::from_str(
        &format!(r#"{{"logos": [{{"quantity": 1, "logoId": {DONE_LOGO}}}], "designs": [], "deliveryAddress": {}, "reference": "R"}}"#, address()),
    )
    .unwrap();
    let (st, again) = post(reordered, "k-1").send(&app).await;
    assert_eq!(st, StatusCode::ACCEPTED);
    assert_eq!(again["id"], first["id"]);
    assert_eq!(again["orderNumber"], first["orderNumber"]);
    // Different body → 409.
    let mut other = body.clone();
    other["reference"] = json!("R2");
    let (st, b) = post(other.clone(), "k-1").send(&app).await;
    assert_eq!(st, StatusCode::CONFLICT);
    assert!(b["message"].as_str().unwrap().contains("different"));
    // Same key for another organization → a new order.
    let mut child = body.clone();
    child["organizationId"] = json!(CHILD_ORG);
    let (_, c) = post(child, "k-1").send(&app).await;
    assert_ne!(c["id"], first["id"]);
    // A 400 does not reserve the key.
    let mut broken = body.clone();
    broken["logos"] = json!([]);
    let (st, _) = post(broken, "k-2").send(&app).await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    let (st, _) = post(other, "k-2").send(&app).await;
    assert_eq!(st, StatusCode::ACCEPTED);
    // Without a key every POST is new.
    let (_, a) = req("POST", "/api/orders")
        .json(body.clone())
        .send(&app)
        .await;
    let (_, b) = req("POST", "/api/orders")
        .json(body.clone())
        .send(&app)
        .await;
    assert_ne!(a["id"], b["id"]);
    // Replays after completion still answer the original order.
    finish_all(&s);
    let (_, again) = post(body, "k-1").send(&app).await;
    assert_eq!(again["id"], first["id"]);
    let n = s.lock().orders.len();
    assert_eq!(n, 2 + 5);
}

/// A body that is no JSON gets the live error body. The body is read as JSON whatever the
/// Content-Type says (the spec only says "bodies are JSON"): `curl -d` sends form-urlencoded,
/// some clients text/plain.
#[tokio::test]
async fn malformed_json_gets_the_live_error_body() {
    let order = json!({"reference": "CT", "deliveryAddress": address(),
        "logos": [{"logoId": DONE_LOGO, "quantity": 1}]})
    .to_string();
    let post = |content_type: &str, body: &str| {
        req("POST", "/api/orders")
            .x_api_key()
            .raw(content_type, body)
    };
    let (text, form) = ("text/plain", "application/x-www-form-urlencoded");
    #[rustfmt::skip]
    let cases = [
        Case { name: "broken JSON", call: post("application/json", "{not json"),
            status: StatusCode::BAD_REQUEST, want: vec![error("Bad Request"), Says("JSON")] },
        Case { name: "JSON as text/plain", call: post(text, &order),
            status: StatusCode::ACCEPTED, want: vec![] },
        Case { name: "text as text/plain", call: post(text, "reference=CT"),
            status: StatusCode::BAD_REQUEST, want: vec![Says("JSON")] },
        Case { name: "JSON as a form", call: post(form, &order),
            status: StatusCode::ACCEPTED, want: vec![] },
        Case { name: "a form as a form", call: post(form, "reference=CT"),
            status: StatusCode::BAD_REQUEST, want: vec![Says("JSON")] },
        Case { name: "a method the path does not take", call: req("DELETE", "/api/orders"),
            status: StatusCode::METHOD_NOT_ALLOWED, want: vec![error("Method Not Allowed")] },
    ];
    check_cases(&router(state()), cases).await;
}

// ---------------------------------------------------------------------------------------------
// Designs and vectorize tasks
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn designs_get_and_clone() {
    let app = router(state());
    let uri = format!("/api/design/{DONE_DESIGN}/clone");
    let body = json!({"variations": [
        {"title": "Away", "designLogos": [
            {"view": "front", "logoId": DONE_LOGO, "xCoordinate": 422.23, "yCoordinate": 1222.33},
            {"view": "BACK", "logoId": NUMBER_LOGO, "xCoordinate": 600, "yCoordinate": 700, "angleRads": 0.5}
        ]},
        {"title": "Blank", "designLogos": []}
    ]});
    let (s, b) = req("POST", &uri).json(body).send(&app).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let a = b.as_array().unwrap();
    assert_eq!(a.len(), 2);
    assert_eq!(a[0]["title"], "Away");
    assert_eq!(a[1]["title"], "Blank");
    assert_eq!(a[0]["status"], "Done");
    assert!(a[0]["designItemNo"].as_str().unwrap().starts_with("MUL"));
    assert_ne!(a[0]["designItemNo"], a[1]["designItemNo"]);
    assert_eq!(a[0]["designLogos"][0]["view"], "FRONT");
    assert_eq!(a[0]["designLogos"][0]["angleRads"], 0.0);
    assert_eq!(a[0]["designLogos"][1]["angleRads"], 0.5);
    assert_eq!(a[1]["designLogos"], json!([]));
    let new_id = a[0]["designId"].as_i64().unwrap();
    let (s, _) = req("GET", format!("/api/design/{new_id}")).send(&app).await;
    assert_eq!(s, StatusCode::OK);

    let placed = |logo: Value| json!({"variations": [{"title": "x", "designLogos": [logo]}]});
    let clone = |body: Value| req("POST", &uri).json(body);
    #[rustfmt::skip]
    let refused = [
        Case { name: "no variation", call: clone(json!({"variations": []})),
            status: StatusCode::BAD_REQUEST, want: vec![Says("at least one")] },
        Case { name: "no variations", call: clone(json!({})),
            status: StatusCode::BAD_REQUEST, want: vec![Says("variations")] },
        Case { name: "no title", call: clone(json!({"variations": [{"designLogos": []}]})),
            status: StatusCode::BAD_REQUEST, want: vec![Says("title")] },
        Case { name: "a view the garment has not",
            call: clone(placed(json!({"view": "LEFT LEG", "logoId": DONE_LOGO,
                "xCoordinate": 1, "yCoordinate": 1}))),
            status: StatusCode::BAD_REQUEST, want: vec![Says("not a view")] },
        Case { name: "the other vendor's logo",
            call: clone(placed(json!({"view": "FRONT", "logoId": OTHER_LOGO,
                "xCoordinate": 1, "yCoordinate": 1}))),
            status: StatusCode::BAD_REQUEST, want: vec![Says("not found")] },
        Case { name: "a coordinate as text",
            call: clone(placed(json!({"view": "FRONT", "logoId": DONE_LOGO,
                "xCoordinate": "1", "yCoordinate": 1}))),
            status: StatusCode::BAD_REQUEST, want: vec![Says("number")] },
        Case { name: "no x coordinate",
            call: clone(placed(json!({"view": "FRONT", "logoId": DONE_LOGO, "yCoordinate": 1}))),
            status: StatusCode::BAD_REQUEST, want: vec![Says("xCoordinate")] },
    ];
    check_cases(&app, refused).await;
}

#[tokio::test]
async fn vectorize_tasks_pending_then_finished() {
    let s = state();
    let app = router(s.clone());
    // The finished demo task's logo is there (`lookups_by_id_and_number` reads both tasks).
    let (_, t) = req("GET", format!("/api/vectorize/tasks/{FINISHED_TASK}"))
        .send(&app)
        .await;
    let created = t["createdLogos"][0]["logoId"].as_i64().unwrap();
    let (st, _) = req("GET", format!("/api/logo/{created}")).send(&app).await;
    assert_eq!(st, StatusCode::OK);

    let (st, t) = req("POST", "/sandbox/vectorize/tasks")
        .json(json!({"logoName": "Ny sponsor", "transferMethodKey": "INDUSTRI"}))
        .send(&app)
        .await;
    assert_eq!(st, StatusCode::CREATED);
    assert_eq!(t["status"], "pending");
    let id = t["id"].as_i64().unwrap();
    finish_all(&s);
    let (_, t) = req("GET", format!("/api/vectorize/tasks/{id}"))
        .send(&app)
        .await;
    assert_eq!(t["status"], "finished");
    assert!(t["finalPrice"].as_f64().is_some());
    assert!(t["finishedAtUtc"].as_str().unwrap().ends_with('Z'));
    let logo_id = t["createdLogos"][0]["logoId"].as_i64().unwrap();
    let (_, l) = req("GET", format!("/api/logo/{logo_id}")).send(&app).await;
    assert_eq!(l["status"], "Done");
    assert_eq!(l["title"], "Ny sponsor");
    assert_eq!(l["transferMethodKey"], "INDUSTRI");
    assert_eq!(l["logoItemNo"], t["createdLogos"][0]["logoItemNo"]);
    let (st, _) = req("POST", "/sandbox/vectorize/tasks")
        .json(json!({}))
        .send(&app)
        .await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
}

// ---------------------------------------------------------------------------------------------
// Persistence, timing, faults, spawn
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn state_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = SandboxConfig {
        data: Some(dir.path().join("sub").join("sandbox.db")),
        ..SandboxConfig::fast()
    };
    let body = json!({"reference": "R", "deliveryAddress": address(), "designs": [], "logos": [{"logoId": DONE_LOGO, "quantity": 3}]});
    let (id, commit_no) = {
        let s = SandboxState::new(&cfg).unwrap();
        let app = router(s.clone());
        let (_, b) = req("POST", "/api/orders")
            .json(body.clone())
            .header("Idempotency-Key", "persist-1")
            .send(&app)
            .await;
        finish_all(&s);
        let (_, c) = req("PUT", format!("/api/logo/{FRESH_DRAFT_LOGO}/commit"))
            .send(&app)
            .await;
        (b["id"].as_i64().unwrap(), c["logoItemNo"].as_i64().unwrap())
    };
    let s = SandboxState::new(&cfg).unwrap();
    let app = router(s.clone());
    let (st, b) = req("GET", format!("/api/orders/{id}")).send(&app).await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(b["status"], "Completed");
    let total = b["order"]["total"].clone();
    assert!(total.as_f64().unwrap() > 0.0);
    let (_, again) = req("POST", "/api/orders")
        .json(body)
        .header("Idempotency-Key", "persist-1")
        .send(&app)
        .await;
    assert_eq!(again["id"], id);
    assert_eq!(
        again["status"], "Pending",
        "a replay answers in the acceptance shape"
    );
    let (_, l) = req("GET", format!("/api/logo/{FRESH_DRAFT_LOGO}"))
        .send(&app)
        .await;
    assert_eq!(l["status"], "Done");
    // Counters continue after the stored numbers.
    let (_, b) = req("POST", "/api/orders")
        .json(json!({"reference": "R", "deliveryAddress": address(), "logos": [{"logoId": DONE_LOGO, "quantity": 1}]}))
        .send(&app)
        .await;
    assert!(b["id"].as_i64().unwrap() > id);
    let (_, c) = req("PUT", format!("/api/logo/{}/commit", LOGO_ID_BASE + 3))
        .send(&app)
        .await;
    assert_eq!(c["logoItemNo"].as_i64().unwrap(), commit_no + 1);
}

/// Rewrites a version-2 file in the version-1 layout: each logo's pictures inlined as base64
/// in its JSON row, no `pictures` table rows.
fn downgrade_to_version_1(path: &std::path::Path) {
    use base64::Engine as _;
    let b64 = |conn: &rusqlite::Connection, id: &Value| -> String {
        id.as_i64()
            .map(|id| {
                let png: Vec<u8> = conn
                    .query_row("SELECT png FROM pictures WHERE id = ?1", [id], |r| r.get(0))
                    .unwrap();
                base64::engine::general_purpose::STANDARD.encode(png)
            })
            .unwrap_or_default()
    };
    let conn = rusqlite::Connection::open(path).unwrap();
    let rows: Vec<(i64, String)> = conn
        .prepare("SELECT id, json FROM entities WHERE kind = 'logo'")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    for (id, json) in rows {
        let mut rec: Value = serde_json::from_str(&json).unwrap();
        let pics = rec["pictures"].clone();
        rec["original_png"] = json!(b64(&conn, &pics["original"]));
        rec["logo"]["highResBase64"] = json!(b64(&conn, &pics["high"]));
        rec["logo"]["lowResBase64"] = json!(b64(&conn, &pics["low"]));
        rec.as_object_mut().unwrap().remove("pictures");
        conn.execute(
            "UPDATE entities SET json = ?2 WHERE kind = 'logo' AND id = ?1",
            rusqlite::params![id, rec.to_string()],
        )
        .unwrap();
    }
    conn.execute_batch("DELETE FROM pictures; PRAGMA user_version = 1;")
        .unwrap();
}

#[tokio::test]
async fn a_version_1_file_is_migrated_and_serves_the_same_pictures() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sandbox.db");
    let cfg = SandboxConfig {
        data: Some(path.clone()),
        // The demo task must not finish (adding a logo to the page) between the two reads.
        vectorize_delay: std::time::Duration::from_secs(3600),
        ..SandboxConfig::fast()
    };
    let (page, detail) = {
        let app = router(SandboxState::new(&cfg).unwrap());
        let (_, page) = req("GET", "/api/logos?limit=25").send(&app).await;
        let (_, detail) = req("GET", format!("/api/logo/{FRESH_DRAFT_LOGO}"))
            .send(&app)
            .await;
        (page, detail)
    };
    assert!(
        !page["items"][0]["LowResBase64"]
            .as_str()
            .unwrap()
            .is_empty()
    );
    downgrade_to_version_1(&path);

    let s = SandboxState::new(&cfg).unwrap();
    assert!(
        s.lock()
            .logos
            .values()
            .all(|l| l.logo.low_res_base64.is_empty() && l.logo.high_res_base64.is_empty()),
        "no picture is held in the records after migrating"
    );
    let app = router(s);
    let (_, page_after) = req("GET", "/api/logos?limit=25").send(&app).await;
    assert_eq!(page_after, page);
    let (_, detail_after) = req("GET", format!("/api/logo/{FRESH_DRAFT_LOGO}"))
        .send(&app)
        .await;
    assert_eq!(detail_after, detail);
    // The original is there to recolor from.
    let (st, _) = req("POST", format!("/api/logo/{FRESH_DRAFT_LOGO}/changecolors"))
        .json(json!({"colorChanges": [{"from": detail["colors"][0]["id"], "to": "SORT"}]}))
        .send(&app)
        .await;
    assert_eq!(st, StatusCode::OK);
}

/// A bare HTTP client (rustls needs its provider first, as the app's client installs it).
fn plain_http() -> reqwest::Client {
    crate::api::client::install_tls_provider();
    reqwest::Client::new()
}

#[tokio::test]
async fn spawn_serves_real_http_and_places_orders_in_time() {
    let h = spawn(SandboxConfig::fast()).await.unwrap();
    let base = h.base_url();
    assert!(base.starts_with("http://127.0.0.1:") && base.ends_with('/'));
    let http = plain_http();
    let pong = http
        .get(format!("{base}api/health/ping"))
        .send()
        .await
        .unwrap();
    assert_eq!(pong.text().await.unwrap(), "pong");
    let r = http
        .post(format!("{base}api/orders"))
        .bearer_auth(VENDOR_KEY)
        .json(&json!({"reference": "R", "deliveryAddress": address(), "designs": [], "logos": [{"logoId": DONE_LOGO, "quantity": 2}]}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), reqwest::StatusCode::ACCEPTED);
    let t: crate::api::TrackingRecord = r.json().await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(700)).await;
    let t: crate::api::TrackingRecord = http
        .get(format!("{base}api/orders/{}", t.id))
        .header("X-Api-Key", VENDOR_KEY)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(t.status, crate::api::OrderStatus::Completed);
    let order = t.order.unwrap();
    assert_eq!(order.sub_total + order.vat, order.total);
    h.shutdown().await;
    assert!(
        http.get(format!("{base}api/health/ping"))
            .send()
            .await
            .is_err()
    );
}

#[tokio::test]
async fn faults_fail_after_applying_and_spare_the_ping() {
    let h = spawn(SandboxConfig {
        fault_rate: 1.0,
        ..SandboxConfig::fast()
    })
    .await
    .unwrap();
    let base = h.base_url();
    let http = plain_http();
    for _ in 0..3 {
        let pong = http
            .get(format!("{base}api/health/ping"))
            .send()
            .await
            .unwrap();
        assert_eq!(pong.status(), reqwest::StatusCode::OK);
    }
    let before = h.state().lock().orders.len();
    let (mut unavailable, mut dropped) = (0, 0);
    for _ in 0..12 {
        let r = http
            .post(format!("{base}api/orders"))
            .bearer_auth(VENDOR_KEY)
            .json(&json!({"reference": "R", "deliveryAddress": address(), "logos": [{"logoId": DONE_LOGO, "quantity": 2}]}))
            .send()
            .await;
        match r {
            Ok(r) if r.status() == reqwest::StatusCode::SERVICE_UNAVAILABLE => {
                assert_eq!(r.headers()["retry-after"], "1");
                let b: Value = r.json().await.unwrap();
                assert_eq!(b["error"], "Service Unavailable");
                unavailable += 1;
            }
            Ok(r) => {
                assert!(r.bytes().await.is_err());
                dropped += 1;
            }
            Err(_) => dropped += 1,
        }
    }
    assert!(unavailable > 0 && dropped > 0, "{unavailable} / {dropped}");
    // Every request was applied before it failed.
    assert_eq!(h.state().lock().orders.len(), before + 12);
    h.shutdown().await;
}

#[tokio::test]
async fn answers_parse_as_the_shared_models() {
    use crate::api::{Design, Logo, LogoSummary, Page, TrackingRecord, VectorizeTask};
    let app = router(state());
    let (_, v) = req("GET", "/api/logos?limit=25").send(&app).await;
    let page: Page<LogoSummary> = serde_json::from_value(v).unwrap();
    assert_eq!(page.items.len(), 25);
    assert!(page.items.iter().all(|l| !l.colors.is_empty()));
    let (_, v) = req("GET", format!("/api/logo/{DONE_LOGO}"))
        .send(&app)
        .await;
    let logo: Logo = serde_json::from_value(v).unwrap();
    assert_eq!(logo.logo_item_no.map(|n| n.0), Some(LOGO_ITEM_NO_BASE));
    let (_, v) = req("GET", format!("/api/design/{DONE_DESIGN}"))
        .send(&app)
        .await;
    let design: Design = serde_json::from_value(v).unwrap();
    assert!(design.is_orderable());
    let (_, v) = req("GET", format!("/api/vectorize/tasks/{FINISHED_TASK}"))
        .send(&app)
        .await;
    let task: VectorizeTask = serde_json::from_value(v).unwrap();
    assert_eq!(task.created_logos.len(), 1);
    let (_, v) = req("GET", format!("/api/orders/{ORDER_ID_BASE}"))
        .send(&app)
        .await;
    let t: TrackingRecord = serde_json::from_value(v).unwrap();
    let o = t.order.unwrap();
    assert_eq!(o.sub_total + o.vat, o.total);
    assert_eq!(o.logos.len(), 1 + 3);
    let (_, v) = req("GET", format!("/api/orders/{}", ORDER_ID_BASE + 1))
        .send(&app)
        .await;
    let t: TrackingRecord = serde_json::from_value(v).unwrap();
    assert!(t.error_message.unwrap().contains("not committed"));
}

#[tokio::test]
async fn a_pending_order_left_at_shutdown_completes_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = SandboxConfig {
        data: Some(dir.path().join("sandbox.db")),
        ..SandboxConfig::fast()
    };
    let body = json!({"reference": "R", "deliveryAddress": address(), "logos": [{"logoId": DONE_LOGO, "quantity": 3}]});
    let id = {
        let s = SandboxState::new(&cfg).unwrap();
        let (st, b) = req("POST", "/api/orders")
            .json(body)
            .send(&router(s.clone()))
            .await;
        assert_eq!(st, StatusCode::ACCEPTED, "{b}");
        b["id"].as_i64().unwrap()
    };
    // The schedule is rebuilt from the stored orders: the order is due and moves on.
    let s = SandboxState::new(&cfg).unwrap();
    assert_eq!(
        s.lock().orders[&id].status,
        crate::api::OrderStatus::Pending
    );
    s.lock().advance(Utc::now() + chrono::Duration::hours(1));
    assert_eq!(
        s.lock().orders[&id].status,
        crate::api::OrderStatus::Completed
    );
}

#[test]
fn due_orders_move_on_in_due_order_and_the_rest_wait() {
    let s = state();
    let mut db = s.lock();
    let now = Utc::now();
    let body = |r: &str| json!({"reference": r, "deliveryAddress": address(), "logos": [{"logoId": DONE_LOGO, "quantity": 1}]});
    let ids: Vec<i64> = [30, 10, 20]
        .into_iter()
        .map(|secs| {
            db.accept_order(
                VENDOR_ORG,
                body(&format!("R{secs}")),
                None,
                now,
                std::time::Duration::from_secs(secs),
            )
            .unwrap()
            .record
            .id
            .0
        })
        .collect();
    let status = |db: &db::Db, id: i64| db.orders[&id].status.clone();
    db.advance(now + chrono::Duration::seconds(5));
    assert!(
        ids.iter()
            .all(|id| status(&db, *id) == crate::api::OrderStatus::Pending)
    );
    db.advance(now + chrono::Duration::seconds(20));
    assert_eq!(status(&db, ids[0]), crate::api::OrderStatus::Pending);
    assert_eq!(status(&db, ids[1]), crate::api::OrderStatus::Completed);
    assert_eq!(status(&db, ids[2]), crate::api::OrderStatus::Completed);
    db.advance(now + chrono::Duration::seconds(30));
    assert_eq!(status(&db, ids[0]), crate::api::OrderStatus::Completed);
}

#[test]
fn a_failed_write_is_retried_by_the_next_flush() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sandbox.db");
    let cfg = SandboxConfig {
        data: Some(path.clone()),
        ..SandboxConfig::fast()
    };
    let s = SandboxState::new(&cfg).unwrap();
    // Another connection takes the table away, so the next write fails.
    let other = rusqlite::Connection::open(&path).unwrap();
    other
        .execute_batch("ALTER TABLE entities RENAME TO parked")
        .unwrap();
    {
        let mut db = s.lock();
        if let Some(l) = db.logos.get_mut(&DONE_LOGO) {
            l.logo.title = "Renamed while the disk was full".into();
        }
        db.touch(db::Changed::Logo(DONE_LOGO));
        assert!(db.flush().is_err());
    }
    other
        .execute_batch("ALTER TABLE parked RENAME TO entities")
        .unwrap();
    s.flush().unwrap();
    drop(s);
    let s = SandboxState::new(&cfg).unwrap();
    assert_eq!(
        s.lock().logos[&DONE_LOGO].logo.title,
        "Renamed while the disk was full"
    );
}

/// A persistent state whose demo task does not finish during the test, and its file.
fn persistent(dir: &tempfile::TempDir) -> (SandboxConfig, std::path::PathBuf) {
    let path = dir.path().join("sandbox.db");
    let cfg = SandboxConfig {
        data: Some(path.clone()),
        vectorize_delay: std::time::Duration::from_secs(3600),
        ..SandboxConfig::fast()
    };
    (cfg, path)
}

fn an_order() -> Value {
    json!({"reference": "R", "deliveryAddress": address(), "designs": [], "logos": [{"logoId": DONE_LOGO, "quantity": 1}]})
}

#[tokio::test]
async fn a_change_that_cannot_be_saved_is_undone_and_answered_503() {
    let dir = tempfile::tempdir().unwrap();
    let (cfg, path) = persistent(&dir);
    let s = SandboxState::new(&cfg).unwrap();
    let app = router(s.clone());
    let (orders, counters, title) = {
        let db = s.lock();
        let title = db.logos[&DONE_LOGO].logo.title.clone();
        (db.orders.clone(), db.counters.clone(), title)
    };
    // Every write of an entity fails, as on a full disk; reading still works.
    let other = rusqlite::Connection::open(&path).unwrap();
    other
        .execute_batch(
            "CREATE TRIGGER full_insert BEFORE INSERT ON entities BEGIN SELECT RAISE(ABORT, 'full'); END;
             CREATE TRIGGER full_update BEFORE UPDATE ON entities BEGIN SELECT RAISE(ABORT, 'full'); END;",
        )
        .unwrap();
    let (st, b) = req("POST", "/api/orders")
        .json(an_order())
        .header("Idempotency-Key", "undo-1")
        .send(&app)
        .await;
    assert_eq!(st, StatusCode::SERVICE_UNAVAILABLE, "{b}");
    assert!(b["message"].as_str().unwrap().contains("not made"), "{b}");
    let (st, _) = req("PUT", format!("/api/logo/{DONE_LOGO}/rename"))
        .json(json!({"title": "Never saved"}))
        .send(&app)
        .await;
    assert_eq!(st, StatusCode::SERVICE_UNAVAILABLE);
    {
        let db = s.lock();
        assert_eq!(db.orders, orders, "the order was undone");
        assert!(db.idempotency.keys().all(|(_, k)| k != "undo-1"));
        assert_eq!(db.counters, counters);
        assert_eq!(
            db.logos[&DONE_LOGO].logo.title, title,
            "the rename was undone"
        );
        assert!(db.dirty.is_empty());
    }
    other
        .execute_batch("DROP TRIGGER full_insert; DROP TRIGGER full_update;")
        .unwrap();
    let (st, b) = req("POST", "/api/orders")
        .json(an_order())
        .header("Idempotency-Key", "undo-1")
        .send(&app)
        .await;
    assert_eq!(st, StatusCode::ACCEPTED, "{b}");
    let id = b["id"].as_i64().unwrap();
    assert_eq!(id, counters.order_id);
    drop(app);
    drop(s);
    let s = SandboxState::new(&cfg).unwrap();
    assert_eq!(s.lock().orders.len(), orders.len() + 1);
    assert!(s.lock().orders.contains_key(&id));
}

#[tokio::test]
async fn a_change_that_can_be_neither_saved_nor_undone_is_answered_as_made_and_written_later() {
    let dir = tempfile::tempdir().unwrap();
    let (cfg, path) = persistent(&dir);
    let s = SandboxState::new(&cfg).unwrap();
    let app = router(s.clone());
    let before = s.lock().orders.len();
    // Without the table, neither the write nor the read back works.
    let other = rusqlite::Connection::open(&path).unwrap();
    other
        .execute_batch("ALTER TABLE entities RENAME TO parked")
        .unwrap();
    let (st, b) = req("POST", "/api/orders")
        .json(an_order())
        .header("Idempotency-Key", "kept-1")
        .send(&app)
        .await;
    assert_eq!(st, StatusCode::ACCEPTED, "answered as made: {b}");
    let id = b["id"].as_i64().unwrap();
    assert_eq!(s.lock().orders.len(), before + 1);
    assert!(!s.lock().dirty.is_empty(), "still to be written");
    other
        .execute_batch("ALTER TABLE parked RENAME TO entities")
        .unwrap();
    // The next write (any request's, or the ticker's) writes it.
    s.advance().unwrap();
    assert!(s.lock().dirty.is_empty());
    drop(app);
    drop(s);
    let s = SandboxState::new(&cfg).unwrap();
    assert!(s.lock().orders.contains_key(&id), "written");
}

#[test]
fn one_state_per_data_file() {
    let dir = tempfile::tempdir().unwrap();
    let (cfg, path) = persistent(&dir);
    let first = SandboxState::new(&cfg).unwrap();
    let err = SandboxState::new(&cfg).unwrap_err();
    assert!(matches!(err, SandboxError::InUse { .. }), "{err:?}");
    assert!(state::lock_path(&path).exists());
    drop(first);
    SandboxState::new(&cfg).expect("free once the first is dropped");
}

#[tokio::test]
async fn absurd_delays_do_not_panic() {
    // Millions of years: a valid chrono::Duration, but past the last representable date.
    let ages = std::time::Duration::from_millis(u64::MAX / 4);
    let s = SandboxState::new(&SandboxConfig {
        placement_delay: Some(ages),
        vectorize_delay: ages,
        ..SandboxConfig::fast()
    })
    .unwrap();
    let app = router(s.clone());
    let (st, b) = req("POST", "/api/orders")
        .json(json!({"reference": "R", "deliveryAddress": address(), "logos": [{"logoId": DONE_LOGO, "quantity": 1}]}))
        .send(&app)
        .await;
    assert_eq!(st, StatusCode::ACCEPTED, "{b}");
    let (st, t) = req("POST", "/sandbox/vectorize/tasks")
        .json(json!({"logoName": "Later"}))
        .send(&app)
        .await;
    assert_eq!(st, StatusCode::CREATED, "{t}");
    s.lock().advance(Utc::now() + chrono::Duration::days(365));
    let (_, o) = req("GET", format!("/api/orders/{}", b["id"]))
        .send(&app)
        .await;
    assert_eq!(o["status"], "Pending");
}
