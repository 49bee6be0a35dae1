//! Calendar arithmetic for `SimpleDateFormat`: proleptic Gregorian days, en-US weeks
//! (Sunday first, week 1 holds January 1) and the wall-clock fields of a local instant.

use crate::time::{MS_PER_DAY, MS_PER_MINUTE};

/// Days since 1970-01-01 of a civil date; `day` may overflow the month (lenient).
pub(super) fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
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
pub(super) fn weekday_from_sunday(days: i64) -> i64 {
    (days + 4).rem_euclid(7)
}

/// The day on or before `days` that falls on Java's `day_of_week` (1 = Sunday; lenient
/// values wrap as in `BaseCalendar.getDayOfWeekDateOnOrBefore`).
pub(super) fn day_on_or_before(days: i64, day_of_week: i64) -> i64 {
    days - (weekday_from_sunday(days) - (day_of_week - 1)).rem_euclid(7)
}

/// The Sunday that starts week 1 of `year` (en-US: the week that holds January 1).
pub(super) fn week_one_start(year: i64) -> i64 {
    day_on_or_before(days_from_civil(year, 1, 1), 1)
}

pub(super) fn days_in_month(year: i64, month: i64) -> i64 {
    let (next_year, next_month) = if month == 12 { (year + 1, 1) } else { (year, month + 1) };
    days_from_civil(next_year, next_month, 1) - days_from_civil(year, month, 1)
}

/// The wall-clock fields of a local instant.
pub(super) struct LocalTime {
    pub(super) days: i64,
    pub(super) year: i64,
    pub(super) month: i64,
    pub(super) day: i64,
    pub(super) ms_of_day: i64,
}

impl LocalTime {
    pub(super) fn at(local_ms: i64) -> Self {
        let days = local_ms.div_euclid(MS_PER_DAY);
        let (year, month, day) = civil_from_days(days);
        LocalTime { days, year, month, day, ms_of_day: local_ms.rem_euclid(MS_PER_DAY) }
    }

    pub(super) fn hour(&self) -> i64 {
        self.ms_of_day / (60 * MS_PER_MINUTE)
    }

    /// (week year, week of year), en-US: Sunday first, one day makes a first week.
    pub(super) fn week_of_year(&self) -> (i64, i64) {
        if self.days >= week_one_start(self.year + 1) {
            return (self.year + 1, 1);
        }
        (self.year, (self.days - week_one_start(self.year)) / 7 + 1)
    }

    pub(super) fn week_of_month(&self) -> i64 {
        let first = days_from_civil(self.year, self.month, 1);
        (self.day - 1 + weekday_from_sunday(first)) / 7 + 1
    }

    pub(super) fn day_of_year(&self) -> i64 {
        self.days - days_from_civil(self.year, 1, 1) + 1
    }
}
