//! The order `Range.sort`/`Sheet.sort` put values in, the sameness `removeDuplicates`
//! compares rows by, and the text `trimWhitespace` leaves.
//!
//! Sheets documents none of the mixed-type order; gas-sim uses the spreadsheet order
//! Excel documents and Sheets is widely reported to share (assumed): numbers and dates
//! (dates as their serial numbers) < text (ignoring case) < booleans (FALSE < TRUE), and
//! empty cells last in both directions. Ties keep their order (the sort is stable).

use std::cmp::Ordering;

use crate::CellValue;

/// Milliseconds in a day, and the serial number of 1970-01-01 (Sheets' day 0 is 1899-12-30).
const DAY_MS: f64 = 86_400_000.0;
const EPOCH_SERIAL: f64 = 25_569.0;

/// A date as Sheets' serial number (days since 1899-12-30, UTC), so dates sort among numbers.
pub fn serial_number(ms: i64) -> f64 {
    ms as f64 / DAY_MS + EPOCH_SERIAL
}

fn rank(value: &CellValue) -> u8 {
    match value {
        CellValue::Number(_) | CellValue::Date(_) => 0,
        CellValue::String(s) if s.is_empty() => 3,
        CellValue::String(_) => 1,
        CellValue::Bool(_) => 2,
        CellValue::Empty => 3,
    }
}

fn number(value: &CellValue) -> f64 {
    match value {
        CellValue::Number(n) => *n,
        CellValue::Date(ms) => serial_number(*ms),
        _ => 0.0,
    }
}

/// How two cells compare in an ascending (`true`) or descending sort; empty cells go
/// last either way.
pub fn compare(a: &CellValue, b: &CellValue, ascending: bool) -> Ordering {
    let (ra, rb) = (rank(a), rank(b));
    if ra == 3 || rb == 3 {
        return ra.cmp(&rb);
    }
    let order = ra.cmp(&rb).then_with(|| match (a, b) {
        (CellValue::String(x), CellValue::String(y)) => x.to_lowercase().cmp(&y.to_lowercase()),
        (CellValue::Bool(x), CellValue::Bool(y)) => x.cmp(y),
        _ => number(a).total_cmp(&number(b)),
    });
    if ascending {
        order
    } else {
        order.reverse()
    }
}

/// What `removeDuplicates` compares: letter case does not count (documented), a date is
/// its instant.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DuplicateKey {
    Empty,
    Number(u64),
    Text(String),
    Bool(bool),
}

pub fn duplicate_key(value: &CellValue) -> DuplicateKey {
    match value {
        v if v.is_empty() => DuplicateKey::Empty,
        CellValue::Number(n) => DuplicateKey::Number(n.to_bits()),
        CellValue::Date(ms) => DuplicateKey::Number(serial_number(*ms).to_bits()),
        CellValue::String(s) => DuplicateKey::Text(s.to_lowercase()),
        CellValue::Bool(b) => DuplicateKey::Bool(*b),
        CellValue::Empty => DuplicateKey::Empty,
    }
}

/// `trimWhitespace`: whitespace goes from both ends and every inner run becomes one
/// space (documented).
pub fn trim_whitespace(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(mut values: Vec<CellValue>, ascending: bool) -> Vec<CellValue> {
        values.sort_by(|a, b| compare(a, b, ascending));
        values
    }

    #[test]
    fn mixed_types_sort_numbers_then_text_then_booleans_with_empty_cells_last() {
        use CellValue::*;
        let day = 86_400_000;
        let values = vec![
            Bool(true),
            String("banana".into()),
            Empty,
            Number(45_000.0),
            String("Apple".into()),
            Date(0),
            Bool(false),
            Number(-1.0),
            Date(10_000 * day),
        ];
        let up = vec![
            Number(-1.0),
            Date(0),
            Date(10_000 * day),
            Number(45_000.0),
            String("Apple".into()),
            String("banana".into()),
            Bool(false),
            Bool(true),
            Empty,
        ];
        assert_eq!(sorted(values.clone(), true), up);
        let mut down: Vec<CellValue> = up[..8].iter().rev().cloned().collect();
        down.push(Empty);
        assert_eq!(sorted(values, false), down, "descending reverses all but the empty cells");
    }

    #[test]
    fn text_ignores_case_and_ties_keep_their_order() {
        let values = vec![CellValue::String("b".into()), CellValue::String("B".into()), CellValue::String("a".into())];
        let got = sorted(values, true);
        assert_eq!(
            got,
            vec![CellValue::String("a".into()), CellValue::String("b".into()), CellValue::String("B".into())]
        );
    }

    #[test]
    fn duplicates_ignore_case_and_trimming_collapses_runs() {
        assert_eq!(duplicate_key(&CellValue::String("Ana".into())), duplicate_key(&CellValue::String("aNA".into())));
        assert_ne!(duplicate_key(&CellValue::Number(1.0)), duplicate_key(&CellValue::String("1".into())));
        assert_eq!(duplicate_key(&CellValue::String(String::new())), DuplicateKey::Empty);
        assert_eq!(trim_whitespace("  a \t\n b  c "), "a b c");
    }
}
