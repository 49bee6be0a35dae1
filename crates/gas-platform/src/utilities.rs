//! The `Utilities` service's rules, without JavaScript: `formatDate` and `parseDate` as
//! Java's `SimpleDateFormat` applies them (Locale en-US, lenient, Java's zone names),
//! base64, digests and HMACs as signed Java bytes, charsets, v4 UUIDs drawn from the
//! seeded generator, `formatString`, and the `sleep` limit. The JS binding converts
//! values and calls these; it decides nothing itself.
//!
//! The expected strings of the date tests come from `java.text.SimpleDateFormat` run on
//! Temurin JDK 25.0.3 (the current LTS); where JDK 17 prints otherwise, a test says so.

use std::collections::HashMap;
use std::sync::OnceLock;

use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use base64::Engine as _;
use chrono::{DateTime, LocalResult, Offset, TimeZone, Utc};
use chrono_tz::{OffsetComponents, Tz};
use hmac::{Hmac, Mac};
use md5::Md5;
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha384, Sha512};

use crate::error::{ServiceError, ServiceResult};
use crate::rng::SeededRng;
use crate::time::{MS_PER_DAY, MS_PER_MINUTE, MS_PER_SECOND};

// ---------------------------------------------------------------------------------------
// Zones as Java's TimeZone.getTimeZone resolves them
// ---------------------------------------------------------------------------------------

/// A zone as `java.util.TimeZone.getTimeZone(id)` resolves it.
struct JavaZone {
    /// The ID Java keeps; it picks the display names (`PST` keeps its own names).
    id: String,
    rules: ZoneRules,
}

enum ZoneRules {
    Tzdb(Tz),
    /// A custom `GMT+03:00` zone, or GMT itself for an ID Java does not know.
    Fixed {
        offset_s: i32,
    },
}

/// Java's deprecated three-letter IDs that tzdb (and so chrono-tz) lacks, with the zone
/// whose rules Java gives them (`java.time.ZoneId.SHORT_IDS`; EST, MST and HST are in
/// tzdb itself).
const JAVA_LEGACY_IDS: [(&str, &str); 25] = [
    ("ACT", "Australia/Darwin"),
    ("AET", "Australia/Sydney"),
    ("AGT", "America/Argentina/Buenos_Aires"),
    ("ART", "Africa/Cairo"),
    ("AST", "America/Anchorage"),
    ("BET", "America/Sao_Paulo"),
    ("BST", "Asia/Dhaka"),
    ("CAT", "Africa/Harare"),
    ("CNT", "America/St_Johns"),
    ("CST", "America/Chicago"),
    ("CTT", "Asia/Shanghai"),
    ("EAT", "Africa/Addis_Ababa"),
    ("ECT", "Europe/Paris"),
    ("IET", "America/Indiana/Indianapolis"),
    ("IST", "Asia/Kolkata"),
    ("JST", "Asia/Tokyo"),
    ("MIT", "Pacific/Apia"),
    ("NET", "Asia/Yerevan"),
    ("NST", "Pacific/Auckland"),
    ("PLT", "Asia/Karachi"),
    ("PNT", "America/Phoenix"),
    ("PRT", "America/Puerto_Rico"),
    ("PST", "America/Los_Angeles"),
    ("SST", "Pacific/Guadalcanal"),
    ("VST", "Asia/Ho_Chi_Minh"),
];

/// Resolves a zone ID as Java does: a tzdb ID Java knows (case-sensitive), a legacy
/// three-letter ID, a custom `GMT[+-]h[h][[:]mm]` ID, and otherwise GMT.
///
/// Apps Script hands the ID to `TimeZone.getTimeZone`, which falls back to GMT without
/// an error, so `formatDate(d, "Mars/Base", ...)` (or `"utc"`) formats in GMT. We keep that
/// silent fallback rather than invent an exception Apps Script does not raise.
fn resolve_zone(zone_id: &str) -> JavaZone {
    let rules_id = JAVA_LEGACY_IDS.iter().find(|(legacy, _)| *legacy == zone_id).map_or(zone_id, |(_, target)| *target);
    if java_zone_names().contains_key(zone_id) {
        if let Ok(tz) = rules_id.parse::<Tz>() {
            return JavaZone { id: zone_id.to_string(), rules: ZoneRules::Tzdb(tz) };
        }
    }
    match parse_custom_gmt_id(zone_id) {
        Some((offset_s, id)) => JavaZone { id, rules: ZoneRules::Fixed { offset_s } },
        None => JavaZone { id: "GMT".to_string(), rules: ZoneRules::Fixed { offset_s: 0 } },
    }
}

/// Java's `TimeZone.parseCustomTimeZone`: `GMT+3`, `GMT+03`, `GMT+0330`, `GMT-3:30`.
/// Returns the offset and the normalized ID (`GMT+03:30`).
fn parse_custom_gmt_id(id: &str) -> Option<(i32, String)> {
    let rest = id.strip_prefix("GMT")?;
    if id.len() < 5 {
        return None;
    }
    let negative = match rest.as_bytes()[0] {
        b'-' => true,
        b'+' => false,
        _ => return None,
    };
    let body = &rest[1..];
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let (hours, minutes) = match body.split_once(':') {
        Some((h, m)) if h.len() <= 2 && m.len() == 2 && all_digits(h) && all_digits(m) => {
            (h.parse().unwrap_or(0), m.parse().unwrap_or(0))
        }
        Some(_) => return None,
        None if !all_digits(body) => return None,
        None if body.len() <= 2 => (body.parse().unwrap_or(0), 0),
        None => {
            let number: u32 = body.parse().ok()?;
            (number / 100, number % 100)
        }
    };
    if hours > 23 || minutes > 59 {
        return None;
    }
    let offset_s = ((hours * 60 + minutes) * 60) as i32;
    let id = match (offset_s, negative) {
        // Java keeps the sign the script wrote on a zero offset.
        (0, true) => "GMT-00:00".to_string(),
        (0, false) => "GMT+00:00".to_string(),
        (_, true) => custom_zone_id(-offset_s),
        (_, false) => custom_zone_id(offset_s),
    };
    Some((if negative { -offset_s } else { offset_s }, id))
}

/// `GMT+03:00`, Java's `ZoneInfoFile.toCustomID`: the name of a zone without names.
fn custom_zone_id(offset_s: i32) -> String {
    let minutes = offset_s / 60;
    let sign = if minutes >= 0 { '+' } else { '-' };
    let minutes = minutes.abs();
    format!("GMT{sign}{:02}:{:02}", minutes / 60, minutes % 60)
}

/// The offset Java applies at an instant, and whether Java calls it daylight time
/// (which picks `PDT` over `PST`).
#[derive(Debug, Clone, Copy)]
struct OffsetAt {
    total_s: i32,
    daylight: bool,
}

/// Java's zone data starts at 1900-01-01T00:00:00Z; before it, Java applies the zone's
/// current standard offset (Istanbul is +03:00 in 1899, not its local mean time).
const JAVA_ZONE_DATA_START_UTC_MS: i64 = -2_208_988_800_000;

fn offset_at(zone: &JavaZone, at_utc_ms: i64) -> OffsetAt {
    let tz = match zone.rules {
        ZoneRules::Fixed { offset_s } => return OffsetAt { total_s: offset_s, daylight: false },
        ZoneRules::Tzdb(tz) => tz,
    };
    if at_utc_ms < JAVA_ZONE_DATA_START_UTC_MS {
        return OffsetAt { total_s: java_current_raw_offset_s(tz), daylight: false };
    }
    match Utc.timestamp_millis_opt(at_utc_ms) {
        LocalResult::Single(t) => {
            let offset = tz.offset_from_utc_datetime(&t.naive_utc());
            let total_s = offset.fix().local_minus_utc();
            let dst_s = offset.dst_offset().num_seconds() as i32;
            OffsetAt { total_s, daylight: java_daylight(tz, at_utc_ms, total_s, dst_s) }
        }
        // Beyond chrono's years (about +-262,000): no zone data, as for Java's LMT.
        _ => OffsetAt { total_s: 0, daylight: false },
    }
}

/// Zones whose tzdb "main" data uses negative daylight saving while Java's (the
/// "rearguard" form) keeps daylight positive: over these spans Java counts any offset
/// above `standard_s` as daylight. Checked against JDK 25 for every zone, 1950-2040.
const JAVA_REARGUARD_SPANS: [(&str, i64, i64, i32); 5] = [
    // (zone, from_utc_ms, until_utc_ms, standard_s)
    ("Europe/Dublin", -37_242_000_000, i64::MAX, 0), // 1968-10-27
    ("Eire", -37_242_000_000, i64::MAX, 0),
    ("Africa/Casablanca", 1_540_692_000_000, i64::MAX, 0), // 2018-10-28
    ("Africa/El_Aaiun", 1_540_692_000_000, i64::MAX, 0),
    ("Africa/Windhoek", 637_970_400_000, i64::MAX, 3_600), // 1990-03-21
];

fn java_daylight(tz: Tz, at_utc_ms: i64, total_s: i32, dst_s: i32) -> bool {
    match rearguard_standard_s(tz, at_utc_ms) {
        Some(standard_s) => total_s > standard_s,
        None => dst_s > 0,
    }
}

fn rearguard_standard_s(tz: Tz, at_utc_ms: i64) -> Option<i32> {
    JAVA_REARGUARD_SPANS
        .iter()
        .find(|(name, from, until, _)| *name == tz.name() && (*from..*until).contains(&at_utc_ms))
        .map(|span| span.3)
}

/// Java's standard ("raw") offset at an instant.
fn java_raw_offset_s(tz: Tz, at_utc_ms: i64) -> i32 {
    if at_utc_ms < JAVA_ZONE_DATA_START_UTC_MS {
        return java_current_raw_offset_s(tz);
    }
    let Some(t) = DateTime::from_timestamp_millis(at_utc_ms) else {
        return 0;
    };
    let offset = tz.offset_from_utc_datetime(&t.naive_utc());
    let total_s = offset.fix().local_minus_utc();
    let dst_s = offset.dst_offset().num_seconds() as i32;
    rearguard_standard_s(tz, at_utc_ms).unwrap_or(if dst_s > 0 { total_s - dst_s } else { total_s })
}

/// Java's `getRawOffset()`: the standard offset of the zone's latest rules, taken at
/// `TWO_DIGIT_YEAR_NOW_UTC_MS` so no run reads the wall clock.
fn java_current_raw_offset_s(tz: Tz) -> i32 {
    java_raw_offset_s(tz, TWO_DIGIT_YEAR_NOW_UTC_MS)
}

/// Java's `TimeZone.getDSTSavings()`, approximated without a wall clock: the largest
/// daylight saving the zone applies within a year of `at_utc_ms`.
fn java_dst_savings_ms(tz: Tz, at_utc_ms: i64) -> i64 {
    const MONTH_MS: i64 = 30 * MS_PER_DAY;
    (-6..=6)
        .filter_map(|months| DateTime::from_timestamp_millis(at_utc_ms.saturating_add(months * MONTH_MS)))
        .map(|t| tz.offset_from_utc_datetime(&t.naive_utc()).dst_offset().num_milliseconds())
        .max()
        .unwrap_or(0)
        .max(0)
}

/// The `z` text: Java's short or long name for the zone, standard or daylight.
fn zone_display_name(zone: &JavaZone, offset: OffsetAt, long: bool) -> String {
    if let Some(names) = java_zone_names().get(zone.id.as_str()) {
        let index = usize::from(offset.daylight) + if long { 2 } else { 0 };
        return names[index].to_string();
    }
    if zone.id.starts_with("GMT+") || zone.id.starts_with("GMT-") {
        return zone.id.clone();
    }
    custom_zone_id(offset.total_s)
}

/// Java's display names by zone ID: `[short std, short dst, long std, long dst]`.
fn java_zone_names() -> &'static HashMap<&'static str, [&'static str; 4]> {
    static NAMES: OnceLock<HashMap<&'static str, [&'static str; 4]>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names = HashMap::new();
        let mut current = ["", "", "", ""];
        for line in JAVA_ZONE_NAMES.lines() {
            if let Some(header) = line.strip_prefix("= ") {
                let mut fields = header.split('|');
                current = [(); 4].map(|_| fields.next().expect("four names per group"));
            } else {
                for id in line.split_whitespace() {
                    names.insert(id, current);
                }
            }
        }
        names
    })
}

/// Java's zone name groups in table order, for parsing a `z` name against every zone.
fn java_zone_name_groups() -> impl Iterator<Item = (&'static str, [&'static str; 4])> {
    let mut current = ["", "", "", ""];
    JAVA_ZONE_NAMES.lines().filter_map(move |line| {
        if let Some(header) = line.strip_prefix("= ") {
            let mut fields = header.split('|');
            current = [(); 4].map(|_| fields.next().unwrap_or(""));
            None
        } else {
            line.split_whitespace().next().map(|first_id| (first_id, current))
        }
    })
}

// ---------------------------------------------------------------------------------------
// Calendar arithmetic (proleptic Gregorian, weeks start on Sunday, week 1 holds Jan 1)
// ---------------------------------------------------------------------------------------

/// Days since 1970-01-01 of a civil date; `day` may overflow the month (lenient).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_from_march = (month + 9) % 12;
    let day_of_year = (153 * month_from_march + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The civil date (year, month 1-12, day 1-31) of a day count since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let shifted = days + 719_468;
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted - era * 146_097;
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 { month_from_march + 3 } else { month_from_march - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// 0 for Sunday .. 6 for Saturday.
fn weekday_from_sunday(days: i64) -> i64 {
    (days + 4).rem_euclid(7)
}

/// The day on or before `days` that falls on Java's `day_of_week` (1 = Sunday; lenient
/// values wrap as in `BaseCalendar.getDayOfWeekDateOnOrBefore`).
fn day_on_or_before(days: i64, day_of_week: i64) -> i64 {
    days - (weekday_from_sunday(days) - (day_of_week - 1)).rem_euclid(7)
}

/// The Sunday that starts week 1 of `year` (en-US: the week that holds January 1).
fn week_one_start(year: i64) -> i64 {
    day_on_or_before(days_from_civil(year, 1, 1), 1)
}

fn days_in_month(year: i64, month: i64) -> i64 {
    let (next_year, next_month) = if month == 12 { (year + 1, 1) } else { (year, month + 1) };
    days_from_civil(next_year, next_month, 1) - days_from_civil(year, month, 1)
}

/// The wall-clock fields of a local instant.
struct LocalTime {
    days: i64,
    year: i64,
    month: i64,
    day: i64,
    ms_of_day: i64,
}

impl LocalTime {
    fn at(local_ms: i64) -> Self {
        let days = local_ms.div_euclid(MS_PER_DAY);
        let (year, month, day) = civil_from_days(days);
        LocalTime { days, year, month, day, ms_of_day: local_ms.rem_euclid(MS_PER_DAY) }
    }

    fn hour(&self) -> i64 {
        self.ms_of_day / (60 * MS_PER_MINUTE)
    }

    /// (week year, week of year), en-US: Sunday first, one day makes a first week.
    fn week_of_year(&self) -> (i64, i64) {
        if self.days >= week_one_start(self.year + 1) {
            return (self.year + 1, 1);
        }
        (self.year, (self.days - week_one_start(self.year)) / 7 + 1)
    }

    fn week_of_month(&self) -> i64 {
        let first = days_from_civil(self.year, self.month, 1);
        (self.day - 1 + weekday_from_sunday(first)) / 7 + 1
    }

    fn day_of_year(&self) -> i64 {
        self.days - days_from_civil(self.year, 1, 1) + 1
    }
}

// ---------------------------------------------------------------------------------------
// SimpleDateFormat patterns
// ---------------------------------------------------------------------------------------

/// Java's pattern letters (`DateFormatSymbols.patternChars`); any other ASCII letter
/// outside quotes is an error.
const PATTERN_LETTERS: &str = "GyMdkHmsSEDFwWahKzZYuXL";

const MONTHS_LONG: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const MONTHS_SHORT: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS_LONG: [&str; 7] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const WEEKDAYS_SHORT: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
/// Index 0 is BC, 1 is AD, as Java's `Calendar.ERA` values.
const ERAS_SHORT: [&str; 2] = ["BC", "AD"];
const ERAS_LONG: [&str; 2] = ["Before Christ", "Anno Domini"];
const AM_PM: [&str; 2] = ["AM", "PM"];

#[derive(Debug, Clone, PartialEq, Eq)]
enum PatternPart {
    Literal(String),
    Field { letter: char, count: usize },
}

/// Splits a pattern as `SimpleDateFormat.compile` does: runs of one letter are fields,
/// `'text'` is literal, and `''` is a quote inside or outside quotes.
///
/// The messages are Java's `IllegalArgumentException` texts. Apps Script surfaces the
/// exception's message; that it passes Java's text through unchanged is assumed.
fn compile_pattern(pattern: &str) -> ServiceResult<Vec<PatternPart>> {
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

// ---------------------------------------------------------------------------------------
// Parsing (SimpleDateFormat.parse, lenient, into Calendar fields resolved as Java does)
// ---------------------------------------------------------------------------------------

/// The "now" `parse_date` assumes for two-digit years (2026-01-01T00:00:00Z), so a
/// run never reads the wall clock; `parse_date_at` takes the virtual clock instead.
pub const TWO_DIGIT_YEAR_NOW_UTC_MS: i64 = 1_767_225_600_000;

/// The Calendar fields a pattern can set, in Java's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CalField {
    Era,
    Year,
    WeekYear,
    Month,
    WeekOfYear,
    WeekOfMonth,
    DayOfMonth,
    DayOfYear,
    DayOfWeek,
    DayOfWeekInMonth,
    AmPm,
    Hour,
    HourOfDay,
    Minute,
    Second,
    Millisecond,
    ZoneOffsetMs,
    DstOffsetMs,
}

const CAL_FIELD_COUNT: usize = CalField::DstOffsetMs as usize + 1;

/// What a parse has set: each field's value and the order it was set in (Java's
/// "stamp"), which decides between competing fields (`H` against `h a`, `d` against `D`).
#[derive(Debug, Clone, Default)]
struct ParsedFields {
    slots: [Option<(i64, u32)>; CAL_FIELD_COUNT],
    next_stamp: u32,
}

impl ParsedFields {
    fn set(&mut self, field: CalField, value: i64) {
        self.next_stamp += 1;
        self.slots[field as usize] = Some((value, self.next_stamp));
    }

    fn clear(&mut self, field: CalField) {
        self.slots[field as usize] = None;
    }

    fn get(&self, field: CalField) -> Option<i64> {
        self.slots[field as usize].map(|(value, _)| value)
    }

    fn value_or(&self, field: CalField, default: i64) -> i64 {
        self.get(field).unwrap_or(default)
    }

    /// 0 when unset, as Java's `UNSET` stamp.
    fn stamp(&self, field: CalField) -> u32 {
        self.slots[field as usize].map_or(0, |(_, stamp)| stamp)
    }

    fn is_set(&self, field: CalField) -> bool {
        self.slots[field as usize].is_some()
    }
}

/// `Utilities.parseDate(date, timeZone, format)`: reads `text` with a `SimpleDateFormat`
/// pattern, in `zone` unless the text carries an offset or zone name. Java's rules hold:
/// parsing is lenient (`2024-02-30` is March 1), text after the pattern is ignored, a
/// two-digit `yy` year lands within 80 years before and 20 after "now"
/// (`TWO_DIGIT_YEAR_NOW_UTC_MS`; use `parse_date_at` to pass the virtual clock).
///
/// Failure is `Unparseable date: "<text>"`, Java's `ParseException` message (that Apps
/// Script passes it through unchanged is assumed).
///
/// Where this differs from Java: dates before 1582-10-15 are proleptic Gregorian (Java
/// switches to Julian); a zone name is tried against the script's zone and then every
/// zone in Java's order, skipping Java's middle step (the server JVM's default zone);
/// SystemV/* zone IDs are unknown (GMT).
pub fn parse_date(text: &str, zone: &str, pattern: &str) -> ServiceResult<i64> {
    parse_date_at(text, zone, pattern, TWO_DIGIT_YEAR_NOW_UTC_MS)
}

/// `parse_date` with the instant two-digit years are placed around (Java uses the
/// formatter's creation time).
pub fn parse_date_at(text: &str, zone: &str, pattern: &str, now_utc_ms: i64) -> ServiceResult<i64> {
    let parts = compile_pattern(pattern)?;
    let mut parser = DateParser {
        text: text.chars().collect(),
        zone: resolve_zone(zone),
        fields: ParsedFields::default(),
        century_start: CenturyStart::at(now_utc_ms),
        ambiguous_year: false,
    };
    parser
        .parse(&parts)
        .and_then(|()| parser.resolve())
        .ok_or_else(|| ServiceError::new(format!("Unparseable date: \"{text}\"")))
}

/// Java's `defaultCenturyStart`: 80 years before "now".
struct CenturyStart {
    at_utc_ms: i64,
    year: i64,
}

impl CenturyStart {
    fn at(now_utc_ms: i64) -> Self {
        let now = LocalTime::at(now_utc_ms);
        let year = now.year - 80;
        // Calendar.add(YEAR, -80) pins Feb 29 to Feb 28.
        let day = now.day.min(days_in_month(year, now.month));
        let days = days_from_civil(year, now.month, day);
        CenturyStart { at_utc_ms: days * MS_PER_DAY + now.ms_of_day, year }
    }
}

struct DateParser {
    text: Vec<char>,
    zone: JavaZone,
    fields: ParsedFields,
    century_start: CenturyStart,
    ambiguous_year: bool,
}

/// Unicode space separators (category Zs), which lenient Java parsing treats as equal.
fn is_space_separator(c: char) -> bool {
    matches!(c, ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'..='\u{200a}' | '\u{202f}' | '\u{205f}' | '\u{3000}')
}

/// Whether a numeric field followed by this part must take exactly its count of digits
/// (`yyyyMMdd`), Java's `shouldObeyCount`.
fn next_obeys_count(next: Option<&PatternPart>) -> bool {
    match next {
        Some(PatternPart::Field { letter: 'M' | 'L', count }) => *count <= 2,
        Some(PatternPart::Field { letter, .. }) => "ydkHmsSDFwWhKYu".contains(*letter),
        _ => false,
    }
}

impl DateParser {
    fn parse(&mut self, parts: &[PatternPart]) -> Option<()> {
        let mut pos = 0;
        for (index, part) in parts.iter().enumerate() {
            pos = match part {
                PatternPart::Literal(literal) => self.match_literal(pos, literal)?,
                PatternPart::Field { letter, count } => {
                    let obey_count = next_obeys_count(parts.get(index + 1));
                    self.parse_field(*letter, *count, pos, obey_count)?
                }
            };
        }
        Some(())
    }

    fn match_literal(&self, mut pos: usize, literal: &str) -> Option<usize> {
        for expected in literal.chars() {
            let actual = *self.text.get(pos)?;
            let same = actual == expected || (is_space_separator(actual) && is_space_separator(expected));
            if !same {
                return None;
            }
            pos += 1;
        }
        Some(pos)
    }

    /// One field at `start`; Java skips spaces and tabs before it, but matches names
    /// (months, weekdays) at `start` itself.
    fn parse_field(&mut self, letter: char, count: usize, start: usize, obey_count: bool) -> Option<usize> {
        let pos = (start..self.text.len()).find(|&i| !matches!(self.text[i], ' ' | '\t'))?;
        let limit = if obey_count { Some(start + count) } else { None };
        match letter {
            'G' => self.match_names(start, CalField::Era, &[&ERAS_SHORT, &ERAS_LONG], 0),
            'M' | 'L' if count >= 3 => self.match_names(start, CalField::Month, &[&MONTHS_LONG, &MONTHS_SHORT], 0),
            'E' => self.match_names(start, CalField::DayOfWeek, &[&WEEKDAYS_LONG, &WEEKDAYS_SHORT], 1),
            'a' => self.match_names(start, CalField::AmPm, &[&AM_PM], 0),
            'z' | 'Z' => self.parse_zone_text(start, pos),
            'X' => self.parse_iso_zone(pos, count),
            _ => {
                let (value, end) = self.parse_number(pos, limit)?;
                self.set_numeric(letter, count, value, pos, end);
                Some(end)
            }
        }
    }

    /// Java's `DecimalFormat` integer parse: an optional `-`, then digits.
    fn parse_number(&self, pos: usize, limit: Option<usize>) -> Option<(i64, usize)> {
        let end = limit.unwrap_or(self.text.len());
        if end > self.text.len() {
            return None;
        }
        let negative = self.text.get(pos) == Some(&'-');
        let digits_start = pos + usize::from(negative);
        let digits_end = (digits_start..end).find(|&i| !self.text[i].is_ascii_digit()).unwrap_or(end.max(digits_start));
        if digits_end <= digits_start {
            return None;
        }
        let magnitude = self.text[digits_start..digits_end]
            .iter()
            .fold(0i64, |acc, c| acc.saturating_mul(10).saturating_add(i64::from(*c as u8 - b'0')));
        // Number.intValue(): Java keeps the low 32 bits.
        let value = i64::from((if negative { -magnitude } else { magnitude }) as i32);
        Some((value, digits_end))
    }

    fn set_numeric(&mut self, letter: char, count: usize, value: i64, pos: usize, end: usize) {
        let (field, value) = match letter {
            'y' | 'Y' => {
                let field = if letter == 'y' { CalField::Year } else { CalField::WeekYear };
                (field, self.adjust_two_digit_year(value, count, pos, end))
            }
            'M' | 'L' => (CalField::Month, value - 1),
            'd' => (CalField::DayOfMonth, value),
            'D' => (CalField::DayOfYear, value),
            'F' => (CalField::DayOfWeekInMonth, value),
            'w' => (CalField::WeekOfYear, value),
            'W' => (CalField::WeekOfMonth, value),
            // ISO 1 = Monday .. 7 = Sunday; Java's 1 = Sunday. Others stay for leniency.
            'u' => (CalField::DayOfWeek, if (1..=7).contains(&value) { value % 7 + 1 } else { value }),
            'H' => (CalField::HourOfDay, value),
            'k' => (CalField::HourOfDay, if value == 24 { 0 } else { value }),
            'K' => (CalField::Hour, value),
            'h' => (CalField::Hour, if value == 12 { 0 } else { value }),
            'm' => (CalField::Minute, value),
            's' => (CalField::Second, value),
            // S counts milliseconds: ".5" with "S" is 5 ms, not 500.
            _ => (CalField::Millisecond, value),
        };
        self.fields.set(field, value);
    }

    /// `y`/`yy` with exactly two digits lands in [now - 80 years, now + 20 years).
    fn adjust_two_digit_year(&mut self, value: i64, count: usize, pos: usize, end: usize) -> i64 {
        let two_digits = end - pos == 2 && self.text[pos].is_ascii_digit() && self.text[pos + 1].is_ascii_digit();
        if count > 2 || !two_digits {
            return value;
        }
        let ambiguous = self.century_start.year % 100;
        self.ambiguous_year = value == ambiguous;
        value + self.century_start.year / 100 * 100 + if value < ambiguous { 100 } else { 0 }
    }

    /// Matches the longest of `names` (case-insensitive) at `pos`, setting `field` to its
    /// index plus `first_value`.
    fn match_names(&mut self, pos: usize, field: CalField, lists: &[&[&str]], first_value: i64) -> Option<usize> {
        let mut best: Option<(usize, usize)> = None;
        for list in lists {
            for (index, name) in list.iter().enumerate() {
                let len = name.chars().count();
                if best.is_none_or(|(_, best_len)| len > best_len) && self.region_matches(pos, name) {
                    best = Some((index, len));
                }
            }
        }
        let (index, len) = best?;
        self.fields.set(field, index as i64 + first_value);
        Some(pos + len)
    }

    fn region_matches(&self, pos: usize, expected: &str) -> bool {
        let mut at = pos;
        for c in expected.chars() {
            match self.text.get(at) {
                Some(actual) if actual.to_lowercase().eq(c.to_lowercase()) => at += 1,
                _ => return false,
            }
        }
        true
    }

    /// `z` and `Z` read the same forms: `-0700`, `GMT`, `GMT-07:00`, or a zone name.
    fn parse_zone_text(&mut self, start: usize, pos: usize) -> Option<usize> {
        let c = *self.text.get(pos)?;
        if c == '+' || c == '-' {
            return self.parse_numeric_zone(pos + 1, sign_of(c), 0, false);
        }
        if (c == 'G' || c == 'g') && self.region_matches(start, "GMT") {
            let after = start + 3;
            return match self.text.get(after) {
                Some(&sign @ ('+' | '-')) => self.parse_numeric_zone(after + 1, sign_of(sign), 0, true),
                _ => {
                    self.set_zone_offset(0);
                    Some(after)
                }
            };
        }
        self.parse_zone_name(pos)
    }

    /// `X`: `Z`, or `+hh`, `+hhmm`, `+hh:mm` by count.
    fn parse_iso_zone(&mut self, pos: usize, count: usize) -> Option<usize> {
        match *self.text.get(pos)? {
            'Z' => {
                self.set_zone_offset(0);
                Some(pos + 1)
            }
            c @ ('+' | '-') => self.parse_numeric_zone(pos + 1, sign_of(c), count, count == 3),
            _ => None,
        }
    }

    /// Java's `subParseNumericZone`: hh (one digit allowed only with a colon form), then
    /// `:mm` or `mm` unless `count` is 1.
    fn parse_numeric_zone(&mut self, mut at: usize, sign: i64, count: usize, colon: bool) -> Option<usize> {
        let digit = |at: usize| self.text.get(at).and_then(|c| c.to_digit(10)).map(i64::from);
        let mut hours = digit(at)?;
        at += 1;
        // Java reads the second character even when one hour digit is allowed, so the
        // text may not end there.
        match self.text.get(at)?.to_digit(10) {
            Some(d) => {
                hours = hours * 10 + i64::from(d);
                at += 1;
            }
            None if count > 0 || !colon => return None,
            None => {}
        }
        if hours > 23 {
            return None;
        }
        let mut minutes = 0;
        if count != 1 {
            if colon {
                (self.text.get(at) == Some(&':')).then_some(())?;
                at += 1;
            }
            minutes = digit(at)? * 10 + digit(at + 1)?;
            at += 2;
            if minutes > 59 {
                return None;
            }
        }
        self.set_zone_offset(sign * (hours * 60 + minutes) * MS_PER_MINUTE);
        Some(at)
    }

    fn set_zone_offset(&mut self, offset_ms: i64) {
        self.fields.set(CalField::ZoneOffsetMs, offset_ms);
        self.fields.set(CalField::DstOffsetMs, 0);
    }

    /// A zone name (`PDT`, `Pacific Standard Time`), tried against the formatter's zone
    /// first and then every zone, as Java's `subParseZoneString`. The matched zone
    /// becomes the formatter's zone; a daylight name adds that zone's saving.
    fn parse_zone_name(&mut self, pos: usize) -> Option<usize> {
        let own = java_zone_names().get(self.zone.id.as_str()).map(|names| (self.zone.id.clone(), *names));
        let candidates = own.into_iter().chain(java_zone_name_groups().map(|(id, names)| (id.to_string(), names)));
        for (id, names) in candidates {
            // Java's order: long standard, short standard, long daylight, short daylight.
            let order = [names[2], names[0], names[3], names[1]];
            let Some(matched) = order.iter().position(|name| self.region_matches(pos, name)) else {
                continue;
            };
            let daylight = matched >= 2;
            let same_name = !daylight && order[matched].eq_ignore_ascii_case(order[matched + 2]);
            self.zone = resolve_zone(&id);
            if !same_name {
                let savings_ms = match (&self.zone.rules, daylight) {
                    (ZoneRules::Tzdb(tz), true) => java_dst_savings_ms(*tz, TWO_DIGIT_YEAR_NOW_UTC_MS),
                    _ => 0,
                };
                if !(daylight && savings_ms == 0) {
                    self.fields.clear(CalField::ZoneOffsetMs);
                    self.fields.set(CalField::DstOffsetMs, savings_ms);
                }
            }
            return Some(pos + order[matched].chars().count());
        }
        None
    }

    /// The instant the parsed fields name, with Java's two-digit-year correction.
    fn resolve(&mut self) -> Option<i64> {
        let at_utc_ms = self.resolve_once()?;
        if self.ambiguous_year && at_utc_ms < self.century_start.at_utc_ms {
            for field in [CalField::Year, CalField::WeekYear] {
                if let Some((value, stamp)) = self.fields.slots[field as usize] {
                    self.fields.slots[field as usize] = Some((value + 100, stamp));
                }
            }
            return self.resolve_once();
        }
        Some(at_utc_ms)
    }

    fn resolve_once(&self) -> Option<i64> {
        let days = resolve_days(&self.fields);
        let local_ms = days.checked_mul(MS_PER_DAY)?.checked_add(time_of_day_ms(&self.fields))?;
        let f = &self.fields;
        match (f.get(CalField::ZoneOffsetMs), f.get(CalField::DstOffsetMs)) {
            (Some(zone_ms), Some(dst_ms)) => Some(local_ms - zone_ms - dst_ms),
            (None, Some(dst_ms)) => {
                let raw_ms = match self.zone.rules {
                    ZoneRules::Tzdb(tz) => {
                        i64::from(java_raw_offset_s(tz, wall_to_utc_ms(&self.zone, local_ms))) * MS_PER_SECOND
                    }
                    ZoneRules::Fixed { offset_s } => i64::from(offset_s) * MS_PER_SECOND,
                };
                Some(local_ms - raw_ms - dst_ms)
            }
            _ => Some(wall_to_utc_ms(&self.zone, local_ms)),
        }
    }
}

fn sign_of(c: char) -> i64 {
    if c == '-' {
        -1
    } else {
        1
    }
}

/// A wall-clock time in `zone` to an instant, as Java's `ZoneInfo.getOffsetsByWall`:
/// in a spring-forward gap the offset before the change applies (02:30 becomes 03:30
/// daylight); in a fall-back overlap the offset after it wins (the later instant, unlike
/// ECMAScript's earlier one).
fn wall_to_utc_ms(zone: &JavaZone, local_ms: i64) -> i64 {
    let tz = match zone.rules {
        ZoneRules::Fixed { offset_s } => return local_ms - i64::from(offset_s) * MS_PER_SECOND,
        ZoneRules::Tzdb(tz) => tz,
    };
    // Before the first wall time of Java's zone data, Java applies the current raw offset.
    let data_start_wall_ms =
        JAVA_ZONE_DATA_START_UTC_MS + i64::from(offset_at(zone, JAVA_ZONE_DATA_START_UTC_MS).total_s) * MS_PER_SECOND;
    if local_ms < data_start_wall_ms {
        return local_ms - i64::from(java_current_raw_offset_s(tz)) * MS_PER_SECOND;
    }
    let Some(local) = DateTime::from_timestamp_millis(local_ms).map(|t| t.naive_utc()) else {
        return local_ms;
    };
    match tz.from_local_datetime(&local) {
        LocalResult::Single(t) => t.timestamp_millis(),
        LocalResult::Ambiguous(_, later) => later.timestamp_millis(),
        LocalResult::None => crate::time::local_to_utc_ms(tz, local),
    }
}

/// Milliseconds into the day from the time fields: `H` or `h`/`a`, whichever was set
/// last (Java's `selectFields`), then minutes, seconds, milliseconds; lenient, so
/// 25:00 runs into the next day.
fn time_of_day_ms(f: &ParsedFields) -> i64 {
    use CalField::*;
    let aggregate = |a: u32, b: u32| if a == 0 || b == 0 { 0 } else { a.max(b) };
    let hour_of_day_stamp = f.stamp(HourOfDay);
    let mut best = aggregate(f.stamp(Hour), f.stamp(AmPm)).max(hour_of_day_stamp);
    if best == 0 {
        best = f.stamp(Hour).max(f.stamp(AmPm));
    }
    let hours = if best != 0 && best == hour_of_day_stamp {
        f.value_or(HourOfDay, 0)
    } else {
        f.value_or(Hour, 0) + 12 * f.value_or(AmPm, 0)
    };
    ((hours * 60 + f.value_or(Minute, 0)) * 60 + f.value_or(Second, 0)) * MS_PER_SECOND + f.value_or(Millisecond, 0)
}

/// The local day the date fields name, resolved as Java's `GregorianCalendar`: a
/// week-based year (`Y`) set after `y` wins; otherwise the most recently set of
/// day-of-month, week-of-month, weekday-in-month, day-of-year and week-of-year.
fn resolve_days(f: &ParsedFields) -> i64 {
    if f.is_set(CalField::WeekYear) && f.stamp(CalField::WeekYear) > f.stamp(CalField::Year) {
        return week_date_days(f);
    }
    let mut year = f.value_or(CalField::Year, 1970);
    if f.get(CalField::Era) == Some(0) {
        year = 1 - year;
    }
    match select_date_mode(f) {
        DateMode::YearDay => days_from_civil(year, 1, 1) + f.value_or(CalField::DayOfYear, 1) - 1,
        DateMode::YearWeek => year_week_days(f, year),
        month_mode => month_mode_days(f, year, month_mode),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DateMode {
    MonthDay,
    MonthWeek,
    MonthWeekday,
    YearDay,
    YearWeek,
}

/// Java's `Calendar.selectFields` for the date: the combination set most recently wins.
fn select_date_mode(f: &ParsedFields) -> DateMode {
    use CalField::*;
    let aggregate = |a: u32, b: u32| if a == 0 || b == 0 { 0 } else { a.max(b) };
    let dow = f.stamp(DayOfWeek);
    let mut dom = f.stamp(DayOfMonth);
    let mut wom = aggregate(f.stamp(WeekOfMonth), dow);
    let mut dowim = aggregate(f.stamp(DayOfWeekInMonth), dow);
    let doy = f.stamp(DayOfYear);
    let mut woy = aggregate(f.stamp(WeekOfYear), dow);
    let mut best = dom.max(wom).max(dowim).max(doy).max(woy);
    if best == 0 {
        // No complete combination: a week field alone, or a weekday alone as weekday-in-month.
        wom = f.stamp(WeekOfMonth);
        dowim = f.stamp(DayOfWeekInMonth).max(dow);
        woy = f.stamp(WeekOfYear);
        best = wom.max(dowim).max(woy);
        if best == 0 {
            dom = f.stamp(Month);
            best = dom;
        }
    }
    let month_based = best == dom
        || (best == wom && f.stamp(WeekOfMonth) >= f.stamp(WeekOfYear))
        || (best == dowim && f.stamp(DayOfWeekInMonth) >= f.stamp(WeekOfYear));
    if month_based {
        if best == dom {
            DateMode::MonthDay
        } else if wom == dowim {
            if f.stamp(WeekOfMonth) >= f.stamp(DayOfWeekInMonth) {
                DateMode::MonthWeek
            } else {
                DateMode::MonthWeekday
            }
        } else if best == wom {
            DateMode::MonthWeek
        } else {
            DateMode::MonthWeekday
        }
    } else if best == doy {
        DateMode::YearDay
    } else {
        DateMode::YearWeek
    }
}

fn month_mode_days(f: &ParsedFields, year: i64, mode: DateMode) -> i64 {
    use CalField::*;
    let month0 = f.value_or(Month, 0);
    let year = year + month0.div_euclid(12);
    let month = month0.rem_euclid(12) + 1;
    let first = days_from_civil(year, month, 1);
    match mode {
        DateMode::MonthWeek => {
            let mut week_start = day_on_or_before(first + 6, 1);
            if week_start - first >= 1 {
                week_start -= 7;
            }
            if let Some(dow) = f.get(DayOfWeek) {
                week_start = day_on_or_before(week_start + 6, dow);
            }
            week_start + 7 * (f.value_or(WeekOfMonth, 0) - 1)
        }
        DateMode::MonthWeekday => {
            let dow = f.value_or(DayOfWeek, 1);
            let dowim = f.value_or(DayOfWeekInMonth, 1);
            if dowim >= 0 {
                day_on_or_before(first + 7 * dowim - 1, dow)
            } else {
                let last = days_in_month(year, month) + 7 * (dowim + 1);
                day_on_or_before(first + last - 1, dow)
            }
        }
        _ => first + f.value_or(DayOfMonth, 1) - 1,
    }
}

fn year_week_days(f: &ParsedFields, year: i64) -> i64 {
    let mut week_start = week_one_start(year);
    if let Some(dow) = f.get(CalField::DayOfWeek).filter(|&dow| dow != 1) {
        week_start = day_on_or_before(week_start + 6, dow);
    }
    week_start + 7 * (f.value_or(CalField::WeekOfYear, 0) - 1)
}

/// `Y` with `w` and a weekday, Java's `GregorianCalendar.setWeekDate`: missing week is
/// 1, missing weekday is Sunday, so "YYYY-MM-dd" lands on the Sunday of week 1.
fn week_date_days(f: &ParsedFields) -> i64 {
    let week_year = f.value_or(CalField::WeekYear, 1970);
    let mut week = f.value_or(CalField::WeekOfYear, 1);
    let mut dow = f.value_or(CalField::DayOfWeek, 1);
    // CalendarBuilder.establish folds an out-of-range (ISO, from `u`) weekday into the week.
    if !(1..=7).contains(&dow) {
        if dow >= 8 {
            dow -= 1;
            week += dow / 7;
            dow = dow % 7 + 1;
        } else {
            // Java adds weeks one at a time until the weekday is positive.
            let weeks = -dow / 7 + 1;
            dow += 7 * weeks;
            week -= weeks;
        }
        dow = if dow == 7 { 1 } else { dow + 1 };
    }
    week_one_start(week_year) + (dow - 1) + 7 * (week - 1)
}

// ---------------------------------------------------------------------------------------
// Base64
// ---------------------------------------------------------------------------------------

/// Decoding takes the text with its padding already removed and ignores leftover bits,
/// which makes it as forgiving as Apps Script.
const LENIENT_DECODE: GeneralPurposeConfig = GeneralPurposeConfig::new()
    .with_decode_padding_mode(DecodePaddingMode::RequireNone)
    .with_decode_allow_trailing_bits(true);

/// The text of every base64 decoding failure (observed in Apps Script).
pub const BASE64_DECODE_ERROR: &str = "Could not decode string.";

/// `Utilities.base64Encode`: standard alphabet, `=` padding.
pub fn base64_encode(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// `Utilities.base64EncodeWebSafe`: `-` and `_` for `+` and `/`, still `=` padded.
pub fn base64_encode_web_safe(bytes: &[u8]) -> String {
    base64::engine::general_purpose::URL_SAFE.encode(bytes)
}

/// `Utilities.base64Decode`. Apps Script ignores white space and missing or extra `=`
/// padding (`aGk`, `aGk==` and `aG k=` all give "hi"), but rejects the web-safe
/// alphabet and a lone leftover character (`a`), with `Could not decode string.`
/// (observed, in Collabora's Apps Script compatibility tests).
pub fn base64_decode(text: &str) -> ServiceResult<Vec<u8>> {
    decode_lenient(text, &base64::alphabet::STANDARD)
}

/// `Utilities.base64DecodeWebSafe`: the `-`/`_` alphabet, padded or not, with the same
/// leniency as `base64_decode` (assumed: only the alphabet differs).
pub fn base64_decode_web_safe(text: &str) -> ServiceResult<Vec<u8>> {
    decode_lenient(text, &base64::alphabet::URL_SAFE)
}

fn decode_lenient(text: &str, alphabet: &base64::alphabet::Alphabet) -> ServiceResult<Vec<u8>> {
    let compact: String = text.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    let unpadded = compact.trim_end_matches('=');
    GeneralPurpose::new(alphabet, LENIENT_DECODE).decode(unpadded).map_err(|_| ServiceError::new(BASE64_DECODE_ERROR))
}

// ---------------------------------------------------------------------------------------
// Digests and HMACs, as signed Java bytes
// ---------------------------------------------------------------------------------------

/// `Utilities.DigestAlgorithm`, named as the JS enum (`"SHA_256"`). MD2, which Apps
/// Script also offers, is not implemented (`parse_digest_algorithm` says so).
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DigestAlgorithm {
    MD5,
    SHA_1,
    SHA_256,
    SHA_384,
    SHA_512,
}

/// `Utilities.MacAlgorithm`, named as the JS enum (`"HMAC_SHA_256"`).
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MacAlgorithm {
    HMAC_MD5,
    HMAC_SHA_1,
    HMAC_SHA_256,
    HMAC_SHA_384,
    HMAC_SHA_512,
}

/// The error for an algorithm name that is no enum value (assumed text).
fn invalid_algorithm() -> ServiceError {
    ServiceError::new("Invalid argument: algorithm")
}

/// Reads a `DigestAlgorithm` enum name as the binding passes it (`"SHA_256"`).
pub fn parse_digest_algorithm(name: &str) -> ServiceResult<DigestAlgorithm> {
    match name {
        "MD2" => {
            Err(ServiceError::new("gas-sim does not implement Utilities.computeDigest() with DigestAlgorithm.MD2"))
        }
        "MD5" => Ok(DigestAlgorithm::MD5),
        "SHA_1" => Ok(DigestAlgorithm::SHA_1),
        "SHA_256" => Ok(DigestAlgorithm::SHA_256),
        "SHA_384" => Ok(DigestAlgorithm::SHA_384),
        "SHA_512" => Ok(DigestAlgorithm::SHA_512),
        _ => Err(invalid_algorithm()),
    }
}

/// Reads a `MacAlgorithm` enum name as the binding passes it (`"HMAC_SHA_256"`).
pub fn parse_mac_algorithm(name: &str) -> ServiceResult<MacAlgorithm> {
    match name {
        "HMAC_MD5" => Ok(MacAlgorithm::HMAC_MD5),
        "HMAC_SHA_1" => Ok(MacAlgorithm::HMAC_SHA_1),
        "HMAC_SHA_256" => Ok(MacAlgorithm::HMAC_SHA_256),
        "HMAC_SHA_384" => Ok(MacAlgorithm::HMAC_SHA_384),
        "HMAC_SHA_512" => Ok(MacAlgorithm::HMAC_SHA_512),
        _ => Err(invalid_algorithm()),
    }
}

/// Java's `byte` is signed, and Apps Script returns digests as Java bytes (-128..127).
fn java_bytes(bytes: &[u8]) -> Vec<i8> {
    bytes.iter().map(|&b| b as i8).collect()
}

/// `Utilities.computeDigest(algorithm, value)`, as signed bytes.
pub fn compute_digest(algorithm: DigestAlgorithm, bytes: &[u8]) -> Vec<i8> {
    let digest = match algorithm {
        DigestAlgorithm::MD5 => Md5::digest(bytes).to_vec(),
        DigestAlgorithm::SHA_1 => Sha1::digest(bytes).to_vec(),
        DigestAlgorithm::SHA_256 => Sha256::digest(bytes).to_vec(),
        DigestAlgorithm::SHA_384 => Sha384::digest(bytes).to_vec(),
        DigestAlgorithm::SHA_512 => Sha512::digest(bytes).to_vec(),
    };
    java_bytes(&digest)
}

/// `Utilities.computeHmacSignature(algorithm, value, key)` (and the
/// `computeHmacSha256Signature` shorthand), as signed bytes.
///
/// An empty key is an error, `Empty key`: Java's `SecretKeySpec` refuses one, which Apps
/// Script must construct (the text reaching the script is assumed).
pub fn compute_hmac(algorithm: MacAlgorithm, message: &[u8], key: &[u8]) -> ServiceResult<Vec<i8>> {
    if key.is_empty() {
        return Err(ServiceError::new("Empty key"));
    }
    let signature = match algorithm {
        MacAlgorithm::HMAC_MD5 => hmac_bytes::<Hmac<Md5>>(message, key),
        MacAlgorithm::HMAC_SHA_1 => hmac_bytes::<Hmac<Sha1>>(message, key),
        MacAlgorithm::HMAC_SHA_256 => hmac_bytes::<Hmac<Sha256>>(message, key),
        MacAlgorithm::HMAC_SHA_384 => hmac_bytes::<Hmac<Sha384>>(message, key),
        MacAlgorithm::HMAC_SHA_512 => hmac_bytes::<Hmac<Sha512>>(message, key),
    };
    Ok(java_bytes(&signature))
}

fn hmac_bytes<M: Mac + hmac::digest::KeyInit>(message: &[u8], key: &[u8]) -> Vec<u8> {
    let mut mac = <M as Mac>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(message);
    mac.finalize().into_bytes().to_vec()
}

// ---------------------------------------------------------------------------------------
// Charsets
// ---------------------------------------------------------------------------------------

/// `Utilities.Charset`, named as the JS enum.
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charset {
    UTF_8,
    US_ASCII,
}

/// Reads a `Charset` enum name as the binding passes it (`"UTF_8"`).
pub fn parse_charset(name: &str) -> ServiceResult<Charset> {
    match name {
        "UTF_8" => Ok(Charset::UTF_8),
        "US_ASCII" => Ok(Charset::US_ASCII),
        // Assumed text, in the form Apps Script uses for a bad argument.
        _ => Err(ServiceError::new("Invalid argument: charset")),
    }
}

/// A string's bytes in a charset. US-ASCII replaces each character outside it (a whole
/// code point, so one `?` for an emoji) with `?`, as Java's encoder does.
///
/// Apps Script uses US-ASCII where a string method takes no charset (observed:
/// `base64Encode("é")` is `Pw==`).
pub fn encode_string(text: &str, charset: Charset) -> Vec<u8> {
    match charset {
        Charset::UTF_8 => text.as_bytes().to_vec(),
        Charset::US_ASCII => text.chars().map(|c| if c.is_ascii() { c as u8 } else { b'?' }).collect(),
    }
}

// ---------------------------------------------------------------------------------------
// UUIDs
// ---------------------------------------------------------------------------------------

/// `Utilities.getUuid()`: a random (version 4, RFC 4122 variant) UUID in lowercase,
/// drawn from the seeded generator so a run is reproducible.
pub fn uuid_v4(rng: &mut SeededRng) -> String {
    let mut bytes = [0u8; 16];
    bytes[..8].copy_from_slice(&rng.next_u64().to_be_bytes());
    bytes[8..].copy_from_slice(&rng.next_u64().to_be_bytes());
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &hex[..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..])
}

// ---------------------------------------------------------------------------------------
// formatString
// ---------------------------------------------------------------------------------------

/// A `Utilities.formatString` argument as the script passed it.
#[derive(Debug, Clone, PartialEq)]
pub enum FormatArg {
    Number(f64),
    String(String),
    Bool(bool),
}

impl FormatArg {
    /// ECMAScript `ToString`.
    fn js_string(&self) -> String {
        match self {
            FormatArg::Number(n) => js_number_to_string(*n),
            FormatArg::String(s) => s.clone(),
            FormatArg::Bool(b) => b.to_string(),
        }
    }

    /// ECMAScript `ToNumber`.
    fn js_number(&self) -> f64 {
        match self {
            FormatArg::Number(n) => *n,
            FormatArg::String(s) => js_string_to_number(s),
            FormatArg::Bool(b) => f64::from(u8::from(*b)),
        }
    }
}

/// `Utilities.formatString(template, ...args)`: "sprintf-like" formatting.
///
/// Assumed implementation: Closure's `goog.string.format`, whose description Apps Script
/// repeats and whose leniency public scripts rely on (`%05d` with a string argument,
/// which a Java `String.format` would reject). So: `%s`, `%f` (`%.2f`), `%d`/`%i`/`%u`
/// (`parseInt`, so 3.7 gives 3), `%%`, flags `-`, `+`, space and `0`, a width and a
/// precision; anything else after `%` (`%x`, `%5`) stays as written; extra arguments are
/// ignored. Its quirks hold too: `%5s` pads only strings, and the sign of a padded number
/// comes first (`%5d` of -42 is `-  42`). Checked against that function under Node.
///
/// Too few arguments is an error with Closure's text, `[goog.string.format] Not enough
/// arguments` (assumed); a precision over 100 is V8's `toFixed` RangeError (assumed).
pub fn format_string(template: &str, args: &[FormatArg]) -> ServiceResult<String> {
    let mut remaining = args.iter();
    let mut out = String::new();
    let mut rest = template;
    while let Some(percent) = rest.find('%') {
        out.push_str(&rest[..percent]);
        let Some(spec) = FormatSpec::read(&rest[percent + 1..]) else {
            out.push('%');
            rest = &rest[percent + 1..];
            continue;
        };
        rest = &rest[percent + 1 + spec.len..];
        if spec.conversion == '%' {
            out.push('%');
            continue;
        }
        let arg = remaining.next().ok_or_else(|| ServiceError::new("[goog.string.format] Not enough arguments"))?;
        out.push_str(&spec.apply(arg)?);
    }
    out.push_str(rest);
    Ok(out)
}

/// V8's longest string (`String::kMaxLength` on 64-bit: 2^29 - 24 UTF-16 units).
/// Closure pads in JS, so a width past it is V8's `RangeError: Invalid string length`;
/// without the check `%999999999999s` allocated until the process aborted.
pub const V8_STRING_LENGTH_MAX: usize = (1 << 29) - 24;

fn invalid_string_length() -> ServiceError {
    ServiceError { message: "Invalid string length".to_string(), kind: crate::error::ErrorKind::RangeError }
}

/// One `%[flags][width][.precision]conversion`, matched as Closure's
/// `/%([0\- \+]*)(\d+)?(\.(\d+))?([%sfdiu])/`.
struct FormatSpec {
    flags: String,
    width: Option<usize>,
    precision: Option<usize>,
    conversion: char,
    /// Characters after the `%`.
    len: usize,
}

impl FormatSpec {
    fn read(text: &str) -> Option<FormatSpec> {
        let flags_len = text.find(|c: char| !"0- +".contains(c)).unwrap_or(text.len());
        let after_flags = &text[flags_len..];
        let width_len = after_flags.find(|c: char| !c.is_ascii_digit()).unwrap_or(after_flags.len());
        let mut len = flags_len + width_len;
        let mut precision = None;
        if let Some(after_dot) = text[len..].strip_prefix('.') {
            let digits = after_dot.find(|c: char| !c.is_ascii_digit()).unwrap_or(after_dot.len());
            if digits > 0 {
                precision = Some(after_dot[..digits].parse().unwrap_or(usize::MAX));
                len += 1 + digits;
            }
        }
        let conversion = text[len..].chars().next().filter(|c| "%sfdiu".contains(*c))?;
        Some(FormatSpec {
            flags: text[..flags_len].to_string(),
            width: after_flags[..width_len].parse().ok(),
            precision,
            conversion,
            len: len + 1,
        })
    }

    fn apply(&self, arg: &FormatArg) -> ServiceResult<String> {
        match self.conversion {
            // Closure pads by `value.length`, which only a string has: a number or a
            // boolean comes out unpadded ("%5s" of 42 is "42").
            's' => match arg {
                FormatArg::String(text) => self.pad_string(text.clone()),
                _ => Ok(arg.js_string()),
            },
            'f' => {
                let text = match self.precision {
                    Some(digits) => js_to_fixed(js_parse_float(&arg.js_string()), digits)?,
                    None => arg.js_string(),
                };
                self.pad_number(arg.js_number(), text, self.precision)
            }
            // d, i, u: parseInt, then %f with precision 0, which Closure treats as none
            // for the unpadded text (0 == "" in JS) but as 0 when padding.
            _ => {
                let value = js_parse_int(&arg.js_string());
                self.pad_number(value, js_number_to_string(value), Some(0))
            }
        }
    }

    fn pad_string(&self, text: String) -> ServiceResult<String> {
        let Some(width) = self.width else { return Ok(text) };
        let missing = width.saturating_sub(text.encode_utf16().count());
        if missing > 0 && width > V8_STRING_LENGTH_MAX {
            return Err(invalid_string_length());
        }
        Ok(if self.flags.contains('-') { text + &" ".repeat(missing) } else { " ".repeat(missing) + &text })
    }

    /// Closure's `%f` tail: sign, then padding to the width.
    fn pad_number(&self, value: f64, text: String, precision: Option<usize>) -> ServiceResult<String> {
        let sign = if value < 0.0 {
            "-"
        } else if self.flags.contains('+') {
            "+"
        } else if self.flags.contains(' ') {
            " "
        } else {
            ""
        };
        let text = if value >= 0.0 { format!("{sign}{text}") } else { text };
        let Some(width) = self.width.filter(|&width| text.encode_utf16().count() < width) else {
            return Ok(text);
        };
        let magnitude = match precision {
            Some(digits) => js_to_fixed(value.abs(), digits)?,
            None => js_number_to_string(value.abs()),
        };
        let missing = width.saturating_sub(magnitude.len() + sign.len());
        if missing > 0 && width > V8_STRING_LENGTH_MAX {
            return Err(invalid_string_length());
        }
        Ok(if self.flags.contains('-') {
            format!("{sign}{magnitude}{}", " ".repeat(missing))
        } else {
            let pad = if self.flags.contains('0') { "0" } else { " " };
            format!("{sign}{}{magnitude}", pad.repeat(missing))
        })
    }
}

/// ECMAScript `Number::toString`: shortest round-trip digits, exponent form outside
/// 1e-7..1e21.
fn js_number_to_string(value: f64) -> String {
    if value.is_nan() {
        return "NaN".to_string();
    }
    if value.is_infinite() {
        return if value > 0.0 { "Infinity" } else { "-Infinity" }.to_string();
    }
    if value == 0.0 {
        return "0".to_string();
    }
    let sign = if value < 0.0 { "-" } else { "" };
    // Rust's {:e} gives the shortest round-trip digits: "1.2345e3".
    let scientific = format!("{:e}", value.abs());
    let (mantissa, exponent) = scientific.split_once('e').expect("{:e} has an exponent");
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let k = digits.len() as i64;
    let n = exponent.parse::<i64>().expect("{:e} exponent is a number") + 1;
    let body = if k <= n && n <= 21 {
        digits + &"0".repeat((n - k) as usize)
    } else if 0 < n && n <= 21 {
        format!("{}.{}", &digits[..n as usize], &digits[n as usize..])
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", "0".repeat((-n) as usize))
    } else {
        let exp_sign = if n > 0 { "+" } else { "-" };
        let (first, rest) = digits.split_at(1);
        let fraction = if rest.is_empty() { String::new() } else { format!(".{rest}") };
        format!("{first}{fraction}e{exp_sign}{}", (n - 1).abs())
    };
    format!("{sign}{body}")
}

/// ECMAScript `Number.prototype.toFixed`: exact decimal rounding, ties away from zero.
fn js_to_fixed(value: f64, digits: usize) -> ServiceResult<String> {
    if digits > 100 {
        return Err(ServiceError {
            message: "toFixed() digits argument must be between 0 and 100".to_string(),
            kind: crate::error::ErrorKind::RangeError,
        });
    }
    if !value.is_finite() || value.abs() >= 1e21 {
        return Ok(js_number_to_string(value));
    }
    let sign = if value < 0.0 { "-" } else { "" };
    // 1074 fractional digits hold any f64 exactly, so the rounding below sees true ties.
    let exact = format!("{:.1074}", value.abs());
    let (whole, fraction) = exact.split_once('.').expect("fixed format has a point");
    let mut kept: Vec<u8> = whole.bytes().chain(fraction.bytes().take(digits)).collect();
    if fraction.as_bytes()[digits] >= b'5' {
        round_up_decimal(&mut kept);
    }
    let point = kept.len() - digits;
    let text = String::from_utf8(kept).expect("ASCII digits");
    let rounded = if digits == 0 { text } else { format!("{}.{}", &text[..point], &text[point..]) };
    // -0.001.toFixed(2) is "-0.00": the sign follows the value, not the digits.
    Ok(format!("{sign}{rounded}"))
}

/// Adds one unit in the last place to ASCII decimal digits.
fn round_up_decimal(digits: &mut Vec<u8>) {
    for digit in digits.iter_mut().rev() {
        if *digit == b'9' {
            *digit = b'0';
        } else {
            *digit += 1;
            return;
        }
    }
    digits.insert(0, b'1');
}

/// ECMAScript `ToNumber` on a string: the whole trimmed text must be a number.
fn js_string_to_number(text: &str) -> f64 {
    let trimmed = text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if trimmed.is_empty() {
        return 0.0;
    }
    for (prefix, radix) in [("0x", 16), ("0X", 16), ("0o", 8), ("0O", 8), ("0b", 2), ("0B", 2)] {
        if let Some(digits) = trimmed.strip_prefix(prefix) {
            return u128::from_str_radix(digits, radix).map_or(f64::NAN, |n| n as f64);
        }
    }
    let (number, len) = js_decimal_prefix(trimmed);
    if len == trimmed.len() {
        number
    } else {
        f64::NAN
    }
}

/// ECMAScript `parseFloat`: the longest decimal prefix after leading white space.
fn js_parse_float(text: &str) -> f64 {
    let trimmed = text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    let (number, len) = js_decimal_prefix(trimmed);
    if len == 0 {
        f64::NAN
    } else {
        number
    }
}

/// The longest `StrDecimalLiteral` at the start of `text` and its length (0 if none).
fn js_decimal_prefix(text: &str) -> (f64, usize) {
    let bytes = text.as_bytes();
    let mut end = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    if text[end..].starts_with("Infinity") {
        let negative = bytes[0] == b'-';
        return (if negative { f64::NEG_INFINITY } else { f64::INFINITY }, end + 8);
    }
    let digits_from = |at: usize| (at..bytes.len()).find(|&i| !bytes[i].is_ascii_digit()).unwrap_or(bytes.len());
    let int_end = digits_from(end);
    let mut mantissa_digits = int_end - end;
    end = int_end;
    if bytes.get(end) == Some(&b'.') {
        let frac_end = digits_from(end + 1);
        mantissa_digits += frac_end - end - 1;
        if mantissa_digits > 0 {
            end = frac_end;
        }
    }
    if mantissa_digits == 0 {
        return (f64::NAN, 0);
    }
    if matches!(bytes.get(end), Some(b'e' | b'E')) {
        let sign_len = usize::from(matches!(bytes.get(end + 1), Some(b'+' | b'-')));
        let exp_end = digits_from(end + 1 + sign_len);
        if exp_end > end + 1 + sign_len {
            end = exp_end;
        }
    }
    (text[..end].parse().unwrap_or(f64::NAN), end)
}

/// ECMAScript `parseInt(text, 10)`: optional sign and leading decimal digits.
fn js_parse_int(text: &str) -> f64 {
    let trimmed = text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    let (negative, digits) = match trimmed.as_bytes().first() {
        Some(b'-') => (true, &trimmed[1..]),
        Some(b'+') => (false, &trimmed[1..]),
        _ => (false, trimmed),
    };
    let len = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
    if len == 0 {
        return f64::NAN;
    }
    let magnitude: f64 = digits[..len].parse().unwrap_or(f64::NAN);
    if negative {
        -magnitude
    } else {
        magnitude
    }
}

// ---------------------------------------------------------------------------------------
// sleep
// ---------------------------------------------------------------------------------------

/// The longest `Utilities.sleep` (documented: "The maximum allowed value is 300000 (or
/// 5 minutes)").
pub const SLEEP_MS_MAX: i64 = 300_000;

/// Validates `Utilities.sleep(milliseconds)` and returns the whole milliseconds to
/// sleep (a fraction is dropped, as Java's int conversion does).
///
/// Errors (texts assumed, in Apps Script's forms for argument errors):
/// over 300000 is `Argument too large: milliseconds`, a negative value
/// `Invalid argument: milliseconds`, NaN `Cannot convert NaN to int.`.
pub fn sleep_ms_checked(ms: f64) -> ServiceResult<i64> {
    if ms.is_nan() {
        return Err(ServiceError::new("Cannot convert NaN to int."));
    }
    let whole_ms = ms.trunc();
    if whole_ms > SLEEP_MS_MAX as f64 {
        return Err(ServiceError::new("Argument too large: milliseconds"));
    }
    if whole_ms < 0.0 {
        return Err(ServiceError::new("Invalid argument: milliseconds"));
    }
    Ok(whole_ms as i64)
}

// ---------------------------------------------------------------------------------------
// Java's zone names (generated)
// ---------------------------------------------------------------------------------------

/// Java's zone display names, generated from Temurin JDK 25.0.3 (CLDR names; JDK 22 and
/// older fell back to the COMPAT data, which printed `TRT` for Istanbul where JDK 25
/// prints `GMT+03:00`). A line `= short std|short dst|long std|long dst` starts a group;
/// the zone IDs that share those names follow. Groups and IDs keep the order of Java's
/// `DateFormatSymbols.getZoneStrings()`, the order `parseDate` tries zone names in
/// (so `CST` is Chicago and `IST` Jerusalem, as in Java). SystemV/* IDs are left out:
/// tzdb lacks their rules, so they resolve as unknown (GMT). Regenerate with:
///
/// ```text
/// for (String[] row : DateFormatSymbols.getInstance(Locale.US).getZoneStrings())
///     System.out.println(row[0] + "\t" + row[2] + "\t" + row[4] + "\t" + row[1] + "\t" + row[3]);
/// // then group rows with equal names, keeping first-appearance order
/// ```
const JAVA_ZONE_NAMES: &str = "\
= PST|PDT|Pacific Standard Time|Pacific Daylight Time
America/Los_Angeles PST PST8PDT US/Pacific Canada/Pacific America/Tijuana America/Ensenada
Mexico/BajaNorte America/Vancouver America/Santa_Isabel
= MST|MDT|Mountain Standard Time|Mountain Daylight Time
America/Denver America/Phoenix MST PNT Navajo MST7MDT US/Arizona US/Mountain America/Boise
America/Inuvik America/Creston Canada/Mountain America/Edmonton America/Shiprock
America/Fort_Nelson America/Yellowknife America/Dawson_Creek America/Cambridge_Bay
America/Ciudad_Juarez
= CST|CDT|Central Standard Time|Central Daylight Time
America/Chicago CST CST6CDT US/Central America/Belize America/Merida America/Regina
Canada/Central Mexico/General America/Knox_IN America/Managua America/Ojinaga
America/Resolute America/Winnipeg America/Chihuahua America/Guatemala America/Matamoros
America/Menominee America/Monterrey US/Indiana-Starke America/Costa_Rica
America/El_Salvador America/Mexico_City America/Rainy_River America/Tegucigalpa
Canada/Saskatchewan America/Indiana/Knox America/Rankin_Inlet America/Swift_Current
America/Bahia_Banderas America/Indiana/Tell_City America/North_Dakota/Beulah
America/North_Dakota/Center America/North_Dakota/New_Salem
= EST|EDT|Eastern Standard Time|Eastern Daylight Time
America/New_York America/Indianapolis EST IET EST5EDT Jamaica US/Eastern US/Michigan
America/Cancun America/Cayman America/Nassau America/Panama Canada/Eastern America/Detroit
America/Iqaluit America/Jamaica America/Nipigon America/Toronto America/Atikokan
America/Montreal America/Grand_Turk America/Louisville America/Pangnirtung
America/Thunder_Bay America/Coral_Harbour America/Indiana/Vevay America/Port-au-Prince
America/Indiana/Marengo America/Indiana/Winamac America/Indiana/Vincennes
America/Indiana/Petersburg America/Kentucky/Louisville America/Kentucky/Monticello
America/Indiana/Indianapolis America/Fort_Wayne US/East-Indiana
= HST|HDT|Hawaii-Aleutian Standard Time|Hawaii-Aleutian Daylight Time
Pacific/Honolulu HST US/Hawaii Pacific/Johnston
= AKST|AKDT|Alaska Standard Time|Alaska Daylight Time
America/Anchorage America/Sitka AST US/Alaska America/Nome America/Juneau America/Yakutat
America/Metlakatla
= AST|ADT|Atlantic Standard Time|Atlantic Daylight Time
America/Halifax PRT America/Aruba America/Thule America/Virgin America/Antigua
America/Curacao America/Grenada America/Marigot America/Moncton America/Tortola
Canada/Atlantic America/Anguilla America/Barbados America/Dominica America/St_Kitts
America/St_Lucia Atlantic/Bermuda America/Glace_Bay America/Goose_Bay America/St_Thomas
America/Guadeloupe America/Kralendijk America/Martinique America/Montserrat
America/St_Vincent America/Puerto_Rico America/Blanc-Sablon America/Lower_Princes
America/Port_of_Spain America/Santo_Domingo America/St_Barthelemy
= NST|NDT|Newfoundland Standard Time|Newfoundland Daylight Time
America/St_Johns CNT Canada/Newfoundland
= CET|CEST|Central European Standard Time|Central European Summer Time
Europe/Paris CET ECT MET Poland Europe/Oslo Europe/Rome Africa/Ceuta Africa/Tunis
Europe/Malta Europe/Vaduz Europe/Berlin Europe/Madrid Europe/Monaco Europe/Prague
Europe/Skopje Europe/Tirane Europe/Vienna Europe/Warsaw Europe/Zagreb Europe/Zurich
Africa/Algiers Europe/Andorra Europe/Vatican Europe/Belgrade Europe/Brussels
Europe/Budapest Europe/Busingen Europe/Sarajevo Europe/Amsterdam Europe/Gibraltar
Europe/Ljubljana Europe/Podgorica Europe/Stockholm Europe/Bratislava Europe/Copenhagen
Europe/Luxembourg Europe/San_Marino Atlantic/Jan_Mayen Arctic/Longyearbyen
= GMT|GMT|Greenwich Mean Time|Greenwich Mean Time
GMT GMT0 Etc/GMT Etc/GMT0 Etc/GMT+0 Etc/GMT-0 Greenwich Etc/Greenwich
= IST|IDT|Israel Standard Time|Israel Daylight Time
Asia/Jerusalem Israel Asia/Tel_Aviv
= JST|JDT|Japan Standard Time|Japan Daylight Time
Asia/Tokyo JST Japan
= EET|EEST|Eastern European Standard Time|Eastern European Summer Time
Europe/Bucharest ART EET Egypt Libya Asia/Gaza Asia/Beirut Asia/Hebron Europe/Kiev
Europe/Kyiv Europe/Riga Africa/Cairo Asia/Nicosia Europe/Sofia Europe/Athens
Africa/Tripoli Europe/Nicosia Europe/Tallinn Europe/Vilnius Europe/Chisinau
Europe/Helsinki Europe/Tiraspol Europe/Uzhgorod Europe/Mariehamn Europe/Zaporozhye
Europe/Kaliningrad
= CST|CDT|China Standard Time|China Daylight Time
Asia/Shanghai CTT PRC Asia/Macao Asia/Macau Asia/Harbin Asia/Chongqing Asia/Chungking
= UTC|UTC|Coordinated Universal Time|Coordinated Universal Time
UTC UCT Zulu Etc/UCT Etc/UTC Etc/Zulu Universal Etc/Universal
= GMT|BST|Greenwich Mean Time|British Summer Time
GB GB-Eire Europe/Jersey Europe/London Europe/Belfast Europe/Guernsey Europe/Isle_of_Man
= NZST|NZDT|New Zealand Standard Time|New Zealand Daylight Time
NZ NST Pacific/Auckland Antarctica/McMurdo Antarctica/South_Pole
= ACST|ACDT|Australian Central Standard Time|Australian Central Daylight Time
ACT Australia/North Australia/South Australia/Darwin Australia/Adelaide
Australia/Yancowinna Australia/Broken_Hill
= AEST|AEDT|Australian Eastern Standard Time|Australian Eastern Daylight Time
AET Australia/ACT Australia/NSW Australia/Currie Australia/Hobart Australia/Sydney
Australia/Brisbane Australia/Canberra Australia/Lindeman Australia/Tasmania
Australia/Victoria Australia/Melbourne Antarctica/Macquarie Australia/Queensland
= GMT-03:00|GMT-02:00|Argentina Standard Time|Argentina Summer Time
AGT America/Jujuy America/Cordoba America/Mendoza America/Catamarca America/Buenos_Aires
America/Argentina/Jujuy America/Argentina/Salta America/Argentina/Cordoba
America/Argentina/Mendoza America/Argentina/Tucuman America/Argentina/Ushuaia
America/Argentina/La_Rioja America/Argentina/San_Juan America/Argentina/San_Luis
America/Argentina/Catamarca America/Argentina/Buenos_Aires America/Argentina/Rio_Gallegos
America/Argentina/ComodRivadavia America/Rosario
= GMT-03:00|GMT-02:00|Brasilia Standard Time|Brasilia Summer Time
BET Brazil/East America/Bahia America/Belem America/Maceio America/Recife America/Santarem
America/Araguaina America/Fortaleza America/Sao_Paulo
= GMT+06:00|GMT+07:00|Bangladesh Standard Time|Bangladesh Summer Time
BST Asia/Dacca Asia/Dhaka
= CAT|CAT|Central Africa Time|GMT+02:00
CAT
= EAT|EAT|East Africa Time|GMT+03:00
EAT
= IST|IST|India Standard Time|GMT+06:30
IST
= GMT+13:00|GMT+14:00|Samoa Standard Time|Samoa Daylight Time
MIT Pacific/Apia
= GMT+04:00|GMT+05:00|Armenia Standard Time|Armenia Summer Time
NET Asia/Yerevan
= PKT|PKST|Pakistan Standard Time|Pakistan Summer Time
PLT Asia/Karachi
= KST|KST|Korean Standard Time|Korean Daylight Time
ROK Asia/Seoul Asia/Pyongyang
= GMT+11:00|GMT+11:00|Solomon Islands Time|GMT+11:00
SST
= GMT+07:00|GMT+07:00|Indochina Time|GMT+07:00
VST
= WET|WEST|Western European Standard Time|Western European Summer Time
WET Portugal Europe/Lisbon Atlantic/Faroe Atlantic/Canary Atlantic/Faeroe Atlantic/Madeira
= CST|CDT|Cuba Standard Time|Cuba Daylight Time
Cuba America/Havana
= GMT|IST|Greenwich Mean Time|Irish Standard Time
Eire Europe/Dublin
= GMT+03:30|GMT+04:30|Iran Standard Time|Iran Daylight Time
Iran Asia/Tehran
= MSK|MSK|Moscow Standard Time|Moscow Summer Time
W-SU Europe/Minsk Europe/Moscow Europe/Simferopol
= GMT|GMT|Greenwich Mean Time|Reykjavik Daylight Time
Iceland Atlantic/Reykjavik
= GMT+12:45|GMT+13:45|Chatham Standard Time|Chatham Daylight Time
NZ-CHAT Pacific/Chatham
= HKT|HKST|Hong Kong Standard Time|Hong Kong Summer Time
Hongkong Asia/Hong_Kong
= SST|SST|American Samoa Standard Time|American Samoa Daylight Time
US/Samoa Pacific/Samoa Pacific/Midway Pacific/Pago_Pago
= GMT+03:00|GMT+03:00|Arabian Standard Time|Arabian Daylight Time
Asia/Aden Asia/Qatar Asia/Kuwait Asia/Riyadh Asia/Bahrain
= GMT+04:00|GMT+05:00|Azerbaijan Standard Time|Azerbaijan Summer Time
Asia/Baku
= GMT+09:00|GMT+09:00|Timor-Leste Time|Dili Daylight Time
Asia/Dili
= GMT+07:00|GMT+08:00|Hovd Standard Time|Hovd Summer Time
Asia/Hovd
= GMT+06:00|GMT+07:00|Omsk Standard Time|Omsk Summer Time
Asia/Omsk
= GMT+05:00|GMT+06:00|Kazakhstan Time|Oral Daylight Time
Asia/Oral
= GMT+12:00|GMT+12:00|Marshall Islands Time|Kwajalein Daylight Time
Kwajalein Pacific/Kwajalein
= GMT+08:00|GMT+08:20|Singapore Standard Time|Singapore Daylight Time
Singapore Asia/Singapore
= GMT+05:00|GMT+06:00|Kazakhstan Time|Aqtau Daylight Time
Asia/Aqtau
= GMT+09:00|GMT+10:00|Yakutsk Standard Time|Yakutsk Summer Time
Asia/Chita Asia/Yakutsk Asia/Khandyga
= GMT+04:00|GMT+04:00|Gulf Standard Time|Dubai Daylight Time
Asia/Dubai
= GMT+04:30|GMT+04:30|Afghanistan Time|Kabul Daylight Time
Asia/Kabul
= CAT|CAT|Central Africa Time|Juba Daylight Time
Africa/Juba
= GMT|GMT|Greenwich Mean Time|Lome Daylight Time
Africa/Lome
= GMT+05:00|GMT+06:00|Kazakhstan Time|Almaty Daylight Time
Asia/Almaty
= GMT+12:00|GMT+13:00|Anadyr Standard Time|Anadyr Summer Time
Asia/Anadyr
= GMT+05:00|GMT+06:00|Kazakhstan Time|Aqtobe Daylight Time
Asia/Aqtobe
= GMT+05:00|GMT+06:00|Kazakhstan Time|Atyrau Daylight Time
Asia/Atyrau
= GMT+08:00|GMT+08:20|Brunei Time|Brunei Daylight Time
Asia/Brunei
= PST|PDT|Philippine Standard Time|Philippine Summer Time
Asia/Manila
= GMT+04:00|GMT+04:00|Gulf Standard Time|Muscat Daylight Time
Asia/Muscat
= GMT+07:00|GMT+07:00|Indochina Time|Ho Chi Minh City Daylight Time
Asia/Saigon Asia/Ho_Chi_Minh
= CST|CDT|Taiwan Standard Time|Taiwan Daylight Time
Asia/Taipei
= GMT+06:00|GMT+06:00|Bhutan Time|Thimphu Daylight Time
Asia/Thimbu Asia/Thimphu
= GMT+06:30|GMT+06:30|Cocos Islands Time|Yangon Daylight Time
Asia/Yangon
= GMT-05:00|GMT-04:00|Acre Standard Time|Acre Summer Time
Brazil/Acre America/Eirunepe America/Porto_Acre America/Rio_Branco
= GMT-04:00|GMT-03:00|Amazon Standard Time|Amazon Summer Time
Brazil/West America/Cuiaba America/Manaus America/Boa_Vista America/Porto_Velho
America/Campo_Grande
= GMT+04:00|GMT+04:00|Seychelles Time|Mahe Daylight Time
Indian/Mahe
= GMT+10:00|GMT+10:00|Papua New Guinea Time|Chuuk Daylight Time
Pacific/Yap Pacific/Chuuk
= HAST|HADT|Hawaii-Aleutian Standard Time|Hawaii-Aleutian Daylight Time
US/Aleutian America/Adak America/Atka
= GMT|GMT|Greenwich Mean Time|Accra Daylight Time
Africa/Accra
= GMT|GMT|Greenwich Mean Time|Dakar Daylight Time
Africa/Dakar
= WAT|WAT|West Africa Standard Time|West Africa Summer Time
Africa/Lagos Africa/Bangui Africa/Douala Africa/Luanda Africa/Malabo Africa/Niamey
Africa/Kinshasa Africa/Ndjamena Africa/Libreville Africa/Porto-Novo Africa/Brazzaville
= GMT-05:00|GMT-04:00|Peru Standard Time|Peru Summer Time
America/Lima
= GMT-02:00|GMT-01:00|Greenland Standard Time|Greenland Summer Time
America/Nuuk America/Godthab America/Scoresbysund
= GMT+03:00|GMT+04:00|Arabian Standard Time|Arabian Daylight Time
Asia/Baghdad
= GMT+07:00|GMT+07:00|Indochina Time|Bangkok Daylight Time
Asia/Bangkok
= GMT+06:00|GMT+07:00|Kyrgyzstan Time|Bishkek Daylight Time
Asia/Bishkek
= IST|IST|India Standard Time|Colombo Daylight Time
Asia/Colombo
= GMT+08:00|GMT+09:00|Irkutsk Standard Time|Irkutsk Summer Time
Asia/Irkutsk
= WIB|WIB|Western Indonesia Time|Jakarta Daylight Time
Asia/Jakarta
= IST|IST|India Standard Time|Kolkata Daylight Time
Asia/Kolkata Asia/Calcutta
= GMT+08:00|GMT+08:20|Brunei Time|Kuching Daylight Time
Asia/Kuching
= GMT+11:00|GMT+12:00|Magadan Standard Time|Magadan Summer Time
Asia/Magadan
= GMT+06:30|GMT+06:30|Myanmar Time|Yangon Daylight Time
Asia/Rangoon
= GMT+04:00|GMT+05:00|Georgia Standard Time|Georgia Summer Time
Asia/Tbilisi
= MST|MST|Yukon Time|Whitehorse Daylight Time
Canada/Yukon America/Whitehorse
= GMT+06:30|GMT+06:30|Cocos Islands Time|Cocos Islands Daylight Time
Indian/Cocos
= GMT+12:00|GMT+13:00|Fiji Standard Time|Fiji Summer Time
Pacific/Fiji
= ChST|ChST|Chamorro Standard Time|Guam Daylight Time
Pacific/Guam
= GMT-11:00|GMT-11:00|Niue Time|Niue Daylight Time
Pacific/Niue
= GMT+10:00|GMT+10:00|Chuuk Time|Chuuk Daylight Time
Pacific/Truk
= GMT+12:00|GMT+12:00|Wake Island Time|Wake Island Daylight Time
Pacific/Wake
= EAT|EAT|East Africa Time|Asmara Daylight Time
Africa/Asmara Africa/Asmera
= GMT|GMT|Greenwich Mean Time|Bamako Daylight Time
Africa/Bamako Africa/Timbuktu
= GMT|GMT|Greenwich Mean Time|Banjul Daylight Time
Africa/Banjul
= GMT|GMT|Greenwich Mean Time|Bissau Daylight Time
Africa/Bissau
= CAT|CAT|Central Africa Time|Harare Daylight Time
Africa/Harare
= CAT|CAT|Central Africa Time|Kigali Daylight Time
Africa/Kigali
= CAT|CAT|Central Africa Time|Lusaka Daylight Time
Africa/Lusaka
= CAT|CAT|Central Africa Time|Maputo Daylight Time
Africa/Maputo
= SAST|SAST|South Africa Standard Time|Maseru Daylight Time
Africa/Maseru
= GMT+05:00|GMT+06:00|Turkmenistan Standard Time|Turkmenistan Summer Time
Asia/Ashgabat Asia/Ashkhabad
= GMT+05:00|GMT+06:00|Tajikistan Time|Dushanbe Daylight Time
Asia/Dushanbe
= WIT|WIT|Eastern Indonesia Time|Jayapura Daylight Time
Asia/Jayapura
= GMT+05:45|GMT+05:45|Nepal Time|Kathmandu Daylight Time
Asia/Katmandu Asia/Kathmandu
= WITA|WITA|Central Indonesia Time|Makassar Daylight Time
Asia/Makassar Asia/Ujung_Pandang
= GMT+05:00|GMT+06:00|Kazakhstan Time|Kostanay Daylight Time
Asia/Qostanay
= GMT+11:00|GMT+12:00|Sakhalin Standard Time|Sakhalin Summer Time
Asia/Sakhalin
= GMT+05:00|GMT+06:00|Uzbekistan Standard Time|Uzbekistan Summer Time
Asia/Tashkent Asia/Samarkand
= GMT+10:00|GMT+11:00|Vladivostok Standard Time|Vladivostok Summer Time
Asia/Ust-Nera Asia/Vladivostok
= GMT+10:30|GMT+11:00|Lord Howe Standard Time|Lord Howe Daylight Time
Australia/LHI Australia/Lord_Howe
= GMT+04:00|GMT+05:00|Samara Standard Time|Samara Summer Time
Europe/Samara
= GMT+06:00|GMT+06:00|Indian Ocean Time|Chagos Daylight Time
Indian/Chagos
= EAT|EAT|East Africa Time|Comoro Daylight Time
Indian/Comoro
= GMT+11:00|GMT+12:00|Vanuatu Standard Time|Vanuatu Summer Time
Pacific/Efate
= GMT+12:00|GMT+12:00|Nauru Time|Nauru Daylight Time
Pacific/Nauru
= GMT+09:00|GMT+09:00|Palau Time|Palau Daylight Time
Pacific/Palau
= GMT|GMT|Greenwich Mean Time|Abidjan Daylight Time
Africa/Abidjan
= GMT|GMT|Greenwich Mean Time|Conakry Daylight Time
Africa/Conakry
= EAT|EAT|East Africa Time|Kampala Daylight Time
Africa/Kampala
= SAST|SAST|South Africa Standard Time|Mbabane Daylight Time
Africa/Mbabane
= EAT|EAT|East Africa Time|Nairobi Daylight Time
Africa/Nairobi
= GMT-05:00|GMT-04:00|Colombia Standard Time|Colombia Summer Time
America/Bogota
= MST|MST|Yukon Time|Dawson Daylight Time
America/Dawson
= GMT-04:00|GMT-04:00|Guyana Time|Guyana Daylight Time
America/Guyana
= GMT-04:00|GMT-03:00|Bolivia Time|La Paz Daylight Time
America/La_Paz
= GMT+12:00|GMT+13:00|Kamchatka Standard Time|Kamchatka Summer Time
Asia/Kamchatka
= WIB|WIB|Western Indonesia Time|Pontianak Daylight Time
Asia/Pontianak
= GMT+05:00|GMT+06:00|Kazakhstan Time|Qyzylorda Daylight Time
Asia/Qyzylorda
= GMT+07:00|GMT+07:00|Indochina Time|Vientiane Daylight Time
Asia/Vientiane
= AWST|AWDT|Australian Western Standard Time|Australian Western Daylight Time
Australia/West Australia/Perth Antarctica/Casey
= EAT|EAT|East Africa Time|Mayotte Daylight Time
Indian/Mayotte
= GMT+04:00|GMT+04:00|Réunion Time|Réunion Daylight Time
Indian/Reunion
= MST|MDT|Mexican Pacific Standard Time|Mexican Pacific Daylight Time
Mexico/BajaSur America/Mazatlan America/Hermosillo
= GMT-06:00|GMT-05:00|Easter Island Standard Time|Easter Island Summer Time
Pacific/Easter Chile/EasterIsland
= GMT+13:00|GMT+13:00|Phoenix Islands Time|Enderbury Daylight Time
Pacific/Kanton Pacific/Enderbury
= GMT+11:00|GMT+11:00|Kosrae Time|Kosrae Daylight Time
Pacific/Kosrae
= GMT+12:00|GMT+12:00|Marshall Islands Time|Majuro Daylight Time
Pacific/Majuro
= GMT+11:00|GMT+12:00|New Caledonia Standard Time|New Caledonia Summer Time
Pacific/Noumea
= GMT+11:00|GMT+11:00|Solomon Islands Time|Pohnpei Daylight Time
Pacific/Ponape Pacific/Pohnpei
= ChST|ChST|Chamorro Standard Time|Saipan Daylight Time
Pacific/Saipan
= GMT-10:00|GMT-10:00|Tahiti Time|Tahiti Daylight Time
Pacific/Tahiti
= GMT+12:00|GMT+12:00|Marshall Islands Time|Tarawa Daylight Time
Pacific/Tarawa
= GMT+12:00|GMT+12:00|Gilbert Islands Time|Wallis Daylight Time
Pacific/Wallis
= CAT|CAT|Central Africa Time|Blantyre Daylight Time
Africa/Blantyre
= EAT|EAT|East Africa Time|Djibouti Daylight Time
Africa/Djibouti
= GMT|GMT|Greenwich Mean Time|Freetown Daylight Time
Africa/Freetown
= CAT|CAT|Central Africa Time|Gaborone Daylight Time
Africa/Gaborone
= CAT|CAT|Central Africa Time|Khartoum Daylight Time
Africa/Khartoum
= GMT|GMT|Greenwich Mean Time|Monrovia Daylight Time
Africa/Monrovia
= GMT|GMT|Greenwich Mean Time|São Tomé Daylight Time
Africa/Sao_Tome
= CAT|CAT|Central Africa Time|Windhoek Daylight Time
Africa/Windhoek
= GMT-04:00|GMT-04:00|Venezuela Time|Caracas Daylight Time
America/Caracas
= GMT-03:00|GMT-03:00|French Guiana Time|Cayenne Daylight Time
America/Cayenne
= GMT-02:00|GMT-01:00|Fernando de Noronha Standard Time|Fernando de Noronha Summer Time
America/Noronha Brazil/DeNoronha
= GMT+08:00|GMT+09:00|Ulaanbaatar Standard Time|Ulaanbaatar Summer Time
Asia/Choibalsan Asia/Ulan_Bator Asia/Ulaanbaatar
= GMT+07:00|GMT+07:00|Indochina Time|Phnom Penh Daylight Time
Asia/Phnom_Penh
= GMT-01:00|GMT|Azores Standard Time|Azores Summer Time
Atlantic/Azores
= GMT+08:45|GMT+09:45|Australian Central Western Standard Time|Australian Central Western Daylight Time
Australia/Eucla
= GMT+05:00|GMT+05:00|French Southern & Antarctic Time|Maldives Daylight Time
Indian/Maldives
= GMT+13:00|GMT+13:00|Tokelau Time|Fakaofo Daylight Time
Pacific/Fakaofo
= GMT-09:00|GMT-09:00|Gambier Time|Gambier Daylight Time
Pacific/Gambier
= GMT+11:00|GMT+12:00|Norfolk Island Standard Time|Norfolk Island Daylight Time
Pacific/Norfolk
= CAT|CAT|Central Africa Time|Bujumbura Daylight Time
Africa/Bujumbura
= EAT|EAT|East Africa Time|Mogadishu Daylight Time
Africa/Mogadishu
= GMT-03:00|GMT-02:00|Paraguay Standard Time|Paraguay Summer Time
America/Asuncion
= GMT-03:00|GMT-02:00|St. Pierre & Miquelon Standard Time|St. Pierre & Miquelon Daylight Time
America/Miquelon
= GMT-04:00|GMT-03:00|Chile Standard Time|Chile Summer Time
America/Santiago Chile/Continental
= GMT+07:00|GMT+07:00|Davis Time|Davis Daylight Time
Antarctica/Davis
= GMT+03:00|GMT+03:00|Syowa Time|Syowa Daylight Time
Antarctica/Syowa
= GMT|GMT|Greenwich Mean Time|Troll Daylight Time
Antarctica/Troll
= GMT+07:00|GMT+08:00|Krasnoyarsk Standard Time|Krasnoyarsk Summer Time
Asia/Krasnoyarsk Asia/Novokuznetsk
= GMT+07:00|GMT+08:00|Novosibirsk Standard Time|Novosibirsk Summer Time
Asia/Novosibirsk
= GMT-03:00|GMT-02:00|Falkland Islands Standard Time|Falkland Islands Summer Time
Atlantic/Stanley
= MSK|MSK|Volgograd Standard Time|Volgograd Summer Time
Europe/Volgograd
= GMT+07:00|GMT+07:00|Christmas Island Time|Christmas Island Daylight Time
Indian/Christmas
= GMT+05:00|GMT+05:00|French Southern & Antarctic Time|Kerguelen Daylight Time
Indian/Kerguelen
= GMT+04:00|GMT+05:00|Mauritius Standard Time|Mauritius Summer Time
Indian/Mauritius
= GMT+12:00|GMT+12:00|Tuvalu Time|Funafuti Daylight Time
Pacific/Funafuti
= GMT-08:00|GMT-08:00|Pitcairn Time|Pitcairn Daylight Time
Pacific/Pitcairn
= CAT|CAT|Central Africa Time|Lubumbashi Daylight Time
Africa/Lubumbashi
= GMT|GMT|Greenwich Mean Time|Nouakchott Daylight Time
Africa/Nouakchott
= GMT-05:00|GMT-04:00|Ecuador Time|Guayaquil Daylight Time
America/Guayaquil
= GMT+05:00|GMT+05:00|Mawson Time|Mawson Daylight Time
Antarctica/Mawson
= GMT+05:00|GMT+05:00|Vostok Time|Vostok Daylight Time
Antarctica/Vostok
= GMT+08:00|GMT+08:20|Malaysia Time|Kuala Lumpur Daylight Time
Asia/Kuala_Lumpur
= GMT-06:00|GMT-05:00|Galapagos Time|Galapagos Daylight Time
Pacific/Galapagos
= GMT-09:30|GMT-09:30|Marquesas Time|Marquesas Daylight Time
Pacific/Marquesas
= GMT-10:00|GMT-09:30|Cook Islands Standard Time|Cook Islands Summer Time
Pacific/Rarotonga
= GMT+13:00|GMT+14:00|Tonga Standard Time|Tonga Summer Time
Pacific/Tongatapu
= EAT|EAT|East Africa Time|Addis Ababa Daylight Time
Africa/Addis_Ababa
= GMT|GMT|Greenwich Mean Time|Ouagadougou Daylight Time
Africa/Ouagadougou
= GMT-03:00|GMT-02:00|Uruguay Standard Time|Uruguay Summer Time
America/Montevideo
= GMT-03:00|GMT-03:00|Suriname Time|Paramaribo Daylight Time
America/Paramaribo
= GMT-03:00|GMT-03:00|Rothera Time|Rothera Daylight Time
Antarctica/Rothera
= GMT+05:00|GMT+06:00|Yekaterinburg Standard Time|Yekaterinburg Summer Time
Asia/Yekaterinburg
= GMT|GMT|Greenwich Mean Time|St. Helena Daylight Time
Atlantic/St_Helena
= GMT+14:00|GMT+14:00|Line Islands Time|Kiritimati Daylight Time
Pacific/Kiritimati
= SAST|SAST|South Africa Standard Time|Johannesburg Daylight Time
Africa/Johannesburg
= GMT-01:00|GMT|Cape Verde Standard Time|Cape Verde Summer Time
Atlantic/Cape_Verde
= EAT|EAT|East Africa Time|Antananarivo Daylight Time
Indian/Antananarivo
= GMT+11:00|GMT+11:00|Solomon Islands Time|Guadalcanal Daylight Time
Pacific/Guadalcanal
= EAT|EAT|East Africa Time|Dar es Salaam Daylight Time
Africa/Dar_es_Salaam
= GMT|GMT|Greenwich Mean Time|Danmarkshavn Daylight Time
America/Danmarkshavn
= GMT+10:00|GMT+10:00|Dumont d’Urville Time|Port Moresby Daylight Time
Pacific/Port_Moresby
= GMT-02:00|GMT-02:00|South Georgia Time|South Georgia Daylight Time
Atlantic/South_Georgia
= GMT+10:00|GMT+10:00|Dumont d’Urville Time|Dumont-d’Urville Daylight Time
Antarctica/DumontDUrville
= GMT|GMT+01:00|Casablanca Standard Time|Casablanca Daylight Time
Africa/Casablanca
= GMT-01:00|GMT-01:00|GMT-01:00|GMT-01:00
Etc/GMT+1
= GMT-02:00|GMT-02:00|GMT-02:00|GMT-02:00
Etc/GMT+2
= GMT-03:00|GMT-03:00|GMT-03:00|GMT-03:00
Etc/GMT+3
= GMT-04:00|GMT-04:00|GMT-04:00|GMT-04:00
Etc/GMT+4
= GMT-05:00|GMT-05:00|GMT-05:00|GMT-05:00
Etc/GMT+5
= GMT-06:00|GMT-06:00|GMT-06:00|GMT-06:00
Etc/GMT+6
= GMT-07:00|GMT-07:00|GMT-07:00|GMT-07:00
Etc/GMT+7
= GMT-08:00|GMT-08:00|GMT-08:00|GMT-08:00
Etc/GMT+8
= GMT-09:00|GMT-09:00|GMT-09:00|GMT-09:00
Etc/GMT+9
= GMT+01:00|GMT+01:00|GMT+01:00|GMT+01:00
Etc/GMT-1
= GMT+02:00|GMT+02:00|GMT+02:00|GMT+02:00
Etc/GMT-2
= GMT+03:00|GMT+03:00|GMT+03:00|GMT+03:00
Etc/GMT-3
= GMT+04:00|GMT+04:00|GMT+04:00|GMT+04:00
Etc/GMT-4
= GMT+05:00|GMT+05:00|GMT+05:00|GMT+05:00
Etc/GMT-5
= GMT+06:00|GMT+06:00|GMT+06:00|GMT+06:00
Etc/GMT-6
= GMT+07:00|GMT+07:00|GMT+07:00|GMT+07:00
Etc/GMT-7
= GMT+08:00|GMT+08:00|GMT+08:00|GMT+08:00
Etc/GMT-8
= GMT+09:00|GMT+09:00|GMT+09:00|GMT+09:00
Etc/GMT-9
= GMT+03:00|GMT+04:00|Amman Standard Time|Amman Daylight Time
Asia/Amman
= GMT+07:00|GMT+08:00|Tomsk Standard Time|Tomsk Daylight Time
Asia/Tomsk
= GMT-10:00|GMT-10:00|GMT-10:00|GMT-10:00
Etc/GMT+10
= GMT-11:00|GMT-11:00|GMT-11:00|GMT-11:00
Etc/GMT+11
= GMT-12:00|GMT-12:00|GMT-12:00|GMT-12:00
Etc/GMT+12
= GMT+10:00|GMT+10:00|GMT+10:00|GMT+10:00
Etc/GMT-10
= GMT+11:00|GMT+11:00|GMT+11:00|GMT+11:00
Etc/GMT-11
= GMT+12:00|GMT+12:00|GMT+12:00|GMT+12:00
Etc/GMT-12
= GMT+13:00|GMT+13:00|GMT+13:00|GMT+13:00
Etc/GMT-13
= GMT+14:00|GMT+14:00|GMT+14:00|GMT+14:00
Etc/GMT-14
= GMT+07:00|GMT+08:00|Barnaul Standard Time|Barnaul Daylight Time
Asia/Barnaul
= MSK|MSK|Kirov Standard Time|Kirov Daylight Time
Europe/Kirov
= GMT+03:00|GMT+04:00|Damascus Standard Time|Damascus Daylight Time
Asia/Damascus
= EET|EEST|Famagusta Standard Time|Famagusta Daylight Time
Asia/Famagusta
= GMT+04:00|GMT+05:00|Saratov Standard Time|Saratov Daylight Time
Europe/Saratov
= GMT|GMT+01:00|El Aaiun Standard Time|El Aaiun Daylight Time
Africa/El_Aaiun
= GMT+04:00|GMT+05:00|Astrakhan Standard Time|Astrakhan Daylight Time
Europe/Astrakhan
= GMT+04:00|GMT+05:00|Ulyanovsk Standard Time|Ulyanovsk Daylight Time
Europe/Ulyanovsk
= GMT-03:00|GMT-02:00|Coyhaique Standard Time|Coyhaique Daylight Time
America/Coyhaique
= GMT-03:00|GMT-02:00|Palmer Standard Time|Palmer Daylight Time
Antarctica/Palmer
= GMT+11:00|GMT+12:00|Srednekolymsk Standard Time|Srednekolymsk Daylight Time
Asia/Srednekolymsk
= GMT-03:00|GMT-02:00|Punta Arenas Standard Time|Punta Arenas Daylight Time
America/Punta_Arenas
= GMT+11:00|GMT+11:00|Bougainville Standard Time|Bougainville Daylight Time
Pacific/Bougainville
= GMT+06:00|GMT+06:00|Urumqi Standard Time|Urumqi Daylight Time
Asia/Kashgar Asia/Urumqi
= GMT+03:00|GMT+04:00|Istanbul Standard Time|Istanbul Daylight Time
Europe/Istanbul Asia/Istanbul Turkey
";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::{iso_utc, parse_iso_utc};

    fn at(iso: &str) -> i64 {
        parse_iso_utc(iso).expect("test instants are valid ISO")
    }

    fn fmt(iso: &str, zone: &str, pattern: &str) -> String {
        format_date(at(iso), zone, pattern).unwrap()
    }

    fn fmt_err(zone: &str, pattern: &str) -> String {
        format_date(0, zone, pattern).unwrap_err().message
    }

    /// Parses with "now" at 2026-06-15, so two-digit years fall in 1946-06-15..2046-06-15.
    fn parse(text: &str, zone: &str, pattern: &str) -> String {
        match parse_date_at(text, zone, pattern, at("2026-06-15T00:00:00Z")) {
            Ok(ms) => iso_utc(ms),
            Err(e) => format!("error: {}", e.message),
        }
    }

    fn signed(hex: &str) -> Vec<i8> {
        (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap() as i8).collect()
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
    fn unknown_or_miscased_zone_formats_as_gmt() {
        // Java's TimeZone.getTimeZone falls back to GMT silently; IDs are case-sensitive.
        let t = "2024-03-10T10:30:00Z";
        assert_eq!(fmt(t, "Mars/Base", "HH:mm z XXX"), "10:30 GMT Z");
        assert_eq!(fmt(t, "utc", "HH:mm z XXX"), "10:30 GMT Z");
    }

    #[test]
    fn custom_gmt_and_legacy_zone_ids() {
        let t = "2024-03-10T10:30:00Z";
        assert_eq!(fmt(t, "GMT+3", "HH:mm z XXX"), "13:30 GMT+03:00 +03:00");
        assert_eq!(fmt(t, "GMT-0330", "HH:mm z Z"), "07:00 GMT-03:30 -0330");
        assert_eq!(fmt(t, "PST", "HH:mm z zzzz"), "03:30 PDT Pacific Daylight Time");
        // Java refuses 24 hours and one-digit minutes, so these are unknown, so GMT.
        assert_eq!(fmt(t, "GMT+24", "HH:mm z"), "10:30 GMT");
        assert_eq!(fmt(t, "GMT+3:0", "HH:mm z"), "10:30 GMT");
    }

    #[test]
    fn dublin_names_follow_java_not_tzdb_negative_daylight_saving() {
        assert_eq!(fmt("2024-07-01T12:00:00Z", "Europe/Dublin", "HH:mm z zzzz"), "13:00 IST Irish Standard Time");
        assert_eq!(fmt("2024-01-01T12:00:00Z", "Europe/Dublin", "HH:mm z zzzz"), "12:00 GMT Greenwich Mean Time");
        assert_eq!(fmt("2024-07-01T12:00:00Z", "Europe/London", "HH:mm z"), "13:00 BST");
    }

    #[test]
    fn before_1900_java_uses_the_current_standard_offset() {
        assert_eq!(fmt("1899-01-01T00:00:00Z", "Europe/Istanbul", "yyyy-MM-dd HH:mm XXX"), "1899-01-01 03:00 +03:00");
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

    #[test]
    fn every_named_java_zone_has_tzdb_rules() {
        for id in java_zone_names().keys() {
            assert!(
                matches!(resolve_zone(id).rules, ZoneRules::Tzdb(_)),
                "{id} is in Java's name table but chrono-tz has no rules for it"
            );
        }
    }

    #[test]
    fn parse_date_in_a_zone_and_across_daylight_saving() {
        let la = "America/Los_Angeles";
        assert_eq!(parse("2024-03-10 03:30", la, "yyyy-MM-dd HH:mm"), "2024-03-10T10:30:00.000Z");
        // A time in the spring-forward gap takes the offset before it.
        assert_eq!(parse("2024-03-10 02:30", la, "yyyy-MM-dd HH:mm"), "2024-03-10T10:30:00.000Z");
        // A time in the fall-back overlap is the later instant in Java (ECMAScript: earlier).
        assert_eq!(parse("2024-11-03 01:30", la, "yyyy-MM-dd HH:mm"), "2024-11-03T09:30:00.000Z");
    }

    #[test]
    fn parse_date_is_lenient() {
        assert_eq!(parse("2024-02-30", "UTC", "yyyy-MM-dd"), "2024-03-01T00:00:00.000Z");
        assert_eq!(parse("2024-01-01 25:61:61", "UTC", "yyyy-MM-dd HH:mm:ss"), "2024-01-02T02:02:01.000Z");
        assert_eq!(parse("2024-03-05 and more", "UTC", "yyyy-MM-dd"), "2024-03-05T00:00:00.000Z");
        assert_eq!(parse("  2024-03-05", "UTC", "yyyy-MM-dd"), "2024-03-05T00:00:00.000Z");
    }

    #[test]
    fn parse_date_offsets_in_the_text_win_over_the_zone() {
        let expected = "2024-03-10T10:30:00.000Z";
        assert_eq!(parse("Sun, 10 Mar 2024 03:30:00 -0700", "Asia/Tokyo", "EEE, d MMM yyyy HH:mm:ss Z"), expected);
        assert_eq!(parse("2024-03-10T03:30:00+05:30", "UTC", "yyyy-MM-dd'T'HH:mm:ssXXX"), "2024-03-09T22:00:00.000Z");
        assert_eq!(
            parse("2024-03-10T03:30:00Z", "America/Los_Angeles", "yyyy-MM-dd'T'HH:mm:ssX"),
            "2024-03-10T03:30:00.000Z"
        );
        assert_eq!(parse("2024-03-10 03:30 GMT+05:30", "UTC", "yyyy-MM-dd HH:mm z"), "2024-03-09T22:00:00.000Z");
        // XXX needs the colon.
        assert_eq!(
            parse("2024-03-10T03:30:00+0530", "UTC", "yyyy-MM-dd'T'HH:mm:ssXXX"),
            "error: Unparseable date: \"2024-03-10T03:30:00+0530\""
        );
    }

    #[test]
    fn parse_date_zone_names_in_java_order() {
        let pattern = "EEE MMM dd HH:mm:ss zzz yyyy";
        assert_eq!(parse("Sun Mar 10 03:30:00 PDT 2024", "UTC", pattern), "2024-03-10T10:30:00.000Z");
        // Java tries zones in its own order: IST is Israel's, CEST is Paris's.
        assert_eq!(parse("10 Jul 2024 03:30:00 IST", "UTC", "d MMM yyyy HH:mm:ss z"), "2024-07-10T01:30:00.000Z");
        assert_eq!(parse("10 Jul 2024 03:30:00 CEST", "UTC", "d MMM yyyy HH:mm:ss z"), "2024-07-10T01:30:00.000Z");
    }

    #[test]
    fn parse_date_names_ignore_case_and_accept_either_length() {
        let expected = "2024-03-05T00:00:00.000Z";
        assert_eq!(parse("march 5 2024", "UTC", "MMMM d yyyy"), expected);
        assert_eq!(parse("March 5 2024", "UTC", "MMM d yyyy"), expected);
        assert_eq!(parse("Mar 5 2024", "UTC", "MMMM d yyyy"), expected);
        // The weekday is read but the day of month decides the date.
        assert_eq!(parse("Tue, March 5, 2024", "UTC", "EEEE, MMMM d, yyyy"), expected);
    }

    #[test]
    fn parse_date_hours_with_am_pm() {
        assert_eq!(parse("3:30 PM", "UTC", "h:mm a"), "1970-01-01T15:30:00.000Z");
        assert_eq!(parse("12:30 AM", "UTC", "h:mm a"), "1970-01-01T00:30:00.000Z");
        // H ignores a; the field set last between H and h+a wins.
        assert_eq!(parse("15:30 AM", "UTC", "HH:mm a"), "1970-01-01T15:30:00.000Z");
        assert_eq!(parse("3 PM 15", "UTC", "h a H"), "1970-01-01T15:00:00.000Z");
        assert_eq!(parse("15 3 PM", "UTC", "H h a"), "1970-01-01T15:00:00.000Z");
        assert_eq!(parse("24:00", "UTC", "kk:mm"), "1970-01-01T00:00:00.000Z");
    }

    #[test]
    fn parse_date_two_digit_years_fall_within_80_years_before_now() {
        assert_eq!(parse("45-03-05", "UTC", "yy-MM-dd"), "2045-03-05T00:00:00.000Z");
        assert_eq!(parse("47-03-05", "UTC", "yy-MM-dd"), "1947-03-05T00:00:00.000Z");
        // 46 is ambiguous: before 1946-06-15 it is 2046.
        assert_eq!(parse("46-03-05", "UTC", "yy-MM-dd"), "2046-03-05T00:00:00.000Z");
        assert_eq!(parse("46-07-05", "UTC", "yy-MM-dd"), "1946-07-05T00:00:00.000Z");
    }

    #[test]
    fn parse_date_abutting_numeric_fields_take_their_width() {
        assert_eq!(parse("20240305", "UTC", "yyyyMMdd"), "2024-03-05T00:00:00.000Z");
        assert_eq!(parse("20240305123015", "Asia/Tokyo", "yyyyMMddHHmmss"), "2024-03-05T03:30:15.000Z");
    }

    #[test]
    fn parse_date_week_year_pattern_lands_on_week_one() {
        // The classic YYYY mistake: Java resolves week 1's Sunday, not March 10.
        assert_eq!(parse("2024-03-10", "UTC", "YYYY-MM-dd"), "2023-12-31T00:00:00.000Z");
        assert_eq!(parse("2024-W10-3", "UTC", "YYYY-'W'ww-u"), "2024-03-06T00:00:00.000Z");
        assert_eq!(parse("2024 100", "UTC", "yyyy D"), "2024-04-09T00:00:00.000Z");
    }

    #[test]
    fn parse_date_small_details() {
        // S counts milliseconds.
        assert_eq!(parse("2024-03-05 12:00:00.5", "UTC", "yyyy-MM-dd HH:mm:ss.S"), "2024-03-05T12:00:00.005Z");
        // JDK 20+ lets any space separator match a space; JDK 17 refused this.
        assert_eq!(parse("2024\u{a0}03\u{a0}05", "UTC", "yyyy MM dd"), "2024-03-05T00:00:00.000Z");
        assert_eq!(parse("2024-03-05", "GMT+3", "yyyy-MM-dd"), "2024-03-04T21:00:00.000Z");
        assert_eq!(parse("2024-03-05", "Mars/Base", "yyyy-MM-dd"), "2024-03-05T00:00:00.000Z");
        assert_eq!(parse("1899-06-01 00:00", "Europe/Istanbul", "yyyy-MM-dd HH:mm"), "1899-05-31T21:00:00.000Z");
    }

    #[test]
    fn parse_date_failures() {
        assert_eq!(parse("x", "UTC", "yyyy"), "error: Unparseable date: \"x\"");
        assert_eq!(parse("2024/03/05", "UTC", "yyyy-MM-dd"), "error: Unparseable date: \"2024/03/05\"");
        assert_eq!(parse("2024-03-05", "UTC", "yyyy-MM-dd q"), "error: Illegal pattern character 'q'");
    }

    #[test]
    fn parse_date_default_now_is_fixed() {
        // 2026-01-01 as "now": the window is 1946-01-01..2046-01-01.
        assert_eq!(parse_date("45-12-31", "UTC", "yy-MM-dd").map(iso_utc).unwrap(), "2045-12-31T00:00:00.000Z");
        assert_eq!(parse_date("46-01-02", "UTC", "yy-MM-dd").map(iso_utc).unwrap(), "1946-01-02T00:00:00.000Z");
    }

    #[test]
    fn base64_round_trip_of_turkish_utf8_text() {
        let bytes = encode_string("Günaydın, İstanbul! Çay şeker ğ", Charset::UTF_8);
        let text = "R8O8bmF5ZMSxbiwgxLBzdGFuYnVsISDDh2F5IMWfZWtlciDEnw==";
        assert_eq!(base64_encode(&bytes), text);
        assert_eq!(base64_decode(text).unwrap(), bytes);
    }

    #[test]
    fn base64_web_safe_alphabet_keeps_padding() {
        assert_eq!(base64_encode(&[0xfb, 0xff, 0xfe]), "+//+");
        assert_eq!(base64_encode_web_safe(&[0xfb, 0xff, 0xfe]), "-__-");
        assert_eq!(base64_encode_web_safe(b"ab"), "YWI=");
        assert_eq!(base64_decode_web_safe("YWI=").unwrap(), b"ab");
        assert_eq!(base64_decode_web_safe("YWI").unwrap(), b"ab");
    }

    #[test]
    fn base64_decode_ignores_space_and_padding_but_not_the_other_alphabet() {
        // Observed in Apps Script (Collabora's Apps Script compatibility test).
        for text in ["aGk=", "aGk", "aGk==", "aG k=", "aG\nk="] {
            assert_eq!(base64_decode(text).unwrap(), b"hi", "{text:?}");
        }
        assert_eq!(base64_decode("").unwrap(), b"");
        for text in ["_wB_gA==", "!!!!", "a", "aG=k"] {
            assert_eq!(base64_decode(text).unwrap_err().message, "Could not decode string.", "{text:?}");
        }
        assert_eq!(base64_decode_web_safe("/wB/gA==").unwrap_err().message, "Could not decode string.");
    }

    #[test]
    fn digests_are_signed_java_bytes() {
        let sha256_abc = vec![
            -70, 120, 22, -65, -113, 1, -49, -22, 65, 65, 64, -34, 93, -82, 34, 35, -80, 3, 97, -93, -106, 23, 122,
            -100, -76, 16, -1, 97, -14, 0, 21, -83,
        ];
        assert_eq!(compute_digest(parse_digest_algorithm("SHA_256").unwrap(), b"abc"), sha256_abc);
        assert_eq!(compute_digest(DigestAlgorithm::MD5, b"abc"), signed("900150983cd24fb0d6963f7d28e17f72"));
        assert_eq!(compute_digest(DigestAlgorithm::SHA_1, b"abc"), signed("a9993e364706816aba3e25717850c26c9cd0d89d"));
        assert_eq!(
            compute_digest(DigestAlgorithm::SHA_384, b"abc"),
            signed(
                "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded163\
                 1a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"
            )
        );
        assert_eq!(compute_digest(DigestAlgorithm::SHA_512, b"abc").len(), 64);
    }

    #[test]
    fn digest_algorithm_names() {
        assert_eq!(parse_digest_algorithm("SHA_1").unwrap(), DigestAlgorithm::SHA_1);
        assert_eq!(
            parse_digest_algorithm("MD2").unwrap_err().message,
            "gas-sim does not implement Utilities.computeDigest() with DigestAlgorithm.MD2"
        );
        assert_eq!(parse_digest_algorithm("SHA256").unwrap_err().message, "Invalid argument: algorithm");
        assert_eq!(parse_mac_algorithm("HMAC_SHA_512").unwrap(), MacAlgorithm::HMAC_SHA_512);
        assert_eq!(parse_mac_algorithm("SHA_256").unwrap_err().message, "Invalid argument: algorithm");
    }

    #[test]
    fn hmac_matches_rfc_4231_and_rfc_2202() {
        let key = [0x0b; 20];
        let hmac = |alg, message: &[u8], key: &[u8]| compute_hmac(alg, message, key).unwrap();
        assert_eq!(
            hmac(MacAlgorithm::HMAC_SHA_256, b"Hi There", &key),
            signed("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        );
        assert_eq!(
            hmac(MacAlgorithm::HMAC_SHA_384, b"Hi There", &key),
            signed(
                "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec6\
                 82aa034c7cebc59cfaea9ea9076ede7f4af152e8b2fa9cb6"
            )
        );
        assert_eq!(
            hmac(MacAlgorithm::HMAC_SHA_512, b"Hi There", &key),
            signed(
                "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde\
                 daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854"
            )
        );
        let jefe = b"what do ya want for nothing?";
        assert_eq!(
            hmac(MacAlgorithm::HMAC_SHA_256, jefe, b"Jefe"),
            signed("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        );
        assert_eq!(hmac(MacAlgorithm::HMAC_MD5, jefe, b"Jefe"), signed("750c783e6ab0b503eaa86e310a5db738"));
        assert_eq!(hmac(MacAlgorithm::HMAC_SHA_1, jefe, b"Jefe"), signed("effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"));
    }

    #[test]
    fn hmac_refuses_an_empty_key() {
        assert_eq!(compute_hmac(MacAlgorithm::HMAC_SHA_256, b"x", b"").unwrap_err().message, "Empty key");
    }

    #[test]
    fn us_ascii_replaces_each_code_point_outside_it() {
        assert_eq!(encode_string("aéb", Charset::US_ASCII), b"a?b");
        assert_eq!(encode_string("😀", Charset::US_ASCII), b"?");
        assert_eq!(encode_string("é", Charset::UTF_8), [0xc3, 0xa9]);
        // Apps Script's base64Encode("é") without a charset is "Pw==", that is "?".
        assert_eq!(base64_encode(&encode_string("é", parse_charset("US_ASCII").unwrap())), "Pw==");
        assert_eq!(parse_charset("LATIN_1").unwrap_err().message, "Invalid argument: charset");
    }

    #[test]
    fn uuid_is_a_lowercase_v4_from_the_seed() {
        let uuid = uuid_v4(&mut SeededRng::derive(7, "uuid"));
        assert_eq!(uuid.len(), 36);
        let groups: Vec<&str> = uuid.split('-').collect();
        assert_eq!(groups.iter().map(|g| g.len()).collect::<Vec<_>>(), [8, 4, 4, 4, 12]);
        assert!(uuid.chars().all(|c| c == '-' || c.is_ascii_digit() || ('a'..='f').contains(&c)), "{uuid}");
        assert!(groups[2].starts_with('4'), "version 4: {uuid}");
        assert!("89ab".contains(&groups[3][..1]), "RFC 4122 variant: {uuid}");
        assert_eq!(uuid, uuid_v4(&mut SeededRng::derive(7, "uuid")));
        let mut rng = SeededRng::derive(7, "uuid");
        assert_ne!(uuid_v4(&mut rng), uuid_v4(&mut rng));
    }

    #[test]
    fn format_string_conversions() {
        use FormatArg::{Bool, Number, String as Text};
        let f = |template: &str, args: &[FormatArg]| format_string(template, args).unwrap();
        assert_eq!(f("%s is %d years", &[Text("Ada".into()), Number(36.0)]), "Ada is 36 years");
        assert_eq!(f("%i|%d|%u", &[Number(3.7), Number(-3.7), Text("12abc".into())]), "3|-3|12");
        assert_eq!(f("%.2f|%f|%.0f", &[Number(1.23456), Number(0.1), Number(2.5)]), "1.23|0.1|3");
        assert_eq!(
            f("%05d|%-5d|%5d|%+d", &[Number(42.0), Number(42.0), Number(-42.0), Number(42.0)]),
            "00042|42   |-  42|+42"
        );
        assert_eq!(f("%05d", &[Text("123".into())]), "00123");
        assert_eq!(f("%08.3f|% .1f", &[Number(-7.25678), Number(2.0)]), "-007.257| 2.0");
        assert_eq!(f("100%% %s", &[Bool(true)]), "100% true");
        assert_eq!(f("%5s|%-5s|", &[Text("ab".into()), Text("ab".into())]), "   ab|ab   |");
    }

    #[test]
    fn format_string_quirks_of_the_closure_formatter() {
        use FormatArg::{Number, String as Text};
        let f = |template: &str, args: &[FormatArg]| format_string(template, args).unwrap();
        // Only %s %f %d %i %u %% are conversions; the rest stays as written.
        assert_eq!(f("%x %o %5 %", &[Number(255.0)]), "%x %o %5 %");
        // Only strings are padded by %Ns; toFixed rounds ties away from zero; the sign
        // goes before the padding.
        assert_eq!(f("[%5s] %.2f %.2f", &[Number(42.0), Number(1.005), Number(0.125)]), "[42] 1.00 0.13");
        assert_eq!(f("%d %s", &[Text("abc".into()), Number(1e21)]), "NaN 1e+21");
        assert_eq!(f("%s", &[Number(0.000001), Number(9.0)]), "0.000001");
    }

    #[test]
    fn format_string_errors() {
        let err = format_string("%s and %s", &[FormatArg::Number(1.0)]).unwrap_err();
        assert_eq!(err.message, "[goog.string.format] Not enough arguments");
        let err = format_string("%.101f", &[FormatArg::Number(1.0)]).unwrap_err();
        assert_eq!(
            (err.message.as_str(), err.kind),
            ("toFixed() digits argument must be between 0 and 100", crate::error::ErrorKind::RangeError)
        );
        // A width past V8's string limit allocated until the process aborted.
        for template in ["%999999999999s", "%-999999999999d", "%0999999999999.2f"] {
            let err = format_string(template, &[FormatArg::String("x".into())]).unwrap_err();
            assert_eq!(
                (err.message.as_str(), err.kind),
                ("Invalid string length", crate::error::ErrorKind::RangeError)
            );
        }
        // A width past the limit that needs no padding is harmless, as in JS.
        let wide = format!("%{}s", V8_STRING_LENGTH_MAX + 1);
        assert_eq!(format_string(&wide, &[FormatArg::Number(1.0)]).unwrap(), "1");
    }

    #[test]
    fn js_number_text_matches_ecmascript() {
        let cases = [
            (0.0, "0"),
            (-0.0, "0"),
            (1.5, "1.5"),
            (123456789.0, "123456789"),
            (1e21, "1e+21"),
            (1.5e-7, "1.5e-7"),
            (0.1 + 0.2, "0.30000000000000004"),
            (f64::NAN, "NaN"),
            (f64::NEG_INFINITY, "-Infinity"),
        ];
        for (value, text) in cases {
            assert_eq!(js_number_to_string(value), text);
        }
    }

    #[test]
    fn sleep_limit() {
        assert_eq!(sleep_ms_checked(0.0), Ok(0));
        assert_eq!(sleep_ms_checked(1500.9), Ok(1500));
        assert_eq!(sleep_ms_checked(300_000.0), Ok(SLEEP_MS_MAX));
        assert_eq!(sleep_ms_checked(300_001.0).unwrap_err().message, "Argument too large: milliseconds");
        assert_eq!(sleep_ms_checked(-1.0).unwrap_err().message, "Invalid argument: milliseconds");
        assert_eq!(sleep_ms_checked(f64::NAN).unwrap_err().message, "Cannot convert NaN to int.");
    }
}
