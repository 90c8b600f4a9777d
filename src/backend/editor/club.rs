//! *Ask the club to approve…* on a logo draft, before *Commit…*: the page shows the logo as
//! uploaded and as it will be printed (the service's picture of the draft), its method and
//! size; the link is made as an order's is ([`crate::backend::proofs::club`]). Every desk
//! showing the draft is told of its request and the club's answer.

use super::{EditorContext, EditorEvent, PreviewBase};
use crate::api::{Color, Logo, LogoId};
use crate::backend::orders::ADDRESS_SOURCES;
use crate::backend::proofs::club::{
    self as proofs_club, ClubContact, ClubLink, ClubRequestShown, NewLink, PAGE_SIDE, Publish,
};
use crate::backend::support::{SharedStore, UserError, heavy, with_store};
use crate::club::Found;
use crate::club::page::{ClubPage, LogoPrinted, PageColor, PageLogo, PagePicture};
use crate::imaging;
use crate::orders::form::{KnownContact, club_contacts};
use crate::store::AccountId;
use crate::store::StoreError;
use crate::store::club::ClubSubject;
use crate::store::club::StoredClubRequest;
use crate::sync::Lock as _;
use image::RgbaImage;
use std::sync::{Arc, Mutex};

/// What *Ask the club to approve…* on a draft sends.
#[derive(Debug, Clone)]
pub struct LogoAsk {
    /// The draft as the editor shows it (the service's last answer).
    pub logo: Box<Logo>,
    /// Its colors as uploaded, in their order.
    pub original_colors: Vec<Color>,
    /// The club asked (shown on its page).
    pub club: String,
    pub contact: ClubContact,
}

/// A draft's newest request to its club, and whether one can be made from here.
#[derive(Debug, Clone)]
pub struct LogoClub {
    pub logo: LogoId,
    pub shown: Option<ClubRequestShown>,
    /// Why this desk cannot ask the club about the draft (no team, the account a desk's own,
    /// no club room served), as a sentence; `None`: it can.
    pub unavailable: Option<String>,
    /// Why the team database could not say whether the club was asked or answered (it is out
    /// of reach, say), as a sentence: the commit cannot count on an approval meanwhile.
    pub unreadable: Option<String>,
    /// The clubs of the account's placed orders with their contacts, offered by *Ask the club
    /// to approve…*: read when the editor asks for the draft's state, `None` in news (the
    /// club's answer, a colleague's request), which leaves them as they were.
    pub contacts: Option<Vec<KnownContact>>,
}

/// What the team database says of a draft's club.
enum Read {
    /// This desk cannot ask about it (no team, a desk's own account).
    NotHere(String),
    Here {
        served: bool,
        request: Option<Box<StoredClubRequest>>,
    },
}

/// The draft's request and whether the room can be asked, read now; with the account's
/// known contacts when `contacts`.
pub(super) async fn club_of(
    store: &SharedStore,
    account: AccountId,
    logo: LogoId,
    contacts: bool,
) -> LogoClub {
    let subject = ClubSubject::Logo { account, logo };
    let read = with_store(store, move |s| {
        match s.club_can_ask(subject) {
            Ok(()) => {}
            Err(e @ (StoreError::ClubNeedsTeam | StoreError::ClubDeskRow)) => {
                return Ok(Read::NotHere(e.to_string()));
            }
            Err(e) => return Err(e),
        }
        let served = s.club_room()?.is_some();
        let request = s.club_request_of(subject)?.map(Box::new);
        Ok(Read::Here { served, request })
    })
    .await;
    let mut club = LogoClub {
        logo,
        shown: None,
        unavailable: None,
        unreadable: None,
        contacts: None,
    };
    match read {
        Ok(Read::NotHere(why)) => club.unavailable = Some(why),
        Ok(Read::Here { served, request }) => {
            club.shown = request.map(|r| ClubRequestShown::of(*r));
            if !served {
                club.unavailable = Some(crate::tr!("backend-club-no-room"));
            }
        }
        Err(e) => club.unreadable = Some(e.message),
    }
    if contacts && club.unavailable.is_none() && club.unreadable.is_none() {
        let forms = with_store(store, move |s| s.placed_forms(account, ADDRESS_SOURCES)).await;
        // Without them the person types the contact: said in the log, not in their way.
        club.contacts = Some(match forms {
            Ok(forms) => club_contacts(forms.iter().map(String::as_str)),
            Err(e) => {
                tracing::warn!(error = %e.message, "the known contacts could not be read");
                Vec::new()
            }
        });
    }
    club
}

/// Makes the draft's page from the editor's picture of it and a link for the contact.
pub(super) async fn ask(
    cx: &EditorContext,
    base: &Mutex<Option<PreviewBase>>,
    ask: LogoAsk,
) -> Result<ClubLink, UserError> {
    let subject = ClubSubject::Logo {
        account: cx.account,
        logo: ask.logo.logo_id,
    };
    let settings = proofs_club::room_for(&cx.store, subject).await?;
    // The club approves the draft as the service has it now, not as this desk last saw it
    // (another desk may have changed it since), beside the service's picture of just that.
    let client = cx.client.clone()?;
    let fresh = client
        .logos()
        .get(ask.logo.logo_id)
        .await
        .map_err(|e| UserError::from_api(&e))?;
    if LogoPrinted::of(&fresh) != LogoPrinted::of(&ask.logo) {
        return Err(UserError::new(
            crate::tr!("backend-club-logo-changed"),
            None,
        ));
    }
    let inks: Vec<[u8; 3]> = fresh.colors.iter().map(Color::rgb).collect();
    let picture = base
        .locked()
        .as_ref()
        .filter(|b| b.logo == fresh.logo_id && b.inks == inks)
        .map(|b| b.image.clone());
    let Some(picture) = picture else {
        return Err(UserError::new(
            crate::tr!("backend-club-logo-no-picture"),
            None,
        ));
    };
    let link = NewLink::new(&settings)?;
    let originals = ask.original_colors;
    let (shop, terms, club) = (settings.shop.clone(), settings.terms.clone(), ask.club);
    let reference = fresh.title.trim().to_owned();
    let (page, pictures) = heavy({
        let reference = reference.clone();
        move || {
            let (page_logo, pictures) = page_logo(&fresh, &originals, &picture);
            let page = ClubPage {
                shop,
                reference,
                club: club.trim().to_owned(),
                terms,
                lines: Vec::new(),
                logo: Some(page_logo),
            };
            (page, pictures)
        }
    })
    .await?;
    let what = Publish {
        subject,
        contact: ask.contact,
        reference,
        page,
        pictures,
    };
    proofs_club::publish(&cx.store, settings, link, what).await
}

/// Whether the club's newest answer still approves draft `logo` as the service has it now
/// (checked just before it is committed): a sentence saying why not, nothing committed.
pub(super) async fn still_approved(cx: &EditorContext, logo: LogoId) -> Result<(), UserError> {
    let client = cx.client.clone()?;
    let fresh = client
        .logos()
        .get(logo)
        .await
        .map_err(|e| UserError::from_api(&e))?;
    let subject = ClubSubject::Logo {
        account: cx.account,
        logo,
    };
    let request = with_store(&cx.store, move |s| s.club_request_of(subject)).await?;
    let request = request.map(Found::from_stored);
    if request.is_some_and(|r| r.logo_approval(&fresh).is_some()) {
        Ok(())
    } else {
        Err(UserError::new(
            crate::tr!("editor-commit-club-changed"),
            None,
        ))
    }
}

/// The logo's part of its page, and the page's pictures: as it will be printed (`picture`,
/// the service's), and as uploaded when its colors changed since (the same picture with
/// each color put back).
fn page_logo(logo: &Logo, originals: &[Color], picture: &RgbaImage) -> (PageLogo, Vec<Vec<u8>>) {
    let now = &logo.colors;
    // Each color beside the one uploaded in its place; when their numbers differ, none is
    // known to have been another (each shown as it is).
    let was = |i: usize| {
        if originals.len() == now.len() {
            &originals[i]
        } else {
            &now[i]
        }
    };
    let colors: Vec<PageColor> = now
        .iter()
        .enumerate()
        .map(|(i, c)| PageColor {
            was: PageColor::words(was(i)),
            now: PageColor::words(c),
        })
        .collect();
    let back: Vec<([u8; 3], [u8; 3])> = now
        .iter()
        .enumerate()
        .filter(|(i, c)| c.rgb() != was(*i).rgb())
        .map(|(i, c)| (c.rgb(), was(i).rgb()))
        .collect();
    let mut pictures = Vec::new();
    let mut add = |image: &RgbaImage, view: &str| {
        let small = imaging::downscale(image, PAGE_SIDE * 2);
        let picture = PagePicture {
            n: u32::try_from(pictures.len()).unwrap_or(u32::MAX),
            view: view.to_owned(),
            width: small.width(),
            height: small.height(),
        };
        pictures.push(imaging::encode_png(&small));
        picture
    };
    let after = Some(add(picture, "after"));
    let before = (!back.is_empty()).then(|| {
        let inks: Vec<[u8; 3]> = now.iter().map(Color::rgb).collect();
        add(&imaging::recolor(picture, &back, &inks), "before")
    });
    let page_logo = PageLogo {
        title: logo.title.trim().to_owned(),
        printed: LogoPrinted::of(logo),
        colors,
        before,
        after,
    };
    (page_logo, pictures)
}

/// Tells the draft's club state as news (every screen showing the draft takes it), with the
/// account's known contacts when `contacts`.
pub(super) fn tell(cx: &EditorContext, logo: LogoId, contacts: bool) {
    let cx = cx.clone();
    tokio::spawn(async move {
        let club = club_of(&cx.store, cx.account, logo, contacts).await;
        cx.sink
            .news(cx.generation, EditorEvent::Club(Box::new(club)));
    });
}

/// The draft whose club state the editor shows, told again when the team's requests change.
pub(super) type Watched = Arc<Mutex<Option<(AccountId, LogoId)>>>;

#[cfg(test)]
mod tests {
    use super::*;

    fn color(id: &str, rgb: [u8; 3]) -> Color {
        Color {
            id: id.into(),
            name: String::new(),
            red: rgb[0],
            green: rgb[1],
            blue: rgb[2],
        }
    }

    fn logo(colors: Vec<Color>) -> Logo {
        let mut logo: Logo = serde_json::from_str(
            r#"{"logoId": 5, "title": "Crest", "widthInMM": 60, "heightInMM": 40,
                "transferMethodKey": "VAND SPORT", "status": "Draft"}"#,
        )
        .unwrap();
        logo.colors = colors;
        logo
    }

    /// A recolored draft's page shows it as uploaded (each color put back) beside it as it
    /// will be printed; an unchanged one only as printed.
    #[test]
    fn the_page_shows_the_uploaded_colors_beside_the_printed_ones() {
        let red = [200, 16, 46];
        let white = [255, 255, 255];
        let mut picture = RgbaImage::from_pixel(40, 20, image::Rgba([white[0], 255, 255, 255]));
        for x in 0..20 {
            for y in 0..20 {
                picture.put_pixel(x, y, image::Rgba([red[0], red[1], red[2], 255]));
            }
        }
        let originals = vec![color("186", red), color("HVID", white)];
        let blue = [0, 56, 168];
        let now = logo(vec![color("286", blue), color("HVID", white)]);
        let mut printed = picture.clone();
        imaging::recolor_into(&mut printed, &[(red, blue)], &[red, white]);
        let (page, pictures) = page_logo(&now, &originals, &printed);
        assert_eq!(pictures.len(), 2);
        assert_eq!(page.after.as_ref().map(|p| p.view.as_str()), Some("after"));
        let before = imaging::decode(&pictures[1], &imaging::Limits::preview())
            .unwrap()
            .image;
        assert_eq!(
            before.get_pixel(5, 5).0[..3],
            red,
            "the uploaded red put back"
        );
        assert_eq!(
            (page.colors[0].was.as_str(), page.colors[0].now.as_str()),
            ("186", "286")
        );
        assert!(page.colors[0].changed() && !page.colors[1].changed());
        assert_eq!(page.printed.width_mm, "60");

        let (same, pictures) = page_logo(&logo(originals.clone()), &originals, &picture);
        assert_eq!((same.before, pictures.len()), (None, 1));
    }
}
