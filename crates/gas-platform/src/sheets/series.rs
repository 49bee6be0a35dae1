//! `Range.autoFill`'s simple series: what the cells beyond a source line get.
//!
//! `DEFAULT_SERIES` "fills with increments of the existing values" (documented): two or
//! more numbers, or two or more dates, continue their step (first to last, an arithmetic
//! series); one date steps a day; English month and weekday names, short or long, step
//! through their cycle (`Jan`, `Feb` -> `Mar`: observed in a peer's conformance tests;
//! one name steps by one, the last name's case is kept: assumed); two or more texts
//! with the same words before a number continue the number's step (`Week 1`, `Week 2` ->
//! `Week 3`: assumed, as Sheets' fill handle does); anything else (booleans, one number,
//! mixed types, other text) repeats the source in turn (assumed).
//! `ALTERNATE_SERIES` always repeats (documented: "filled with copies of the existing
//! values").

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
        None => named_next(source, step).or_else(|| numbered_next(source, step)).unwrap_or_else(repeat),
    }
}

const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];
const WEEKDAYS: [&str; 7] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/// The next name of a month or weekday series: every source value is a name of the same
/// cycle in the same form (full, or its first three letters).
fn named_next(source: &[CellValue], step: u32) -> Option<CellValue> {
    let texts: Vec<&str> = source
        .iter()
        .map(|v| if let CellValue::String(s) = v { Some(s.as_str()) } else { None })
        .collect::<Option<_>>()?;
    for cycle in [&MONTHS[..], &WEEKDAYS[..]] {
        for short in [false, true] {
            let form = |name: &str| if short { name[..3].to_string() } else { name.to_string() };
            let positions: Option<Vec<i64>> = texts
                .iter()
                .map(|t| cycle.iter().position(|name| form(name).eq_ignore_ascii_case(t)).map(|p| p as i64))
                .collect();
            let Some(positions) = positions else { continue };
            let n = cycle.len() as i64;
            // Steps round the cycle (`Nov, Dec, Jan` steps by one); unequal steps repeat.
            let steps: Vec<i64> = positions.windows(2).map(|w| (w[1] - w[0]).rem_euclid(n)).collect();
            if steps.windows(2).any(|w| w[0] != w[1]) {
                return None;
            }
            let per = steps.first().copied().unwrap_or(1);
            let last = positions[positions.len() - 1];
            let at = (last + per * i64::from(step)).rem_euclid(n);
            let name = form(cycle[at as usize]);
            let last = texts[texts.len() - 1];
            let cased = if last.chars().all(|c| c.is_ascii_uppercase()) {
                name.to_ascii_uppercase()
            } else if last.starts_with(|c: char| c.is_ascii_uppercase()) {
                name[..1].to_ascii_uppercase() + &name[1..]
            } else {
                name
            };
            return Some(CellValue::String(cased));
        }
    }
    None
}

/// The next text of two or more that share the words before a number (`Week 1`, `Week 3`
/// -> `Week 5`).
fn numbered_next(source: &[CellValue], step: u32) -> Option<CellValue> {
    if source.len() < 2 {
        return None;
    }
    let split = |v: &CellValue| -> Option<(String, i64)> {
        let CellValue::String(s) = v else { return None };
        let digits = s.len() - s.bytes().rev().take_while(u8::is_ascii_digit).count();
        let number = s[digits..].parse().ok()?;
        Some((s[..digits].to_string(), number))
    };
    let parts: Vec<(String, i64)> = source.iter().map(split).collect::<Option<_>>()?;
    let prefix = &parts[0].0;
    if prefix.is_empty() || parts.iter().any(|(p, _)| p != prefix) {
        return None;
    }
    let k = parts.len() as i64;
    let per = (parts[k as usize - 1].1 - parts[0].1) / (k - 1);
    let next = parts[k as usize - 1].1.checked_add(per.checked_mul(i64::from(step))?)?;
    // `Item 09` continues `Item 10`: the last text's digit count is the least width.
    let width = match &source[source.len() - 1] {
        CellValue::String(s) => s.len() - prefix.len(),
        _ => 0,
    };
    (next >= 0).then(|| CellValue::String(format!("{prefix}{next:0width$}")))
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

    #[test]
    fn month_and_weekday_names_and_numbered_texts_continue() {
        let s = |t: &str| String(t.into());
        assert_eq!([1, 2, 11].map(|k| next_value(&[s("Jan"), s("Feb")], k, true)), [s("Mar"), s("Apr"), s("Jan")]);
        assert_eq!(next_value(&[s("MONDAY")], 7, true), s("MONDAY"), "one name steps by one, round the week");
        assert_eq!(next_value(&[s("sun"), s("tue")], 1, true), s("thu"));
        assert_eq!(next_value(&[s("Jan"), s("February")], 1, true), s("Jan"), "mixed forms repeat");
        assert_eq!(next_value(&[s("Nov"), s("Dec"), s("Jan")], 1, true), s("Feb"), "round the year");
        assert_eq!(next_value(&[s("Sat"), s("Sun"), s("Mon")], 2, true), s("Wed"));
        assert_eq!(next_value(&[s("Jan"), s("Feb"), s("Apr")], 1, true), s("Jan"), "unequal steps repeat");
        assert_eq!(next_value(&[s("Item 01"), s("Item 02")], 1, true), s("Item 03"), "zero padding kept");
        assert_eq!(next_value(&[s("Week 1"), s("Week 3")], 2, true), s("Week 7"));
        assert_eq!(next_value(&[s("Week 1")], 1, true), s("Week 1"), "one numbered text repeats");
        assert_eq!(next_value(&[s("A 1"), s("B 2")], 1, true), s("A 1"), "different words repeat");
    }
}
