//! Rosters pasted from a spreadsheet: rows of size, quantity, name and number for a design line.

use super::form::RowForm;
use std::collections::BTreeMap;

/// What a pasted roster became: rows for the grid, and the (0-based) indices among them of
/// the rows that could not be read fully (kept and highlighted, never dropped).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Roster {
    pub rows: Vec<RowForm>,
    pub bad: Vec<usize>,
}

/// Reads rows pasted from a spreadsheet: tab- or comma-separated `size, quantity, name,
/// number`, a header row optional. A row whose quantity is not a whole number, whose size
/// is missing or whose number has other characters than digits is kept and marked bad.
pub fn parse_roster(text: &str) -> Roster {
    let mut roster = Roster::default();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let sep = if line.contains('\t') { '\t' } else { ',' };
        let cells: Vec<&str> = line.split(sep).map(str::trim).collect();
        let cell = |i: usize| cells.get(i).copied().unwrap_or("").to_owned();
        let is_header = n == 0
            && cells.iter().any(|c| {
                matches!(
                    c.to_ascii_lowercase().as_str(),
                    "size"
                        | "qty"
                        | "quantity"
                        | "name"
                        | "number"
                        | "str."
                        | "størrelse"
                        | "antal"
                        | "navn"
                        | "nummer"
                )
            });
        if is_header {
            continue;
        }
        let row = RowForm {
            size: cell(0),
            quantity: cell(1),
            name: cell(2),
            number: cell(3),
            values: BTreeMap::new(),
        };
        let bad = row_problem(&row).is_some() || cells.len() > 4;
        if bad {
            roster.bad.push(roster.rows.len());
        }
        roster.rows.push(row);
    }
    roster
}

/// Why a roster row cannot be ordered as it is, as a sentence (`None` when it can): a size
/// is missing, the quantity is not a whole number above 0, or the number has other
/// characters than digits.
pub fn row_problem(row: &RowForm) -> Option<String> {
    let quantity = row.quantity.trim();
    if row.size.trim().is_empty() {
        Some(crate::tr!("orders-row-no-size"))
    } else if quantity.parse::<i64>().map_or(true, |q| q <= 0) {
        Some(crate::tr!("orders-row-bad-quantity", quantity = quantity))
    } else if !row.number.trim().chars().all(|c| c.is_ascii_digit()) {
        Some(crate::tr!(
            "orders-row-bad-number",
            number = row.number.trim()
        ))
    } else {
        None
    }
}

/// 20 players of a youth team (size, name, number), for the demo order and the tests.
pub const DEMO_ROSTER: &str = "Size\tQty\tName\tNumber
152\t1\tAndersen\t1
152\t1\tBerg\t2
152\t1\tChristensen\t3
164\t1\tDahl\t4
164\t1\tEriksen\t5
164\t1\tFrost\t6
164\t1\tHansen\t7
S\t1\tIversen\t8
S\t1\tJensen\t9
S\t1\tKnudsen\t10
S\t1\tLarsen\t11
M\t1\tMadsen\t12
M\t1\tNielsen\t13
M\t1\tOlsen\t14
M\t1\tPedersen\t15
L\t1\tRasmussen\t16
L\t1\tSørensen\t17
L\t1\tThomsen\t18
XL\t1\tVestergaard\t19
XL\t1\tWinther\t20
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rosters_paste_with_or_without_header_and_keep_bad_rows() {
        let r = parse_roster("Size\tQty\tName\tNumber\nM\t1\tHansen\t7\nL\tx\tJensen\t10\n");
        assert_eq!(r.rows.len(), 2);
        assert_eq!(r.bad, vec![1]);
        let r = parse_roster("M,1,Hansen,7\n,1,Nobody,8\nXL,2,Berg,1a\n");
        assert_eq!(r.rows.len(), 3);
        assert_eq!(r.bad, vec![1, 2]);
        assert_eq!(r.rows[0].name, "Hansen");
    }

    #[test]
    fn row_problems_are_sentences() {
        let row = |size: &str, qty: &str, number: &str| RowForm {
            size: size.into(),
            quantity: qty.into(),
            number: number.into(),
            ..RowForm::default()
        };
        assert_eq!(row_problem(&row("M", "1", "7")), None);
        assert_eq!(row_problem(&row("M", "1", "")), None);
        assert_eq!(row_problem(&row("", "1", "7")).as_deref(), Some("No size."));
        assert!(row_problem(&row("M", "0", "7")).unwrap().contains("\"0\""));
        assert!(
            row_problem(&row("M", "1", "7a"))
                .unwrap()
                .contains("\"7a\"")
        );
    }
}
