//! The built-in sandbox's demo data as the app shows it: which organization the sandbox
//! account is, the finished design and number logo of the demo order, the two demo tasks.
//! The backend owns the sandbox and tells the UI this once, with [`super::Event::Ready`]; the
//! UI never reads the sandbox's fixtures itself.

use crate::api::{DesignId, LogoId, TaskId};
use crate::orders::form::DraftForm;

/// What the app shows of the sandbox's demo data (its fixtures' ids).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SandboxDemo {
    /// The organization the sandbox account acts as (the fixtures' vendor).
    pub vendor_organization_id: i64,
    /// The finalized design with a name and a number placeholder.
    pub design: DesignId,
    /// A number logo ordered with digits.
    pub number_logo: LogoId,
    /// The demo vectorize tasks: the finished one, then the pending one.
    pub tasks: [TaskId; 2],
}

impl SandboxDemo {
    /// The sandbox's fixtures, as the app shows them.
    pub fn of_fixtures() -> SandboxDemo {
        let fx = crate::sandbox::fixtures();
        SandboxDemo {
            vendor_organization_id: fx.vendor_organization_id,
            design: DesignId(fx.done_design_id),
            number_logo: LogoId(fx.number_logo_id),
            tasks: [
                TaskId(fx.finished_vectorize_task_id),
                TaskId(fx.pending_vectorize_task_id),
            ],
        }
    }

    /// The demo order on this data ([`crate::orders::demo::demo_form`]).
    pub fn order(&self) -> DraftForm {
        crate::orders::demo::demo_form(self.design, self.number_logo)
    }
}

/// The demo order on the sandbox's data (what `--screen orders` shows; tests fill forms with it).
pub fn demo_form() -> DraftForm {
    SandboxDemo::of_fixtures().order()
}
