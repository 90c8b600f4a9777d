//! The vocabulary of logos the features share: which logo, its card in a list, which
//! thumbnail.

use super::Generation;
use crate::api::{Color, LogoId, LogoItemNo, LogoStatus, LogoSummary, LogoType};

/// Names one thumbnail: the account generation, the logo and a revision (a hash of the
/// preview), so an edited logo gets a fresh picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ThumbKey {
    pub generation: Generation,
    pub logo: LogoId,
    pub revision: u64,
}

#[cfg(test)]
impl ThumbKey {
    /// A key of generation 1 for logo `id` (tests).
    pub(crate) fn of_logo(id: i64) -> ThumbKey {
        ThumbKey {
            generation: Generation(1),
            logo: LogoId(id),
            revision: 0,
        }
    }
}

/// What the gallery shows of a logo: the summary without its picture (which comes separately
/// as a [`Event::Thumbnail`]), so thousands of cards stay small.
#[derive(Debug, Clone, PartialEq)]
pub struct LogoCard {
    pub logo_id: LogoId,
    pub item_no: Option<LogoItemNo>,
    pub title: String,
    pub status: LogoStatus,
    pub logo_type: LogoType,
    pub transfer_method: String,
    pub width_mm: f64,
    pub height_mm: f64,
    pub colors: Vec<Color>,
    pub storage_count: i64,
    pub thumb: ThumbKey,
}

impl LogoCard {
    /// A card for `summary`; the revision hashes its preview.
    pub fn from_summary(summary: &LogoSummary, generation: Generation) -> LogoCard {
        use std::hash::{Hash as _, Hasher as _};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        summary.low_res_base64.hash(&mut h);
        LogoCard {
            logo_id: summary.logo_id,
            item_no: summary.logo_item_no,
            title: summary.title.clone(),
            status: summary.status.clone(),
            logo_type: summary.logo_type.clone(),
            transfer_method: summary.transfer_method_key.clone(),
            width_mm: summary.width_in_mm,
            height_mm: summary.height_in_mm,
            colors: summary.colors.clone(),
            storage_count: summary.storage_count,
            thumb: ThumbKey {
                generation,
                logo: summary.logo_id,
                revision: h.finish(),
            },
        }
    }
}

/// One page of the logo list, as cards.
#[derive(Debug, Clone, PartialEq)]
pub struct CardPage {
    pub items: Vec<LogoCard>,
    pub page: i64,
    pub page_size: i64,
    pub total_count: i64,
    pub total_pages: i64,
    /// When the page was saved, if it comes from the disk cache because the service could
    /// not be reached (shown as not fresh); `None` for a page just fetched.
    pub stale_since: Option<chrono::DateTime<chrono::Utc>>,
}

/// Which logo to open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LogoRef {
    /// By internal id (`GET /api/logo/{id}`).
    Id(LogoId),
    /// By item number (`GET /api/logo/itemno/{n}`).
    ItemNo(LogoItemNo),
}
