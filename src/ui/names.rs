//! The service's values (statuses, logo types) as the person reads them, in their language.
//! English keeps the service's own words; a value this version does not know is shown as the
//! service sent it.

use crate::api::{DesignStatus, FeeType, LogoStatus, LogoType, TaskStatus};
use crate::tr;

/// A logo's status: "Draft" / "Kladde".
pub fn logo_status(status: &LogoStatus) -> String {
    match status {
        LogoStatus::Draft => tr!("status-draft"),
        LogoStatus::Done => tr!("status-done"),
        LogoStatus::Other(s) => s.clone(),
    }
}

/// A design's status, in the words of a logo's.
pub fn design_status(status: &DesignStatus) -> String {
    match status {
        DesignStatus::Draft => tr!("status-draft"),
        DesignStatus::Done => tr!("status-done"),
        DesignStatus::Other(s) => s.clone(),
    }
}

/// A logo's kind: artwork, or a placeholder for a text, a name or a number.
pub fn logo_type(logo_type: &LogoType) -> String {
    match logo_type {
        LogoType::Transfer => tr!("logo-type-transfer"),
        LogoType::TextLogo => tr!("logo-type-text"),
        LogoType::NameLogo => tr!("logo-type-name"),
        LogoType::NumberLogo => tr!("logo-type-number"),
        LogoType::Other(s) => s.clone(),
    }
}

/// What a price on a logo is for: the one-time start-up, or a fee per print.
pub fn fee_type(fee_type: &FeeType) -> String {
    match fee_type {
        FeeType::Startup => tr!("fee-type-startup"),
        FeeType::Fee => tr!("fee-type-fee"),
        FeeType::Other(s) => s.clone(),
    }
}

/// A vectorize task's status.
pub fn task_status(status: &TaskStatus) -> String {
    match status {
        TaskStatus::Pending => tr!("task-status-pending"),
        TaskStatus::Finished => tr!("task-status-finished"),
        TaskStatus::Other(s) => s.clone(),
    }
}

/// A view of a garment as the service names it (`FRONT`, `LEFT SLEEVE`): "Forside",
/// "Venstre ærme"; a view this version does not know is shown as the service wrote it.
pub fn view(name: &str) -> String {
    crate::i18n::view_name_in(crate::i18n::language(), name)
}

/// A width and height in millimetres, each already formatted: "110 × 104,5 mm".
pub fn size_mm(width: &str, height: &str) -> String {
    tr!("size-mm", width = width, height = height)
}
