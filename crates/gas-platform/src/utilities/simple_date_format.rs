//! `Utilities.formatDate`: Java's `SimpleDateFormat` patterns (Locale en-US) compiled and
//! applied to an instant in a Java zone.
//!
//! The expected strings of the tests come from `java.text.SimpleDateFormat` run on
//! Temurin JDK 25.0.3 (the current LTS); where JDK 17 prints otherwise, a test says so.

use super::calendar::{weekday_from_sunday, LocalTime};
use super::java_zones::{offset_at, resolve_zone, zone_display_name, JavaZone, OffsetAt};
use crate::error::{ServiceError, ServiceResult};
use crate::time::{MS_PER_MINUTE, MS_PER_SECOND};

/// Java's pattern letters (`DateFormatSymbols.patternChars`); any other ASCII letter
/// outside quotes is an error.
const PATTERN_LETTERS: &str = "GyMdkHmsSEDFwWahKzZYuXL";

pub(super) use crate::time::{
    MONTH_NAMES as MONTHS_LONG, MONTH_NAMES_SHORT as MONTHS_SHORT, WEEKDAY_NAMES as WEEKDAYS_LONG,
    WEEKDAY_NAMES_SHORT as WEEKDAYS_SHORT,
};
/// Index 0 is BC, 1 is AD, as Java's `Calendar.ERA` values.
pub(super) const ERAS_SHORT: [&str; 2] = ["BC", "AD"];
pub(super) const ERAS_LONG: [&str; 2] = ["Before Christ", "Anno Domini"];
pub(super) const AM_PM: [&str; 2] = ["AM", "PM"];

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum PatternPart {
    Literal(String),
    Field { letter: char, count: usize },
}

/// Splits a pattern as `SimpleDateFormat.compile` does: runs of one letter are fields,
/// `'text'` is literal, and `''` is a quote inside or outside quotes.
///
/// The messages are Java's `IllegalArgumentException` texts. Apps Script surfaces the
/// exception's message; that it passes Java's text through unchanged is assumed.
pub(super) fn compile_pattern(pattern: &str) -> ServiceResult<Vec<PatternPart>> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut parts = PatternBuilder::default();
    let mut in_quote = false;
    let mut index = 0;
    while index < chars.len() {
        let c = chars[index];
        index += 1;
        if c == '\'' {
            if chars.get(index) == Some(&'\'') {
                index += 1;
                parts.push_literal('\'')?;
            } else {
                parts.end_field()?;
                in_quote = !in_quote;
            }
        } else if in_quote || !c.is_ascii_alphabetic() {
            parts.push_literal(c)?;
        } else if PATTERN_LETTERS.contains(c) {
            parts.push_letter(c)?;
        } else {
            return Err(ServiceError::new(format!("Illegal pattern character '{c}'")));
        }
    }
    if in_quote {
        return Err(ServiceError::new("Unterminated quote"));
    }
    parts.finish()
}

#[derive(Default)]
struct PatternBuilder {
    parts: Vec<PatternPart>,
    field: Option<(char, usize)>,
}

impl PatternBuilder {
    fn push_literal(&mut self, c: char) -> ServiceResult<()> {
        self.end_field()?;
        match self.parts.last_mut() {
            Some(PatternPart::Literal(text)) => text.push(c),
            _ => self.parts.push(PatternPart::Literal(c.to_string())),
        }
        Ok(())
    }

    fn push_letter(&mut self, letter: char) -> ServiceResult<()> {
        match &mut self.field {
            Some((current, count)) if *current == letter => *count += 1,
            _ => {
                self.end_field()?;
                self.field = Some((letter, 1));
            }
        }
        Ok(())
    }

    fn end_field(&mut self) -> ServiceResult<()> {
        if let Some((letter, count)) = self.field.take() {
            if letter == 'X' && count > 3 {
                return Err(ServiceError::new(format!("invalid ISO 8601 format: length={count}")));
            }
            self.parts.push(PatternPart::Field { letter, count });
        }
        Ok(())
    }

    fn finish(mut self) -> ServiceResult<Vec<PatternPart>> {
        self.end_field()?;
        Ok(self.parts)
    }
}

/// Java pads a date field to at most 309 digits, whatever the letter count:
/// `SimpleDateFormat.zeroPaddingNumber` formats through `DecimalFormat`, which uses "the
/// lower of newValue and 309" digits for anything but BigInteger/BigDecimal (its
/// `setMinimumIntegerDigits` javadoc). Also keeps a 65,536-letter pattern from reaching
/// Rust's formatter, whose width stops at 65,535 (it panicked).
pub const FIELD_DIGITS_MAX: usize = 309;

/// Java's `zeroPaddingNumber`: at least `min_digits` digits (at most 309), the sign
/// before the zeros.
fn zero_pad(value: i64, min_digits: usize) -> String {
    let magnitude = value.unsigned_abs().to_string();
    let zeros = min_digits.min(FIELD_DIGITS_MAX).saturating_sub(magnitude.len());
    let digits = "0".repeat(zeros) + &magnitude;
    if value < 0 {
        format!("-{digits}")
    } else {
        digits
    }
}

/// `Utilities.formatDate(date, timeZone, format)`: the instant in the zone, laid out by a
/// Java `SimpleDateFormat` pattern with Locale en-US.
///
/// An unknown zone formats as GMT (see `resolve_zone`); a bad pattern is an error with
/// Java's message (`Illegal pattern character 'q'`, `Unterminated quote`). Dates before
/// 1582-10-15 use the proleptic Gregorian calendar, where Java switches to Julian.
pub fn format_date(at_utc_ms: i64, zone: &str, pattern: &str) -> ServiceResult<String> {
    let parts = compile_pattern(pattern)?;
    let zone = resolve_zone(zone);
    let offset = offset_at(&zone, at_utc_ms);
    let local = LocalTime::at(at_utc_ms.saturating_add(i64::from(offset.total_s) * MS_PER_SECOND));
    let mut out = String::new();
    for part in &parts {
        match part {
            PatternPart::Literal(text) => out.push_str(text),
            PatternPart::Field { letter: letter @ ('z' | 'Z' | 'X'), count } => {
                out.push_str(&format_zone_field(*letter, *count, &zone, offset));
            }
            PatternPart::Field { letter, count } => {
                out.push_str(&format_date_field(*letter, *count, &local));
            }
        }
    }
    Ok(out)
}

fn format_date_field(letter: char, count: usize, t: &LocalTime) -> String {
    let long = count >= 4;
    let hour = t.hour();
    match letter {
        // Java prints the short era at any count (checked on JDK 25).
        'G' => ERAS_SHORT[usize::from(t.year >= 1)].to_string(),
        'y' => format_year(year_of_era(t.year), count),
        // Java prints the week year as it is, not within an era.
        'Y' => format_year(t.week_of_year().0, count),
        'M' | 'L' => format_month(t.month, count),
        'd' => zero_pad(t.day, count),
        'D' => zero_pad(t.day_of_year(), count),
        'F' => zero_pad((t.day - 1) / 7 + 1, count),
        'w' => zero_pad(t.week_of_year().1, count),
        'W' => zero_pad(t.week_of_month(), count),
        'E' => {
            let weekday = weekday_from_sunday(t.days) as usize;
            (if long { WEEKDAYS_LONG[weekday] } else { WEEKDAYS_SHORT[weekday] }).to_string()
        }
        'u' => zero_pad((weekday_from_sunday(t.days) + 6) % 7 + 1, count),
        'a' => AM_PM[usize::from(hour >= 12)].to_string(),
        'H' => zero_pad(hour, count),
        'k' => zero_pad(if hour == 0 { 24 } else { hour }, count),
        'K' => zero_pad(hour % 12, count),
        'h' => zero_pad(if hour % 12 == 0 { 12 } else { hour % 12 }, count),
        'm' => zero_pad(t.ms_of_day / MS_PER_MINUTE % 60, count),
        's' => zero_pad(t.ms_of_day / MS_PER_SECOND % 60, count),
        // S is a count of milliseconds, not a fraction: "S" prints 5 ms as "5".
        'S' => zero_pad(t.ms_of_day % MS_PER_SECOND, count),
        _ => unreachable!("compile_pattern admits only pattern letters, got {letter}"),
    }
}

/// Java's YEAR field counts within the era: 1 BC is year 1.
fn year_of_era(year: i64) -> i64 {
    if year >= 1 {
        year
    } else {
        1 - year
    }
}

/// `yy` keeps the last two digits; any other count pads to that many digits.
fn format_year(year: i64, count: usize) -> String {
    if count == 2 {
        zero_pad(year % 100, 2)
    } else {
        zero_pad(year, count)
    }
}

fn format_month(month: i64, count: usize) -> String {
    let index = (month - 1) as usize;
    match count {
        1 | 2 => zero_pad(month, count),
        3 => MONTHS_SHORT[index].to_string(),
        _ => MONTHS_LONG[index].to_string(),
    }
}

fn format_zone_field(letter: char, count: usize, zone: &JavaZone, offset: OffsetAt) -> String {
    let minutes = offset.total_s / 60;
    let sign = if minutes >= 0 { '+' } else { '-' };
    let (hh, mm) = (minutes.abs() / 60, minutes.abs() % 60);
    match letter {
        'z' => zone_display_name(zone, offset, count >= 4),
        // RFC 822, whatever the count: -0700.
        'Z' => format!("{sign}{hh:02}{mm:02}"),
        // ISO 8601: Z for zero, else -07, -0700 or -07:00 by count.
        _ if offset.total_s == 0 => "Z".to_string(),
        _ => match count {
            1 => format!("{sign}{hh:02}"),
            2 => format!("{sign}{hh:02}{mm:02}"),
            _ => format!("{sign}{hh:02}:{mm:02}"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::utilities::parse_date;

    use crate::utilities::test_support::fmt;

    fn fmt_err(zone: &str, pattern: &str) -> String {
        format_date(0, zone, pattern).unwrap_err().message
    }

    // Every expected date string below was printed by java.text.SimpleDateFormat on
    // Temurin JDK 25.0.3 with Locale.US (and OpenJDK 17 where a test says so).

    #[test]
    fn format_date_in_los_angeles_daylight_time() {
        let t = "2024-03-10T10:30:00Z";
        let la = "America/Los_Angeles";
        assert_eq!(fmt(t, la, "yyyy-MM-dd'T'HH:mm:ss.SSSXXX"), "2024-03-10T03:30:00.000-07:00");
        assert_eq!(fmt(t, la, "EEE, d MMM yyyy HH:mm:ss Z"), "Sun, 10 Mar 2024 03:30:00 -0700");
        assert_eq!(fmt(t, la, "h:mm a"), "3:30 AM");
        assert_eq!(fmt(t, la, "z zzzz"), "PDT Pacific Daylight Time");
        assert_eq!(fmt("2024-01-01T12:00:00Z", la, "yyyy-MM-dd HH:mm z"), "2024-01-01 04:00 PST");
    }

    #[test]
    fn format_date_across_the_fall_back_hour() {
        let la = "America/Los_Angeles";
        assert_eq!(fmt("2024-11-03T08:30:00Z", la, "yyyy-MM-dd HH:mm z"), "2024-11-03 01:30 PDT");
        assert_eq!(fmt("2024-11-03T09:30:00Z", la, "yyyy-MM-dd HH:mm z"), "2024-11-03 01:30 PST");
    }

    #[test]
    fn format_date_in_istanbul_has_no_abbreviation_on_current_java() {
        // JDK 25 (CLDR only) prints GMT+03:00; JDK 17 printed "TRT Turkey Time".
        assert_eq!(
            fmt("2024-03-10T10:30:00Z", "Europe/Istanbul", "yyyy-MM-dd HH:mm z zzzz XXX"),
            "2024-03-10 13:30 GMT+03:00 Istanbul Standard Time +03:00"
        );
    }

    #[test]
    fn format_date_in_tokyo_kolkata_and_utc() {
        let t = "2024-03-10T10:30:00Z";
        assert_eq!(fmt(t, "Asia/Tokyo", "yyyy/MM/dd HH:mm:ss z zzzz"), "2024/03/10 19:30:00 JST Japan Standard Time");
        assert_eq!(fmt(t, "Asia/Kolkata", "HH:mm z X XX XXX Z"), "16:00 IST +05 +0530 +05:30 +0530");
        assert_eq!(fmt(t, "UTC", "HH:mm z zzzz X XX XXX Z"), "10:30 UTC Coordinated Universal Time Z Z Z +0000");
    }

    #[test]
    fn long_field_runs_pad_to_309_digits_as_java() {
        // A 65,536-letter run panicked in Rust's formatter (widths stop at 65,535).
        let t = "2024-03-10T10:30:00Z";
        let day = fmt(t, "UTC", &"d".repeat(65_536));
        assert_eq!((day.len(), &day[day.len() - 3..]), (FIELD_DIGITS_MAX, "010"));
        assert!(day[..FIELD_DIGITS_MAX - 2].bytes().all(|b| b == b'0'));
        assert_eq!(fmt(t, "UTC", &"y".repeat(400)).len(), FIELD_DIGITS_MAX);
        assert_eq!(fmt(t, "UTC", &"S".repeat(70_000)).len(), FIELD_DIGITS_MAX);
        assert_eq!(fmt(t, "UTC", "ddd"), "010");
        // Parsing with such a pattern is bounded by the text, not the pattern.
        assert!(parse_date("10", "UTC", &"d".repeat(65_536)).is_ok());
    }

    #[test]
    fn year_month_and_weekday_counts() {
        let t = "2024-03-10T10:30:00Z";
        assert_eq!(fmt(t, "UTC", "G y yy yyy yyyy yyyyy"), "AD 2024 24 2024 2024 02024");
        assert_eq!(fmt(t, "UTC", "M MM MMM MMMM L LLL"), "3 03 Mar March 3 Mar");
        assert_eq!(fmt(t, "UTC", "E EEE EEEE u"), "Sun Sun Sunday 7");
        assert_eq!(fmt(t, "UTC", "D DDD d dd F w W"), "70 070 10 10 2 11 3");
        // Java prints the short era at any count.
        assert_eq!(fmt(t, "UTC", "GGGG"), "AD");
    }

    #[test]
    fn hour_fields_and_milliseconds() {
        assert_eq!(fmt("2024-01-01T00:00:00.005Z", "UTC", "S SS SSS SSSS H k K h a"), "5 05 005 0005 0 24 0 12 AM");
        assert_eq!(fmt("2024-01-01T12:00:00Z", "UTC", "k:mm K:mm h:mm a"), "12:00 0:00 12:00 PM");
    }

    #[test]
    fn week_year_differs_from_year_at_the_turn_of_the_year() {
        // en-US weeks start on Sunday and week 1 holds January 1.
        assert_eq!(fmt("2024-12-29T12:00:00Z", "UTC", "YYYY-'W'ww-u yyyy"), "2025-W01-7 2024");
        assert_eq!(fmt("2024-01-01T00:00:00Z", "UTC", "YYYY-'W'ww-u yyyy"), "2024-W01-1 2024");
    }

    #[test]
    fn quoted_text_and_escaped_quotes() {
        let t = "2024-03-10T10:30:00Z";
        assert_eq!(fmt(t, "UTC", "'o''clock' h a, '' ''''"), "o'clock 10 AM, ' ''");
        assert_eq!(fmt(t, "UTC", "yyyy'年'MM'月'dd'日'"), "2024年03月10日");
    }

    #[test]
    fn bad_patterns_carry_java_messages() {
        assert_eq!(fmt_err("UTC", "q"), "Illegal pattern character 'q'");
        assert_eq!(fmt_err("UTC", "yyyy-MM-dd b"), "Illegal pattern character 'b'");
        assert_eq!(fmt_err("UTC", "'abc"), "Unterminated quote");
        assert_eq!(fmt_err("UTC", "XXXX"), "invalid ISO 8601 format: length=4");
    }
}
