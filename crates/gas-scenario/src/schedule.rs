//! When time-driven triggers fire. The platform fires a trigger "at a random but then
//! fixed" time in its window; gas-sim draws that offset from the seed unless the
//! scenario pins it (`minute = 0`). Intervals (`everyMinutes`, `everyHours`) are fixed
//! periods in absolute time, aligned to local midnight of the scenario's first day, so
//! they keep firing every 60 minutes across a DST change. Daily, weekly and monthly
//! triggers fire at a local wall time; a time in a DST gap follows the ECMAScript rule.

use chrono::{Datelike, Duration, NaiveDate, NaiveTime};
use chrono_tz::Tz;
use gas_platform::rng::SeededRng;
use gas_platform::time::{local_to_utc_ms, utc_ms_to_local, MS_PER_DAY, MS_PER_MINUTE};
use gas_platform::triggers::{near_minute_offset_minutes, TimeSpec};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Schedule {
    /// Every `period_ms`, at `anchor_utc_ms + k * period_ms`.
    Every {
        period_ms: i64,
        anchor_utc_ms: i64,
    },
    /// Every `days` local days from `first_day`, at `hour:minute` local, moved by
    /// `offset_minutes` (a script's `nearMinute`: see `from_spec`).
    Daily {
        days: u32,
        first_day: NaiveDate,
        hour: u32,
        minute: u32,
        offset_minutes: i64,
    },
    /// On `weekday` (1 = Monday) every `weeks` weeks from the week of `first_day`.
    Weekly {
        weeks: u32,
        weekday: u32,
        first_day: NaiveDate,
        hour: u32,
        minute: u32,
        offset_minutes: i64,
    },
    /// On day `month_day` of every month that has it, at `hour:minute` local, moved by
    /// `offset_minutes` (`onMonthDay`; gas-platform's triggers.rs says why a month
    /// without that day is skipped).
    Monthly {
        month_day: u32,
        hour: u32,
        minute: u32,
        offset_minutes: i64,
    },
    Once {
        at_utc_ms: i64,
    },
}

impl Schedule {
    /// An interval trigger; `pinned_minute` fixes the offset, else it is drawn from `rng`.
    pub fn every(period_ms: i64, pinned_minute: Option<u32>, day_start_utc_ms: i64, rng: &mut SeededRng) -> Schedule {
        assert!(period_ms > 0, "a trigger period must be positive");
        let phase_ms = match pinned_minute {
            Some(minute) => (i64::from(minute) * MS_PER_MINUTE) % period_ms,
            // Whole seconds in the period: the platform's offsets are not minute-aligned.
            None => rng.below((period_ms / 1000) as u64) as i64 * 1000,
        };
        Schedule::Every { period_ms, anchor_utc_ms: day_start_utc_ms + phase_ms }
    }

    /// The first firing at or after `at_utc_ms`.
    pub fn next_at_or_after(&self, at_utc_ms: i64, zone: Tz) -> Option<i64> {
        match *self {
            Schedule::Every { period_ms, anchor_utc_ms } => {
                let steps = (at_utc_ms - anchor_utc_ms).div_euclid(period_ms);
                let candidate = anchor_utc_ms + steps * period_ms;
                Some(if candidate < at_utc_ms { candidate + period_ms } else { candidate })
            }
            Schedule::Once { at_utc_ms: once } => (once >= at_utc_ms).then_some(once),
            Schedule::Daily { days, first_day, hour, minute, offset_minutes } => {
                first_local_firing(at_utc_ms, zone, (hour, minute, offset_minutes), |day| {
                    (day - first_day).num_days().rem_euclid(i64::from(days.max(1))) == 0
                })
            }
            Schedule::Monthly { month_day, hour, minute, offset_minutes } => {
                first_local_firing(at_utc_ms, zone, (hour, minute, offset_minutes), |day| day.day() == month_day)
            }
            Schedule::Weekly { weeks, weekday, first_day, hour, minute, offset_minutes } => {
                let first_monday = first_day - Duration::days(i64::from(first_day.weekday().num_days_from_monday()));
                first_local_firing(at_utc_ms, zone, (hour, minute, offset_minutes), |day| {
                    let week = (day - first_monday).num_days().div_euclid(7);
                    day.weekday().number_from_monday() == weekday && week.rem_euclid(i64::from(weeks.max(1))) == 0
                })
            }
        }
    }

    /// What `getProjectTriggers()` shows of a scenario trigger.
    pub fn to_spec(&self) -> TimeSpec {
        match *self {
            Schedule::Every { period_ms, .. } if period_ms < 60 * MS_PER_MINUTE => {
                TimeSpec::EveryMinutes { minutes: (period_ms / MS_PER_MINUTE) as u32 }
            }
            Schedule::Every { period_ms, .. } => {
                TimeSpec::EveryHours { hours: (period_ms / (60 * MS_PER_MINUTE)) as u32 }
            }
            Schedule::Daily { days, hour, minute, .. } => {
                TimeSpec::EveryDays { days, at_hour: hour, near_minute: Some(minute) }
            }
            Schedule::Weekly { weeks, weekday, hour, minute, .. } => {
                TimeSpec::EveryWeeks { weeks, weekday, at_hour: hour, near_minute: Some(minute) }
            }
            Schedule::Monthly { month_day, hour, minute, .. } => {
                TimeSpec::OnMonthDay { month_day, at_hour: hour, near_minute: Some(minute) }
            }
            Schedule::Once { at_utc_ms } => TimeSpec::At { at_utc_ms },
        }
    }

    /// The schedule of a trigger a script installed with ScriptApp. Without
    /// `nearMinute` the minute is drawn from `rng`; with it, the platform's placement
    /// within `triggers::NEAR_MINUTE_SPREAD_MINUTES` of it, drawn from `rng` too.
    pub fn from_spec(spec: &TimeSpec, day_start_utc_ms: i64, first_day: NaiveDate, rng: &mut SeededRng) -> Schedule {
        let place = |near: Option<u32>, rng: &mut SeededRng| match near {
            Some(minute) => (minute, near_minute_offset_minutes(rng)),
            None => (rng.below(60) as u32, 0),
        };
        match *spec {
            TimeSpec::EveryMinutes { minutes } => {
                Schedule::every(i64::from(minutes) * MS_PER_MINUTE, None, day_start_utc_ms, rng)
            }
            TimeSpec::EveryHours { hours } => {
                Schedule::every(i64::from(hours) * 60 * MS_PER_MINUTE, None, day_start_utc_ms, rng)
            }
            TimeSpec::EveryDays { days, at_hour, near_minute } => {
                let (minute, offset_minutes) = place(near_minute, rng);
                Schedule::Daily { days, first_day, hour: at_hour, minute, offset_minutes }
            }
            TimeSpec::EveryWeeks { weeks, weekday, at_hour, near_minute } => {
                let (minute, offset_minutes) = place(near_minute, rng);
                Schedule::Weekly { weeks, weekday, first_day, hour: at_hour, minute, offset_minutes }
            }
            TimeSpec::OnMonthDay { month_day, at_hour, near_minute } => {
                let (minute, offset_minutes) = place(near_minute, rng);
                Schedule::Monthly { month_day, hour: at_hour, minute, offset_minutes }
            }
            TimeSpec::At { at_utc_ms } => Schedule::Once { at_utc_ms },
            TimeSpec::OnDate { at_utc_ms } => {
                Schedule::Once { at_utc_ms: at_utc_ms + near_minute_offset_minutes(rng) * MS_PER_MINUTE }
            }
        }
    }
}

/// A trigger's firings: its schedule, read in the trigger's own zone (`inTimezone`, or
/// the script's), within `[from, until)`: a firing exactly at `until` is past it, as a
/// fault's `until` and the scenario's `end` are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Firings {
    pub schedule: Schedule,
    pub zone: Tz,
    /// Exclusive; `i64::MAX` for a trigger without an end.
    pub until_utc_ms: i64,
}

impl Firings {
    /// The first firing at or after `at_utc_ms` and before `until_utc_ms`.
    pub fn next_at_or_after(&self, at_utc_ms: i64) -> Option<i64> {
        self.schedule.next_at_or_after(at_utc_ms, self.zone).filter(|firing| *firing < self.until_utc_ms)
    }
}

/// The first local day (from the day before `at_utc_ms`, for zones behind UTC) whose
/// `hour:minute` instant, moved by `offset_minutes`, is at or after `at_utc_ms` and which
/// `wanted` accepts (the day counted is the nominal time's, so a 00:05 firing moved to
/// 23:50 belongs to the next day's cycle). Looks at most 800 days ahead (a two-year
/// weekly schedule), then gives up.
fn first_local_firing(
    at_utc_ms: i64,
    zone: Tz,
    (hour, minute, offset_minutes): (u32, u32, i64),
    wanted: impl Fn(NaiveDate) -> bool,
) -> Option<i64> {
    const DAYS_AHEAD_MAX: i64 = 800;
    let time = NaiveTime::from_hms_opt(hour.min(23), minute.min(59), 0)?;
    let start_day = utc_ms_to_local(zone, at_utc_ms).date() - Duration::days(1);
    (0..DAYS_AHEAD_MAX)
        .map(|i| start_day + Duration::days(i))
        .filter(|day| wanted(*day))
        .map(|day| local_to_utc_ms(zone, day.and_time(time)) + offset_minutes * MS_PER_MINUTE)
        .find(|firing| *firing >= at_utc_ms)
}

/// Local midnight of the day of `at_utc_ms`, and that day.
pub fn local_day_start(at_utc_ms: i64, zone: Tz) -> (i64, NaiveDate) {
    let day = utc_ms_to_local(zone, at_utc_ms).date();
    (local_to_utc_ms(zone, day.and_time(NaiveTime::MIN)), day)
}

/// The longest duration a scenario may write: ten years. Longer periods and delays are
/// typos (`4294967297d` wrapped to a daily trigger before durations were checked).
pub const DURATION_MS_MAX: i64 = 3_650 * MS_PER_DAY;

/// `5m`, `1h`, `2d`, `1w` to a period in ms; `30s`/`20s` also for delays. At most
/// [`DURATION_MS_MAX`], with checked arithmetic.
pub fn parse_duration_ms(text: &str) -> Result<i64, String> {
    let text = text.trim();
    let split = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let too_long = || format!("bad duration {text:?}: at most 3650d (ten years)");
    let n: i64 = number.parse().map_err(|_| {
        if number.is_empty() {
            format!("bad duration {text:?}: want a number and a unit, e.g. 5m, 1h, 1d")
        } else {
            too_long()
        }
    })?;
    let unit_ms = match unit {
        "ms" => 1,
        "s" => 1000,
        "m" => MS_PER_MINUTE,
        "h" => 60 * MS_PER_MINUTE,
        "d" => MS_PER_DAY,
        "w" => 7 * MS_PER_DAY,
        _ => return Err(format!("bad duration {text:?}: the unit must be ms, s, m, h, d or w")),
    };
    if n <= 0 {
        return Err(format!("bad duration {text:?}: must be positive"));
    }
    n.checked_mul(unit_ms).filter(|ms| *ms <= DURATION_MS_MAX).ok_or_else(too_long)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gas_platform::time::{iso_utc, parse_iso_utc, parse_zone};

    fn at(text: &str) -> i64 {
        parse_iso_utc(text).unwrap()
    }

    #[test]
    fn hourly_pinned_minute_fires_on_the_local_hour() {
        let tokyo = parse_zone("Asia/Tokyo").unwrap();
        let (day_start, _) = local_day_start(at("2025-06-12T03:00:00Z"), tokyo);
        let hourly = Schedule::every(3_600_000, Some(0), day_start, &mut SeededRng::new(1));
        assert_eq!(
            iso_utc(hourly.next_at_or_after(at("2025-06-12T03:00:00Z"), tokyo).unwrap()),
            "2025-06-12T03:00:00.000Z"
        );
        assert_eq!(
            iso_utc(hourly.next_at_or_after(at("2025-06-12T03:00:00.001Z"), tokyo).unwrap()),
            "2025-06-12T04:00:00.000Z"
        );
    }

    #[test]
    fn seeded_offset_is_fixed_for_a_seed() {
        let zone = parse_zone("UTC").unwrap();
        let a = Schedule::every(3_600_000, None, 0, &mut SeededRng::derive(7, "t"));
        let b = Schedule::every(3_600_000, None, 0, &mut SeededRng::derive(7, "t"));
        assert_eq!(a, b);
        let first = a.next_at_or_after(0, zone).unwrap();
        assert_eq!(a.next_at_or_after(first + 1, zone).unwrap(), first + 3_600_000);
    }

    #[test]
    fn daily_at_hour_follows_local_time_across_dst() {
        let la = parse_zone("America/Los_Angeles").unwrap();
        let first_day = NaiveDate::from_ymd_opt(2025, 11, 1).unwrap();
        let daily = Schedule::Daily { days: 1, first_day, hour: 9, minute: 0, offset_minutes: 0 };
        // 09:00 PDT on Nov 1 is 16:00Z; 09:00 PST on Nov 2 is 17:00Z.
        let first = daily.next_at_or_after(at("2025-11-01T07:00:00Z"), la).unwrap();
        assert_eq!(iso_utc(first), "2025-11-01T16:00:00.000Z");
        assert_eq!(iso_utc(daily.next_at_or_after(first + 1, la).unwrap()), "2025-11-02T17:00:00.000Z");
    }

    #[test]
    fn monthly_fires_on_its_day_in_local_time_and_skips_months_without_it() {
        let la = parse_zone("America/Los_Angeles").unwrap();
        let monthly = Schedule::Monthly { month_day: 31, hour: 9, minute: 30, offset_minutes: 0 };
        let mut firings = Vec::new();
        let mut next = at("2025-01-01T00:00:00Z");
        while let Some(firing) = monthly.next_at_or_after(next, la).filter(|f| *f < at("2025-12-31T00:00:00Z")) {
            firings.push(iso_utc(firing));
            next = firing + 1;
        }
        // 09:30 PST is 17:30Z, 09:30 PDT 16:30Z; February, April, June, September and
        // November have no 31st.
        assert_eq!(
            firings,
            [
                "2025-01-31T17:30:00.000Z",
                "2025-03-31T16:30:00.000Z",
                "2025-05-31T16:30:00.000Z",
                "2025-07-31T16:30:00.000Z",
                "2025-08-31T16:30:00.000Z",
                "2025-10-31T16:30:00.000Z",
            ]
        );
        // A script's trigger: the minute drawn from the seed, the spec shown as installed.
        let spec = TimeSpec::OnMonthDay { month_day: 1, at_hour: 6, near_minute: None };
        let first_day = NaiveDate::from_ymd_opt(2025, 6, 1).unwrap();
        let placed = Schedule::from_spec(&spec, at("2025-06-01T00:00:00Z"), first_day, &mut SeededRng::derive(3, "t"));
        let Schedule::Monthly { month_day: 1, hour: 6, minute, offset_minutes: 0 } = placed else {
            panic!("{placed:?}")
        };
        assert!(minute < 60);
        assert_eq!(placed.to_spec(), TimeSpec::OnMonthDay { month_day: 1, at_hour: 6, near_minute: Some(minute) });
        let july = placed.next_at_or_after(at("2025-06-01T07:00:00Z"), Tz::UTC).unwrap();
        assert_eq!(july, at("2025-07-01T06:00:00Z") + i64::from(minute) * MS_PER_MINUTE);
    }

    #[test]
    fn a_near_minute_trigger_is_placed_within_15_minutes_and_may_cross_midnight() {
        let spec = TimeSpec::EveryDays { days: 2, at_hour: 0, near_minute: Some(5) };
        let first_day = NaiveDate::from_ymd_opt(2025, 6, 1).unwrap();
        let day_start = at("2025-06-01T00:00:00Z");
        for seed in 0..40 {
            let schedule = Schedule::from_spec(&spec, day_start, first_day, &mut SeededRng::derive(seed, "t"));
            let Schedule::Daily { minute: 5, offset_minutes, .. } = schedule else { panic!("{schedule:?}") };
            assert!((-15..=15).contains(&offset_minutes), "seed {seed}: {offset_minutes}");
            // The cycle is the nominal day's: 2025-06-01 00:05 moved back fires on May 31.
            let first = schedule.next_at_or_after(at("2025-05-31T00:00:00Z"), Tz::UTC).unwrap();
            assert_eq!(first, at("2025-06-01T00:05:00Z") + offset_minutes * MS_PER_MINUTE, "seed {seed}");
        }
        let placed = |seed| Schedule::from_spec(&spec, day_start, first_day, &mut SeededRng::derive(seed, "t"));
        assert_eq!(placed(3), placed(3), "deterministic per seed");
    }

    #[test]
    fn an_at_date_trigger_fires_once_within_15_minutes_of_its_time_and_at_goes_exactly() {
        let midnight = at("2025-07-01T00:00:00Z");
        let first_day = NaiveDate::from_ymd_opt(2025, 6, 1).unwrap();
        let place =
            |spec: &TimeSpec, seed| Schedule::from_spec(spec, midnight, first_day, &mut SeededRng::derive(seed, "t"));
        let mut offsets = std::collections::BTreeSet::new();
        for seed in 0..40 {
            let Schedule::Once { at_utc_ms } = place(&TimeSpec::OnDate { at_utc_ms: midnight }, seed) else { panic!() };
            let offset_minutes = (at_utc_ms - midnight) / MS_PER_MINUTE;
            assert!((-15..=15).contains(&offset_minutes) && (at_utc_ms - midnight) % MS_PER_MINUTE == 0, "seed {seed}");
            offsets.insert(offset_minutes);
        }
        assert!(offsets.len() > 10 && offsets.iter().any(|m| *m < 0), "placed across the window: {offsets:?}");
        let spec = TimeSpec::OnDate { at_utc_ms: midnight };
        assert_eq!(place(&spec, 3), place(&spec, 3), "deterministic per seed");
        // at(date) and after(ms) name their time exactly.
        assert_eq!(place(&TimeSpec::At { at_utc_ms: midnight }, 3), Schedule::Once { at_utc_ms: midnight });
    }

    #[test]
    fn daily_in_a_spring_forward_gap_takes_the_offset_before() {
        let la = parse_zone("America/Los_Angeles").unwrap();
        let first_day = NaiveDate::from_ymd_opt(2024, 3, 10).unwrap();
        let daily = Schedule::Daily { days: 1, first_day, hour: 2, minute: 30, offset_minutes: 0 };
        assert_eq!(
            iso_utc(daily.next_at_or_after(at("2024-03-10T08:00:00Z"), la).unwrap()),
            "2024-03-10T10:30:00.000Z"
        );
    }

    #[test]
    fn weekly_on_monday() {
        let utc = parse_zone("UTC").unwrap();
        let first_day = NaiveDate::from_ymd_opt(2025, 6, 12).unwrap(); // a Thursday
        let weekly = Schedule::Weekly { weeks: 1, weekday: 1, first_day, hour: 8, minute: 15, offset_minutes: 0 };
        assert_eq!(
            iso_utc(weekly.next_at_or_after(at("2025-06-12T00:00:00Z"), utc).unwrap()),
            "2025-06-16T08:15:00.000Z"
        );
    }

    /// A daily 09:00 New York trigger seen from a Tokyo script: every firing follows New
    /// York's clock across its DST end (09:00 EDT is 13:00Z, 09:00 EST 14:00Z), not only
    /// the first.
    #[test]
    fn firings_follow_the_trigger_zone_across_its_dst_change() {
        let new_york = parse_zone("America/New_York").unwrap();
        let first_day = NaiveDate::from_ymd_opt(2025, 11, 1).unwrap();
        let daily = Firings {
            schedule: Schedule::Daily { days: 1, first_day, hour: 9, minute: 0, offset_minutes: 0 },
            zone: new_york,
            until_utc_ms: i64::MAX,
        };
        let mut firing = daily.next_at_or_after(at("2025-11-01T00:00:00Z")).unwrap();
        let mut seen = Vec::new();
        for _ in 0..3 {
            seen.push(iso_utc(firing));
            firing = daily.next_at_or_after(firing + 1).unwrap();
        }
        assert_eq!(seen, ["2025-11-01T13:00:00.000Z", "2025-11-02T14:00:00.000Z", "2025-11-03T14:00:00.000Z"]);
        // Read in the script's zone instead, the same schedule would fire at 09:00 Tokyo.
        let tokyo = Firings { zone: parse_zone("Asia/Tokyo").unwrap(), ..daily };
        assert_eq!(iso_utc(tokyo.next_at_or_after(at("2025-11-01T00:00:01Z")).unwrap()), "2025-11-02T00:00:00.000Z");
    }

    #[test]
    fn a_firing_exactly_at_until_is_past_the_window() {
        let utc = parse_zone("UTC").unwrap();
        let hourly = Firings {
            schedule: Schedule::Every { period_ms: 3_600_000, anchor_utc_ms: 0 },
            zone: utc,
            until_utc_ms: at("2025-06-12T10:00:00Z"),
        };
        assert_eq!(iso_utc(hourly.next_at_or_after(at("2025-06-12T08:30:00Z")).unwrap()), "2025-06-12T09:00:00.000Z");
        assert_eq!(hourly.next_at_or_after(at("2025-06-12T09:00:00.001Z")), None, "10:00 is the end, exclusive");
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration_ms("5m"), Ok(300_000));
        assert_eq!(parse_duration_ms("1h"), Ok(3_600_000));
        assert_eq!(parse_duration_ms("20s"), Ok(20_000));
        assert!(parse_duration_ms("1y").unwrap_err().contains("unit"));
        assert!(parse_duration_ms("h").unwrap_err().contains("number"));
        assert!(parse_duration_ms("0m").unwrap_err().contains("positive"));
        assert_eq!(parse_duration_ms("3650d"), Ok(DURATION_MS_MAX));
        // These wrapped or overflowed (4294967297d became a daily trigger).
        for long in ["4294967297d", "3651d", "99999999999999999999w", "9223372036854775807ms0"] {
            assert!(parse_duration_ms(long).is_err(), "{long}");
        }
        assert!(parse_duration_ms("4294967297d").unwrap_err().contains("at most 3650d"));
    }
}
