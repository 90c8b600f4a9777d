//! History's pages and filters in SQL, on both backends: every row once across pages in a
//! stable order (also among rows changed at the same moment), and every filter answering what
//! the screen's own rules (`orders::local::HistoryFilter::admits`) say of the same rows.

use super::tests::{record, remote_account as account};
use super::*;
use crate::api::{OrderNumber, OrderStatus};
use crate::orders::local::{HistoryFilter, StatusFilter};
use crate::store::testing::each_backend;
use rust_decimal::Decimal;

/// A queued order of `account`.
fn queue(store: &mut Store, account: AccountId, reference: &str, recipient: &str) -> LocalOrderId {
    let draft = store
        .create_draft(account, "{}", reference, recipient)
        .unwrap();
    assert!(
        store
            .queue_draft(draft.id, "{}", reference, recipient, b"BODY")
            .unwrap()
    );
    draft.id
}

/// The service's record of an order placed at `placed` (UTC) for `total` `currency`.
fn priced(
    tracking: i64,
    status: OrderStatus,
    reference: &str,
    placed: &str,
    total: &str,
    currency: &str,
) -> TrackingRecord {
    let order = serde_json::json!({
        "orderNumber": format!("SO-{tracking}"), "placedAtUtc": placed,
        "latestDeliveryDate": "2026-12-01T00:00:00", "reference": reference,
        "currency": currency, "subTotal": 1, "vat": 0, "vatRate": 25,
        "total": total.parse::<f64>().unwrap(),
    });
    TrackingRecord {
        id: OrderId(tracking),
        order_number: OrderNumber::from(format!("SO-{tracking}").as_str()),
        status,
        error_message: None,
        order: Some(serde_json::from_value(order).unwrap()),
    }
}

/// Every row of `account` matching `query`, read `size` rows a page.
fn all_pages(
    store: &Store,
    account: AccountId,
    query: &HistoryQuery,
    size: usize,
) -> Vec<LocalOrder> {
    let mut rows: Vec<LocalOrder> = Vec::new();
    let mut after = None;
    loop {
        let page = store
            .history_page(account, query, after.as_ref(), size)
            .unwrap();
        assert!(page.rows.len() <= size);
        rows.extend(page.rows);
        if !page.more {
            return rows;
        }
        after = Some(HistoryCursor::after(
            rows.last().expect("a page before more"),
        ));
    }
}

fn ids(rows: &[LocalOrder]) -> Vec<i64> {
    rows.iter().map(|o| o.id.0).collect()
}

#[test]
fn pages_hold_every_row_once_in_a_stable_order_also_at_the_same_moment() {
    each_backend(|mut store| {
        let a = account(&store, "A");
        let other = account(&store, "B");
        for n in 0..23 {
            queue(&mut store, a, &format!("PO-{n}"), "Club");
        }
        queue(&mut store, other, "Not A", "Club");
        store.create_draft(a, "{}", "A draft", "Club").unwrap();
        // Most rows changed at the same millisecond (one statement, or a team's busy desks).
        store.execute_for_test(
            "UPDATE local_orders SET updated_at = '2026-11-20T12:00:00.000Z' WHERE id % 3 <> 0",
            &[],
        );
        let everything = store.local_orders(a, false).unwrap();
        assert_eq!(everything.len(), 23);
        for size in [1, 5, 7, 23, 50] {
            let paged = all_pages(&store, a, &HistoryQuery::default(), size);
            assert_eq!(ids(&paged), ids(&everything), "pages of {size}");
        }
        let first = store
            .history_page(a, &HistoryQuery::default(), None, 23)
            .unwrap();
        assert!(!first.more, "exactly one page of 23");
        let totals = store.history_totals(a, &HistoryQuery::default()).unwrap();
        assert_eq!(totals.count, 23);
        assert_eq!(totals.without_total, 23);
        // A row changed between two pages moves to the top: the pages after it neither repeat
        // it nor skip another.
        let page = store
            .history_page(a, &HistoryQuery::default(), None, 10)
            .unwrap();
        let after = HistoryCursor::after(page.rows.last().unwrap());
        let later = everything[15].id;
        store
            .record_tracking(later, &record(15, OrderStatus::Pending))
            .unwrap();
        let rest = all_pages_after(&store, a, after, 4);
        let mut seen = ids(&page.rows);
        seen.extend(ids(&rest));
        let mut unique = seen.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), seen.len(), "no row twice: {seen:?}");
        assert_eq!(
            seen.len(),
            22,
            "every row but the one that moved above the pages"
        );
        assert!(!seen.contains(&later.0));
    });
}

fn all_pages_after(
    store: &Store,
    account: AccountId,
    mut after: HistoryCursor,
    size: usize,
) -> Vec<LocalOrder> {
    let mut rows = Vec::new();
    loop {
        let page = store
            .history_page(account, &HistoryQuery::default(), Some(&after), size)
            .unwrap();
        rows.extend(page.rows);
        if !page.more {
            return rows;
        }
        after = HistoryCursor::after(rows.last().unwrap());
    }
}

#[test]
fn filters_in_sql_answer_what_the_screen_s_rules_say() {
    each_backend(|mut store| {
        let a = account(&store, "A");
        let nordby = queue(&mut store, a, "PO-100%", "Nordby IF");
        store
            .record_tracking(
                nordby,
                &priced(
                    41,
                    OrderStatus::Completed,
                    "PO-100%",
                    "2026-11-21T10:00:00Z",
                    "100.50",
                    "DKK",
                ),
            )
            .unwrap();
        let sonderby = queue(&mut store, a, "Trøjer", "SØNDERBY BK");
        store
            .record_tracking(
                sonderby,
                &priced(
                    42,
                    OrderStatus::Completed,
                    "Trøjer",
                    "2026-12-02T10:00:00Z",
                    "20.25",
                    "DKK",
                ),
            )
            .unwrap();
        let euro = queue(&mut store, a, "PO_7", "Østerby");
        store
            .record_tracking(
                euro,
                &priced(
                    43,
                    OrderStatus::Completed,
                    "PO_7",
                    "2026-12-03T23:30:00Z",
                    "10",
                    " EUR ",
                ),
            )
            .unwrap();
        let failed = queue(&mut store, a, "PO-1000", "Vestby");
        store
            .record_tracking(failed, &record(44, OrderStatus::Failed))
            .unwrap();
        let waiting = queue(&mut store, a, "PO-6", "Nordby IF");
        let dest = store.destination(a).unwrap();
        store.begin_send(waiting, &dest).unwrap();
        store.note_send_failure(waiting, "timed out", true).unwrap();
        store.begin_send(waiting, &dest).unwrap();
        store.note_refusal(waiting, "409").unwrap();
        let held = queue(&mut store, a, "PO-8", "Sønderby BK");
        // A new key: the rows queued for the old one are held (they need attention).
        store.bump_key_version(a).unwrap();
        let sent = queue(&mut store, a, "PO-5", "Nordby IF");
        store
            .record_tracking(sent, &record(45, OrderStatus::Pending))
            .unwrap();
        let fresh = queue(&mut store, a, "PO-9", "Club");
        store
            .create_draft(a, "{}", "PO-draft", "Nordby IF")
            .unwrap();

        let everything = store.local_orders(a, false).unwrap();
        assert_eq!(everything.len(), 8);
        let check = |filter: HistoryFilter| {
            let query = filter.query();
            let admits = filter.admitter();
            let expected: Vec<i64> = everything
                .iter()
                .filter(|o| admits(o))
                .map(|o| o.id.0)
                .collect();
            let paged = all_pages(&store, a, &query, 2);
            assert_eq!(ids(&paged), expected, "{filter:?}");
            let totals = store.history_totals(a, &query).unwrap();
            assert_eq!(totals.count, expected.len(), "{filter:?}");
            expected
        };
        for status in StatusFilter::ALL {
            let shown = check(HistoryFilter {
                status,
                ..HistoryFilter::default()
            });
            match status {
                StatusFilter::InProgress => assert_eq!(shown, vec![fresh.0, sent.0]),
                StatusFilter::Completed => assert_eq!(shown.len(), 3),
                StatusFilter::NeedsAttention => {
                    assert!(shown.contains(&waiting.0) && shown.contains(&failed.0));
                    assert_eq!(shown.len(), 3, "uncertain, failed and the held PO-8");
                }
                _ => {}
            }
        }
        let text = |text: &str| HistoryFilter {
            text: text.into(),
            ..HistoryFilter::default()
        };
        // Any case, also Danish letters; the order number, the tracking id.
        assert_eq!(check(text("sønderby")), vec![held.0, sonderby.0]);
        assert_eq!(check(text("TRØJER")), vec![sonderby.0]);
        assert_eq!(check(text("so-43")), vec![euro.0]);
        assert_eq!(check(text("45")), vec![sent.0]);
        // `%` and `_` are letters to look for, not patterns.
        assert_eq!(check(text("100%")), vec![nordby.0]);
        assert_eq!(check(text("po_")), vec![euro.0]);
        assert!(check(text("no such order")).is_empty());
        let recipient = HistoryFilter {
            recipient: " nordby ".into(),
            status: StatusFilter::InProgress,
            ..HistoryFilter::default()
        };
        assert_eq!(check(recipient), vec![sent.0]);
        // Days: the service's placing day where it said one, else the day the row changed.
        let days = HistoryFilter {
            from: "01.12.2026".into(),
            to: "2026-12-03".into(),
            ..HistoryFilter::default()
        };
        check(days);
        let up_to = HistoryFilter {
            to: "30.11.2026".into(),
            ..HistoryFilter::default()
        };
        let shown = check(up_to);
        assert!(shown.contains(&nordby.0) && !shown.contains(&sonderby.0));
        // A day that cannot be read filters nothing.
        let unread = HistoryFilter {
            from: "31.02.2026".into(),
            ..HistoryFilter::default()
        };
        assert_eq!(check(unread).len(), 8);
    });
}

#[test]
fn totals_add_up_every_matching_row_by_currency_exactly() {
    each_backend(|mut store| {
        let a = account(&store, "A");
        for (n, (total, currency)) in [("100.50", "DKK"), ("20.25", "DKK"), ("10", "EUR")]
            .into_iter()
            .enumerate()
        {
            let id = queue(&mut store, a, &format!("PO-{n}"), "Club");
            let placed = priced(
                n as i64 + 1,
                OrderStatus::Completed,
                "PO",
                "2026-11-21T10:00:00Z",
                total,
                currency,
            );
            store.record_tracking(id, &placed).unwrap();
        }
        queue(&mut store, a, "PO-open", "Club");
        let totals = store.history_totals(a, &HistoryQuery::default()).unwrap();
        assert_eq!(
            totals.sums,
            vec![
                ("DKK".to_owned(), Decimal::new(12075, 2)),
                ("EUR".to_owned(), Decimal::from(10))
            ]
        );
        assert_eq!((totals.count, totals.without_total), (4, 1));
        // One currency among the rows matching: its sum alone.
        let first = HistoryQuery {
            text: "po-0".into(),
            ..HistoryQuery::default()
        };
        let one = store.history_totals(a, &first).unwrap();
        assert_eq!(one.sums, vec![("DKK".to_owned(), Decimal::new(10050, 2))]);
        assert_eq!((one.count, one.without_total), (1, 0));
        // Every row of the history, whatever the query.
        assert_eq!((one.of_all, totals.of_all), (4, 4));
        // Added up after the first page: from the page's own rows when it holds every match
        // (by id), over the history again when there are more; the same either way.
        for (query, limit) in [
            (HistoryQuery::default(), 200),
            (HistoryQuery::default(), 2),
            (first.clone(), 200),
            (
                HistoryQuery {
                    text: "nothing like it".into(),
                    ..HistoryQuery::default()
                },
                200,
            ),
        ] {
            let page = store.history_page(a, &query, None, limit).unwrap();
            assert_eq!(
                store.history_totals_after(a, &query, &page).unwrap(),
                store.history_totals(a, &query).unwrap(),
                "{query:?}, {limit} a page"
            );
        }
        // The same as the screen adds up from the rows.
        let rows = store.local_orders(a, false).unwrap();
        let (sums, open) = crate::orders::local::totals(&rows);
        assert_eq!((sums, open), (totals.sums.clone(), totals.without_total));
        // The waiting rows: the open one only.
        let waiting = store.waiting_orders(a).unwrap();
        assert_eq!(waiting.len(), 1);
        assert_eq!(waiting[0].reference, "PO-open");
    });
}
