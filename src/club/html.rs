//! The club's pages, rendered on the server: plain HTML5 with one stylesheet of our own
//! (`/club.css`), no script, no asset from elsewhere. Every text the club, the shop or a
//! roster wrote goes through [`esc`]: a player named `<script>` is a name.
//!
//! Sentences come from `assets/i18n/<da|en>/club.ftl` in the language of the page (the
//! request's, or the one the club switched to), never the server's.

use super::form::{FormProblem, Posted, field_name};
use super::page::{ClubPage, Field, PageLogo, PagePicture, PageRow};
use super::{Found, Gone, RecordedDecision};
use crate::i18n::FluentArgs;
use crate::locale::Language;
use std::fmt::Write as _;

/// The stylesheet, served at `/club.css` (the only style the pages load).
pub const STYLESHEET: &str = include_str!("../../assets/club/club.css");

/// Text made safe to place in HTML, in an element or in a quoted attribute.
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A sentence of the page's language.
fn t(language: Language, id: &str) -> String {
    crate::i18n::text_in(language, id, None)
}

/// The arguments that are counts (they choose a plural form); every other one is text as
/// written (a shirt number "07" stays "07").
const COUNTS: [&str; 3] = ["rows", "all", "count"];

/// A sentence of the page's language with its arguments.
fn ta(language: Language, id: &str, args: &[(&str, &str)]) -> String {
    let mut fluent = FluentArgs::new();
    for (k, v) in args {
        match v.parse::<i64>() {
            Ok(n) if COUNTS.contains(k) => fluent.set(*k, n),
            _ => fluent.set(*k, v.to_string()),
        }
    }
    crate::i18n::text_in(language, id, Some(&fluent))
}

/// The language's tag in `lang` and in links.
pub fn tag(language: Language) -> &'static str {
    language.code()
}

/// The other language, to switch to.
fn other(language: Language) -> Language {
    match language {
        Language::Danish => Language::English,
        Language::English => Language::Danish,
    }
}

/// The document around `body`.
fn document(language: Language, title: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"referrer\" content=\"no-referrer\"><meta name=\"robots\" content=\"noindex, nofollow\">\
         <title>{title}</title><link rel=\"stylesheet\" href=\"/club.css\"></head>\
         <body>{body}</body></html>\n",
        lang = tag(language),
        title = esc(title),
    )
}

/// Where the page is: the link's path (`/c/<token>`).
pub struct Here<'a> {
    pub path: &'a str,
    pub language: Language,
}

impl Here<'_> {
    fn link(&self, tail: &str, language: Language) -> String {
        format!("{}{tail}?lang={}", self.path, tag(language))
    }
}

/// The page of an open request (or one decided: what was decided shows first). `posted`
/// and `problem`: an answer not taken, shown again with its sentence.
pub fn page(
    here: &Here<'_>,
    found: &Found,
    posted: Option<&Posted>,
    problem: Option<FormProblem>,
) -> String {
    let l = here.language;
    let p = &found.page;
    let mut body = header(here, p, "");
    body.push_str("<main>");
    if let Some(d) = &found.decision {
        body.push_str(&decided(l, d));
    }
    if let Some(problem) = problem {
        let _ = write!(
            body,
            "<p class=\"problem\" role=\"alert\">{}</p>",
            esc(&t(l, problem.id()))
        );
    }
    let asked = p.asked_rows();
    if found.decision.is_none() {
        let intro = match &p.logo {
            Some(_) => ta(l, "club-logo-intro", &[("contact", &found.contact)]),
            None => ta(
                l,
                "club-intro",
                &[
                    ("contact", &found.contact),
                    ("rows", &asked.to_string()),
                    ("all", &p.rows().to_string()),
                ],
            ),
        };
        let _ = write!(body, "<p class=\"intro\">{}</p>", esc(&intro));
    }
    match &p.logo {
        Some(logo) => body.push_str(&logo_section(here, logo)),
        None => body.push_str(&lines(here, p, None)),
    }
    if found.decision.is_none() {
        body.push_str(&decision_form(here, found, posted));
    }
    body.push_str("</main>");
    body.push_str(&footer(l, p));
    document(l, &title(l, p), &body)
}

/// The document's title: the order's proof, or the logo's.
fn title(l: Language, p: &ClubPage) -> String {
    match &p.logo {
        Some(logo) => ta(l, "club-logo-title", &[("title", &logo.title)]),
        None => ta(l, "club-title", &[("reference", &p.reference)]),
    }
}

/// A logo draft: as uploaded and as it will be printed, its method, size and colors.
fn logo_section(here: &Here<'_>, logo: &PageLogo) -> String {
    let l = here.language;
    let mut out = format!(
        "<section class=\"line logo\"><h2>{}</h2><div class=\"pictures\">",
        esc(&logo.title)
    );
    let figure = |out: &mut String, pic: &PagePicture, caption: &str| {
        let _ = write!(
            out,
            "<figure><img src=\"{path}/p/{n}\" width=\"{w}\" height=\"{h}\" alt=\"{alt}\">\
             <figcaption>{caption}</figcaption></figure>",
            path = esc(here.path),
            n = pic.n,
            w = pic.width,
            h = pic.height,
            alt = esc(&ta(
                l,
                "club-logo-picture-alt",
                &[("title", &logo.title), ("state", caption)]
            )),
            caption = esc(caption),
        );
    };
    if let Some(before) = &logo.before {
        figure(&mut out, before, &t(l, "club-logo-before"));
    }
    if let Some(after) = &logo.after {
        figure(&mut out, after, &t(l, "club-logo-after"));
    }
    out.push_str("</div><dl>");
    let printed = &logo.printed;
    // Written as the service gave them (`42.5`), read in the page's language (`42,5`).
    let decimal = |mm: &str| {
        mm.parse::<f64>()
            .map_or_else(|_| mm.to_owned(), |v| l.measure(v))
    };
    let size = ta(
        l,
        "club-logo-size-mm",
        &[
            ("width", &decimal(&printed.width_mm)),
            ("height", &decimal(&printed.height_mm)),
        ],
    );
    for (id, value) in [
        ("club-logo-method", printed.method.as_str()),
        ("club-logo-size", size.as_str()),
    ] {
        if !value.trim().is_empty() {
            let _ = write!(out, "<dt>{}</dt><dd>{}</dd>", esc(&t(l, id)), esc(value));
        }
    }
    if !logo.colors.is_empty() {
        let _ = write!(out, "<dt>{}</dt>", esc(&t(l, "club-logo-colors")));
        for c in &logo.colors {
            let text = if c.changed() {
                ta(
                    l,
                    "club-logo-color-changed",
                    &[("was", &c.was), ("now", &c.now)],
                )
            } else {
                c.now.clone()
            };
            let _ = write!(out, "<dd>{}</dd>", esc(&text));
        }
    }
    out.push_str("</dl></section>");
    out
}

/// The page for correcting rows: each row asked with its name, number and size as fields.
pub fn correct(
    here: &Here<'_>,
    found: &Found,
    posted: Option<&Posted>,
    problem: Option<FormProblem>,
) -> String {
    let l = here.language;
    let p = &found.page;
    let mut body = header(here, p, "/correct");
    let _ = write!(
        body,
        "<main><form method=\"post\" action=\"{action}\"><input type=\"hidden\" name=\"shown\" value=\"{shown}\">\
         <input type=\"hidden\" name=\"choice\" value=\"correct\"><input type=\"hidden\" name=\"lang\" value=\"{lang}\">\
         <p class=\"intro\">{intro}</p>",
        action = esc(here.path),
        shown = esc(&found.shown_hash),
        lang = tag(l),
        intro = esc(&t(l, "club-correct-intro")),
    );
    if let Some(problem) = problem {
        let _ = write!(
            body,
            "<p class=\"problem\" role=\"alert\">{}</p>",
            esc(&t(l, problem.id()))
        );
    }
    body.push_str(&lines(here, p, Some(posted)));
    body.push_str(&name_field(l, posted));
    let _ = write!(
        body,
        "<p class=\"terms\">{terms}</p><button class=\"primary\" type=\"submit\">{send}</button>\
         <p><a href=\"{back}\">{back_text}</a></p></form></main>",
        terms = esc(&terms(l, p)),
        send = esc(&t(l, "club-correct-send")),
        back = esc(&here.link("", l)),
        back_text = esc(&t(l, "club-back")),
    );
    body.push_str(&footer(l, p));
    document(l, &title(l, p), &body)
}

/// A page for a link that no longer opens one (expired, revoked, replaced, never made).
pub fn gone(language: Language, gone: &Gone) -> String {
    let l = language;
    let (title, text) = match gone {
        Gone::Unknown => (t(l, "club-gone-unknown-title"), t(l, "club-gone-unknown")),
        Gone::Expired { shop, at } => (
            t(l, "club-gone-expired-title"),
            ta(
                l,
                "club-gone-expired",
                &[("shop", shop), ("when", &l.date_time(at))],
            ),
        ),
        Gone::Replaced { shop } => (
            t(l, "club-gone-replaced-title"),
            ta(l, "club-gone-replaced", &[("shop", shop)]),
        ),
        Gone::Withdrawn { shop } => (
            t(l, "club-gone-withdrawn-title"),
            ta(l, "club-gone-withdrawn", &[("shop", shop)]),
        ),
    };
    let body = format!(
        "<main class=\"gone\"><h1>{}</h1><p>{}</p></main>",
        esc(&title),
        esc(&text)
    );
    document(l, &title, &body)
}

/// A short page with one sentence (too many requests, the room busy, an answer too large).
pub fn notice(language: Language, id: &str) -> String {
    let text = t(language, id);
    let body = format!("<main class=\"gone\"><p>{}</p></main>", esc(&text));
    document(language, &text, &body)
}

fn header(here: &Here<'_>, p: &ClubPage, tail: &str) -> String {
    let l = here.language;
    let o = other(l);
    format!(
        "<header><p class=\"shop\">{shop}</p><h1>{heading}</h1><p class=\"order\">{order}</p>\
         <p class=\"lang\"><a href=\"{switch}\" hreflang=\"{otag}\" lang=\"{otag}\">{oname}</a></p></header>",
        shop = esc(&p.shop),
        heading = esc(&t(
            l,
            if p.logo.is_some() {
                "club-logo-heading"
            } else {
                "club-heading"
            }
        )),
        order = esc(&match &p.logo {
            Some(logo) => ta(
                l,
                "club-logo-order",
                &[("club", &p.club), ("title", &logo.title)]
            ),
            None => ta(
                l,
                "club-order",
                &[("club", &p.club), ("reference", &p.reference)]
            ),
        }),
        switch = esc(&here.link(tail, o)),
        otag = tag(o),
        oname = esc(o.native_name()),
    )
}

fn footer(l: Language, p: &ClubPage) -> String {
    format!(
        "<footer><p>{}</p></footer>",
        esc(&ta(
            l,
            if p.logo.is_some() {
                "club-footer-logo"
            } else {
                "club-footer"
            },
            &[("shop", &p.shop)]
        ))
    )
}

fn terms(l: Language, p: &ClubPage) -> String {
    if p.terms.trim().is_empty() {
        t(l, "club-terms-default")
    } else {
        p.terms.trim().to_owned()
    }
}

/// Every design line with its rows; `editing`: as [`row_item`]'s.
fn lines(here: &Here<'_>, p: &ClubPage, editing: Option<Option<&Posted>>) -> String {
    let mut out = String::new();
    for (i, line) in p.lines.iter().enumerate() {
        let _ = write!(
            out,
            "<section class=\"line\"><h2>{}</h2><ol class=\"rows\">",
            esc(&line.title)
        );
        for (r, row) in line.rows.iter().enumerate() {
            out.push_str(&row_item(here, here.language, i, r, row, editing));
        }
        out.push_str("</ol></section>");
    }
    out
}

/// One row: its pictures and values; with `editing`, its name, number and size as fields
/// (posted values shown again), if it is asked.
fn row_item(
    here: &Here<'_>,
    l: Language,
    line: usize,
    index: usize,
    row: &PageRow,
    editing: Option<Option<&Posted>>,
) -> String {
    let mut out = format!(
        "<li class=\"row{}\" id=\"r-{line}-{index}\"><p class=\"row-no\">{}</p><div class=\"pictures\">",
        if row.asked { "" } else { " approved-before" },
        esc(&ta(l, "club-row", &[("n", &(index + 1).to_string())])),
    );
    for pic in &row.pictures {
        let _ = write!(
            out,
            "<img src=\"{path}/p/{n}\" width=\"{w}\" height=\"{h}\" loading=\"lazy\" alt=\"{alt}\">",
            path = esc(here.path),
            n = pic.n,
            w = pic.width,
            h = pic.height,
            alt = esc(&ta(
                l,
                "club-picture-alt",
                &[
                    ("view", &crate::i18n::view_name_in(l, &pic.view)),
                    ("n", &(index + 1).to_string())
                ]
            )),
        );
    }
    out.push_str("</div>");
    match editing {
        Some(posted) if row.asked => {
            out.push_str("<div class=\"fields\">");
            for field in Field::ALL {
                let name = field_name(line, index, field);
                let value = posted
                    .and_then(|p| p.value(line, index, field))
                    .unwrap_or(field.of(row));
                let _ = write!(
                    out,
                    "<label>{label}<input name=\"{name}\" value=\"{value}\" maxlength=\"60\"{mode}></label>",
                    label = esc(&t(l, field_label(field))),
                    value = esc(value),
                    mode = if field == Field::Number {
                        " inputmode=\"numeric\""
                    } else {
                        ""
                    },
                );
            }
            let _ = write!(
                out,
                "<p class=\"quantity\">{}</p></div>",
                esc(&ta(l, "club-quantity", &[("quantity", &row.quantity)]))
            );
        }
        _ => {
            out.push_str("<dl>");
            for (id, value) in [
                ("club-name", &row.name),
                ("club-number", &row.number),
                ("club-size", &row.size),
                ("club-quantity-label", &row.quantity),
            ] {
                if !value.trim().is_empty() {
                    let _ = write!(out, "<dt>{}</dt><dd>{}</dd>", esc(&t(l, id)), esc(value));
                }
            }
            for value in &row.values {
                let _ = write!(out, "<dd class=\"value\">{}</dd>", esc(value));
            }
            out.push_str("</dl>");
        }
    }
    if !row.asked {
        let _ = write!(
            out,
            "<p class=\"ok\">{}</p>",
            esc(&t(l, "club-row-approved-before"))
        );
    }
    out.push_str("</li>");
    out
}

fn field_label(field: Field) -> &'static str {
    match field {
        Field::Name => "club-name",
        Field::Number => "club-number",
        Field::Size => "club-size",
    }
}

fn name_field(l: Language, posted: Option<&Posted>) -> String {
    format!(
        "<label class=\"who\">{label}<input name=\"who\" value=\"{value}\" required maxlength=\"120\" autocomplete=\"name\"></label>",
        label = esc(&t(l, "club-who")),
        value = esc(posted.map_or("", |p| p.who.as_str())),
    )
}

fn decision_form(here: &Here<'_>, found: &Found, posted: Option<&Posted>) -> String {
    let l = here.language;
    let p = &found.page;
    let asked_changes = posted.is_some_and(|p| p.choice == "changes");
    format!(
        "<form method=\"post\" action=\"{action}\" class=\"decide\">\
         <input type=\"hidden\" name=\"shown\" value=\"{shown}\"><input type=\"hidden\" name=\"lang\" value=\"{lang}\">\
         {who}<p class=\"terms\">{terms}</p>\
         <button class=\"primary\" name=\"choice\" value=\"approve\">{approve}</button>\
         <details{open}><summary>{changes}</summary><label>{what}<textarea name=\"note\" maxlength=\"2000\" rows=\"4\">{note}</textarea></label>\
         <button name=\"choice\" value=\"changes\">{send_changes}</button></details>{correct}</form>",
        action = esc(here.path),
        shown = esc(&found.shown_hash),
        lang = tag(l),
        who = name_field(l, posted),
        terms = esc(&terms(l, p)),
        approve = esc(&match p.logo {
            Some(_) => t(l, "club-logo-approve"),
            None => ta(l, "club-approve", &[("rows", &p.asked_rows().to_string())]),
        }),
        open = if asked_changes { " open" } else { "" },
        changes = esc(&t(l, "club-ask-changes")),
        what = esc(&t(l, "club-what-changes")),
        note = esc(posted.map_or("", |p| p.note.as_str())),
        send_changes = esc(&t(l, "club-send-changes")),
        // A logo has no rows to correct.
        correct = if p.logo.is_some() {
            String::new()
        } else {
            format!(
                "<p class=\"correct\"><a href=\"{}\">{}</a></p>",
                esc(&here.link("/correct", l)),
                esc(&t(l, "club-correct-link"))
            )
        },
    )
}

/// What was decided, by whom and when.
fn decided(l: Language, d: &RecordedDecision) -> String {
    let when = l.date_time(&d.at);
    let said = match d.kind.as_str() {
        "approved" => ta(l, "club-done-approved", &[("who", &d.who), ("when", &when)]),
        "corrected" => ta(
            l,
            "club-done-corrected",
            &[
                ("who", &d.who),
                ("when", &when),
                ("count", &d.corrections.len().to_string()),
            ],
        ),
        _ => ta(l, "club-done-changes", &[("who", &d.who), ("when", &when)]),
    };
    let mut out = format!(
        "<section class=\"done\" role=\"status\"><h2>{}</h2><p>{}</p>",
        esc(&t(l, "club-done-title")),
        esc(&said)
    );
    if !d.corrections.is_empty() {
        out.push_str("<ul>");
        for c in &d.corrections {
            let _ = write!(
                out,
                "<li>{}</li>",
                esc(&ta(
                    l,
                    "club-done-correction",
                    &[
                        ("n", &(c.row + 1).to_string()),
                        ("field", &t(l, field_label(c.field))),
                        ("was", &c.was),
                        ("now", &c.now)
                    ]
                ))
            );
        }
        out.push_str("</ul>");
    }
    if !d.note.trim().is_empty() {
        let _ = write!(out, "<blockquote>{}</blockquote>", esc(&d.note));
    }
    let _ = write!(
        out,
        "<p class=\"next\">{}</p></section>",
        esc(&t(l, "club-done-next"))
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::club::page::{LogoPrinted, PageColor};
    use crate::club::{ClubRequestId, RequestState};
    use crate::store::club::ClubSubject;

    fn logo_found() -> Found {
        let picture = |n, view: &str| PagePicture {
            n,
            view: view.into(),
            width: 480,
            height: 320,
        };
        Found {
            id: ClubRequestId(1),
            subject: ClubSubject::Logo {
                account: crate::store::AccountId(1),
                logo: crate::api::LogoId(5),
            },
            contact: "Mette".into(),
            language: Language::Danish,
            page: ClubPage {
                shop: "Sportigan".into(),
                reference: "<script>alert(1)</script>".into(),
                club: "FC Nørrebro".into(),
                logo: Some(PageLogo {
                    title: "<script>alert(1)</script>".into(),
                    printed: LogoPrinted {
                        method: "VAND SPORT".into(),
                        width_mm: "60".into(),
                        height_mm: "42.5".into(),
                        colors: Vec::new(),
                    },
                    colors: vec![
                        PageColor {
                            was: "186 Rød".into(),
                            now: "286 Blå".into(),
                        },
                        PageColor {
                            was: "HVID".into(),
                            now: "HVID".into(),
                        },
                    ],
                    before: Some(picture(1, "before")),
                    after: Some(picture(0, "after")),
                }),
                ..Default::default()
            },
            shown_hash: "h".into(),
            expires_at: chrono::Utc::now() + chrono::Duration::days(1),
            state: RequestState::Open,
            decision: None,
        }
    }

    /// A logo draft's page: both pictures with their captions, method, size in the page's
    /// language, each color as uploaded → as printed, no row to correct, the title inert.
    #[test]
    fn a_logo_drafts_page_shows_it_before_and_after_with_method_and_size() {
        let here = Here {
            path: "/c/tok",
            language: Language::Danish,
        };
        let html = page(&here, &logo_found(), None, None);
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(
            html.contains("/c/tok/p/1") && html.contains("/c/tok/p/0"),
            "{html}"
        );
        let before = html.find("Som det blev sendt").unwrap();
        let after = html.find("Som det bliver trykt").unwrap();
        assert!(before < after, "as uploaded first");
        assert!(html.contains("60 × 42,5 mm"), "{html}");
        assert!(html.contains("VAND SPORT"));
        assert!(html.contains("186 Rød → 286 Blå") && html.contains("<dd>HVID</dd>"));
        assert!(html.contains("Godkend logoet"));
        assert!(!html.contains("/correct"), "a logo has no rows to correct");
        let english = page(
            &Here {
                path: "/c/tok",
                language: Language::English,
            },
            &logo_found(),
            None,
            None,
        );
        assert!(english.contains("60 × 42.5 mm") && english.contains("Approve the logo"));
    }

    #[test]
    fn every_character_that_could_open_markup_is_escaped() {
        assert_eq!(
            esc("<script>alert('x')</script> & \"Ø\""),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;Ø&quot;"
        );
    }
}
