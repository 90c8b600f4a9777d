//! History's pages in SQL, on both backends: every row once across pages in a stable order
//! (also among rows changed at the same moment). That each filter answers what the screen's
//! own rules say is `orders::local`'s test.

use super::*;
use crate::api::OrderStatus;
use crate::store::testing::{account, all_pages, each_backend, ids, queue, record};

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
            .record_tracking(later, &record(15, OrderStatus::Pending), None)
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
