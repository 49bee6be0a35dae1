//! A recurring series' rules (`CalendarApp.newRecurrence()`, `EventRecurrence`,
//! `RecurrenceRule`), as the script's builder recorded them, and their expansion.
//!
//! Rules (RFC 5545's, which Calendar documents its recurrence in):
//! - Occurrences are expanded on the calendar's dates in its zone (or the recurrence's
//!   own, `setTimeZone`): a timed event keeps its wall-clock start and wall-clock
//!   length on every date, so a 09:00 weekly meeting stays at 09:00 local after a DST
//!   change (documented: RFC 5545, "the local time ... is preserved").
//! - A date is an occurrence when some inclusion rule matches it, within that rule's
//!   `times` (counted over the dates it matches) and `until` (inclusive), and no
//!   exclusion rule nor `addDateExclusion` date matches it; `addDate` dates are added.
//! - The series' own start date counts only if a rule matches it (assumed: Google
//!   Calendar's practice; RFC 5545 would always include it).
//! - WEEKLY without weekdays repeats on the start's weekday, MONTHLY without month days
//!   or weekdays on the start's day of month (months without that day are skipped),
//!   YEARLY without months on the start's month; `interval` counts days, weeks (from
//!   `weekStartsOn`, Monday by default), months or years from the start; a yearly rule
//!   with year days or ISO weeks (`onlyOnYearDay(s)`, `onlyOnWeek(s)`, negative from the
//!   end) ignores the start's month and day (RFC 5545's BYYEARDAY, BYWEEKNO).

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, Weekday};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::events::When;
use super::{date_in, midnight_utc_ms};
use crate::{ServiceError, ServiceResult};

/// Days scanned from a series' start (gas-sim's own limit, 200 years: a query past it
/// sees no later occurrence).
pub const SCAN_DAYS_MAX: i64 = 200 * 366;
/// Rules one recurrence holds (gas-sim's own limit).
pub const RULES_MAX: usize = 100;
/// An interval, a `times`, a day or a month out of range (assumed text).
pub const INVALID_RULE_MESSAGE: &str = "Invalid argument: recurrence";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Frequency {
    Daily,
    Weekly,
    Monthly,
    Yearly,
}

/// One rule, as `RecurrenceRule`'s builder methods record it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Rule {
    pub frequency: Frequency,
    #[serde(default)]
    pub exclusion: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub times: Option<f64>,
    /// Epoch milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<f64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weekdays: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub month_days: Vec<f64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub months: Vec<String>,
    /// `onlyOnYearDay(s)`: days of the year, negative from its end.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub year_days: Vec<f64>,
    /// `onlyOnWeek(s)`: ISO 8601 week numbers, negative from the year's end.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weeks: Vec<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub week_start: Option<String>,
}

/// A series' recurrence: its rules and single dates.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct Recurrence {
    pub rules: Vec<Rule>,
    /// `addDate`: epoch milliseconds.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dates: Vec<f64>,
    /// `addDateExclusion`: epoch milliseconds.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub exclusion_dates: Vec<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
}

const MONTHS: [&str; 12] = [
    "JANUARY",
    "FEBRUARY",
    "MARCH",
    "APRIL",
    "MAY",
    "JUNE",
    "JULY",
    "AUGUST",
    "SEPTEMBER",
    "OCTOBER",
    "NOVEMBER",
    "DECEMBER",
];

fn weekday_of(name: &str) -> Option<Weekday> {
    let days = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];
    days.iter().position(|d| *d == name).and_then(|i| Weekday::try_from(i as u8).ok())
}

fn month_of(name: &str) -> Option<u32> {
    MONTHS.iter().position(|m| *m == name).map(|i| i as u32 + 1)
}

fn whole(value: f64, range: std::ops::RangeInclusive<i64>) -> ServiceResult<i64> {
    let n = value as i64;
    if !value.is_finite() || value.fract() != 0.0 || !range.contains(&n) {
        return Err(ServiceError::new(INVALID_RULE_MESSAGE));
    }
    Ok(n)
}

impl Rule {
    fn check(&self) -> ServiceResult<()> {
        let bad = || ServiceError::new(INVALID_RULE_MESSAGE);
        self.interval.map(|n| whole(n, 1..=10_000)).transpose()?;
        self.times.map(|n| whole(n, 1..=100_000)).transpose()?;
        if let Some(until) = self.until {
            crate::time::check_time_value(until as i64).map_err(|_| bad())?;
        }
        for (values, max) in [(&self.month_days, 31), (&self.year_days, 366), (&self.weeks, 53)] {
            for value in values {
                if whole(*value, -max..=max)? == 0 {
                    return Err(bad());
                }
            }
        }
        let days = self.weekdays.iter().chain(&self.week_start);
        if days.into_iter().any(|d| weekday_of(d).is_none()) || self.months.iter().any(|m| month_of(m).is_none()) {
            return Err(bad());
        }
        Ok(())
    }

    /// Whether the rule's pattern falls on `date`, for a series starting on `start`
    /// (`times` and `until` are the caller's).
    fn falls_on(&self, start: NaiveDate, date: NaiveDate) -> bool {
        let interval = self.interval.map_or(1, |n| n as i64).max(1);
        let weekdays: Vec<Weekday> = self.weekdays.iter().filter_map(|d| weekday_of(d)).collect();
        let months: Vec<u32> = self.months.iter().filter_map(|m| month_of(m)).collect();
        let month_day_ok = |d: NaiveDate| {
            let last = last_day_of_month(d);
            self.month_days.iter().any(|&n| {
                let n = n as i64;
                let day = if n > 0 { n } else { i64::from(last) + 1 + n };
                day == i64::from(d.day())
            })
        };
        let step_ok = match self.frequency {
            Frequency::Daily => (date - start).num_days() % interval == 0,
            Frequency::Weekly => {
                let week_start = self.week_start.as_deref().and_then(weekday_of).unwrap_or(Weekday::Mon);
                let week_of = |d: NaiveDate| d - Duration::days(i64::from(d.weekday().days_since(week_start)));
                (week_of(date) - week_of(start)).num_days() / 7 % interval == 0
            }
            Frequency::Monthly => {
                let index = |d: NaiveDate| i64::from(d.year()) * 12 + i64::from(d.month());
                (index(date) - index(start)) % interval == 0
            }
            Frequency::Yearly => i64::from(date.year() - start.year()) % interval == 0,
        };
        let anchors_ok = match self.frequency {
            Frequency::Daily => true,
            Frequency::Weekly => !weekdays.is_empty() || date.weekday() == start.weekday(),
            Frequency::Monthly => !self.month_days.is_empty() || !weekdays.is_empty() || date.day() == start.day(),
            // RFC 5545: BYYEARDAY and BYWEEKNO replace the start's month and day.
            Frequency::Yearly if !self.year_days.is_empty() => true,
            Frequency::Yearly if !self.weeks.is_empty() => !weekdays.is_empty() || date.weekday() == start.weekday(),
            Frequency::Yearly => {
                (!months.is_empty() || date.month() == start.month())
                    && (!self.month_days.is_empty() || !weekdays.is_empty() || date.day() == start.day())
            }
        };
        step_ok
            && anchors_ok
            && (weekdays.is_empty() || weekdays.contains(&date.weekday()))
            && (months.is_empty() || months.contains(&date.month()))
            && (self.month_days.is_empty() || month_day_ok(date))
            && (self.year_days.is_empty() || counted_from_end(&self.year_days, date.ordinal(), days_in_year(date)))
            && (self.weeks.is_empty() || counted_from_end(&self.weeks, date.iso_week().week(), iso_weeks_in(date)))
    }
}

/// Whether `value` (1-based, of `count`) is one of `wanted`, where -1 is the last.
fn counted_from_end(wanted: &[f64], value: u32, count: u32) -> bool {
    wanted.iter().any(|&n| {
        let n = n as i64;
        let at = if n > 0 { n } else { i64::from(count) + 1 + n };
        at == i64::from(value)
    })
}

fn days_in_year(date: NaiveDate) -> u32 {
    if NaiveDate::from_ymd_opt(date.year(), 2, 29).is_some() {
        366
    } else {
        365
    }
}

/// The ISO weeks of the ISO year `date` is in (52 or 53: 28 December is always in the last).
fn iso_weeks_in(date: NaiveDate) -> u32 {
    NaiveDate::from_ymd_opt(date.iso_week().year(), 12, 28).map_or(52, |d| d.iso_week().week())
}

fn last_day_of_month(date: NaiveDate) -> u32 {
    let (year, month) = if date.month() == 12 { (date.year() + 1, 1) } else { (date.year(), date.month() + 1) };
    NaiveDate::from_ymd_opt(year, month, 1).map_or(31, |first| (first - Duration::days(1)).day())
}

impl Recurrence {
    /// What a script's builder recorded, checked before a series is made.
    pub fn check(&self) -> ServiceResult<()> {
        if self.rules.len() > RULES_MAX || self.dates.len() + self.exclusion_dates.len() > RULES_MAX * 10 {
            return Err(ServiceError::new(INVALID_RULE_MESSAGE));
        }
        for rule in &self.rules {
            rule.check()?;
        }
        for date in self.dates.iter().chain(&self.exclusion_dates) {
            crate::time::check_time_value(*date as i64).map_err(|_| ServiceError::new(INVALID_RULE_MESSAGE))?;
        }
        if let Some(zone) = &self.time_zone {
            super::check_time_zone(zone)?;
        }
        Ok(())
    }

    fn zone(&self, calendar_zone: Tz) -> Tz {
        self.time_zone.as_deref().and_then(|z| z.parse().ok()).unwrap_or(calendar_zone)
    }
}

/// The occurrences of a series whose first one is `first`, starting before
/// `until_utc_ms` (the query's end), in order.
pub fn occurrences(first: When, recurrence: &Recurrence, calendar_zone: Tz, until_utc_ms: i64) -> Vec<When> {
    let zone = recurrence.zone(calendar_zone);
    let start_local = match first {
        When::Timed { start_utc_ms, .. } => crate::time::utc_ms_to_local(zone, start_utc_ms),
        When::AllDay { start_date, .. } => start_date.and_hms_opt(0, 0, 0).unwrap_or_default(),
    };
    let start = start_local.date();
    let last = date_in(zone, until_utc_ms).min(start + Duration::days(SCAN_DAYS_MAX));
    let local_dates = |list: &[f64]| -> Vec<NaiveDate> { list.iter().map(|ms| date_in(zone, *ms as i64)).collect() };
    let (added, excluded) = (local_dates(&recurrence.dates), local_dates(&recurrence.exclusion_dates));
    let mut counts = vec![0_i64; recurrence.rules.len()];
    let mut found = Vec::new();
    let mut date = start;
    while date <= last {
        let at = at_date(first, start_local, date, zone);
        let mut included = added.contains(&date);
        let mut excluded_here = excluded.contains(&date);
        for (rule, count) in recurrence.rules.iter().zip(counts.iter_mut()) {
            if !rule.falls_on(start, date) || rule.until.is_some_and(|u| first_instant(at, zone) > u as i64) {
                continue;
            }
            if rule.times.is_some_and(|t| *count >= t as i64) {
                continue;
            }
            *count += 1;
            if rule.exclusion {
                excluded_here = true;
            } else {
                included = true;
            }
        }
        if included && !excluded_here {
            found.push(at);
        }
        date += Duration::days(1);
    }
    found
}

/// The occurrence of the series on `date`: the same wall-clock start and length, or the
/// same number of days.
fn at_date(first: When, start_local: NaiveDateTime, date: NaiveDate, zone: Tz) -> When {
    match first {
        When::Timed { end_utc_ms, .. } => {
            let end_local = crate::time::utc_ms_to_local(zone, end_utc_ms);
            let length = end_local - start_local;
            let local = date.and_time(start_local.time());
            let start = crate::time::local_to_utc_ms(zone, local);
            let end = crate::time::local_to_utc_ms(zone, local + length).max(start);
            When::Timed { start_utc_ms: start, end_utc_ms: end }
        }
        When::AllDay { start_date, end_date } => {
            When::AllDay { start_date: date, end_date: date + (end_date - start_date) }
        }
    }
}

fn first_instant(when: When, zone: Tz) -> i64 {
    match when {
        When::Timed { start_utc_ms, .. } => start_utc_ms,
        When::AllDay { start_date, .. } => midnight_utc_ms(zone, start_date),
    }
}
