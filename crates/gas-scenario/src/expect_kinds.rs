//! The filters of `[[expect]]` beyond counting mail and rows (issue 15): time windows
//! (`from`/`until`, local), executions by error, local hour and weekday, log lines by
//! level and text, a column's distinct and duplicated values, and plain web-app requests
//! by method and response. `expect.rs` reads a section and counts; this module says what
//! one item must be to count, and what evidence a failed expectation shows.

use chrono::{Datelike, Timelike, Weekday};
use chrono_tz::Tz;
use gas_platform::time::{local_to_utc_ms, parse_time_in_zone, utc_ms_to_local};
use gas_platform::trace::LogLevel;
use gas_platform::World;

use crate::expect::TextMatch;
use crate::model::{
    DriveFilter, EventFilter, ExecutionFilter, ExpectSection, LoadedScenario, LogFilter, RequestFilter, ScenarioError,
};
use crate::report::ExecutionSummary;

/// Columns a `distinct`/`duplicates` column letter may name (`ZZZ` is 18,278; the
/// platform's sheets have at most 18,278 columns).
const COLUMN_INDEX_MAX: usize = 18_278;
/// Evidence lines under one failed expectation: enough to see the pattern.
pub const EVIDENCE_LINES_MAX: usize = 5;

/// `from`/`until` of an expectation: `from` inclusive, `until` exclusive, as instants.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Window {
    pub from_utc_ms: Option<i64>,
    pub until_utc_ms: Option<i64>,
}

impl Window {
    pub fn contains(&self, at_utc_ms: i64) -> bool {
        self.from_utc_ms.is_none_or(|from| at_utc_ms >= from) && self.until_utc_ms.is_none_or(|until| at_utc_ms < until)
    }

    pub fn is_all(&self) -> bool {
        self.from_utc_ms.is_none() && self.until_utc_ms.is_none()
    }

    /// The window read from a section; `what` says whether its subject has times.
    pub fn read(
        loaded: &LoadedScenario,
        section: &ExpectSection,
        key: &str,
        zone: Tz,
        subject_has_times: bool,
    ) -> Result<(Window, String), ScenarioError> {
        let mut window = Window::default();
        let mut label = String::new();
        for (name, value, slot) in
            [("from", &section.from, &mut window.from_utc_ms), ("until", &section.until, &mut window.until_utc_ms)]
        {
            let Some(value) = value else { continue };
            let field = format!("{key}.{name}");
            if !subject_has_times {
                return Err(loaded.error_at(
                    value,
                    &field,
                    "from/until apply to mail, executions, logs, requests, submissions and responses; a \
                     sheet, cell or property is checked at the end of the run",
                ));
            }
            *slot = Some(parse_time_in_zone(value.get_ref(), zone).map_err(|e| loaded.error_at(value, &field, e))?);
            label.push_str(&format!(" {name} {}", value.get_ref()));
        }
        if let (Some(from), Some(until)) = (window.from_utc_ms, window.until_utc_ms) {
            if from >= until {
                // It could never count anything: a typo, not an expectation.
                return Err(loaded.error(&format!("{key}.until"), "until is not after from: the window is empty"));
            }
        }
        Ok((window, label))
    }

    /// The window narrowed to a local day (`on = "2025-06-14"`): from its first instant
    /// to the next day's (a zone whose midnight is skipped starts the day at 01:00).
    pub fn on_local_day(
        self,
        loaded: &LoadedScenario,
        day: &toml::Spanned<String>,
        key: &str,
        zone: Tz,
        subject_has_times: bool,
    ) -> Result<Window, ScenarioError> {
        let field = format!("{key}.on");
        if !subject_has_times {
            return Err(loaded.error_at(
                day,
                &field,
                "on applies to mail, executions, logs, requests, submissions and responses; a sheet, \
                 cell or property is checked at the end of the run",
            ));
        }
        let date = chrono::NaiveDate::parse_from_str(day.get_ref(), "%Y-%m-%d")
            .map_err(|_| loaded.error_at(day, &field, "want a local day like 2025-06-14"))?;
        let next = date.succ_opt().ok_or_else(|| loaded.error_at(day, &field, "want a local day like 2025-06-14"))?;
        let midnight = |d: chrono::NaiveDate| local_to_utc_ms(zone, d.and_time(chrono::NaiveTime::MIN));
        let (day_start, day_end) = (midnight(date), midnight(next));
        let window = Window {
            from_utc_ms: Some(self.from_utc_ms.map_or(day_start, |f| f.max(day_start))),
            until_utc_ms: Some(self.until_utc_ms.map_or(day_end, |u| u.min(day_end))),
        };
        if window.from_utc_ms >= window.until_utc_ms {
            return Err(loaded.error_at(day, &field, "from/until leave nothing of this day: the window is empty"));
        }
        Ok(window)
    }
}

/// What an execution must be to count.
#[derive(Debug, Clone, Default)]
pub struct ExecMatch {
    pub function: Option<String>,
    pub outcome: Option<String>,
    pub error: Option<TextMatch>,
    pub local_hour: Option<u32>,
    pub weekday: Option<Weekday>,
}

impl ExecMatch {
    pub fn read(
        loaded: &LoadedScenario,
        filter: &ExecutionFilter,
        key: &str,
    ) -> Result<(ExecMatch, String), ScenarioError> {
        if let Some(outcome) = &filter.outcome {
            if !["completed", "failed", "killed"].contains(&outcome.as_str()) {
                return Err(loaded.error(
                    &format!("{key}.executions.outcome"),
                    format!("{outcome:?}: use completed, failed or killed"),
                ));
            }
        }
        let error = filter
            .error
            .as_deref()
            .map(TextMatch::parse)
            .transpose()
            .map_err(|e| loaded.error(&format!("{key}.executions.error"), e))?;
        let local_hour = match &filter.local_hour {
            Some(hour) if !(0..=23).contains(hour.get_ref()) => {
                return Err(loaded.error_at(hour, &format!("{key}.executions.local_hour"), "an hour from 0 to 23"))
            }
            Some(hour) => Some(*hour.get_ref() as u32),
            None => None,
        };
        let weekday =
            match &filter.weekday {
                Some(day) => Some(parse_weekday(day.get_ref()).ok_or_else(|| {
                    loaded.error_at(day, &format!("{key}.executions.weekday"), "want monday .. sunday")
                })?),
                None => None,
            };
        let mut label = "executions".to_string();
        if let Some(f) = &filter.function {
            label.push_str(&format!(" of {}", f.get_ref()));
        }
        if let Some(o) = &filter.outcome {
            label.push_str(&format!(" {o}"));
        }
        if let Some(e) = &filter.error {
            label.push_str(&format!(" with error {e}"));
        }
        if let Some(h) = local_hour {
            label.push_str(&format!(" at local hour {h}"));
        }
        if let Some(d) = &filter.weekday {
            label.push_str(&format!(" on {}", d.get_ref()));
        }
        let function = filter.function.as_ref().map(|f| f.get_ref().clone());
        Ok((ExecMatch { function, outcome: filter.outcome.clone(), error, local_hour, weekday }, label))
    }

    /// Whether `e` counts, but for the window (which `matches_in` adds).
    pub fn matches(&self, e: &ExecutionSummary, zone: Tz) -> bool {
        let local = utc_ms_to_local(zone, e.start_utc_ms);
        self.function.as_ref().is_none_or(|f| *f == e.function)
            && self.outcome.as_ref().is_none_or(|o| *o == e.outcome)
            && self.error.as_ref().is_none_or(|m| e.error.as_deref().is_some_and(|t| m.matches(t)))
            && self.local_hour.is_none_or(|h| local.hour() == h)
            && self.weekday.is_none_or(|d| local.weekday() == d)
    }
}

fn parse_weekday(text: &str) -> Option<Weekday> {
    let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
    let index = days.iter().position(|d| d.eq_ignore_ascii_case(text))?;
    Some(Weekday::try_from(index as u8).unwrap_or(Weekday::Mon))
}

/// What a logged line must be to count.
#[derive(Debug, Clone, Default)]
pub struct LogMatch {
    pub level: Option<LogLevel>,
    pub text: Option<TextMatch>,
    pub function: Option<String>,
}

impl LogMatch {
    pub fn read(loaded: &LoadedScenario, filter: &LogFilter, key: &str) -> Result<(LogMatch, String), ScenarioError> {
        let level = match &filter.level {
            Some(level) => Some(match level.get_ref().as_str() {
                "debug" => LogLevel::Debug,
                "info" => LogLevel::Info,
                "warning" => LogLevel::Warning,
                "error" => LogLevel::Error,
                other => {
                    return Err(loaded.error_at(
                        level,
                        &format!("{key}.logs.level"),
                        format!("{other:?}: use debug, info, warning or error"),
                    ))
                }
            }),
            None => None,
        };
        let text = filter
            .text
            .as_deref()
            .map(TextMatch::parse)
            .transpose()
            .map_err(|e| loaded.error(&format!("{key}.logs.text"), e))?;
        let mut label = "log lines".to_string();
        if let Some(level) = level {
            label.push_str(&format!(" at {}", level.name()));
        }
        if let Some(t) = &filter.text {
            label.push_str(&format!(" {t}"));
        }
        if let Some(f) = &filter.function {
            label.push_str(&format!(" of {}", f.get_ref()));
        }
        let function = filter.function.as_ref().map(|f| f.get_ref().clone());
        Ok((LogMatch { level, text, function }, label))
    }

    /// The lines that count, with their execution, in execution order.
    pub fn lines<'a>(
        &'a self,
        executions: &'a [ExecutionSummary],
        window: Window,
    ) -> impl Iterator<Item = (&'a ExecutionSummary, &'a gas_platform::trace::LogLine)> + 'a {
        executions
            .iter()
            .filter(move |e| self.function.as_ref().is_none_or(|f| *f == e.function))
            .flat_map(|e| e.logs.iter().map(move |l| (e, l)))
            .filter(move |(_, l)| {
                self.level.is_none_or(|level| l.level == level)
                    && self.text.as_ref().is_none_or(|m| m.matches(&l.text))
                    && window.contains(l.at_utc_ms)
            })
    }
}

/// Which calendar events an `events` expectation counts at the end of the run (a
/// recurring series counts once).
#[derive(Debug, Clone, Default)]
pub struct EventMatch {
    pub calendar: Option<TextMatch>,
    pub title: Option<TextMatch>,
}

impl EventMatch {
    pub fn read(
        loaded: &LoadedScenario,
        filter: &EventFilter,
        key: &str,
    ) -> Result<(EventMatch, String), ScenarioError> {
        let text = |value: &Option<String>, name: &str| {
            value
                .as_deref()
                .map(TextMatch::parse)
                .transpose()
                .map_err(|e| loaded.error(&format!("{key}.events.{name}"), e))
        };
        let check = EventMatch { calendar: text(&filter.calendar, "calendar")?, title: text(&filter.title, "title")? };
        let mut label = "calendar events".to_string();
        if let Some(t) = &filter.title {
            label.push_str(&format!(" {t}"));
        }
        if let Some(c) = &filter.calendar {
            label.push_str(&format!(" in {c}"));
        }
        Ok((check, label))
    }

    /// The events that count: their calendar's id or name and their title match.
    pub fn events<'a>(
        &'a self,
        world: &'a World,
    ) -> impl Iterator<Item = &'a gas_platform::calendar::events::Event> + 'a {
        world.calendar.events.values().filter(move |event| {
            let name = world.calendar.calendars.get(&event.calendar_id).map_or("", |c| c.name.as_str());
            self.calendar.as_ref().is_none_or(|m| m.matches(&event.calendar_id) || m.matches(name))
                && self.title.as_ref().is_none_or(|m| m.matches(&event.title))
        })
    }
}

/// Which Drive items (files and folders, the root left out) a `drive` expectation counts
/// at the end of the run: by name, path and type, in the trash or out of it.
#[derive(Debug, Clone, Default)]
pub struct DriveMatch {
    pub name: Option<TextMatch>,
    pub path: Option<TextMatch>,
    pub mime_type: Option<TextMatch>,
    pub trashed: bool,
}

impl DriveMatch {
    pub fn read(
        loaded: &LoadedScenario,
        filter: &DriveFilter,
        key: &str,
    ) -> Result<(DriveMatch, String), ScenarioError> {
        let text = |value: &Option<String>, name: &str| {
            value
                .as_deref()
                .map(TextMatch::parse)
                .transpose()
                .map_err(|e| loaded.error(&format!("{key}.drive.{name}"), e))
        };
        let trashed = filter.trashed.unwrap_or(false);
        let check = DriveMatch {
            name: text(&filter.name, "name")?,
            path: text(&filter.path, "path")?,
            mime_type: text(&filter.mime_type, "type")?,
            trashed,
        };
        let mut label = if trashed { "Drive items in the trash" } else { "Drive items" }.to_string();
        for (given, what) in [(&filter.name, "named"), (&filter.path, "at"), (&filter.mime_type, "of type")] {
            if let Some(value) = given {
                label.push_str(&format!(" {what} {value}"));
            }
        }
        Ok((check, label))
    }

    /// The items that count, in creation order.
    pub fn items(&self, world: &World) -> Vec<gas_platform::drive::ItemSummary> {
        world
            .drive
            .summary()
            .into_iter()
            .filter(|item| {
                let name = item.path.rsplit('/').next().unwrap_or("");
                item.trashed == self.trashed
                    && self.name.as_ref().is_none_or(|m| m.matches(name))
                    && self.path.as_ref().is_none_or(|m| m.matches(&item.path))
                    && self.mime_type.as_ref().is_none_or(|m| m.matches(&item.mime_type))
            })
            .collect()
    }
}

/// What a plain `[[requests]]` execution must be to count.
#[derive(Debug, Clone, Default)]
pub struct RequestMatch {
    pub method: Option<String>,
    pub function: Option<String>,
    pub status: Option<u16>,
    pub body: Option<TextMatch>,
    pub content_type: Option<TextMatch>,
}

impl RequestMatch {
    pub fn read(
        loaded: &LoadedScenario,
        filter: &RequestFilter,
        key: &str,
    ) -> Result<(RequestMatch, String), ScenarioError> {
        let method = match &filter.method {
            Some(m) if !["GET", "POST"].contains(&m.get_ref().to_ascii_uppercase().as_str()) => {
                return Err(loaded.error_at(m, &format!("{key}.requests.method"), "a web app answers GET or POST"))
            }
            Some(m) => Some(m.get_ref().to_ascii_uppercase()),
            None => None,
        };
        let text = |value: &Option<String>, name: &str| {
            value
                .as_deref()
                .map(TextMatch::parse)
                .transpose()
                .map_err(|e| loaded.error(&format!("{key}.requests.{name}"), e))
        };
        let mut label = "requests".to_string();
        if let Some(m) = &method {
            label.push_str(&format!(" {m}"));
        }
        if let Some(f) = &filter.function {
            label.push_str(&format!(" to {}", f.get_ref()));
        }
        if let Some(s) = filter.status {
            label.push_str(&format!(" answered {s}"));
        }
        if let Some(t) = &filter.content_type {
            label.push_str(&format!(" type {t}"));
        }
        if let Some(b) = &filter.body {
            label.push_str(&format!(" body {b}"));
        }
        let check = RequestMatch {
            method,
            function: filter.function.as_ref().map(|f| f.get_ref().clone()),
            status: filter.status,
            body: text(&filter.body, "body")?,
            content_type: text(&filter.content_type, "content_type")?,
        };
        Ok((check, label))
    }

    /// Plain requests only: a submission's attempts are counted by `response`.
    pub fn matches(&self, e: &ExecutionSummary) -> bool {
        let Some(response) = e.response.as_ref().filter(|_| e.source.ends_with(" request")) else {
            return false;
        };
        self.method.as_ref().is_none_or(|m| e.source == format!("{m} request"))
            && self.function.as_ref().is_none_or(|f| *f == e.function)
            && self.status.is_none_or(|s| response.status == s)
            && self.body.as_ref().is_none_or(|m| m.matches(&response.body))
            && self.content_type.as_ref().is_none_or(|m| m.matches(&response.content_type))
    }
}

/// `"B"` -> 1 (0-based), letters only.
pub fn parse_column(letters: &str) -> Option<usize> {
    if letters.is_empty() || letters.len() > 3 || !letters.bytes().all(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    let number = letters.bytes().fold(0usize, |n, b| n * 26 + (b.to_ascii_uppercase() - b'A') as usize + 1);
    (number <= COLUMN_INDEX_MAX).then(|| number - 1)
}

/// Each non-blank display value of a column with how often it occurs, sorted by value.
pub fn column_values(
    world: &World,
    spreadsheet: &str,
    sheet: &str,
    column: usize,
    zone: Tz,
) -> std::collections::BTreeMap<String, u64> {
    let mut counts = std::collections::BTreeMap::new();
    let Some(book) = world.spreadsheets.all().iter().find(|b| b.id() == spreadsheet) else { return counts };
    let zone = book.time_zone().and_then(|z| z.parse().ok()).unwrap_or(zone);
    let Some(sheet) = book.sheets().iter().find(|s| s.name() == sheet) else { return counts };
    for row in sheet.rows() {
        let Some(cell) = row.get(column) else { continue };
        let text = gas_platform::sheets::display_value(cell, zone);
        if !text.is_empty() {
            *counts.entry(text).or_insert(0) += 1;
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_letters() {
        assert_eq!(parse_column("A"), Some(0));
        assert_eq!(parse_column("b"), Some(1));
        assert_eq!(parse_column("AA"), Some(26));
        assert_eq!(parse_column("ZZZ"), Some(COLUMN_INDEX_MAX - 1));
        for bad in ["", "1", "B2", "AAAA", "-"] {
            assert_eq!(parse_column(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_window_includes_from_and_excludes_until() {
        let w = Window { from_utc_ms: Some(10), until_utc_ms: Some(20) };
        assert!(!w.contains(9) && w.contains(10) && w.contains(19) && !w.contains(20));
        assert!(Window::default().contains(i64::MIN) && Window::default().is_all());
    }

    #[test]
    fn weekdays_by_name() {
        assert_eq!(parse_weekday("Monday"), Some(Weekday::Mon));
        assert_eq!(parse_weekday("sunday"), Some(Weekday::Sun));
        assert_eq!(parse_weekday("mon"), None);
    }
}
