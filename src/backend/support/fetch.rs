//! Look-ups of the logos and designs features: a design with the logos of its placements,
//! and a per-account cache of logos without their big pictures.

use super::Generation;
use crate::api::{ApiError, Client, Design, DesignId, Logo, LogoId};
use crate::sync::Lock as _;
use std::collections::HashMap;
use std::future::Future;
use std::sync::Mutex;

/// A design and each distinct logo of its placements, in order of first placement, with
/// the logo or why it could not be read.
pub struct DesignLogos {
    pub design: Design,
    pub logos: Vec<(LogoId, Result<Logo, ApiError>)>,
}

/// Fetches design `id`, then each distinct logo of its placements side by side with `logo`.
pub async fn design_and_logos<F, Fut>(
    client: &Client,
    id: DesignId,
    logo: F,
) -> Result<DesignLogos, ApiError>
where
    F: Fn(LogoId) -> Fut,
    Fut: Future<Output = Result<Logo, ApiError>>,
{
    let design = client.designs().get(id).await?;
    let mut ids: Vec<LogoId> = Vec::new();
    for placement in &design.design_logos {
        if !ids.contains(&placement.logo_id) {
            ids.push(placement.logo_id);
        }
    }
    let fetched = futures_util::future::join_all(ids.iter().map(|id| logo(*id))).await;
    Ok(DesignLogos {
        design,
        logos: ids.into_iter().zip(fetched).collect(),
    })
}

/// Logos fetched for the account shown (the big picture dropped, the small preview kept for
/// thumbnails), so a design's logos and a loose line's logo are asked for once each.
#[derive(Default)]
pub struct LogoCache {
    logos: Mutex<HashMap<(Generation, LogoId), Logo>>,
}

impl LogoCache {
    /// Forgets everything (another account is shown).
    pub fn clear(&self) {
        self.logos.locked().clear();
    }

    /// Logo `id` of the account of `generation`, from the cache or fetched (without its
    /// high-resolution picture).
    pub async fn get(
        &self,
        client: &Client,
        id: LogoId,
        generation: Generation,
    ) -> Result<Logo, ApiError> {
        let hit = self.logos.locked().get(&(generation, id)).cloned();
        match hit {
            Some(logo) => Ok(logo),
            None => self.fetch(client, id, generation).await,
        }
    }

    /// Logo `id` fetched anew (without its high-resolution picture), and kept.
    pub async fn fetch(
        &self,
        client: &Client,
        id: LogoId,
        generation: Generation,
    ) -> Result<Logo, ApiError> {
        let mut logo = client.logos().get(id).await?;
        logo.high_res_base64.clear();
        self.logos.locked().insert((generation, id), logo.clone());
        Ok(logo)
    }
}
