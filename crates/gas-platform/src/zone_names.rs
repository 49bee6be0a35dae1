//! The zone name V8 appends to `Date.prototype.toString` (`Tue Jul 09 2024 03:00:00
//! GMT-0700 (Pacific Daylight Time)`): ICU's long name in en-US, standard or daylight by
//! whether daylight time is in effect at the instant. V8 keeps exactly two names per
//! zone (`ICUTimezoneCache::LocalTimezone`), so a table of two names per zone, read off
//! Node by `tools/zone_names.js`, gives the same text. Observed: Node 20.20.2 (ICU 78.2,
//! CLDR 48); Apps Script's V8 may ship another ICU (older ones print
//! `GMT+03:00` for Europe/Istanbul, CLDR 48 `Türkiye Standard Time`).

use chrono::{Datelike, TimeZone, Utc};
use chrono_tz::Tz;

use crate::time::offset_seconds_at;
use crate::zone_names_table::ZONE_NAMES;

/// The long name of `zone` at `at_utc_ms`, or `None` for a zone the table lacks (the
/// table covers every chrono-tz zone; a test checks it).
pub fn long_zone_name(zone: Tz, at_utc_ms: i64) -> Option<&'static str> {
    let row = ZONE_NAMES.binary_search_by(|(name, _, _)| (*name).cmp(zone.name())).ok()?;
    let (_, standard, daylight) = ZONE_NAMES[row];
    Some(if !daylight.is_empty() && in_daylight_time(zone, at_utc_ms) { daylight } else { standard })
}

/// Daylight time is in effect when the offset is above the smaller of the year's
/// mid-January and mid-July offsets: the generator's notion of a zone's two names, and
/// right for both hemispheres and for zones whose tz data calls winter the daylight
/// time (Europe/Dublin: ICU says "Irish Standard Time" for the summer, the daylight name).
pub fn in_daylight_time(zone: Tz, at_utc_ms: i64) -> bool {
    let Some(at) = Utc.timestamp_millis_opt(at_utc_ms).single() else { return false };
    let mid_month = |month: u32| {
        Utc.with_ymd_and_hms(at.year(), month, 15, 12, 0, 0)
            .single()
            .map_or(i32::MAX, |t| offset_seconds_at(zone, t.timestamp_millis()))
    };
    offset_seconds_at(zone, at_utc_ms) > mid_month(1).min(mid_month(7))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(zone: &str, iso_utc: &str) -> &'static str {
        let at = chrono::DateTime::parse_from_rfc3339(iso_utc).unwrap().timestamp_millis();
        long_zone_name(zone.parse().unwrap(), at).unwrap()
    }

    /// Node 20.20.2's `String(new Date(...))` at 2024-01-15T10:00Z and 2024-07-09T10:00Z.
    #[test]
    fn names_are_node_s_in_winter_and_summer() {
        let cases = [
            ("UTC", "Coordinated Universal Time", "Coordinated Universal Time"),
            ("Etc/UTC", "Coordinated Universal Time", "Coordinated Universal Time"),
            ("GMT", "Greenwich Mean Time", "Greenwich Mean Time"),
            ("Europe/Istanbul", "Türkiye Standard Time", "Türkiye Standard Time"),
            ("America/Los_Angeles", "Pacific Standard Time", "Pacific Daylight Time"),
            ("Asia/Tokyo", "Japan Standard Time", "Japan Standard Time"),
            ("Europe/London", "Greenwich Mean Time", "British Summer Time"),
            ("Europe/Dublin", "Greenwich Mean Time", "Irish Standard Time"),
            ("Europe/Berlin", "Central European Standard Time", "Central European Summer Time"),
            ("Australia/Sydney", "Australian Eastern Daylight Time", "Australian Eastern Standard Time"),
            ("America/Sao_Paulo", "Brasilia Standard Time", "Brasilia Standard Time"),
            ("Pacific/Chatham", "Chatham Daylight Time", "Chatham Standard Time"),
            ("Asia/Kolkata", "India Standard Time", "India Standard Time"),
            ("America/Phoenix", "Mountain Standard Time", "Mountain Standard Time"),
            ("Europe/Lisbon", "Western European Standard Time", "Western European Summer Time"),
            ("Africa/Cairo", "Eastern European Standard Time", "Eastern European Summer Time"),
            ("Asia/Kathmandu", "Nepal Time", "Nepal Time"),
        ];
        for (zone, winter, summer) in cases {
            assert_eq!(name(zone, "2024-01-15T10:00:00Z"), winter, "{zone} in January");
            assert_eq!(name(zone, "2024-07-09T10:00:00Z"), summer, "{zone} in July");
        }
        // Zones without a name of their own get ICU's localized GMT format.
        assert_eq!(name("Etc/GMT+3", "2024-07-09T10:00:00Z"), "GMT-03:00");
    }

    #[test]
    fn the_change_happens_at_the_transition() {
        // Los Angeles 2024-03-10: 02:00 PST becomes 03:00 PDT at 10:00Z.
        assert_eq!(name("America/Los_Angeles", "2024-03-10T09:59:59Z"), "Pacific Standard Time");
        assert_eq!(name("America/Los_Angeles", "2024-03-10T10:00:00Z"), "Pacific Daylight Time");
    }

    #[test]
    fn every_zone_has_names_and_the_table_is_sorted() {
        assert!(ZONE_NAMES.windows(2).all(|w| w[0].0 < w[1].0), "sorted for binary search");
        for zone in chrono_tz::TZ_VARIANTS {
            let row = ZONE_NAMES.iter().find(|(name, _, _)| *name == zone.name());
            let standard = row.map(|(_, standard, _)| *standard).unwrap_or_default();
            assert!(!standard.is_empty(), "{}: run tools/zone_names.js (see its header)", zone.name());
        }
    }

    /// The generator's input: `cargo test -p gas-platform print_chrono_tz_zones --
    /// --ignored --nocapture` (tools/zone_names.js).
    #[test]
    #[ignore]
    fn print_chrono_tz_zones() {
        for zone in chrono_tz::TZ_VARIANTS {
            println!("{}", zone.name());
        }
    }
}
