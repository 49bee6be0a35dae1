//! What a cell becomes when a script writes it, and what it shows when read as text.
//!
//! Writing: `setValue`/`setValues`/`appendRow` take strings as if a person typed them
//! (Sheets' "user entered" mode): `"123"` becomes the number 123, `"true"` the boolean,
//! `"6/13/2025"` a date in the spreadsheet's zone, and a leading apostrophe keeps the rest
//! as text. gas-sim recognises the en_US subset listed in [`user_entered`]; currency,
//! percent, grouped (`1,234`) and time-only strings stay text (assumed, listed in the
//! module's fidelity table).
//!
//! Reading as text (`getDisplayValue(s)`): numbers in Sheets' "Automatic" format
//! (approximated), booleans as `TRUE`/`FALSE`, dates as `M/d/yyyy H:mm:ss` in the
//! spreadsheet's zone, the default format Sheets gives a date-time a script writes.

use std::sync::OnceLock;

use chrono::{NaiveDate, NaiveDateTime, NaiveTime};
use chrono_tz::Tz;
use regex::Regex;

use crate::time::{local_to_utc_ms, utc_ms_to_local};
use crate::CellValue;

/// Characters one cell holds at most: 50,000 (Google's documented Sheets limit).
pub const CELL_CHARS_MAX: usize = 50_000;
/// The error of a longer string written to a cell. Observed (the text users report from
/// `setValue`/`setValues`).
pub const CELL_TOO_LONG_MESSAGE: &str =
    "Your input contains more than the maximum of 50000 characters in a single cell.";

/// Refuses a string past [`CELL_CHARS_MAX`] characters, before anything is written.
pub fn check_cell_chars(value: &CellValue) -> crate::ServiceResult<()> {
    match value {
        // Bytes bound characters from above: count only when they could be too many.
        CellValue::String(text) if text.len() > CELL_CHARS_MAX && text.chars().count() > CELL_CHARS_MAX => {
            Err(crate::ServiceError::new(CELL_TOO_LONG_MESSAGE))
        }
        _ => Ok(()),
    }
}

/// Decimal places the "Automatic" number format shows at most (Sheets shows `=1/3` as
/// `0.3333333333`).
const DISPLAY_DECIMALS_MAX: usize = 10;
/// Significant digits shown at most; an f64 carries about 15-17, and Sheets never shows noise.
const DISPLAY_SIGNIFICANT_DIGITS_MAX: usize = 15;
/// From this magnitude up, and below [`DISPLAY_SCIENTIFIC_BELOW`], "Automatic" switches to
/// scientific notation (`1E+15`).
const DISPLAY_SCIENTIFIC_FROM: f64 = 1e15;
const DISPLAY_SCIENTIFIC_BELOW: f64 = 1e-10;

/// The value a cell holds after a script writes `value` in a spreadsheet whose zone is `zone`.
///
/// Strings are read as typed input: an empty string clears the cell; `'text` keeps `text`
/// as text; a plain decimal (`42`, `-3.5`, `007`, `1e5`) becomes a number; `true`/`false`
/// in any case a boolean; `2025-06-13`, `2025-06-13 09:00[:00]`, `6/13/2025` and
/// `6/13/2025 9:00[:00][ AM|PM]` a date at that wall time in `zone`. A string starting
/// with `=` comes back as written: the store's `setValue(s)` makes it the cell's formula
/// (ops/formulas.rs, `formula/`). A number that is not finite is stored as its JS text (`NaN`).
pub fn user_entered(value: CellValue, zone: Tz) -> CellValue {
    match value {
        CellValue::String(text) => parse_typed_text(text, zone),
        CellValue::Number(n) if !n.is_finite() => CellValue::String(js_number_text(n)),
        CellValue::Number(n) => CellValue::Number(without_negative_zero(n)),
        other => other,
    }
}

fn parse_typed_text(text: String, zone: Tz) -> CellValue {
    if text.is_empty() {
        return CellValue::Empty;
    }
    if let Some(literal) = text.strip_prefix('\'') {
        return if literal.is_empty() { CellValue::Empty } else { CellValue::String(literal.to_string()) };
    }
    if let Some(n) = parse_plain_number(&text) {
        return CellValue::Number(without_negative_zero(n));
    }
    if text.eq_ignore_ascii_case("true") {
        return CellValue::Bool(true);
    }
    if text.eq_ignore_ascii_case("false") {
        return CellValue::Bool(false);
    }
    match parse_typed_date(&text) {
        Some(local) => CellValue::Date(local_to_utc_ms(zone, local)),
        None => CellValue::String(text),
    }
}

/// Sheets has no negative zero: `-0` is stored, and shown, as `0`.
fn without_negative_zero(n: f64) -> f64 {
    if n == 0.0 {
        0.0
    } else {
        n
    }
}

fn parse_plain_number(text: &str) -> Option<f64> {
    static NUMBER: OnceLock<Regex> = OnceLock::new();
    let re = NUMBER
        .get_or_init(|| Regex::new(r"^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$").expect("number regex"));
    if !re.is_match(text) {
        return None;
    }
    text.parse::<f64>().ok().filter(|n| n.is_finite())
}

/// `2025-06-13`, `2025/06/13`, `6/13/2025`, each with an optional ` 9:00`, ` 9:00:30`,
/// ` 9:00 PM`; the wall time is not yet in any zone.
fn parse_typed_date(text: &str) -> Option<NaiveDateTime> {
    static DATE: OnceLock<Regex> = OnceLock::new();
    let re = DATE.get_or_init(|| {
        Regex::new(concat!(
            r"^(?:(?P<y1>[0-9]{4})[-/](?P<m1>[0-9]{1,2})[-/](?P<d1>[0-9]{1,2})",
            r"|(?P<m2>[0-9]{1,2})/(?P<d2>[0-9]{1,2})/(?P<y2>[0-9]{4}))",
            r"(?: (?P<h>[0-9]{1,2}):(?P<min>[0-9]{2})(?::(?P<s>[0-9]{2}))?(?: ?(?P<ampm>[AaPp][Mm]))?)?$",
        ))
        .expect("date regex")
    });
    let caps = re.captures(text)?;
    let number = |names: [&str; 2]| -> Option<u32> {
        names.iter().find_map(|name| caps.name(name)).and_then(|m| m.as_str().parse().ok())
    };
    let year = number(["y1", "y2"])? as i32;
    let date = NaiveDate::from_ymd_opt(year, number(["m1", "m2"])?, number(["d1", "d2"])?)?;
    let mut hour = caps.name("h").map_or(Some(0), |m| m.as_str().parse().ok())?;
    let minute = caps.name("min").map_or(Some(0), |m| m.as_str().parse().ok())?;
    let second = caps.name("s").map_or(Some(0), |m| m.as_str().parse().ok())?;
    if let Some(ampm) = caps.name("ampm") {
        if !(1..=12).contains(&hour) {
            return None;
        }
        let pm = ampm.as_str().eq_ignore_ascii_case("pm");
        hour = hour % 12 + if pm { 12 } else { 0 };
    }
    Some(date.and_time(NaiveTime::from_hms_opt(hour, minute, second)?))
}

/// What `getDisplayValue()` shows for a cell in a spreadsheet whose zone is `zone`.
pub fn display_value(value: &CellValue, zone: Tz) -> String {
    match value {
        CellValue::Empty => String::new(),
        CellValue::String(text) => text.clone(),
        CellValue::Bool(true) => "TRUE".to_string(),
        CellValue::Bool(false) => "FALSE".to_string(),
        CellValue::Number(n) => display_number(*n),
        CellValue::Date(at_utc_ms) => utc_ms_to_local(zone, *at_utc_ms).format("%-m/%-d/%Y %-H:%M:%S").to_string(),
    }
}

/// Sheets' "Automatic" number format, approximated: whole numbers without decimals,
/// fractions with at most 10 decimal places and 15 significant digits, trailing zeros
/// dropped; 1E+15 and up, and below 1E-10, in scientific notation with 6 significant
/// digits (`1.23457E+15`).
pub fn display_number(n: f64) -> String {
    if !n.is_finite() {
        return js_number_text(n);
    }
    if n == 0.0 {
        return "0".to_string();
    }
    let magnitude = n.abs();
    if !(DISPLAY_SCIENTIFIC_BELOW..DISPLAY_SCIENTIFIC_FROM).contains(&magnitude) {
        return display_scientific(n);
    }
    let integer_digits = if magnitude < 1.0 { 1 } else { magnitude.log10().floor() as usize + 1 };
    let decimals = DISPLAY_DECIMALS_MAX.min(DISPLAY_SIGNIFICANT_DIGITS_MAX.saturating_sub(integer_digits));
    let text = trim_fraction(format!("{n:.decimals$}"));
    if text == "-0" {
        "0".to_string()
    } else {
        text
    }
}

fn display_scientific(n: f64) -> String {
    let text = format!("{n:.5e}");
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let sign = if exponent < 0 { '-' } else { '+' };
    format!("{}E{sign}{:02}", trim_fraction(mantissa.to_string()), exponent.abs())
}

fn trim_fraction(text: String) -> String {
    if !text.contains('.') {
        return text;
    }
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn js_number_text(n: f64) -> String {
    match n {
        n if n.is_nan() => "NaN".to_string(),
        n if n > 0.0 => "Infinity".to_string(),
        _ => "-Infinity".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::{iso_utc, parse_zone};

    fn utc() -> Tz {
        parse_zone("UTC").unwrap()
    }

    fn typed(text: &str, zone: Tz) -> CellValue {
        user_entered(CellValue::String(text.to_string()), zone)
    }

    #[test]
    fn numeric_strings_become_numbers() {
        assert_eq!(typed("123", utc()), CellValue::Number(123.0));
        assert_eq!(typed("-3.5", utc()), CellValue::Number(-3.5));
        assert_eq!(typed("+5", utc()), CellValue::Number(5.0));
        assert_eq!(typed(".5", utc()), CellValue::Number(0.5));
        assert_eq!(typed("1e5", utc()), CellValue::Number(100_000.0));
        // The well-known gotcha: leading zeros are lost.
        assert_eq!(typed("007", utc()), CellValue::Number(7.0));
        assert_eq!(typed("-0", utc()), CellValue::Number(0.0));
    }

    #[test]
    fn other_strings_stay_text() {
        for text in ["abc", "1,234", "50%", "$5", " 5", "NaN", "inf", "Infinity", "1.2.3", "9:00", "2025-13-01"] {
            assert_eq!(typed(text, utc()), CellValue::String(text.to_string()), "{text:?}");
        }
    }

    #[test]
    fn apostrophe_keeps_text_and_empty_clears() {
        assert_eq!(typed("'0123", utc()), CellValue::String("0123".into()));
        assert_eq!(typed("'", utc()), CellValue::Empty);
        assert_eq!(typed("", utc()), CellValue::Empty);
    }

    #[test]
    fn formulas_are_stored_as_written() {
        assert_eq!(typed("=SUM(A1:A3)", utc()), CellValue::String("=SUM(A1:A3)".into()));
    }

    #[test]
    fn booleans_in_any_case() {
        assert_eq!(typed("TRUE", utc()), CellValue::Bool(true));
        assert_eq!(typed("false", utc()), CellValue::Bool(false));
        assert_eq!(typed("True", utc()), CellValue::Bool(true));
    }

    #[test]
    fn date_strings_are_wall_times_in_the_spreadsheet_zone() {
        let istanbul = parse_zone("Europe/Istanbul").unwrap();
        let date = |text: &str| match typed(text, istanbul) {
            CellValue::Date(ms) => iso_utc(ms),
            other => panic!("{text:?} gave {other:?}"),
        };
        assert_eq!(date("2025-06-13"), "2025-06-12T21:00:00.000Z");
        assert_eq!(date("2025-06-13 09:00"), "2025-06-13T06:00:00.000Z");
        assert_eq!(date("2025/06/13 09:00:30"), "2025-06-13T06:00:30.000Z");
        assert_eq!(date("6/13/2025"), "2025-06-12T21:00:00.000Z");
        assert_eq!(date("6/13/2025 9:00:00"), "2025-06-13T06:00:00.000Z");
        assert_eq!(date("6/13/2025 9:00 PM"), "2025-06-13T18:00:00.000Z");
        assert_eq!(date("6/13/2025 12:00 AM"), "2025-06-12T21:00:00.000Z");
    }

    #[test]
    fn non_finite_numbers_are_stored_as_text() {
        assert_eq!(user_entered(CellValue::Number(f64::NAN), utc()), CellValue::String("NaN".into()));
        assert_eq!(user_entered(CellValue::Number(f64::INFINITY), utc()), CellValue::String("Infinity".into()));
    }

    #[test]
    fn display_of_numbers() {
        for (n, shown) in [
            (1001.0, "1001"),
            (120.5, "120.5"),
            (-0.25, "-0.25"),
            (0.1 + 0.2, "0.3"),
            (1.0 / 3.0, "0.3333333333"),
            (2.0 / 3.0, "0.6666666667"),
            (123_456_789.123_456_78, "123456789.123457"),
            (100_000_000_000_000.0, "100000000000000"),
            (1e15, "1E+15"),
            (1_234_567_890_123_456.0, "1.23457E+15"),
            (1e-11, "1E-11"),
            (-2.5e-12, "-2.5E-12"),
            (0.000_001, "0.000001"),
            (0.0, "0"),
        ] {
            assert_eq!(display_number(n), shown, "{n}");
        }
    }

    #[test]
    fn display_of_dates_booleans_and_text() {
        let la = parse_zone("America/Los_Angeles").unwrap();
        let at = crate::time::parse_iso_utc("2025-06-13T16:00:00Z").unwrap();
        assert_eq!(display_value(&CellValue::Date(at), la), "6/13/2025 9:00:00");
        assert_eq!(display_value(&CellValue::Date(at), utc()), "6/13/2025 16:00:00");
        assert_eq!(display_value(&CellValue::Bool(true), la), "TRUE");
        assert_eq!(display_value(&CellValue::Bool(false), la), "FALSE");
        assert_eq!(display_value(&CellValue::String("x".into()), la), "x");
        assert_eq!(display_value(&CellValue::Empty, la), "");
    }
}
