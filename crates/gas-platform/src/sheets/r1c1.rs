//! R1C1 references in `getRange("...")`. The reference documents only A1 notation, but
//! the live platform also reads absolute R1C1 references (`R5C3` is C5, `R2C2:R4C5` is
//! B2:E4, corners in either order, any case: observed by gas-fakes' tests, which pass on
//! Apps Script), and real scripts write `"R4C" + n` and `R2C5:C5`. A text that is valid
//! A1 stays A1: `R5` is the cell R5 and `RC1` the cell RC1, so this parser is only asked
//! after A1 notation failed (`a1::parse`).
//!
//! Accepted: `RnCm`, `RnCm:RkCl`, and with an open end `RnCm:Cl` (column l from row n
//! down, like `A2:C`) and `RnCm:Rk` (rows n..k from column m to the last, assumed by
//! analogy; a real script writes `R1C1:R1`). Relative references (`R[1]C[-1]`, `RC`)
//! name no fixed cell and are refused.

use super::a1::A1Corner;

/// The two corners of an R1C1 reference (without a sheet name), or `None`.
pub fn parse_cells(cells: &str) -> Option<(A1Corner, A1Corner)> {
    let (start_text, end_text) = match cells.split_once(':') {
        Some((start, end)) => (start, Some(end)),
        None => (cells, None),
    };
    let start = parse_corner(start_text)?;
    // The start of an R1C1 reference always names a cell.
    if start.row.is_none() || start.column.is_none() {
        return None;
    }
    let Some(end_text) = end_text else { return Some((start, start)) };
    let end = parse_corner(end_text)?;
    Some((start, end))
}

/// `R5C3`, `R5` (a row), `C3` (a column); case-insensitive; numbers from 1.
fn parse_corner(text: &str) -> Option<A1Corner> {
    let upper = text.to_ascii_uppercase();
    let (row_text, column_text) = match upper.strip_prefix('R') {
        Some(rest) => match rest.split_once('C') {
            Some((row, column)) => (Some(row.to_string()), Some(column.to_string())),
            None => (Some(rest.to_string()), None),
        },
        None => (None, Some(upper.strip_prefix('C')?.to_string())),
    };
    let number = |digits: &str| -> Option<u32> {
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        digits.parse::<u32>().ok().filter(|&n| n >= 1)
    };
    let row = match &row_text {
        Some(digits) => Some(number(digits)?),
        None => None,
    };
    let column = match &column_text {
        Some(digits) => Some(number(digits)?),
        None => None,
    };
    Some(A1Corner { row, column })
}

#[cfg(test)]
mod tests {
    use super::super::a1::{self, A1Box};

    fn boxed(text: &str) -> Option<A1Box> {
        a1::parse(text)?.resolve(1000, 26)
    }

    fn b(row: u32, column: u32, last_row: u32, last_column: u32) -> Option<A1Box> {
        Some(A1Box { row, column, last_row, last_column })
    }

    #[test]
    fn cells_and_rectangles() {
        assert_eq!(boxed("R5C3"), b(5, 3, 5, 3));
        assert_eq!(a1::notation(boxed("R5C3").unwrap()), "C5");
        assert_eq!(boxed("R2C2:R4C5"), b(2, 2, 4, 5));
        assert_eq!(a1::notation(boxed("R10C5:R1C2").unwrap()), "B1:E10", "corners in either order");
        assert_eq!(boxed("r1c1:r2c2"), b(1, 1, 2, 2), "any case");
        assert_eq!(boxed("R1C26"), b(1, 26, 1, 26));
    }

    #[test]
    fn open_ends() {
        assert_eq!(boxed("R2C5:C5"), b(2, 5, 1000, 5), "column 5 from row 2 down");
        assert_eq!(boxed("R1C1:R1"), b(1, 1, 1, 26), "row 1 from column 1 on");
        assert_eq!(boxed("R1C2:R3"), b(1, 2, 3, 26));
    }

    #[test]
    fn valid_a1_stays_a1() {
        // The cell in column R, row 5; the cell in column RC, row 1; column R rows 1-3.
        assert_eq!(boxed("R5"), b(5, 18, 5, 18));
        assert_eq!(
            a1::parse("RC1").unwrap().resolve(1000, 500),
            Some(A1Box { row: 1, column: 471, last_row: 1, last_column: 471 })
        );
        assert_eq!(boxed("R1:R3"), b(1, 18, 3, 18));
        assert_eq!(boxed("C3"), b(3, 3, 3, 3));
    }

    #[test]
    fn with_a_sheet_name() {
        let parsed = a1::parse("'My Sheet'!R2C3").unwrap();
        assert_eq!(parsed.sheet_name.as_deref(), Some("My Sheet"));
        assert_eq!(parsed.resolve(1000, 26), b(2, 3, 2, 3));
    }

    #[test]
    fn relative_zero_and_outside_references_are_refused() {
        for text in
            ["R[1]C[1]", "RC", "R0C1", "R1C0", "R1C", "R1C1:", "R1C1:R2C2:R3C3", "R1C1x", "R-1C1", "R1C27", "R1001C1"]
        {
            assert_eq!(boxed(text), None, "{text:?}");
        }
    }
}
