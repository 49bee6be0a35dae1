//! Local times as the text report prints them: with the zone's UTC offset when the zone
//! changes offset inside the run (a DST weekend: the two 01:30s of a fall-back night are
//! `01:30:00 -04:00` and `01:30:00 -05:00`), and without it otherwise, so the reports of
//! runs that cross no change keep their bytes. Snapshots and JSON keep plain local times.

use chrono_tz::Tz;
use gas_platform::time::{offset_seconds_at, utc_ms_to_local};

/// Hours between the offset samples: zones change offset at most a few times a year and
/// never twice within a day, so an hourly look sees every change of a run.
const SAMPLE_MS: i64 = 3_600_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LocalTimes {
    pub zone: Tz,
    /// Print `+01:00` after each time.
    pub offsets: bool,
}

impl LocalTimes {
    /// The times of a run from `start_utc_ms` to `end_utc_ms`: with offsets when the zone
    /// has more than one offset in that span.
    pub fn for_run(zone: Tz, start_utc_ms: i64, end_utc_ms: i64) -> LocalTimes {
        LocalTimes { zone, offsets: offset_changes(zone, start_utc_ms, end_utc_ms) }
    }

    /// `2025-11-02 01:30:00` (or `2025-11-02 01:30:00 -04:00`).
    pub fn second(&self, at_utc_ms: i64) -> String {
        self.with_offset(utc_ms_to_local(self.zone, at_utc_ms).format("%Y-%m-%d %H:%M:%S").to_string(), at_utc_ms)
    }

    /// `2025-11-02 01:30` (or with its offset).
    pub fn minute(&self, at_utc_ms: i64) -> String {
        self.with_offset(utc_ms_to_local(self.zone, at_utc_ms).format("%Y-%m-%d %H:%M").to_string(), at_utc_ms)
    }

    fn with_offset(&self, local: String, at_utc_ms: i64) -> String {
        if !self.offsets {
            return local;
        }
        let seconds = offset_seconds_at(self.zone, at_utc_ms);
        let sign = if seconds < 0 { '-' } else { '+' };
        let minutes = seconds.unsigned_abs() / 60;
        format!("{local} {sign}{:02}:{:02}", minutes / 60, minutes % 60)
    }
}

/// Whether the zone's offset differs anywhere in `[start, end]` from its offset at start.
fn offset_changes(zone: Tz, start_utc_ms: i64, end_utc_ms: i64) -> bool {
    let first = offset_seconds_at(zone, start_utc_ms);
    let mut at = start_utc_ms;
    while at < end_utc_ms {
        at = at.saturating_add(SAMPLE_MS).min(end_utc_ms);
        if offset_seconds_at(zone, at) != first {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use gas_platform::time::{parse_iso_utc, parse_zone};

    #[test]
    fn offsets_only_across_a_change() {
        let ny = parse_zone("America/New_York").unwrap();
        let at = |iso: &str| parse_iso_utc(iso).unwrap();
        // Fall back: 2025-11-02 06:00Z is 01:00 EST again.
        let dst = LocalTimes::for_run(ny, at("2025-11-01T12:00:00Z"), at("2025-11-03T12:00:00Z"));
        assert!(dst.offsets);
        assert_eq!(dst.second(at("2025-11-02T05:30:00Z")), "2025-11-02 01:30:00 -04:00");
        assert_eq!(dst.second(at("2025-11-02T06:30:00Z")), "2025-11-02 01:30:00 -05:00");
        assert_eq!(dst.minute(at("2025-11-02T06:30:00Z")), "2025-11-02 01:30 -05:00");
        let summer = LocalTimes::for_run(ny, at("2025-06-01T12:00:00Z"), at("2025-06-03T12:00:00Z"));
        assert!(!summer.offsets);
        assert_eq!(summer.second(at("2025-06-02T05:30:00Z")), "2025-06-02 01:30:00");
        // A half-hour zone with no change: none; India never changes.
        let kolkata = parse_zone("Asia/Kolkata").unwrap();
        assert!(!LocalTimes::for_run(kolkata, at("2025-01-01T00:00:00Z"), at("2025-12-31T00:00:00Z")).offsets);
        let half = LocalTimes { zone: kolkata, offsets: true };
        assert_eq!(half.minute(at("2025-01-01T00:00:00Z")), "2025-01-01 05:30 +05:30");
    }
}
