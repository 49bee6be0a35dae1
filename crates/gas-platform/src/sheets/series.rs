//! `Range.autoFill`'s simple series: what the cells beyond a source line get.
//!
//! `DEFAULT_SERIES` "fills with increments of the existing values" (documented): two or
//! more numbers, or two or more dates, continue their step (first to last, an arithmetic
//! series); one date steps a day; anything else (text, booleans, one number, mixed
//! types) repeats the source in turn (assumed: Sheets also recognises text ending in a
//! number and other patterns gas-sim does not). `ALTERNATE_SERIES` always repeats
//! (documented: "filled with copies of the existing values").

use crate::CellValue;

const DAY_MS: i64 = 86_400_000;

/// The value at `step` positions past the end of `source` (step 1 is the first new
/// cell), continuing the series forwards.
pub fn next_value(source: &[CellValue], step: u32, increments: bool) -> CellValue {
    debug_assert!(!source.is_empty());
    let k = source.len();
    let repeat = || source[(k - 1 + step as usize) % k].clone();
    if !increments {
        return repeat();
    }
    let numbers: Option<Vec<f64>> =
        source.iter().map(|v| if let CellValue::Number(n) = v { Some(*n) } else { None }).collect();
    if let Some(numbers) = numbers.filter(|n| n.len() >= 2) {
        let per = (numbers[k - 1] - numbers[0]) / (k - 1) as f64;
        return CellValue::Number(numbers[k - 1] + per * f64::from(step));
    }
    let dates: Option<Vec<i64>> =
        source.iter().map(|v| if let CellValue::Date(ms) = v { Some(*ms) } else { None }).collect();
    match dates {
        Some(dates) if dates.len() >= 2 => {
            let per = (dates[k - 1] - dates[0]) / (k as i64 - 1);
            CellValue::Date(dates[k - 1].saturating_add(per.saturating_mul(i64::from(step))))
        }
        Some(dates) => CellValue::Date(dates[0].saturating_add(DAY_MS.saturating_mul(i64::from(step)))),
        None => repeat(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use CellValue::*;

    #[test]
    fn numbers_and_dates_continue_their_step_and_text_repeats() {
        let numbers = [Number(1.0), Number(3.0)];
        assert_eq!([1, 2, 3].map(|s| next_value(&numbers, s, true)), [Number(5.0), Number(7.0), Number(9.0)]);
        assert_eq!(next_value(&[Number(4.0)], 2, true), Number(4.0), "one number repeats");
        assert_eq!(next_value(&[Date(0)], 3, true), Date(3 * DAY_MS), "one date steps a day");
        assert_eq!(next_value(&[Date(0), Date(7 * DAY_MS)], 1, true), Date(14 * DAY_MS));
        let text = [String("a".into()), String("b".into()), String("c".into())];
        assert_eq!(
            [1, 2, 4].map(|s| next_value(&text, s, true)),
            [String("a".into()), String("b".into()), String("a".into())]
        );
        assert_eq!(next_value(&numbers, 1, false), Number(1.0), "ALTERNATE_SERIES copies");
    }
}
