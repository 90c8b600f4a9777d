//! Orders kept on this machine as a person sees them: the outbox line, copy risk, search.

use crate::store::{LocalOrder, OrderState};

/// Orders waiting in the outbox, and whether the service is out of reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutboxStatus {
    pub queued: usize,
    /// The newest send failed on the network.
    pub offline: bool,
}

impl std::fmt::Display for OutboxStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.queued {
            1 => f.write_str("1 order queued")?,
            n => write!(f, "{n} orders queued")?,
        }
        if self.offline {
            f.write_str(" · offline — will send when the service is reachable")
        } else {
            f.write_str(" · sending")
        }
    }
}

/// Whether `o` matches the search text (order number, reference, recipient, tracking id).
pub fn matches(o: &LocalOrder, query: &str) -> bool {
    let q = query.trim().to_lowercase();
    q.is_empty()
        || [
            o.order_number.clone().unwrap_or_default(),
            o.reference.clone(),
            o.recipient.clone(),
            o.tracking_id.map(|t| t.0.to_string()).unwrap_or_default(),
        ]
        .iter()
        .any(|f| f.to_lowercase().contains(&q))
}

/// Copying an order in this state to a new draft could place it twice: the service may
/// have it already, unconfirmed.
pub fn copy_is_risky(state: OrderState) -> bool {
    matches!(state, OrderState::Uncertain | OrderState::Unknown)
}

/// The sentence shown before copying an order that may already be placed.
pub fn copy_risk() -> String {
    crate::tr!("orders-copy-risk")
}
