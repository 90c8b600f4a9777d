//! Each History filter in SQL, on both backends, answers what the screen's own rules
//! (`HistoryFilter::admits`, `totals`) say of the same rows.

use super::{HistoryFilter, StatusFilter};
use crate::api::OrderStatus;
use crate::store::HistoryQuery;
use crate::store::testing::{account, all_pages, each_backend, ids, priced, queue, record};
use rust_decimal::Decimal;

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
                None,
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
                None,
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
                None,
            )
            .unwrap();
        let failed = queue(&mut store, a, "PO-1000", "Vestby");
        store
            .record_tracking(failed, &record(44, OrderStatus::Failed), None)
            .unwrap();
        let waiting = queue(&mut store, a, "PO-6", "Nordby IF");
        let dest = store.destination(a).unwrap();
        store.begin_send(waiting, &dest, None, None).unwrap();
        store
            .note_send_failure(waiting, "timed out", true, None)
            .unwrap();
        store.begin_send(waiting, &dest, None, None).unwrap();
        store.note_refusal(waiting, "409", None).unwrap();
        let held = queue(&mut store, a, "PO-8", "Sønderby BK");
        // A new key: the rows queued for the old one are held (they need attention).
        store.bump_key_version(a).unwrap();
        let sent = queue(&mut store, a, "PO-5", "Nordby IF");
        store
            .record_tracking(sent, &record(45, OrderStatus::Pending), None)
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
            store.record_tracking(id, &placed, None).unwrap();
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
