//! Zones as Java's `TimeZone.getTimeZone` resolves them: legacy three-letter IDs, custom
//! `GMT+03:00` IDs, GMT for an unknown ID, the offset and daylight flag Java applies at an
//! instant (with its pre-1900 and rearguard quirks), and Java's display names.

use std::collections::HashMap;
use std::sync::OnceLock;

use chrono::{DateTime, LocalResult, Offset, TimeZone, Utc};
use chrono_tz::{OffsetComponents, Tz};

use super::java_zone_names::JAVA_ZONE_NAMES;
use super::parse_date::TWO_DIGIT_YEAR_NOW_UTC_MS;
use crate::time::MS_PER_DAY;

/// A zone as `java.util.TimeZone.getTimeZone(id)` resolves it.
pub(super) struct JavaZone {
    /// The ID Java keeps; it picks the display names (`PST` keeps its own names).
    pub(super) id: String,
    pub(super) rules: ZoneRules,
}

pub(super) enum ZoneRules {
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
pub(super) fn resolve_zone(zone_id: &str) -> JavaZone {
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
pub(super) struct OffsetAt {
    pub(super) total_s: i32,
    pub(super) daylight: bool,
}

/// Java's zone data starts at 1900-01-01T00:00:00Z; before it, Java applies the zone's
/// current standard offset (Istanbul is +03:00 in 1899, not its local mean time).
pub(super) const JAVA_ZONE_DATA_START_UTC_MS: i64 = -2_208_988_800_000;

pub(super) fn offset_at(zone: &JavaZone, at_utc_ms: i64) -> OffsetAt {
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
pub(super) fn java_raw_offset_s(tz: Tz, at_utc_ms: i64) -> i32 {
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
pub(super) fn java_current_raw_offset_s(tz: Tz) -> i32 {
    java_raw_offset_s(tz, TWO_DIGIT_YEAR_NOW_UTC_MS)
}

/// Java's `TimeZone.getDSTSavings()`, approximated without a wall clock: the largest
/// daylight saving the zone applies within a year of `at_utc_ms`.
pub(super) fn java_dst_savings_ms(tz: Tz, at_utc_ms: i64) -> i64 {
    const MONTH_MS: i64 = 30 * MS_PER_DAY;
    (-6..=6)
        .filter_map(|months| DateTime::from_timestamp_millis(at_utc_ms.saturating_add(months * MONTH_MS)))
        .map(|t| tz.offset_from_utc_datetime(&t.naive_utc()).dst_offset().num_milliseconds())
        .max()
        .unwrap_or(0)
        .max(0)
}

/// The `z` text: Java's short or long name for the zone, standard or daylight.
pub(super) fn zone_display_name(zone: &JavaZone, offset: OffsetAt, long: bool) -> String {
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
pub(super) fn java_zone_names() -> &'static HashMap<&'static str, [&'static str; 4]> {
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
pub(super) fn java_zone_name_groups() -> impl Iterator<Item = (&'static str, [&'static str; 4])> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::utilities::test_support::fmt;

    // Every expected string below was printed by java.text.SimpleDateFormat on Temurin
    // JDK 25.0.3 with Locale.US.

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
    fn every_named_java_zone_has_tzdb_rules() {
        for id in java_zone_names().keys() {
            assert!(
                matches!(resolve_zone(id).rules, ZoneRules::Tzdb(_)),
                "{id} is in Java's name table but chrono-tz has no rules for it"
            );
        }
    }
}
