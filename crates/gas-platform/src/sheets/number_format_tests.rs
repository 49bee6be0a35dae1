//! Expected strings: "documented" ones are the examples of Google's Sheets API guide
//! "Date and number formats" (en_US); the others follow its token table (assumed where
//! the guide gives no example).

use super::*;
use crate::time::parse_zone;

fn utc() -> Tz {
    parse_zone("UTC").unwrap()
}

fn number(n: f64, pattern: &str) -> String {
    render(&CellValue::Number(n), pattern, utc())
}

fn text(s: &str, pattern: &str) -> String {
    render(&CellValue::String(s.to_string()), pattern, utc())
}

/// The serial of a wall time.
fn serial(y: i32, mo: u32, d: u32, h: u32, mi: u32, s: u32, ms: u32) -> f64 {
    serial_of(NaiveDate::from_ymd_opt(y, mo, d).unwrap().and_hms_milli_opt(h, mi, s, ms).unwrap())
}

#[test]
fn documented_number_examples() {
    assert_eq!(number(12345.125, "####.#"), "12345.1");
    assert_eq!(number(12.34, "000.0000"), "012.3400");
    assert_eq!(number(12.0, "#.0#"), "12.0");
    assert_eq!(number(12000.0, "#,###"), "12,000");
    assert_eq!(number(1_230_000.0, "0.0,,\"M\""), "1.2M");
    assert_eq!(number(1_234_500_000.0, "0.00e+00"), "1.23e+09");
    assert_eq!(number(123_114.151_15, "###0.0000;\"TEXT: \"_(@_)"), "123114.1512");
    assert_eq!(text("MyText", "###0.0000;\"TEXT: \"_(@_)"), "TEXT:  MyText ");
}

#[test]
fn documented_sections() {
    let pattern = "###0.0000;(###0.0000);0;\"TEXT: \"@";
    assert_eq!(number(1234.0, pattern), "1234.0000");
    assert_eq!(number(-1234.0, pattern), "(1234.0000)");
    assert_eq!(number(0.0, pattern), "0");
    assert_eq!(text("MyText", pattern), "TEXT: MyText");
}

#[test]
fn documented_conditions_and_colours() {
    let pattern = "[>1000]\"HIGH\";[Color43][<=200]\"LOW\";0000";
    assert_eq!(number(1005.0, pattern), "HIGH");
    assert_eq!(number(32.0, pattern), "LOW");
    assert_eq!(number(527.0, pattern), "0527");
    assert_eq!(number(-5.0, "[Red]0.0"), "-5.0");
}

#[test]
fn documented_date_examples() {
    // Tuesday, April 5, 2016, 3:25:59.255 PM (the guide's instant).
    let at = serial(2016, 4, 5, 15, 25, 59, 255);
    assert_eq!(number(at, "hh:mm A/P\".M.\""), "03:25 P.M.");
    assert_eq!(number(at, "yyyy-mm-dd hh:mm:ss.000"), "2016-04-05 15:25:59.255");
    assert_eq!(number(at, "mmmm d \\[dddd\\]"), "April 5 [Tuesday]");
    assert_eq!(number(at, "dddd, m/d/yy at h:mm"), "Tuesday, 4/5/16 at 15:25");
}

#[test]
fn fractional_seconds_are_truncated() {
    // Assumed: the guide shows `.00` but not how 59.255 s rounds.
    assert_eq!(number(serial(2016, 4, 5, 15, 25, 59, 255), "h:mm:ss.00 a/p"), "3:25:59.25 p");
}

#[test]
fn documented_durations() {
    // 3 hours, 13 minutes, 41.255 seconds.
    let duration = (3.0 * 3600.0 + 13.0 * 60.0 + 41.255) / 86_400.0;
    assert_eq!(number(duration, "[hh]:[mm]:[ss].000"), "03:13:41.255");
    assert_eq!(number(duration, "[mmmm]:[ss].000"), "0193:41.255");
}

#[test]
fn common_number_patterns() {
    assert_eq!(number(2.5, "0"), "3");
    assert_eq!(number(-2.5, "0"), "-3");
    assert_eq!(number(4.56789, "0.00"), "4.57");
    assert_eq!(number(7.0, "0.00"), "7.00");
    assert_eq!(number(1_234_567.891, "#,##0.00"), "1,234,567.89");
    assert_eq!(number(0.0, "#,##0.00"), "0.00");
    assert_eq!(number(999.999, "#,##0.00"), "1,000.00");
    assert_eq!(number(0.5, "#.00"), ".50");
    assert_eq!(number(1.005, "0.00"), "1.01");
    assert_eq!(number(0.1 + 0.2, "0.000000"), "0.300000");
    assert_eq!(number(5.0, "000"), "005");
    assert_eq!(number(5.5, "?0.0?"), " 5.5 ");
}

#[test]
fn percentages() {
    assert_eq!(number(0.256, "0%"), "26%");
    assert_eq!(number(0.12345, "0.00%"), "12.35%");
    assert_eq!(number(1.0, "0%"), "100%");
    assert_eq!(number(-0.5, "0.0%"), "-50.0%");
}

#[test]
fn currencies() {
    assert_eq!(number(1234.5, "$#,##0.00"), "$1,234.50");
    assert_eq!(number(-1234.5, "$#,##0.00"), "-$1,234.50");
    assert_eq!(number(1234.5, "[$€]#,##0.00"), "€1,234.50");
    assert_eq!(number(1234.5, "[$€-407]#,##0.00"), "€1,234.50");
    assert_eq!(number(1234.5, "#,##0.00 [$EUR]"), "1,234.50 EUR");
    assert_eq!(number(-3.0, "$#,##0.00;($#,##0.00)"), "($3.00)");
    assert_eq!(number(1234.5, "\"£\"#,##0"), "£1,235");
}

#[test]
fn scientific() {
    assert_eq!(number(12345.0, "0.00E+00"), "1.23E+04");
    assert_eq!(number(0.000123, "0.00E+00"), "1.23E-04");
    assert_eq!(number(9.999, "0.00E+00"), "1.00E+01");
    assert_eq!(number(0.0, "0.00E+00"), "0.00E+00");
    assert_eq!(number(-12345.0, "0.0E+0"), "-1.2E+4");
    assert_eq!(number(12345.0, "0.0E-0"), "1.2E4");
}

#[test]
fn negative_zero_loses_its_sign() {
    assert_eq!(number(-0.001, "0.00"), "0.00");
}

#[test]
fn dates_from_serials_and_date_values() {
    let at = serial(2025, 6, 13, 16, 5, 9, 0);
    assert_eq!(number(at, "yyyy-mm-dd"), "2025-06-13");
    assert_eq!(number(at, "dd/MM/yyyy HH:mm"), "13/06/2025 16:05");
    assert_eq!(number(at, "h:mm am/pm"), "4:05 PM");
    assert_eq!(number(at, "h:mm AM/PM"), "4:05 PM");
    assert_eq!(number(at, "M/d/yyyy"), "6/13/2025");
    assert_eq!(number(at, "mmm d, yyyy"), "Jun 13, 2025");
    assert_eq!(number(at, "mmmmm"), "J");
    assert_eq!(number(at, "ddd"), "Fri");
    assert_eq!(number(at, "yy"), "25");
    assert_eq!(number(at, "m:ss"), "5:09");
    assert_eq!(number(serial(2025, 1, 1, 0, 30, 0, 0), "h:mm a/p"), "12:30 a");
    assert_eq!(number(serial(2025, 1, 1, 12, 0, 0, 0), "hh AM/PM"), "12 PM");
    // A Date value shows at its wall time in the spreadsheet's zone.
    let istanbul = parse_zone("Europe/Istanbul").unwrap();
    let instant = crate::time::parse_iso_utc("2025-06-13T21:30:00Z").unwrap();
    assert_eq!(render(&CellValue::Date(instant), "yyyy-mm-dd HH:mm", istanbul), "2025-06-14 00:30");
    assert_eq!(render(&CellValue::Date(instant), "0.00", utc()), format!("{:.2}", serial(2025, 6, 13, 21, 30, 0, 0)));
}

#[test]
fn serial_epoch() {
    // The guide: noon on 1900-01-01 is 2.5; 3 PM on 1900-02-01 is 33.625.
    assert_eq!(serial(1900, 1, 1, 12, 0, 0, 0), 2.5);
    assert_eq!(serial(1900, 2, 1, 15, 0, 0, 0), 33.625);
    assert_eq!(number(2.5, "yyyy-mm-dd hh:mm"), "1900-01-01 12:00");
}

#[test]
fn elapsed_time() {
    assert_eq!(number(1.5 + 1.0 / 48.0, "[h]:mm:ss"), "36:30:00");
    assert_eq!(number(0.25, "[m]"), "360");
    assert_eq!(number(-0.5, "[h]:mm"), "-12:00");
}

#[test]
fn plain_text_and_automatic() {
    assert_eq!(text("007", "@"), "007");
    assert_eq!(number(7.0, "@"), "7");
    assert_eq!(number(1.0 / 3.0, DEFAULT_PATTERN), "0.3333333333");
    assert_eq!(number(1001.0, "General"), "1001");
    assert!(is_plain_text("@"));
    assert!(!is_plain_text("0"));
}

#[test]
fn text_and_booleans_outside_text_sections() {
    assert_eq!(text("abc", "0.00"), "abc");
    assert_eq!(render(&CellValue::Bool(true), "0.00", utc()), "TRUE");
    assert_eq!(render(&CellValue::Empty, "0.00", utc()), "");
    assert_eq!(text("x", "0;0;0;[Red]\"<\"@\">\""), "<x>");
}

#[test]
fn literals_and_escapes() {
    assert_eq!(number(42.0, "\"Total: \"0"), "Total: 42");
    assert_eq!(number(42.0, "0\\k"), "42k");
    assert_eq!(number(42.0, "0_)"), "42 ");
    assert_eq!(number(42.0, "*-0"), "42");
    assert_eq!(number(5_551_234_567.0, "(###) ###-####"), "(555) 123-4567");
    assert_eq!(number(3.0, "\"only text\""), "only text");
}

#[test]
fn non_finite_numbers_do_not_reach_the_digits() {
    assert_eq!(number(f64::NAN, "0.00"), "NaN");
    assert_eq!(number(f64::INFINITY, "0.00E+00"), "Infinity");
}

/// Fractions: Excel's documented examples ("Number format codes": `# ???/???` shows 5.25
/// as `5 1/4` and 5.3 as `5 3/10` with aligned slashes; `# ?/?`, `# ??/??` as up to one
/// and two digits), assumed for Sheets, which documents no example.
#[test]
fn fractions_mixed_improper_fixed_and_aligned() {
    assert_eq!(number(1.25, "# ?/?"), "1 1/4");
    assert_eq!(number(std::f64::consts::PI, "# ?/?"), "3 1/7");
    assert_eq!(number(std::f64::consts::PI, "# ??/??"), "3 14/99");
    assert_eq!(number(5.25, "# ???/???"), "5   1/4  ");
    assert_eq!(number(5.3, "# ???/???"), "5   3/10 ");
    assert_eq!(number(1.25, "?/?"), "5/4");
    assert_eq!(number(0.3, "?/8"), "2/8", "a fixed denominator is not reduced");
    assert_eq!(number(1.3, "# ?/8"), "1 2/8");
    assert_eq!(number(2.5, "# ??/16"), "2  8/16");
    assert_eq!(number(0.5, "0 ?/?"), "0 1/2");
    assert_eq!(number(0.5, "# ?/?"), " 1/2", "`#` shows no zero whole part");
    assert_eq!(number(-1.5, "# ?/?"), "-1 1/2");
    assert_eq!(number(2.0, "# ?/?"), "2    ", "a whole number: blanks where the fraction goes");
    assert_eq!(number(0.99, "# ?/?"), "1    ", "rounds up to the next whole number");
    assert_eq!(number(0.0, "# ?/?"), "0");
    assert_eq!(number(1.5, "0.0/x"), "1.5/x", "a slash after no digit placeholder is a literal");
}
