//! Orders kept on this machine as a person sees them: the outbox line, copy risk, search,
//! History's filters and the totals of what it shows.

use crate::store::{Destination, DestinationPart, HistoryQuery, Hold, LocalOrder, OrderState};
use chrono::NaiveDate;
use rust_decimal::Decimal;

/// Orders waiting in the outbox, and why they wait: what the status bar says of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutboxStatus {
    /// Queued and free to go (not held).
    pub queued: usize,
    /// Queued and held until the person decides ([`Hold`](crate::store::Hold)): not sent.
    pub held: usize,
    /// The newest send failed on the network.
    pub offline: bool,
    /// A team's account while its database is out of reach: what is queued is kept on this
    /// desk and goes into the team's outbox once the database answers; nothing is sent.
    pub team_away: bool,
}

impl OutboxStatus {
    /// The status of rows `waiting` (the outbox's and what waits on the service); `None`
    /// when no order is queued.
    pub fn of(waiting: &[LocalOrder], offline: bool, team_away: bool) -> Option<OutboxStatus> {
        let queued = waiting.iter().filter(|o| o.state == OrderState::Queued);
        let held = queued.clone().filter(|o| o.hold.is_some()).count();
        let status = OutboxStatus {
            queued: queued.count() - held,
            held,
            offline,
            team_away,
        };
        (status.queued + status.held > 0).then_some(status)
    }
}

impl std::fmt::Display for OutboxStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let free = match self.queued {
            0 => None,
            count if self.team_away => Some(crate::tr!("shell-outbox-kept", count = count)),
            count if self.offline => Some(crate::tr!("shell-outbox-offline", count = count)),
            count => Some(crate::tr!("shell-outbox-sending", count = count)),
        };
        let held = (self.held > 0).then(|| crate::tr!("shell-outbox-held", count = self.held));
        let parts: Vec<String> = free.into_iter().chain(held).collect();
        f.write_str(&parts.join(" · "))
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

/// Which orders History shows, by where they are: the store's filter ([`HistoryStatus`],
/// done in SQL), with the words and the rules for one row here.
pub use crate::store::HistoryStatus as StatusFilter;

impl StatusFilter {
    /// Every filter, in the order the picker lists them.
    pub const ALL: [StatusFilter; 5] = [
        StatusFilter::All,
        StatusFilter::NeedsAttention,
        StatusFilter::InProgress,
        StatusFilter::Completed,
        StatusFilter::Failed,
    ];

    /// The filter's name in the person's language.
    pub fn label(self) -> String {
        match self {
            StatusFilter::All => crate::tr!("history-filter-all"),
            StatusFilter::NeedsAttention => crate::tr!("history-filter-attention"),
            StatusFilter::InProgress => crate::tr!("history-filter-in-progress"),
            StatusFilter::Completed => crate::tr!("history-filter-completed"),
            StatusFilter::Failed => crate::tr!("history-filter-failed"),
        }
    }

    /// Whether `o` is shown under this filter.
    pub fn admits(self, o: &LocalOrder) -> bool {
        match self {
            StatusFilter::All => true,
            StatusFilter::NeedsAttention => {
                o.hold.is_some()
                    || matches!(
                        o.state,
                        OrderState::Uncertain | OrderState::Unknown | OrderState::Failed
                    )
            }
            StatusFilter::InProgress => {
                matches!(o.state, OrderState::Queued | OrderState::Sent) && o.hold.is_none()
            }
            StatusFilter::Completed => o.state == OrderState::Completed,
            StatusFilter::Failed => o.state == OrderState::Failed,
        }
    }
}

/// History's filters as the person typed them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HistoryFilter {
    /// Order number, reference, recipient or tracking id ([`matches`]).
    pub text: String,
    pub status: StatusFilter,
    /// The recipient's name contains this.
    pub recipient: String,
    /// First and last day (either may be empty), as typed: `25.11.2026` or `2026-11-25`.
    pub from: String,
    pub to: String,
}

impl HistoryFilter {
    /// Whether `o` is shown. A day that cannot be read filters nothing (its field says why).
    pub fn admits(&self, o: &LocalOrder) -> bool {
        self.admitter()(o)
    }

    /// [`HistoryFilter::admits`] with the days and the recipient read once, for a whole list.
    pub fn admitter(&self) -> impl Fn(&LocalOrder) -> bool + '_ {
        let recipient = self.recipient.trim().to_lowercase();
        let (from, to) = (parse_day(&self.from), parse_day(&self.to));
        move |o| {
            let day = || order_day(o);
            matches(o, &self.text)
                && self.status.admits(o)
                && (recipient.is_empty() || o.recipient.to_lowercase().contains(&recipient))
                && from.is_none_or(|from| day().is_some_and(|d| d >= from))
                && to.is_none_or(|to| day().is_some_and(|d| d <= to))
        }
    }

    /// The filter as the store runs it in SQL: the days as the times their first moment and
    /// the moment after the last one begin on this machine's clock (a day that cannot be read
    /// filters nothing, as in [`HistoryFilter::admits`]).
    pub fn query(&self) -> HistoryQuery {
        HistoryQuery {
            text: self.text.clone(),
            status: self.status,
            recipient: self.recipient.clone(),
            from: parse_day(&self.from).map(day_starts),
            before: parse_day(&self.to)
                .and_then(|d| d.succ_opt())
                .map(day_starts),
        }
    }

    /// Whether any filter is set.
    pub fn is_set(&self) -> bool {
        *self != HistoryFilter::default()
    }

    /// Why a typed day cannot be read, if one cannot.
    pub fn day_problem(&self) -> Option<String> {
        [&self.from, &self.to]
            .into_iter()
            .find(|t| !t.trim().is_empty() && parse_day(t).is_none())
            .map(|t| crate::tr!("history-filter-bad-day", day = t.trim()))
    }
}

/// The day an order was placed (the service's time), else the day its row last changed; in
/// the machine's time zone.
pub fn order_day(o: &LocalOrder) -> Option<NaiveDate> {
    let local = |t: chrono::DateTime<chrono::Utc>| t.with_timezone(&chrono::Local).date_naive();
    o.record
        .as_ref()
        .and_then(|r| r.order.as_ref())
        .map(|ord| local(ord.placed_at_utc))
        .or_else(|| {
            chrono::DateTime::parse_from_rfc3339(&o.updated_at)
                .ok()
                .map(|t| local(t.to_utc()))
        })
}

/// When `day` begins on this machine's clock, as the store's UTC time text. Where midnight is
/// skipped (a clock moved forward at 00:00), the first moment after it.
fn day_starts(day: NaiveDate) -> String {
    use chrono::TimeZone as _;
    let midnight = day.and_time(chrono::NaiveTime::MIN);
    let start = match chrono::Local.from_local_datetime(&midnight) {
        chrono::LocalResult::Single(t) | chrono::LocalResult::Ambiguous(t, _) => t.to_utc(),
        chrono::LocalResult::None => chrono::Local
            .from_local_datetime(&(midnight + chrono::Duration::hours(1)))
            .earliest()
            .map_or_else(|| midnight.and_utc(), |t| t.to_utc()),
    };
    start.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

/// A day as people type it: `25.11.2026`, `25-11-2026`, `25/11/2026` (day first, as in
/// Denmark) or `2026-11-25`.
pub fn parse_day(text: &str) -> Option<NaiveDate> {
    let text = text.trim();
    ["%d.%m.%Y", "%d-%m-%Y", "%d/%m/%Y", "%Y-%m-%d"]
        .iter()
        .find_map(|f| NaiveDate::parse_from_str(text, f).ok())
}

/// The totals of `orders` whose total the service returned, by currency (sorted), and how
/// many orders have none yet (not completed).
pub fn totals<'a>(
    orders: impl IntoIterator<Item = &'a LocalOrder>,
) -> (Vec<(String, Decimal)>, usize) {
    let mut sums = std::collections::BTreeMap::<String, Decimal>::new();
    let mut without = 0;
    for o in orders {
        match o.record.as_ref().and_then(|r| r.order.as_ref()) {
            Some(ord) => *sums.entry(ord.currency.trim().to_owned()).or_default() += ord.total,
            None => without += 1,
        }
    }
    (sums.into_iter().collect(), without)
}

#[cfg(test)]
mod history_tests;
#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{OrderId, TrackingRecord};
    use crate::store::LocalOrderId;

    /// The status bar says "sending" only of what this desk may send: a held order is said as
    /// held, a team's order while its database is away as kept here.
    #[test]
    fn the_outbox_says_sending_only_of_orders_that_go_out() {
        let queued = row(1, OrderState::Queued, "Nordby IF", None);
        let held = LocalOrder {
            hold: Some(Hold::AccountGone),
            ..row(2, OrderState::Queued, "Nordby IF", None)
        };
        let sent = row(3, OrderState::Sent, "Nordby IF", None);
        let say = |rows: &[LocalOrder], offline, away| {
            OutboxStatus::of(rows, offline, away).map(|s| s.to_string())
        };
        assert_eq!(say(std::slice::from_ref(&sent), false, false), None);
        assert_eq!(
            say(&[queued.clone(), sent.clone()], false, false).as_deref(),
            Some("1 order queued · sending")
        );
        assert_eq!(
            say(std::slice::from_ref(&held), false, false).as_deref(),
            Some("1 order held (see History)")
        );
        let both = say(&[queued.clone(), held.clone()], true, false).unwrap();
        assert!(both.starts_with("1 order queued · offline"), "{both}");
        assert!(both.ends_with("1 order held (see History)"), "{both}");
        let away = say(&[queued], false, true).unwrap();
        assert!(away.contains("kept on this computer"), "{away}");
        assert!(!away.contains("sending"), "{away}");
    }

    fn row(id: i64, state: OrderState, recipient: &str, total: Option<(&str, &str)>) -> LocalOrder {
        let record = total.map(|(placed, total)| {
            let order = serde_json::json!({
                "orderNumber": format!("SO-{id}"), "placedAtUtc": placed,
                "latestDeliveryDate": "2026-12-01T00:00:00", "reference": format!("PO-{id}"),
                "currency": "DKK", "subTotal": 1, "vat": 0, "vatRate": 25, "total": total,
            });
            TrackingRecord {
                id: OrderId(id),
                order_number: format!("SO-{id}").as_str().into(),
                status: crate::api::OrderStatus::Completed,
                error_message: None,
                order: Some(serde_json::from_value(order).unwrap()),
            }
        });
        LocalOrder {
            id: LocalOrderId(id),
            account: None,
            state,
            key: None,
            draft_json: None,
            reference: format!("PO-{id}"),
            recipient: recipient.into(),
            tracking_id: record.as_ref().map(|r| r.id),
            order_number: None,
            record,
            error_message: None,
            last_error: None,
            attempts: 0,
            updated_at: "2026-11-20T12:00:00Z".into(),
            destination: None,
            reached: false,
            placed_by: None,
            version: 0,
            saved_by: None,
            editing: None,
            hold: None,
        }
    }

    #[test]
    fn needs_attention_is_uncertain_unknown_failed_or_held() {
        let attention = |o: &LocalOrder| StatusFilter::NeedsAttention.admits(o);
        assert!(attention(&row(1, OrderState::Uncertain, "A", None)));
        assert!(attention(&row(2, OrderState::Unknown, "A", None)));
        assert!(attention(&row(3, OrderState::Failed, "A", None)));
        let mut held = row(4, OrderState::Queued, "A", None);
        assert!(!attention(&held));
        assert!(StatusFilter::InProgress.admits(&held));
        held.hold = Some(Hold::AccountGone);
        assert!(attention(&held));
        assert!(!StatusFilter::InProgress.admits(&held));
        let done = row(
            5,
            OrderState::Completed,
            "A",
            Some(("2026-11-21T10:00:00Z", "10")),
        );
        assert!(!attention(&done));
        assert!(StatusFilter::Completed.admits(&done));
        assert!(StatusFilter::ALL.iter().all(|f| !f.label().is_empty()));
    }

    #[test]
    fn days_recipient_and_text_narrow_the_list() {
        let nov = row(
            1,
            OrderState::Completed,
            "Nordby IF",
            Some(("2026-11-21T10:00:00Z", "100.50")),
        );
        let dec = row(
            2,
            OrderState::Completed,
            "Sønderby BK",
            Some(("2026-12-02T10:00:00Z", "20")),
        );
        let filter = |from: &str, to: &str, recipient: &str| HistoryFilter {
            from: from.into(),
            to: to.into(),
            recipient: recipient.into(),
            ..HistoryFilter::default()
        };
        let f = filter("01.12.2026", "", "");
        assert!(!f.admits(&nov) && f.admits(&dec));
        let f = filter("", "2026-11-30", "");
        assert!(f.admits(&nov) && !f.admits(&dec));
        let f = filter("", "", "sønderby");
        assert!(!f.admits(&nov) && f.admits(&dec));
        // A day that cannot be read filters nothing and says why.
        let f = filter("31.02.2026", "", "");
        assert!(f.admits(&nov) && f.admits(&dec));
        assert!(f.day_problem().is_some_and(|p| p.contains("31.02.2026")));
        assert!(!HistoryFilter::default().is_set() && f.is_set());
        assert_eq!(parse_day("5/1/2027"), NaiveDate::from_ymd_opt(2027, 1, 5));
    }

    #[test]
    fn totals_add_what_is_shown_by_currency() {
        let a = row(
            1,
            OrderState::Completed,
            "A",
            Some(("2026-11-21T10:00:00Z", "100.50")),
        );
        let b = row(
            2,
            OrderState::Completed,
            "B",
            Some(("2026-11-22T10:00:00Z", "20.25")),
        );
        let open = row(3, OrderState::Sent, "C", None);
        let (sums, without) = totals([&a, &b, &open]);
        assert_eq!(sums, vec![("DKK".to_owned(), Decimal::new(12075, 2))]);
        assert_eq!(without, 1);
    }
}
