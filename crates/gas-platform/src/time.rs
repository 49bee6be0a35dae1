//! Instants, zones and the conversions between them. An instant is UTC milliseconds
//! since the epoch (`at_utc_ms`); a zone is an IANA name resolved with chrono-tz.
//! Local times that fall in a DST gap or overlap resolve as ECMAScript does: a gap
//! takes the offset before the change, an overlap the earlier instant.

use chrono::{DateTime, LocalResult, NaiveDate, NaiveDateTime, Offset, TimeZone, Utc};
use chrono_tz::Tz;

pub const MS_PER_SECOND: i64 = 1_000;
pub const MS_PER_MINUTE: i64 = 60 * MS_PER_SECOND;
pub const MS_PER_HOUR: i64 = 60 * MS_PER_MINUTE;
pub const MS_PER_DAY: i64 = 24 * MS_PER_HOUR;

/// English month and weekday names, the one copy for every formatter (Utilities'
/// `SimpleDateFormat` in Locale.US and Sheets' number formats in en_US name them alike).
pub const MONTH_NAMES: [&str; 12] = [
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
pub const MONTH_NAMES_SHORT: [&str; 12] =
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/// Sunday first, as Java's `Calendar.DAY_OF_WEEK` (1 = Sunday) and chrono's
/// `num_days_from_sunday` count.
pub const WEEKDAY_NAMES: [&str; 7] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
pub const WEEKDAY_NAMES_SHORT: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/// The instants gas-sim runs at: 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z.
/// Earlier or later times in a scenario, a flag or a state file are typos (a year 1900
/// or -1), and keeping every instant in this range keeps all clock arithmetic far from
/// overflow.
pub const INSTANT_UTC_MS_MIN: i64 = 0;
pub const INSTANT_UTC_MS_MAX: i64 = 253_402_300_799_999;

/// Whether gas-sim can run at this instant, with the message to show when not.
pub fn check_instant(at_utc_ms: i64) -> Result<i64, String> {
    if (INSTANT_UTC_MS_MIN..=INSTANT_UTC_MS_MAX).contains(&at_utc_ms) {
        Ok(at_utc_ms)
    } else {
        Err(format!("{} is outside the years gas-sim runs in (1970 to 9999)", iso_utc(at_utc_ms)))
    }
}

/// The ECMAScript time value range: +-8.64e15 ms (100 million days either side of
/// 1970). Times a script or the clock produced (a cache expiry, `after(ms)`, a trigger's
/// `at`) may pass 9999 but never this, and keep clock arithmetic far from overflow.
pub const TIME_VALUE_MS_MAX: i64 = 8_640_000_000_000_000;

/// Whether a time in a state file is one a Date could hold, with the message when not.
pub fn check_time_value(at_utc_ms: i64) -> Result<i64, String> {
    if (-TIME_VALUE_MS_MAX..=TIME_VALUE_MS_MAX).contains(&at_utc_ms) {
        Ok(at_utc_ms)
    } else {
        Err(format!("{at_utc_ms} is outside the range of a Date (-8.64e15 to 8.64e15 ms)"))
    }
}

/// Resolves an IANA zone name, with a message that says what to type instead.
pub fn parse_zone(name: &str) -> Result<Tz, String> {
    name.parse::<Tz>()
        .map_err(|_| format!("unknown time zone {name:?}: use an IANA name such as \"Europe/Istanbul\" or \"UTC\""))
}

/// `2025-06-13T09:00:00.000Z`.
pub fn iso_utc(at_utc_ms: i64) -> String {
    use chrono::{Datelike, Timelike};
    match Utc.timestamp_millis_opt(at_utc_ms) {
        // Field by field: chrono's `format` reads its pattern again on every call, which
        // was most of the time a state file with many dates took to write (`serve`).
        LocalResult::Single(t) if (0..=9999).contains(&t.year()) => format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
            t.year(),
            t.month(),
            t.day(),
            t.hour(),
            t.minute(),
            t.second(),
            t.timestamp_subsec_millis()
        ),
        // A signed year (`+10000`, `-0001`), as chrono writes it.
        LocalResult::Single(t) => t.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string(),
        _ => format!("<invalid instant {at_utc_ms}>"),
    }
}

/// Parses an absolute ISO time (`...Z` or `...+03:00`).
pub fn parse_iso_utc(text: &str) -> Option<i64> {
    DateTime::parse_from_rfc3339(text).ok().map(|t| t.timestamp_millis()).or_else(|| {
        // Allow a missing seconds field: 2025-06-13T09:00Z.
        let fixed = text.trim_end_matches('Z');
        if fixed.len() == text.len() {
            return None;
        }
        parse_naive(fixed).map(|n| n.and_utc().timestamp_millis())
    })
}

/// Parses `2025-06-13`, `2025-06-13T09:00`, `2025-06-13T09:00:30` or with `.mmm`.
pub fn parse_naive(text: &str) -> Option<NaiveDateTime> {
    for pattern in ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M"] {
        if let Ok(t) = NaiveDateTime::parse_from_str(text, pattern) {
            return Some(t);
        }
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d").ok().and_then(|d| d.and_hms_opt(0, 0, 0))
}

/// A time as a scenario or a flag writes it: with `Z` or an offset it is absolute,
/// without one it is a wall-clock time in `zone`.
pub fn parse_time_in_zone(text: &str, zone: Tz) -> Result<i64, String> {
    if let Some(ms) = parse_iso_utc(text) {
        return Ok(ms);
    }
    match parse_naive(text) {
        Some(local) => Ok(local_to_utc_ms(zone, local)),
        None => Err(format!("bad time {text:?}: want 2025-06-13T09:00 (wall time in the zone) or 2025-06-13T09:00Z")),
    }
}

/// The zone's offset from UTC at an instant, in seconds (east positive).
pub fn offset_seconds_at(zone: Tz, at_utc_ms: i64) -> i32 {
    match Utc.timestamp_millis_opt(at_utc_ms) {
        LocalResult::Single(t) => zone.offset_from_utc_datetime(&t.naive_utc()).fix().local_minus_utc(),
        _ => 0,
    }
}

/// A wall-clock time in `zone` to an instant, ECMAScript style: in a gap the offset
/// before the change applies (so 02:30 in a spring-forward gap is 03:30 after it);
/// in an overlap the earlier instant wins.
pub fn local_to_utc_ms(zone: Tz, local: NaiveDateTime) -> i64 {
    match zone.from_local_datetime(&local) {
        LocalResult::Single(t) => t.timestamp_millis(),
        LocalResult::Ambiguous(earlier, _) => earlier.timestamp_millis(),
        LocalResult::None => {
            // The offset in force just before the gap.
            let guess_utc = local.and_utc().timestamp_millis();
            let before = offset_seconds_at(zone, guess_utc - 2 * MS_PER_DAY);
            guess_utc - i64::from(before) * MS_PER_SECOND
        }
    }
}

/// The wall-clock time of an instant in `zone`.
pub fn utc_ms_to_local(zone: Tz, at_utc_ms: i64) -> NaiveDateTime {
    let offset_ms = i64::from(offset_seconds_at(zone, at_utc_ms)) * MS_PER_SECOND;
    DateTime::from_timestamp_millis(at_utc_ms.saturating_add(offset_ms)).map(|t| t.naive_utc()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iso_utc_writes_what_chronos_pattern_writes() {
        let chrono_text = |ms: i64| Utc.timestamp_millis_opt(ms).unwrap().format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string();
        let year_10000 = 253_402_300_800_000;
        for ms in [0, 1, -1, 999, -999, 1_749_805_200_123, -62_167_219_200_000, -62_167_219_200_001, year_10000 - 1]
            .into_iter()
            .chain([year_10000, 8_000_000_000_000_000, -8_000_000_000_000_000])
            .chain((0..2_000).map(|n| n * 7_919_999_999_999 % 253_402_300_799_999 - 62_000_000_000_000))
        {
            assert_eq!(iso_utc(ms), chrono_text(ms), "{ms}");
        }
        assert_eq!(iso_utc(1_749_805_200_007), "2025-06-13T09:00:00.007Z");
    }

    fn la() -> Tz {
        parse_zone("America/Los_Angeles").unwrap()
    }

    #[test]
    fn gap_takes_the_offset_before_the_change() {
        // 2024-03-10 02:30 does not exist in Los Angeles; ECMAScript (and V8) give 03:30 PDT,
        // which is 10:30Z.
        let local = parse_naive("2024-03-10T02:30").unwrap();
        assert_eq!(iso_utc(local_to_utc_ms(la(), local)), "2024-03-10T10:30:00.000Z");
    }

    #[test]
    fn overlap_takes_the_earlier_instant() {
        // 2024-11-03 01:30 happens twice in Los Angeles; the first is PDT (08:30Z).
        let local = parse_naive("2024-11-03T01:30").unwrap();
        assert_eq!(iso_utc(local_to_utc_ms(la(), local)), "2024-11-03T08:30:00.000Z");
    }

    #[test]
    fn scenario_times_without_offset_are_local() {
        let istanbul = parse_zone("Europe/Istanbul").unwrap();
        assert_eq!(iso_utc(parse_time_in_zone("2025-06-13T18:00", istanbul).unwrap()), "2025-06-13T15:00:00.000Z");
        assert_eq!(iso_utc(parse_time_in_zone("2025-06-13T18:00Z", istanbul).unwrap()), "2025-06-13T18:00:00.000Z");
        assert!(parse_time_in_zone("Friday", istanbul).is_err());
    }

    #[test]
    fn instants_run_from_1970_to_9999() {
        let utc = parse_zone("UTC").unwrap();
        assert!(check_instant(parse_time_in_zone("1970-01-01T00:00", utc).unwrap()).is_ok());
        assert!(check_instant(parse_time_in_zone("9999-12-31T23:59:59.999", utc).unwrap()).is_ok());
        let err = check_instant(parse_time_in_zone("1900-01-01T00:00", utc).unwrap()).unwrap_err();
        assert_eq!(err, "1900-01-01T00:00:00.000Z is outside the years gas-sim runs in (1970 to 9999)");
        assert!(check_instant(-1).is_err());
        assert!(check_instant(INSTANT_UTC_MS_MAX + 1).is_err());
        assert!(check_instant(i64::MIN).unwrap_err().contains("invalid instant"));
        // What a script or the clock made may pass 9999, within a Date's range.
        assert!(check_time_value(INSTANT_UTC_MS_MAX + 6 * MS_PER_HOUR).is_ok());
        assert!(check_time_value(-TIME_VALUE_MS_MAX).is_ok());
        assert!(check_time_value(TIME_VALUE_MS_MAX + 1).unwrap_err().contains("range of a Date"));
    }

    #[test]
    fn unknown_zone_is_a_clear_error() {
        let err = parse_zone("Mars/Olympus").unwrap_err();
        assert!(err.contains("Mars/Olympus") && err.contains("IANA"), "{err}");
    }
}
