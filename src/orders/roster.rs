//! Rosters pasted from a spreadsheet: rows of size, quantity, name and number for a design line.

use super::form::{RowForm, RowId};
use std::collections::{BTreeMap, HashMap, HashSet};

/// What a pasted roster became: rows for the grid (a row with a problem is kept, never
/// dropped: the grid marks it until it is fixed), and how many rows had cells beyond the
/// number, which were left out.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Roster {
    pub rows: Vec<RowForm>,
    pub cut: usize,
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
        // A heading row names a column the way the file import reads headings.
        let is_header = n == 0
            && cells
                .iter()
                .any(|c| super::roster_import::Column::from_header(c).is_some());
        if is_header {
            continue;
        }
        let row = RowForm {
            id: RowId::next(),
            size: cell(0),
            quantity: cell(1),
            name: cell(2),
            number: cell(3),
            values: BTreeMap::new(),
        };
        if cells.len() > 4 {
            roster.cut += 1;
        }
        roster.rows.push(row);
    }
    roster
}

/// What is wrong with a roster row that cannot be ordered as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowFault {
    /// No size.
    NoSize,
    /// The quantity is not a whole number above 0.
    BadQuantity,
    /// The number has other characters than digits.
    BadNumber,
}

/// What is wrong with `row` (`None` when it can be ordered as it is); cheap enough for every
/// row in view each frame.
pub fn row_fault(row: &RowForm) -> Option<RowFault> {
    if row.size.trim().is_empty() {
        Some(RowFault::NoSize)
    } else if row.quantity.trim().parse::<i64>().map_or(true, |q| q <= 0) {
        Some(RowFault::BadQuantity)
    } else if !row.number.trim().chars().all(|c| c.is_ascii_digit()) {
        Some(RowFault::BadNumber)
    } else {
        None
    }
}

/// Why a roster row cannot be ordered as it is, as a sentence (`None` when it can): a size
/// is missing, the quantity is not a whole number above 0, or the number has other
/// characters than digits.
pub fn row_problem(row: &RowForm) -> Option<String> {
    Some(match row_fault(row)? {
        RowFault::NoSize => crate::tr!("orders-row-no-size"),
        RowFault::BadQuantity => {
            crate::tr!("orders-row-bad-quantity", quantity = row.quantity.trim())
        }
        RowFault::BadNumber => crate::tr!("orders-row-bad-number", number = row.number.trim()),
    })
}

/// The numbers (trimmed) that more than one of `rows` carries; rows without a number are
/// left out.
pub fn numbers_used_twice<'a>(rows: impl IntoIterator<Item = &'a RowForm>) -> HashSet<String> {
    let mut uses: HashMap<&str, usize> = HashMap::new();
    for r in rows {
        let n = r.number.trim();
        if !n.is_empty() {
            *uses.entry(n).or_default() += 1;
        }
    }
    uses.into_iter()
        .filter(|(_, k)| *k > 1)
        .map(|(n, _)| n.to_owned())
        .collect()
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
        let faults: Vec<_> = r.rows.iter().map(row_fault).collect();
        assert_eq!(faults, [None, Some(RowFault::BadQuantity)]);
        assert_eq!(r.cut, 0);
        let r = parse_roster("M,1,Hansen,7,extra\n,1,Nobody,8\nXL,2,Berg,1a\n");
        assert_eq!(r.rows.len(), 3);
        let faults: Vec<_> = r.rows.iter().map(row_fault).collect();
        assert_eq!(
            faults,
            [None, Some(RowFault::NoSize), Some(RowFault::BadNumber)]
        );
        assert_eq!(r.cut, 1);
        assert_eq!(r.rows[0].name, "Hansen");
    }

    #[test]
    fn numbers_used_twice_are_found_once_each() {
        let row = |number: &str| RowForm {
            number: number.into(),
            ..RowForm::default()
        };
        let rows = [row("7"), row(" 7"), row(""), row(""), row("9"), row("10")];
        let twice = numbers_used_twice(&rows);
        assert_eq!(twice, HashSet::from(["7".to_owned()]));
        assert!(numbers_used_twice(&rows[2..]).is_empty());
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
