//! `Utilities.parseDate`: `SimpleDateFormat.parse`, lenient, into Calendar fields resolved
//! as Java resolves them, in a Java zone. Two-digit years fall in the 80 years before "now"
//! (the virtual clock, never the wall clock).

use chrono::{DateTime, LocalResult, TimeZone};

use super::calendar::{day_on_or_before, days_from_civil, days_in_month, week_one_start, LocalTime};
use super::java_zones::{
    java_current_raw_offset_s, java_dst_savings_ms, java_raw_offset_s, java_zone_name_groups, java_zone_names,
    offset_at, resolve_zone, JavaZone, ZoneRules, JAVA_ZONE_DATA_START_UTC_MS,
};
use super::simple_date_format::{
    compile_pattern, PatternPart, AM_PM, ERAS_LONG, ERAS_SHORT, MONTHS_LONG, MONTHS_SHORT, WEEKDAYS_LONG,
    WEEKDAYS_SHORT,
};
use crate::error::{ServiceError, ServiceResult};
use crate::time::{MS_PER_DAY, MS_PER_MINUTE, MS_PER_SECOND};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::iso_utc;
    use crate::utilities::test_support::at;

    /// Parses with "now" at 2026-06-15, so two-digit years fall in 1946-06-15..2046-06-15.
    fn parse(text: &str, zone: &str, pattern: &str) -> String {
        match parse_date_at(text, zone, pattern, at("2026-06-15T00:00:00Z")) {
            Ok(ms) => iso_utc(ms),
            Err(e) => format!("error: {}", e.message),
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
}
