//! Installable time-driven triggers: what `ScriptApp.newTrigger(...).timeBased()` may
//! build, the 20-trigger limit, and the store `getProjectTriggers()` reads. When a
//! trigger fires is the scheduler's job (gas-scenario); this module only keeps and
//! validates them.

use serde::{Deserialize, Serialize};

use crate::{ServiceError, ServiceResult};

pub const TRIGGERS_PER_SCRIPT_MAX: usize = 20;
pub const TOO_MANY_TRIGGERS_MESSAGE: &str =
    "This script has too many triggers. Triggers must be deleted from the script before more can be added.";

/// Allowed `everyMinutes` values (documented).
pub const EVERY_MINUTES_ALLOWED: [u32; 5] = [1, 5, 10, 15, 30];
/// Allowed `everyHours` values (documented: "1, 2, 4, 6, 8 or 12").
pub const EVERY_HOURS_ALLOWED: [u32; 6] = [1, 2, 4, 6, 8, 12];

/// How far from its minute a `nearMinute(m)` trigger runs, either side. Documented:
/// ClockTriggerBuilder.nearMinute "Specifies the minute at which the trigger runs (plus or
/// minus 15 minutes)".
pub const NEAR_MINUTE_SPREAD_MINUTES: i64 = 15;

/// Where the platform places a `nearMinute` trigger: minutes from its nominal `hour:m`,
/// in [-15, 15], drawn once per trigger (the platform picks "a random but then fixed"
/// time; gas-sim draws it from the run's seed, so a seed always places it alike). The
/// offset may cross the hour and the day (`atHour(0).nearMinute(5)` may run at 23:50).
pub fn near_minute_offset_minutes(rng: &mut crate::rng::SeededRng) -> i64 {
    let spread = NEAR_MINUTE_SPREAD_MINUTES as u64;
    rng.below(2 * spread + 1) as i64 - NEAR_MINUTE_SPREAD_MINUTES
}

/// What a `Trigger`'s getters give: `getEventType()`, `getTriggerSource()`,
/// `getTriggerSourceId()`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TriggerKind {
    pub event_type: &'static str,
    pub source: &'static str,
    pub source_id: Option<&'static str>,
}

/// Every trigger gas-sim installs is time-driven: `ScriptApp.EventType.CLOCK` from
/// `ScriptApp.TriggerSource.CLOCK` (documented), with no source id: `null` (assumed; the
/// id is documented only for a spreadsheet, form or calendar source).
pub const CLOCK_EVENT: TriggerKind = TriggerKind { event_type: "CLOCK", source: "CLOCK", source_id: None };

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum TimeSpec {
    EveryMinutes {
        minutes: u32,
    },
    EveryHours {
        hours: u32,
    },
    /// `everyDays(n).atHour(h)[.nearMinute(m)]`, in the trigger's zone.
    EveryDays {
        days: u32,
        at_hour: u32,
        near_minute: Option<u32>,
    },
    /// `onWeekDay(d).atHour(h)` with `everyWeeks(n)` (1 by default); weekday 1 = Monday.
    EveryWeeks {
        weeks: u32,
        weekday: u32,
        at_hour: u32,
        near_minute: Option<u32>,
    },
    /// `onMonthDay(d).atHour(h)[.nearMinute(m)]`: every month on day `d` (1-31), in the
    /// trigger's zone. A month without that day (31 in April, 30 in February) has no
    /// firing: assumed (the documentation says only "the date in the month that the
    /// trigger runs"); the other reading, the month's last day, would fire twice as often
    /// at month ends some scripts treat as special.
    OnMonthDay {
        month_day: u32,
        at_hour: u32,
        near_minute: Option<u32>,
    },
    /// `at(date)` / `after(ms)`: once.
    At {
        at_utc_ms: i64,
    },
    /// `atDate(y, m, d)[.atHour(h)][.nearMinute(m)]`: once, within
    /// [`NEAR_MINUTE_SPREAD_MINUTES`] of that time, placed as `nearMinute` is (documented:
    /// atDate "fires on the given date, by default near midnight (+/- 15 minutes)").
    OnDate {
        at_utc_ms: i64,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TriggerOrigin {
    /// Installed by the script with ScriptApp.
    #[default]
    Script,
    /// Declared in the scenario file (installed by hand in the editor, on the platform).
    Scenario,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trigger {
    pub id: String,
    pub handler: String,
    pub spec: TimeSpec,
    /// `inTimezone(tz)`; None means the script's zone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
    pub created_at_utc_ms: i64,
    #[serde(default)]
    pub origin: TriggerOrigin,
}

/// What a spreadsheet trigger waits for: `ScriptApp.newTrigger(f).forSpreadsheet(ss)`
/// then `onOpen()`, `onEdit()`, `onChange()` or `onFormSubmit()`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpreadsheetEvent {
    Open,
    Edit,
    Change,
    FormSubmit,
}

impl SpreadsheetEvent {
    /// `Trigger.getEventType()`: `ScriptApp.EventType`'s name (documented).
    pub fn event_type(self) -> &'static str {
        match self {
            SpreadsheetEvent::Open => "ON_OPEN",
            SpreadsheetEvent::Edit => "ON_EDIT",
            SpreadsheetEvent::Change => "ON_CHANGE",
            SpreadsheetEvent::FormSubmit => "ON_FORM_SUBMIT",
        }
    }

    /// A scenario's `on = "edit"`: `open`, `edit`, `change` or `form_submit`.
    pub fn parse(name: &str) -> Option<SpreadsheetEvent> {
        match name {
            "open" => Some(SpreadsheetEvent::Open),
            "edit" => Some(SpreadsheetEvent::Edit),
            "change" => Some(SpreadsheetEvent::Change),
            "form_submit" => Some(SpreadsheetEvent::FormSubmit),
            _ => None,
        }
    }
}

/// An installable trigger on a spreadsheet's events. It fires when a user (a scenario's
/// `[[edits]]`, `[[form_submissions]]`, `[[opens]]`) acts on that spreadsheet, never for a
/// script's own writes (documented for onEdit).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventTrigger {
    pub id: String,
    pub handler: String,
    /// The spreadsheet's id, or the form's for a form source.
    pub spreadsheet_id: String,
    pub event: SpreadsheetEvent,
    pub created_at_utc_ms: i64,
    #[serde(default)]
    pub origin: TriggerOrigin,
    #[serde(default, skip_serializing_if = "EventSource::is_spreadsheet")]
    pub source: EventSource,
}

/// What an event trigger watches: a spreadsheet, a form (`forForm(form).onFormSubmit()`
/// or `.onOpen()`) or a document (`forDocument(doc).onOpen()`, its only event).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventSource {
    #[default]
    Spreadsheet,
    Form,
    Document,
}

impl EventSource {
    fn is_spreadsheet(&self) -> bool {
        *self == EventSource::Spreadsheet
    }

    /// `Trigger.getTriggerSource()`: `ScriptApp.TriggerSource`'s name (documented).
    pub fn trigger_source(self) -> &'static str {
        match self {
            EventSource::Spreadsheet => "SPREADSHEETS",
            EventSource::Form => "FORMS",
            EventSource::Document => "DOCUMENTS",
        }
    }

    /// Whether a trigger on this source can watch `event` (documented: the builders'
    /// methods, `DocumentTriggerBuilder.onOpen`, `FormTriggerBuilder.onFormSubmit` and
    /// `.onOpen`, `SpreadsheetTriggerBuilder`'s four).
    pub fn watches(self, event: SpreadsheetEvent) -> bool {
        match self {
            EventSource::Spreadsheet => true,
            EventSource::Form => matches!(event, SpreadsheetEvent::FormSubmit | SpreadsheetEvent::Open),
            EventSource::Document => event == SpreadsheetEvent::Open,
        }
    }
}

/// An installable trigger on a calendar: `ScriptApp.newTrigger(f).forUserCalendar(id)
/// .onEventUpdated().create()`. It fires when an event of that calendar is created,
/// updated or deleted (documented: CalendarTriggerBuilder.onEventUpdated); gas-sim fires
/// it for the changes a scenario's `[[calendar_changes]]` make, one execution per change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CalendarTrigger {
    pub id: String,
    pub handler: String,
    pub calendar_id: String,
    pub created_at_utc_ms: i64,
    #[serde(default)]
    pub origin: TriggerOrigin,
}

/// What a calendar trigger's getters give: `ScriptApp.EventType.ON_EVENT_UPDATED` from
/// `ScriptApp.TriggerSource.CALENDAR`, its source id the calendar's id (documented).
pub const CALENDAR_EVENT_TYPE: &str = "ON_EVENT_UPDATED";
pub const CALENDAR_SOURCE: &str = "CALENDAR";
/// Assumed text: `create()` on a calendar trigger builder before `onEventUpdated()`.
pub const CALENDAR_TRIGGER_WITHOUT_EVENT: &str =
    "A calendar trigger needs its event: call onEventUpdated() before create().";

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Triggers {
    /// Time-driven triggers.
    pub installed: Vec<Trigger>,
    /// Spreadsheet-event triggers; the 20-trigger limit counts both lists.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub on_events: Vec<EventTrigger>,
    /// Calendar triggers (`onEventUpdated`); counted by the limit too. Absent from old
    /// state files (empty).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub on_calendars: Vec<CalendarTrigger>,
    pub next_id: u64,
}

impl Triggers {
    /// Installs a trigger, or refuses it past the limit.
    pub fn install(
        &mut self,
        handler: &str,
        spec: TimeSpec,
        time_zone: Option<String>,
        now_utc_ms: i64,
        origin: TriggerOrigin,
    ) -> ServiceResult<Trigger> {
        validate_spec(&spec)?;
        let id = self.next_trigger_id()?;
        let trigger =
            Trigger { id, handler: handler.to_string(), spec, time_zone, created_at_utc_ms: now_utc_ms, origin };
        self.installed.push(trigger.clone());
        Ok(trigger)
    }

    /// Installs a spreadsheet-event trigger, or refuses it past the limit.
    pub fn install_event(
        &mut self,
        handler: &str,
        spreadsheet_id: &str,
        event: SpreadsheetEvent,
        now_utc_ms: i64,
        origin: TriggerOrigin,
    ) -> ServiceResult<EventTrigger> {
        let id = self.next_trigger_id()?;
        let trigger = EventTrigger {
            id,
            handler: handler.to_string(),
            spreadsheet_id: spreadsheet_id.to_string(),
            event,
            created_at_utc_ms: now_utc_ms,
            origin,
            source: EventSource::Spreadsheet,
        };
        self.on_events.push(trigger.clone());
        Ok(trigger)
    }

    /// Installs a form-submit trigger on `form_id`, or refuses it past the limit.
    pub fn install_form_submit(
        &mut self,
        handler: &str,
        form_id: &str,
        now_utc_ms: i64,
        origin: TriggerOrigin,
    ) -> ServiceResult<EventTrigger> {
        self.install_on(EventSource::Form, handler, form_id, SpreadsheetEvent::FormSubmit, now_utc_ms, origin)
    }

    /// Installs a trigger on `event` of the form or document (or spreadsheet) `id`, or
    /// refuses it past the limit. The caller has checked that `source` has `event`.
    pub fn install_on(
        &mut self,
        source: EventSource,
        handler: &str,
        id: &str,
        event: SpreadsheetEvent,
        now_utc_ms: i64,
        origin: TriggerOrigin,
    ) -> ServiceResult<EventTrigger> {
        assert!(source.watches(event), "a {source:?} trigger has no {event:?} event");
        let mut trigger = self.install_event(handler, id, event, now_utc_ms, origin)?;
        trigger.source = source;
        self.on_events.last_mut().expect("just installed").source = source;
        Ok(trigger)
    }

    /// The form-submit triggers of `form_id`, in the order they were installed.
    pub fn for_form_submit<'a>(&'a self, form_id: &'a str) -> impl Iterator<Item = &'a EventTrigger> + 'a {
        self.for_source_event(EventSource::Form, form_id, SpreadsheetEvent::FormSubmit)
    }

    /// The triggers `event` of the form or document (or spreadsheet) `id` fires, in the
    /// order they were installed (assumed, as `for_event`).
    pub fn for_source_event<'a>(
        &'a self,
        source: EventSource,
        id: &'a str,
        event: SpreadsheetEvent,
    ) -> impl Iterator<Item = &'a EventTrigger> + 'a {
        self.on_events.iter().filter(move |t| t.source == source && t.spreadsheet_id == id && t.event == event)
    }

    /// The id of a trigger about to be installed, counting it; refused past the limit.
    fn next_trigger_id(&mut self) -> ServiceResult<String> {
        if self.count() >= TRIGGERS_PER_SCRIPT_MAX {
            return Err(ServiceError::new(TOO_MANY_TRIGGERS_MESSAGE));
        }
        self.next_id += 1;
        // Real ids are long decimal numbers; a counter keeps runs reproducible.
        Ok(format!("{}", 1_000_000 + self.next_id))
    }

    /// Triggers of every kind: what the 20-trigger limit counts.
    pub fn count(&self) -> usize {
        self.installed.len() + self.on_events.len() + self.on_calendars.len()
    }

    /// The triggers `event` on `spreadsheet_id` fires, in the order they were installed
    /// (assumed: the platform documents no order).
    pub fn for_event<'a>(
        &'a self,
        spreadsheet_id: &'a str,
        event: SpreadsheetEvent,
    ) -> impl Iterator<Item = &'a EventTrigger> + 'a {
        self.for_source_event(EventSource::Spreadsheet, spreadsheet_id, event)
    }

    /// `deleteTrigger(t)`: deleting one that is gone already is a no-op (assumed).
    pub fn delete(&mut self, id: &str) -> bool {
        let before = self.count();
        self.installed.retain(|t| t.id != id);
        self.on_events.retain(|t| t.id != id);
        self.on_calendars.retain(|t| t.id != id);
        before != self.count()
    }

    pub fn get(&self, id: &str) -> Option<&Trigger> {
        self.installed.iter().find(|t| t.id == id)
    }
}

impl Triggers {
    /// Installs a calendar trigger, or refuses it past the limit.
    pub fn install_calendar(
        &mut self,
        handler: &str,
        calendar_id: &str,
        now_utc_ms: i64,
        origin: TriggerOrigin,
    ) -> ServiceResult<CalendarTrigger> {
        let id = self.next_trigger_id()?;
        let trigger = CalendarTrigger {
            id,
            handler: handler.to_string(),
            calendar_id: calendar_id.to_string(),
            created_at_utc_ms: now_utc_ms,
            origin,
        };
        self.on_calendars.push(trigger.clone());
        Ok(trigger)
    }

    /// The triggers a change of `calendar_id`'s events fires, in install order (assumed).
    pub fn for_calendar<'a>(&'a self, calendar_id: &'a str) -> impl Iterator<Item = &'a CalendarTrigger> + 'a {
        self.on_calendars.iter().filter(move |t| t.calendar_id == calendar_id)
    }

    /// Every trigger id of every kind, in list order: what `check_state` keeps distinct.
    fn ids(&self) -> impl Iterator<Item = &str> {
        let clock = self.installed.iter().map(|t| t.id.as_str());
        clock.chain(self.on_events.iter().map(|t| t.id.as_str())).chain(self.on_calendars.iter().map(|t| t.id.as_str()))
    }

    /// A state file's calendar triggers: a handler, a calendar, a time, an id of their own.
    fn check_calendar_state(&self) -> Result<(), String> {
        let before = self.installed.len() + self.on_events.len();
        for (i, trigger) in self.on_calendars.iter().enumerate() {
            let key = format!("on_calendars[{i}]");
            if trigger.handler.is_empty() {
                return Err(format!("{key}.handler: a trigger names the function it runs"));
            }
            if trigger.calendar_id.trim().is_empty() {
                return Err(format!("{key}.calendar_id: a calendar trigger names its calendar"));
            }
            crate::time::check_time_value(trigger.created_at_utc_ms)
                .map_err(|e| format!("{key}.created_at_utc_ms: {e}"))?;
            if self.ids().take(before + i).any(|id| id == trigger.id) {
                return Err(format!("{key}.id: {:?} is used by another trigger", trigger.id));
            }
        }
        Ok(())
    }
}

impl Triggers {
    /// What a hand-written state file must hold: at most 20 triggers, each a schedule the
    /// builder would accept with a handler, distinct ids, a counter that can go on.
    pub fn check_state(&self) -> Result<(), String> {
        if self.count() > TRIGGERS_PER_SCRIPT_MAX {
            return Err(format!("installed: {} triggers; {TOO_MANY_TRIGGERS_MESSAGE}", self.count()));
        }
        if self.next_id > crate::cache::STATE_COUNTER_MAX {
            return Err(format!("next_id must be at most {}", crate::cache::STATE_COUNTER_MAX));
        }
        for (i, trigger) in self.installed.iter().enumerate() {
            let key = format!("installed[{i}]");
            if trigger.handler.is_empty() {
                return Err(format!("{key}.handler: a trigger names the function it runs"));
            }
            if let TimeSpec::At { at_utc_ms } | TimeSpec::OnDate { at_utc_ms } = trigger.spec {
                crate::time::check_time_value(at_utc_ms).map_err(|e| format!("{key}.spec.at_utc_ms: {e}"))?;
            }
            validate_spec(&trigger.spec).map_err(|e| format!("{key}.spec: {e}"))?;
            crate::time::check_time_value(trigger.created_at_utc_ms)
                .map_err(|e| format!("{key}.created_at_utc_ms: {e}"))?;
            if let Some(zone) = &trigger.time_zone {
                crate::time::parse_zone(zone).map_err(|e| format!("{key}.time_zone: {e}"))?;
            }
            if self.installed[..i].iter().any(|t| t.id == trigger.id) {
                return Err(format!("{key}.id: {:?} is used by another trigger", trigger.id));
            }
        }
        for (i, trigger) in self.on_events.iter().enumerate() {
            let key = format!("on_events[{i}]");
            if trigger.handler.is_empty() {
                return Err(format!("{key}.handler: a trigger names the function it runs"));
            }
            crate::time::check_time_value(trigger.created_at_utc_ms)
                .map_err(|e| format!("{key}.created_at_utc_ms: {e}"))?;
            if !trigger.source.watches(trigger.event) {
                // Named as the state file writes them.
                let name = |v: serde_json::Value| v.as_str().unwrap_or_default().to_string();
                let source = name(serde_json::to_value(trigger.source).unwrap_or_default());
                let event = name(serde_json::to_value(trigger.event).unwrap_or_default());
                return Err(format!("{key}.event: a {source} trigger has no {event} event"));
            }
            let clash = self.installed.iter().any(|t| t.id == trigger.id)
                || self.on_events[..i].iter().any(|t| t.id == trigger.id);
            if clash {
                return Err(format!("{key}.id: {:?} is used by another trigger", trigger.id));
            }
        }
        self.check_calendar_state()
    }
}

/// The builder's rules. Texts are assumed (the platform raises these when `create()` or
/// the builder method is called; the exact wording was not captured).
pub fn validate_spec(spec: &TimeSpec) -> ServiceResult<()> {
    match *spec {
        TimeSpec::EveryMinutes { minutes } if !EVERY_MINUTES_ALLOWED.contains(&minutes) => {
            Err(ServiceError::new("The value passed to everyMinutes() must be one of 1, 5, 10, 15 or 30."))
        }
        TimeSpec::EveryHours { hours } if !EVERY_HOURS_ALLOWED.contains(&hours) => {
            Err(ServiceError::new("The value passed to everyHours() must be one of 1, 2, 4, 6, 8 or 12."))
        }
        TimeSpec::EveryDays { days, at_hour, near_minute } => {
            check_positive("everyDays", days)?;
            check_hour_minute(at_hour, near_minute)
        }
        TimeSpec::EveryWeeks { weeks, weekday, at_hour, near_minute } => {
            check_positive("everyWeeks", weeks)?;
            if !(1..=7).contains(&weekday) {
                return Err(ServiceError::new("Invalid argument: weekDay"));
            }
            check_hour_minute(at_hour, near_minute)
        }
        TimeSpec::OnMonthDay { month_day, at_hour, near_minute } => {
            if !(MONTH_DAY_MIN..=MONTH_DAY_MAX).contains(&month_day) {
                return Err(ServiceError::new(INVALID_MONTH_DAY_MESSAGE));
            }
            check_hour_minute(at_hour, near_minute)
        }
        TimeSpec::At { at_utc_ms } | TimeSpec::OnDate { at_utc_ms } => {
            crate::time::check_time_value(at_utc_ms).map_err(|_| ServiceError::new(INVALID_DATE_MESSAGE))?;
            Ok(())
        }
        _ => Ok(()),
    }
}

/// What a script's `ClockTriggerBuilder` calls recorded, before `create()`: numbers as
/// the script passed them, the weekday as `ScriptApp.WeekDay`'s name.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ClockBuilder {
    pub every_minutes: Option<f64>,
    pub every_hours: Option<f64>,
    pub every_days: Option<f64>,
    pub every_weeks: Option<f64>,
    pub on_week_day: Option<String>,
    /// `onMonthDay(day)`, as the script passed it.
    pub on_month_day: Option<f64>,
    pub at_hour: Option<f64>,
    pub near_minute: Option<f64>,
    /// `at(date)`: the Date's time value.
    pub at_ms: Option<f64>,
    pub after_ms: Option<f64>,
    /// `atDate(year, month, day)`, month 1-12.
    pub at_date: Option<(f64, f64, f64)>,
    /// `inTimezone(zone)`.
    pub time_zone: Option<String>,
}

/// Assumed texts for the builder combinations the platform refuses at `create()`.
pub const NO_SCHEDULE_MESSAGE: &str = "Time-based triggers must have a schedule: call everyMinutes, everyHours, everyDays, onWeekDay, onMonthDay, at or after before create().";
pub const TWO_SCHEDULES_MESSAGE: &str = "A time-based trigger has one schedule: call only one of everyMinutes, everyHours, everyDays, everyWeeks/onWeekDay, onMonthDay, at, after or atDate.";
pub const HOUR_WITHOUT_DAYS_MESSAGE: &str =
    "atHour() and nearMinute() apply only to everyDays(), everyWeeks()/onWeekDay(), onMonthDay() and atDate() triggers.";
/// The days `onMonthDay(day)` takes (a day of a month).
pub const MONTH_DAY_MIN: u32 = 1;
pub const MONTH_DAY_MAX: u32 = 31;
/// Assumed text, in the platform's "Invalid argument: NAME" shape (the parameter is
/// documented as `day`): `onMonthDay` with a day outside 1-31.
pub const INVALID_MONTH_DAY_MESSAGE: &str = "Invalid argument: day";
pub const WEEKS_WITHOUT_DAY_MESSAGE: &str = "everyWeeks() needs onWeekDay(): the day of the week the trigger fires.";
pub const INVALID_ZONE_MESSAGE: &str = "Invalid argument: timezone";

/// `ScriptApp.WeekDay.MONDAY` .. `SUNDAY` to 1 (Monday) .. 7.
pub fn weekday_number(name: &str) -> Option<u32> {
    const NAMES: [&str; 7] = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];
    NAMES.iter().position(|n| *n == name).map(|i| i as u32 + 1)
}

impl ClockBuilder {
    /// The trigger's zone: `inTimezone`'s, checked, or the script's.
    pub fn zone(&self, script_zone: chrono_tz::Tz) -> ServiceResult<chrono_tz::Tz> {
        match &self.time_zone {
            Some(name) => crate::time::parse_zone(name).map_err(|_| ServiceError::new(INVALID_ZONE_MESSAGE)),
            None => Ok(script_zone),
        }
    }

    /// The schedule `create()` installs, or the platform's refusal; the values themselves
    /// (allowed intervals, hours) are [`validate_spec`]'s, which `install` runs.
    pub fn to_spec(&self, now_utc_ms: i64, script_zone: chrono_tz::Tz) -> ServiceResult<TimeSpec> {
        let zone = self.zone(script_zone)?;
        let whole = |n: f64| n as u32;
        let weekly = self.every_weeks.is_some() || self.on_week_day.is_some();
        let kinds = [
            self.every_minutes.is_some(),
            self.every_hours.is_some(),
            self.every_days.is_some(),
            weekly,
            self.on_month_day.is_some(),
            self.at_ms.is_some(),
            self.after_ms.is_some(),
            self.at_date.is_some(),
        ];
        match kinds.iter().filter(|k| **k).count() {
            0 => return Err(ServiceError::new(NO_SCHEDULE_MESSAGE)),
            1 => {}
            _ => return Err(ServiceError::new(TWO_SCHEDULES_MESSAGE)),
        }
        let wall_clock = self.every_days.is_some() || weekly || self.on_month_day.is_some() || self.at_date.is_some();
        if !wall_clock && (self.at_hour.is_some() || self.near_minute.is_some()) {
            return Err(ServiceError::new(HOUR_WITHOUT_DAYS_MESSAGE));
        }
        let at_hour = self.at_hour.map(whole).unwrap_or(0);
        let near_minute = self.near_minute.map(whole);
        if let Some(minutes) = self.every_minutes {
            return Ok(TimeSpec::EveryMinutes { minutes: whole(minutes) });
        }
        if let Some(hours) = self.every_hours {
            return Ok(TimeSpec::EveryHours { hours: whole(hours) });
        }
        if let Some(days) = self.every_days {
            return Ok(TimeSpec::EveryDays { days: whole(days), at_hour, near_minute });
        }
        if weekly {
            let day = self.on_week_day.as_deref().ok_or_else(|| ServiceError::new(WEEKS_WITHOUT_DAY_MESSAGE))?;
            let weekday = weekday_number(day).ok_or_else(|| ServiceError::new("Invalid argument: weekDay"))?;
            let weeks = self.every_weeks.map(whole).unwrap_or(1);
            return Ok(TimeSpec::EveryWeeks { weeks, weekday, at_hour, near_minute });
        }
        if let Some(day) = self.on_month_day {
            // NaN and negatives become 0, past u32 the largest: both refused by validate_spec.
            return Ok(TimeSpec::OnMonthDay { month_day: whole(day), at_hour, near_minute });
        }
        if let Some(date_ms) = self.at_ms {
            return Ok(TimeSpec::At { at_utc_ms: date_to_at_utc_ms(date_ms)? });
        }
        if let Some(after_ms) = self.after_ms {
            // A time a Date cannot hold (`after(1e308)`) is refused: it could not be saved.
            return Ok(TimeSpec::At { at_utc_ms: after_to_at_utc_ms(now_utc_ms, after_ms)? });
        }
        let (year, month, day) = self.at_date.unwrap_or_default();
        check_hour_minute(at_hour, near_minute)?;
        // Midnight (or atHour) of that day in the trigger's zone.
        let local = chrono::NaiveDate::from_ymd_opt(year as i32, month as u32, day as u32)
            .and_then(|date| date.and_hms_opt(at_hour, near_minute.unwrap_or(0), 0))
            .ok_or_else(|| ServiceError::new("Invalid argument: atDate"))?;
        Ok(TimeSpec::OnDate { at_utc_ms: crate::time::local_to_utc_ms(zone, local) })
    }
}

/// Assumed text (the platform's "Invalid argument: NAME" shape for a parameter it
/// cannot use): `at(date)` with an invalid Date or one past a Date's range.
pub const INVALID_DATE_MESSAGE: &str = "Invalid argument: date";
/// Assumed text: `after(ms)` with NaN, an infinity, or a duration that ends past a
/// Date's range (`after(1e308)`).
pub const INVALID_AFTER_MESSAGE: &str = "Invalid argument: durationMilliseconds";

/// When `after(ms)` fires: `now + ms`, refused when that is no time a Date can hold
/// (the trigger could never be written to a state file and read back).
pub fn after_to_at_utc_ms(now_utc_ms: i64, after_ms: f64) -> ServiceResult<i64> {
    let limit = crate::time::TIME_VALUE_MS_MAX as f64;
    let at = now_utc_ms as f64 + after_ms.trunc();
    if !at.is_finite() || at.abs() > limit {
        return Err(ServiceError::new(INVALID_AFTER_MESSAGE));
    }
    Ok(at as i64)
}

/// When `at(date)` fires: the Date's time, refused for an invalid Date (NaN).
pub fn date_to_at_utc_ms(date_ms: f64) -> ServiceResult<i64> {
    if !date_ms.is_finite() || date_ms.abs() > crate::time::TIME_VALUE_MS_MAX as f64 {
        return Err(ServiceError::new(INVALID_DATE_MESSAGE));
    }
    Ok(date_ms as i64)
}

fn check_positive(method: &str, n: u32) -> ServiceResult<()> {
    if n == 0 {
        return Err(ServiceError::new(format!("The value passed to {method}() must be at least 1.")));
    }
    Ok(())
}

fn check_hour_minute(at_hour: u32, near_minute: Option<u32>) -> ServiceResult<()> {
    if at_hour > 23 {
        return Err(ServiceError::new("The value passed to atHour() must be between 0 and 23."));
    }
    if near_minute.is_some_and(|m| m > 59) {
        return Err(ServiceError::new("The value passed to nearMinute() must be between 0 and 59."));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_triggers_then_the_platform_error() {
        let mut triggers = Triggers::default();
        for _ in 0..20 {
            triggers.install("job", TimeSpec::EveryHours { hours: 1 }, None, 0, TriggerOrigin::Script).unwrap();
        }
        let err =
            triggers.install("job", TimeSpec::EveryHours { hours: 1 }, None, 0, TriggerOrigin::Script).unwrap_err();
        assert_eq!(err.message, TOO_MANY_TRIGGERS_MESSAGE);
        let first = triggers.installed[0].id.clone();
        assert!(triggers.delete(&first));
        assert!(!triggers.delete(&first));
        assert!(triggers.install("job", TimeSpec::EveryHours { hours: 1 }, None, 0, TriggerOrigin::Script).is_ok());
    }

    #[test]
    fn form_and_document_triggers_fire_only_for_their_source_and_event() {
        let mut triggers = Triggers::default();
        let form = |e| (EventSource::Form, e);
        for (source, event) in [form(SpreadsheetEvent::FormSubmit), form(SpreadsheetEvent::Open)] {
            triggers.install_on(source, "onForm", "shared-id", event, 0, TriggerOrigin::Script).unwrap();
        }
        let doc = triggers
            .install_on(EventSource::Document, "onDoc", "shared-id", SpreadsheetEvent::Open, 0, TriggerOrigin::Script)
            .unwrap();
        triggers.install_event("onSheet", "shared-id", SpreadsheetEvent::Open, 0, TriggerOrigin::Script).unwrap();
        let ids = |it: &mut dyn Iterator<Item = &EventTrigger>| it.map(|t| t.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&mut triggers.for_form_submit("shared-id")), ["1000001"]);
        let form_opens = triggers.for_source_event(EventSource::Form, "shared-id", SpreadsheetEvent::Open);
        assert_eq!(ids(&mut form_opens.into_iter()), ["1000002"]);
        let doc_opens = triggers.for_source_event(EventSource::Document, "shared-id", SpreadsheetEvent::Open);
        assert_eq!(ids(&mut doc_opens.into_iter()), [doc.id.as_str()]);
        assert_eq!(ids(&mut triggers.for_event("shared-id", SpreadsheetEvent::Open)), ["1000004"]);
        assert_eq!(doc.source.trigger_source(), "DOCUMENTS");
        assert!(!EventSource::Document.watches(SpreadsheetEvent::Edit));
        assert!(!EventSource::Form.watches(SpreadsheetEvent::Change));
        // They count toward the project's 20 like any other.
        assert_eq!(triggers.count(), 4);
    }

    #[test]
    fn spreadsheet_triggers_share_the_limit_and_fire_in_install_order() {
        let mut triggers = Triggers::default();
        for _ in 0..10 {
            triggers.install("job", TimeSpec::EveryHours { hours: 1 }, None, 0, TriggerOrigin::Script).unwrap();
        }
        for i in 0..10 {
            let event = if i % 2 == 0 { SpreadsheetEvent::Edit } else { SpreadsheetEvent::FormSubmit };
            triggers.install_event(&format!("h{i}"), "ss-1", event, 0, TriggerOrigin::Script).unwrap();
        }
        let refused = triggers.install_event("late", "ss-1", SpreadsheetEvent::Edit, 0, TriggerOrigin::Script);
        assert_eq!(refused.unwrap_err().message, TOO_MANY_TRIGGERS_MESSAGE);
        let on_edit: Vec<_> = triggers.for_event("ss-1", SpreadsheetEvent::Edit).map(|t| t.handler.as_str()).collect();
        assert_eq!(on_edit, ["h0", "h2", "h4", "h6", "h8"]);
        assert_eq!(triggers.for_event("ss-2", SpreadsheetEvent::Edit).count(), 0);
        let id = triggers.on_events[0].id.clone();
        assert!(triggers.delete(&id));
        assert_eq!(triggers.count(), 19);
        assert!(triggers.check_state().is_ok());
        triggers.on_events[1].id = triggers.installed[0].id.clone();
        assert!(triggers.check_state().unwrap_err().contains("on_events[1].id"));
    }

    #[test]
    fn calendar_triggers_share_the_limit_fire_per_calendar_and_are_kept_in_state() {
        let mut triggers = Triggers::default();
        for _ in 0..18 {
            triggers.install("job", TimeSpec::EveryHours { hours: 1 }, None, 0, TriggerOrigin::Script).unwrap();
        }
        let mine = triggers.install_calendar("onChanged", "me@x.com", 5, TriggerOrigin::Script).unwrap();
        triggers.install_calendar("onTeam", "team@group.calendar.google.com", 5, TriggerOrigin::Script).unwrap();
        let refused = triggers.install_calendar("late", "me@x.com", 5, TriggerOrigin::Script);
        assert_eq!(refused.unwrap_err().message, TOO_MANY_TRIGGERS_MESSAGE);
        let fired: Vec<_> = triggers.for_calendar("me@x.com").map(|t| t.handler.as_str()).collect();
        assert_eq!(fired, ["onChanged"]);
        assert_eq!(mine.id, "1000019");
        assert!(triggers.check_state().is_ok());
        // A state file keeps them; an old one without the key reads as none.
        let text = serde_json::to_string(&triggers).unwrap();
        assert_eq!(serde_json::from_str::<Triggers>(&text).unwrap(), triggers);
        let old: Triggers = serde_json::from_str(r#"{"installed": [], "next_id": 3}"#).unwrap();
        assert!(old.on_calendars.is_empty());
        let mut twin = triggers.clone();
        twin.on_calendars[1].id = twin.installed[0].id.clone();
        assert!(twin.check_state().unwrap_err().starts_with("on_calendars[1].id:"), "{:?}", twin.check_state());
        let mut unnamed = triggers.clone();
        unnamed.on_calendars[0].calendar_id.clear();
        assert!(unnamed.check_state().unwrap_err().starts_with("on_calendars[0].calendar_id"));
        assert!(triggers.delete(&mine.id));
        assert_eq!(triggers.for_calendar("me@x.com").count(), 0);
        assert_eq!(triggers.count(), 19);
    }

    #[test]
    fn event_names() {
        assert_eq!(SpreadsheetEvent::parse("form_submit"), Some(SpreadsheetEvent::FormSubmit));
        assert_eq!(SpreadsheetEvent::parse("submit"), None);
        assert_eq!(SpreadsheetEvent::Change.event_type(), "ON_CHANGE");
    }

    #[test]
    fn builder_rules() {
        assert!(validate_spec(&TimeSpec::EveryMinutes { minutes: 5 }).is_ok());
        assert!(validate_spec(&TimeSpec::EveryMinutes { minutes: 7 })
            .unwrap_err()
            .message
            .contains("1, 5, 10, 15 or 30"));
        assert!(validate_spec(&TimeSpec::EveryHours { hours: 3 }).is_err());
        assert!(validate_spec(&TimeSpec::EveryDays { days: 1, at_hour: 24, near_minute: None }).is_err());
        assert!(validate_spec(&TimeSpec::EveryWeeks { weeks: 1, weekday: 8, at_hour: 9, near_minute: None }).is_err());
        assert!(validate_spec(&TimeSpec::At { at_utc_ms: 0 }).is_ok());
        assert_eq!(validate_spec(&TimeSpec::At { at_utc_ms: i64::MAX }).unwrap_err().message, INVALID_DATE_MESSAGE);
    }

    #[test]
    fn monthly_triggers_take_a_day_of_the_month_and_an_hour() {
        let utc = chrono_tz::UTC;
        let monthly = |day: f64| ClockBuilder { on_month_day: Some(day), at_hour: Some(9.0), ..Default::default() };
        let spec = monthly(31.0).to_spec(0, utc).unwrap();
        assert_eq!(spec, TimeSpec::OnMonthDay { month_day: 31, at_hour: 9, near_minute: None });
        assert!(validate_spec(&spec).is_ok());
        for bad in [0.0, 32.0, -1.0, f64::NAN, 1e12] {
            let spec = monthly(bad).to_spec(0, utc).unwrap();
            assert_eq!(validate_spec(&spec).unwrap_err().message, INVALID_MONTH_DAY_MESSAGE, "{bad}");
        }
        let late = TimeSpec::OnMonthDay { month_day: 1, at_hour: 24, near_minute: None };
        assert!(validate_spec(&late).unwrap_err().message.contains("atHour()"));
        let and_weekly = ClockBuilder { on_week_day: Some("MONDAY".into()), ..monthly(1.0) };
        assert_eq!(and_weekly.to_spec(0, utc).unwrap_err().message, TWO_SCHEDULES_MESSAGE);
        // Kept in a state file as it was installed.
        let json = serde_json::to_string(&spec_of(monthly(15.0))).unwrap();
        assert_eq!(json, r#"{"kind":"on_month_day","month_day":15,"at_hour":9,"near_minute":null}"#);
    }

    fn spec_of(builder: ClockBuilder) -> TimeSpec {
        builder.to_spec(0, chrono_tz::UTC).unwrap()
    }

    #[test]
    fn one_off_times_a_date_cannot_hold_are_refused() {
        assert_eq!(after_to_at_utc_ms(1_000, 36e5).unwrap(), 3_601_000);
        assert_eq!(after_to_at_utc_ms(0, 1e15).unwrap(), 1_000_000_000_000_000);
        for hostile in [1e308, -1e308, f64::NAN, f64::INFINITY, 8.64e15] {
            assert_eq!(after_to_at_utc_ms(1_000, hostile).unwrap_err().message, INVALID_AFTER_MESSAGE, "{hostile}");
        }
        assert_eq!(date_to_at_utc_ms(8.64e15).unwrap(), crate::time::TIME_VALUE_MS_MAX);
        assert_eq!(date_to_at_utc_ms(f64::NAN).unwrap_err().message, INVALID_DATE_MESSAGE);
    }

    #[test]
    fn state_files_are_checked_against_the_limits() {
        let mut triggers = Triggers::default();
        for _ in 0..20 {
            triggers.install("job", TimeSpec::EveryHours { hours: 1 }, None, 0, TriggerOrigin::Script).unwrap();
        }
        assert!(triggers.check_state().is_ok());
        let mut over = triggers.clone();
        over.installed.push(over.installed[0].clone());
        assert!(over.check_state().unwrap_err().contains(TOO_MANY_TRIGGERS_MESSAGE));
        let mut twin = triggers.clone();
        twin.installed[1].id = twin.installed[0].id.clone();
        assert!(twin.check_state().unwrap_err().starts_with("installed[1].id:"));
        let mut odd = triggers.clone();
        odd.installed[0].spec = TimeSpec::EveryMinutes { minutes: 7 };
        assert!(odd.check_state().unwrap_err().starts_with("installed[0].spec: The value passed to everyMinutes()"));
        odd.installed[0].spec = TimeSpec::At { at_utc_ms: i64::MAX };
        assert!(odd.check_state().unwrap_err().contains("range of a Date"));
        let mut unnamed = triggers;
        unnamed.installed[0].handler.clear();
        assert!(unnamed.check_state().is_err());
    }

    #[test]
    fn builder_combinations_the_platform_refuses() {
        let utc = chrono_tz::UTC;
        let refused = |b: ClockBuilder| b.to_spec(0, utc).unwrap_err().message;
        assert_eq!(refused(ClockBuilder::default()), NO_SCHEDULE_MESSAGE);
        let two = ClockBuilder { every_minutes: Some(5.0), every_hours: Some(1.0), ..Default::default() };
        assert_eq!(refused(two), TWO_SCHEDULES_MESSAGE);
        let once_and_daily = ClockBuilder { every_days: Some(1.0), after_ms: Some(1.0), ..Default::default() };
        assert_eq!(refused(once_and_daily), TWO_SCHEDULES_MESSAGE);
        let hourly_at = ClockBuilder { every_hours: Some(1.0), at_hour: Some(5.0), ..Default::default() };
        assert_eq!(refused(hourly_at), HOUR_WITHOUT_DAYS_MESSAGE);
        let after_near = ClockBuilder { after_ms: Some(1.0), near_minute: Some(5.0), ..Default::default() };
        assert_eq!(refused(after_near), HOUR_WITHOUT_DAYS_MESSAGE);
        let weeks_only = ClockBuilder { every_weeks: Some(2.0), ..Default::default() };
        assert_eq!(refused(weeks_only), WEEKS_WITHOUT_DAY_MESSAGE);
        let bad_day = ClockBuilder { on_week_day: Some("FUNDAY".into()), ..Default::default() };
        assert_eq!(refused(bad_day), "Invalid argument: weekDay");
        let bad_zone =
            ClockBuilder { every_hours: Some(1.0), time_zone: Some("Mars/Base".into()), ..Default::default() };
        assert_eq!(refused(bad_zone), INVALID_ZONE_MESSAGE);
    }

    #[test]
    fn builder_schedules() {
        let utc = chrono_tz::UTC;
        let spec = |b: ClockBuilder| b.to_spec(1_000, utc).unwrap();
        let weekly = ClockBuilder { on_week_day: Some("FRIDAY".into()), at_hour: Some(18.0), ..Default::default() };
        assert_eq!(spec(weekly), TimeSpec::EveryWeeks { weeks: 1, weekday: 5, at_hour: 18, near_minute: None });
        assert_eq!(
            spec(ClockBuilder { after_ms: Some(500.0), ..Default::default() }),
            TimeSpec::At { at_utc_ms: 1_500 }
        );
        // atDate is midnight (or atHour) of that day in the trigger's zone.
        let in_tokyo = ClockBuilder {
            at_date: Some((2025.0, 7.0, 1.0)),
            time_zone: Some("Asia/Tokyo".into()),
            ..Default::default()
        };
        assert_eq!(spec(in_tokyo.clone()), TimeSpec::OnDate { at_utc_ms: 1_751_295_600_000 });
        let at_nine = ClockBuilder { at_hour: Some(9.0), ..in_tokyo };
        assert_eq!(spec(at_nine), TimeSpec::OnDate { at_utc_ms: 1_751_295_600_000 + 9 * 3_600_000 });
        assert_eq!(weekday_number("MONDAY"), Some(1));
        assert_eq!(weekday_number("SUNDAY"), Some(7));
    }

    #[test]
    fn ids_are_stable_counters() {
        let mut triggers = Triggers::default();
        let a = triggers.install("a", TimeSpec::At { at_utc_ms: 0 }, None, 0, TriggerOrigin::Script).unwrap();
        let b = triggers.install("b", TimeSpec::At { at_utc_ms: 0 }, None, 0, TriggerOrigin::Script).unwrap();
        assert_eq!((a.id.as_str(), b.id.as_str()), ("1000001", "1000002"));
        assert_eq!(triggers.get("1000002").unwrap().handler, "b");
    }

    #[test]
    fn a_form_trigger_is_apart_from_a_spreadsheets_and_counts_toward_the_limit() {
        let mut triggers = Triggers::default();
        let form = triggers.install_form_submit("f", "form-0001", 0, TriggerOrigin::Script).unwrap();
        triggers.install_event("s", "form-0001", SpreadsheetEvent::FormSubmit, 0, TriggerOrigin::Script).unwrap();
        assert_eq!((form.source, form.source.trigger_source()), (EventSource::Form, "FORMS"));
        assert_eq!(triggers.for_form_submit("form-0001").map(|t| t.handler.as_str()).collect::<Vec<_>>(), ["f"]);
        let sheet = triggers.for_event("form-0001", SpreadsheetEvent::FormSubmit);
        assert_eq!(sheet.map(|t| t.handler.as_str()).collect::<Vec<_>>(), ["s"]);
        assert_eq!(triggers.count(), 2);
    }

    #[test]
    fn near_minute_is_placed_within_15_minutes_by_the_seed() {
        use crate::rng::SeededRng;
        let offsets = |seed: u64| {
            let mut rng = SeededRng::derive(seed, "triggers");
            (0..200).map(|_| near_minute_offset_minutes(&mut rng)).collect::<Vec<_>>()
        };
        let drawn = offsets(7);
        assert!(drawn.iter().all(|m| (-NEAR_MINUTE_SPREAD_MINUTES..=NEAR_MINUTE_SPREAD_MINUTES).contains(m)));
        assert!(drawn.contains(&-15) && drawn.contains(&15) && drawn.contains(&0), "the whole window is reachable");
        assert_eq!(drawn, offsets(7), "deterministic per seed");
        assert_ne!(drawn, offsets(8));
    }
}
