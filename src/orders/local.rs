//! Orders kept on this machine as a person sees them: the outbox line, copy risk, search.

use crate::store::{Destination, DestinationPart, Hold, LocalOrder, OrderState};

/// Orders waiting in the outbox, and whether the service is out of reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutboxStatus {
    pub queued: usize,
    /// The newest send failed on the network.
    pub offline: bool,
}

impl std::fmt::Display for OutboxStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&if self.offline {
            crate::tr!("shell-outbox-offline", count = self.queued)
        } else {
            crate::tr!("shell-outbox-sending", count = self.queued)
        })
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

/// Copying this order to a new draft could place it twice: the service may have it
/// already, unconfirmed. Besides `uncertain` and `unknown` rows, that is every row a send of
/// which may have reached the service without a tracking id to show for it: queued or held
/// with such a send (`reached`, or a send under way), or failed after one. An order the
/// service itself tracked to a state (sent, completed, failed with its tracking id) is
/// known, and copying it is a deliberate second order.
pub fn copy_is_risky(o: &LocalOrder) -> bool {
    match o.state {
        OrderState::Uncertain | OrderState::Unknown => true,
        OrderState::Queued => o.reached,
        OrderState::Failed => o.reached && o.tracking_id.is_none(),
        OrderState::Draft | OrderState::Sent | OrderState::Completed => false,
    }
}

/// The sentence shown before copying an order that may already be placed.
pub fn copy_risk() -> String {
    crate::tr!("orders-copy-risk")
}

/// Where a destination is, as a person reads it: the address, or the built-in sandbox.
pub fn destination_place(d: &Destination) -> String {
    if d.is_sandbox() {
        crate::tr!("history-hold-sandbox")
    } else {
        d.base.clone()
    }
}

/// What changed, as words for a sentence ("address, organization and API key").
pub fn changed_words(parts: &[DestinationPart]) -> String {
    let words: Vec<String> = parts
        .iter()
        .map(|p| match p {
            DestinationPart::SandboxData => crate::tr!("history-changed-sandbox-data"),
            DestinationPart::Address => crate::tr!("history-changed-address"),
            DestinationPart::KeyHeader => crate::tr!("history-changed-key-header"),
            DestinationPart::Organization => crate::tr!("history-changed-organization"),
            DestinationPart::ApiKey => crate::tr!("history-changed-api-key"),
        })
        .collect();
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => crate::tr!(
            "history-changed-list",
            first = rest.join(", "),
            last = last.as_str()
        ),
    }
}

/// Why a held order waits and what to do; `may_be_placed` adds the risk of sending it
/// elsewhere.
pub fn hold_sentence(hold: &Hold, may_be_placed: bool) -> String {
    match hold {
        Hold::AccountGone => crate::tr!("history-hold-account-gone"),
        Hold::Changed {
            what,
            queued_for,
            now,
        } => {
            let what = changed_words(what);
            let queued_for = destination_place(queued_for);
            let now = destination_place(now);
            if may_be_placed {
                crate::tr!(
                    "history-hold-changed-risky",
                    queued_for = queued_for,
                    what = what,
                    now = now
                )
            } else {
                crate::tr!(
                    "history-hold-changed",
                    queued_for = queued_for,
                    what = what,
                    now = now
                )
            }
        }
    }
}
