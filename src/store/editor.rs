//! What the draft editor remembers per account and logo, because the service does not say it:
//! the original colors (`changecolors` always names them in `from`, while the logo's own
//! `colors` change after a recolor), whether this app confirmed the method, and the color
//! targets the service last applied.

use super::db::params;
use super::{AccountId, Store, StoreError};
use crate::api::{Color, LogoId};

/// The editor's memory of one draft.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DraftMemory {
    /// The colors of the uploaded file, in their original order.
    pub original_colors: Vec<Color>,
    /// `Some(true)`: this app confirmed the method; `Some(false)`: uploaded here and not
    /// confirmed yet; `None`: unknown (first seen as an existing draft).
    pub method_confirmed: Option<bool>,
    /// The target id of each original color as the service last applied it (`None`: never
    /// recolored from this app).
    pub applied_targets: Option<Vec<String>>,
}

fn json_colors(text: &str) -> Vec<Color> {
    serde_json::from_str(text).unwrap_or_default()
}

impl Store {
    /// The editor's memory of a logo, if it has any.
    pub fn draft_memory(
        &self,
        account: AccountId,
        logo: LogoId,
    ) -> Result<Option<DraftMemory>, StoreError> {
        let Some(row) = self.on_account(account)?.query_opt(
            "SELECT original_colors, method_confirmed, applied_targets FROM editor_drafts
             WHERE account_id = $1 AND logo_id = $2",
            &params![account.0, logo.0],
        )?
        else {
            return Ok(None);
        };
        let colors: String = row.get(0)?;
        let targets: Option<String> = row.get(2)?;
        Ok(Some(DraftMemory {
            original_colors: json_colors(&colors),
            method_confirmed: row.get(1)?,
            applied_targets: targets.and_then(|t| serde_json::from_str(&t).ok()),
        }))
    }

    /// Remembers a draft seen for the first time; an existing memory is kept as it is.
    /// Answers the memory in force.
    pub fn remember_draft(
        &self,
        account: AccountId,
        logo: LogoId,
        colors: &[Color],
        method_confirmed: Option<bool>,
    ) -> Result<DraftMemory, StoreError> {
        let json = serde_json::to_string(colors).unwrap_or_else(|_| "[]".into());
        // Every column is given and no CHECK applies: only the key can clash, as with
        // SQLite's former `INSERT OR IGNORE`.
        self.on_account(account)?.execute(
            "INSERT INTO editor_drafts (account_id, logo_id, original_colors, method_confirmed)
             VALUES ($1, $2, $3, $4)
             ON CONFLICT DO NOTHING",
            &params![account.0, logo.0, json, method_confirmed],
        )?;
        Ok(self
            .draft_memory(account, logo)?
            .unwrap_or_else(|| DraftMemory {
                original_colors: colors.to_vec(),
                method_confirmed,
                applied_targets: None,
            }))
    }

    /// Records that the service confirmed the draft's method.
    pub fn set_method_confirmed(&self, account: AccountId, logo: LogoId) -> Result<(), StoreError> {
        self.on_account(account)?.execute(
            "UPDATE editor_drafts SET method_confirmed = 1 WHERE account_id = $1 AND logo_id = $2",
            &params![account.0, logo.0],
        )?;
        Ok(())
    }

    /// Records the targets the service applied to the original colors.
    pub fn set_applied_targets(
        &self,
        account: AccountId,
        logo: LogoId,
        targets: &[String],
    ) -> Result<(), StoreError> {
        let json = serde_json::to_string(targets).unwrap_or_else(|_| "[]".into());
        self.on_account(account)?.execute(
            "UPDATE editor_drafts SET applied_targets = $3 WHERE account_id = $1 AND logo_id = $2",
            &params![account.0, logo.0, json],
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::testing::each_backend;

    fn color(id: &str) -> Color {
        Color {
            id: id.into(),
            name: id.into(),
            red: 1,
            green: 2,
            blue: 3,
        }
    }

    #[test]
    fn first_sight_is_kept_and_later_facts_recorded() {
        each_backend(|store| first_sight_is_kept(&store));
    }

    fn first_sight_is_kept(store: &Store) {
        let account = store.ensure_sandbox_account().unwrap().id;
        let logo = LogoId(7);
        assert_eq!(store.draft_memory(account, logo).unwrap(), None);
        let first = store
            .remember_draft(account, logo, &[color("A"), color("B")], Some(false))
            .unwrap();
        assert_eq!(first.method_confirmed, Some(false));
        // A later sight (after a recolor) does not replace the originals.
        let again = store
            .remember_draft(account, logo, &[color("C")], None)
            .unwrap();
        assert_eq!(again.original_colors, vec![color("A"), color("B")]);
        store.set_method_confirmed(account, logo).unwrap();
        store
            .set_applied_targets(account, logo, &["C".into(), "B".into()])
            .unwrap();
        let now = store.draft_memory(account, logo).unwrap().unwrap();
        assert_eq!(now.method_confirmed, Some(true));
        assert_eq!(now.applied_targets, Some(vec!["C".into(), "B".into()]));
    }
}
