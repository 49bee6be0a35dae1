//! Events: create, change, delete, guests, reminders, tags, and the `getEvents` query
//! over plain events and the instances of recurring series.

use std::collections::BTreeMap;

use chrono::{Duration, NaiveDate};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::recurrence::{self, Recurrence};
use super::{check_text, date_in, midnight_utc_ms, Calendars, EVENTS_MAX, TOO_MANY_EVENTS_MESSAGE};
use crate::{ServiceError, ServiceResult};

/// Reminders one event holds (documented, Calendar API: "The maximum number of override
/// reminders is 5").
pub const REMINDERS_MAX: usize = 5;
/// A reminder's minutes before the event (documented, Calendar API: "Valid values are
/// between 0 and 40320 (4 weeks in minutes)").
pub const REMINDER_MINUTES_MAX: i64 = 40_320;
/// The calendar's default reminder an event without its own has (assumed: Calendar's
/// default notification, a popup 10 minutes before).
pub const DEFAULT_POPUP_REMINDER_MINUTES: i64 = 10;
/// Tags one event holds (documented, Calendar API extended properties: 300 per event).
pub const TAGS_MAX: usize = 300;
/// A tag's key and value (documented, Calendar API extended properties: keys up to 44
/// characters, values up to 1024).
pub const TAG_KEY_CHARS_MAX: usize = 44;
pub const TAG_VALUE_CHARS_MAX: usize = 1024;

/// An end before the start (observed: the text scripts report from createEvent).
pub const END_BEFORE_START_MESSAGE: &str = "Event start date must be before event end date.";
/// An event id that names no event of the calendar (assumed text).
pub const EVENT_NOT_FOUND_MESSAGE: &str = "Event not found";
/// 0001-01-01T00:00Z: with `time::INSTANT_UTC_MS_MAX`, the instants an event may hold
/// (`super::EVENT_YEARS`).
pub const EVENT_UTC_MS_MIN: i64 = -62_135_596_800_000;
/// An all-day getter on a timed event (assumed text).
pub const NOT_ALL_DAY_MESSAGE: &str = "Event is not an all-day event.";
/// Past [`REMINDERS_MAX`] (assumed text).
pub const TOO_MANY_REMINDERS_MESSAGE: &str = "Too many reminders. An event can have at most 5 reminders.";
/// Minutes outside 0..=[`REMINDER_MINUTES_MAX`] (assumed text).
pub const REMINDER_MINUTES_MESSAGE: &str = "Invalid argument: minutesBefore";
/// An event colour that is no `CalendarApp.EventColor` value (assumed text).
pub const INVALID_EVENT_COLOR_MESSAGE: &str = "Invalid argument: color";
/// A tag past its limits (assumed text).
pub const INVALID_TAG_MESSAGE: &str = "Invalid argument: tag";
/// A date the script passed that is no date (`new Date('x')`; assumed text).
pub const INVALID_DATE_MESSAGE: &str = "Invalid argument: date";
/// An enum argument that is none of its values (assumed text).
pub const INVALID_ENUM_MESSAGE: &str = "Invalid argument: value";
/// A change to one instance of a recurring series (gas-sim's own text: not modelled).
pub const INSTANCE_CHANGE_MESSAGE: &str =
    "gas-sim does not model changing one instance of a recurring series; change the series (getEventSeries())";

/// When an event happens: two instants, or dates (the end exclusive).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum When {
    Timed {
        start_utc_ms: i64,
        end_utc_ms: i64,
    },
    AllDay {
        #[serde(with = "super::iso_date")]
        start_date: NaiveDate,
        #[serde(with = "super::iso_date")]
        end_date: NaiveDate,
    },
}

impl When {
    /// A timed span; its end not before its start.
    pub fn timed(start_utc_ms: i64, end_utc_ms: i64) -> ServiceResult<When> {
        for ms in [start_utc_ms, end_utc_ms] {
            if !(EVENT_UTC_MS_MIN..=crate::time::INSTANT_UTC_MS_MAX).contains(&ms) {
                return Err(ServiceError::new(INVALID_DATE_MESSAGE));
            }
        }
        if end_utc_ms < start_utc_ms {
            return Err(ServiceError::new(END_BEFORE_START_MESSAGE));
        }
        Ok(When::Timed { start_utc_ms, end_utc_ms })
    }

    /// All-day dates from the script's Dates, read in the script's zone; `end` exclusive,
    /// one day when absent (documented: `createAllDayEvent(title, date)` is one day).
    pub fn all_day(start_utc_ms: i64, end_utc_ms: Option<i64>, script_zone: Tz) -> ServiceResult<When> {
        let date = |ms: i64| -> ServiceResult<NaiveDate> {
            if !(EVENT_UTC_MS_MIN..=crate::time::INSTANT_UTC_MS_MAX).contains(&ms) {
                return Err(ServiceError::new(INVALID_DATE_MESSAGE));
            }
            Ok(date_in(script_zone, ms))
        };
        let start_date = date(start_utc_ms)?;
        let end_date = match end_utc_ms {
            Some(end) => date(end)?,
            None => start_date + Duration::days(1),
        };
        if end_date <= start_date {
            return Err(ServiceError::new(END_BEFORE_START_MESSAGE));
        }
        Ok(When::AllDay { start_date, end_date })
    }

    pub fn is_all_day(&self) -> bool {
        matches!(self, When::AllDay { .. })
    }

    /// The instants it spans: a timed event's own; an all-day event's dates from
    /// midnight to midnight in `zone`.
    pub fn span_utc_ms(&self, zone: Tz) -> (i64, i64) {
        match *self {
            When::Timed { start_utc_ms, end_utc_ms } => (start_utc_ms, end_utc_ms),
            When::AllDay { start_date, end_date } => {
                (midnight_utc_ms(zone, start_date), midnight_utc_ms(zone, end_date))
            }
        }
    }

    /// Whether it overlaps `[start, end)` (a zero-length event: starts within it).
    pub fn overlaps(&self, zone: Tz, start_utc_ms: i64, end_utc_ms: i64) -> bool {
        let (from, to) = self.span_utc_ms(zone);
        if from == to {
            return from >= start_utc_ms && from < end_utc_ms;
        }
        from < end_utc_ms && to > start_utc_ms
    }
}

/// One guest of an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Guest {
    pub email: String,
    /// Their name; their e-mail address when Calendar knows none (assumed).
    pub name: String,
    /// A `CalendarApp.GuestStatus` name.
    pub status: String,
    #[serde(default)]
    pub additional_guests: u32,
}

/// One reminder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reminder {
    pub email: bool,
    pub minutes: i64,
}

/// One event, or a recurring series.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Event {
    pub calendar_id: String,
    pub title: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub location: String,
    /// A plain event's times; a series' first occurrence.
    pub when: When,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recurrence: Option<Recurrence>,
    /// Instances of the series deleted one by one (`deleteEvent` on one): their starts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deleted_instances: Vec<When>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub guests: Vec<Guest>,
    /// `None`: the calendar's default reminders.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reminders: Option<Vec<Reminder>>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tags: BTreeMap<String, String>,
    /// A `CalendarApp.EventColor` value ("1" to "11"); empty: the calendar's colour.
    #[serde(default)]
    pub color: String,
    #[serde(default = "visibility_default")]
    pub visibility: String,
    #[serde(default = "transparency_default")]
    pub transparency: String,
    #[serde(default)]
    pub creator: String,
    /// The effective user's answer (`setMyStatus`) when they do not own the event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub my_status: Option<String>,
    #[serde(default)]
    pub created_utc_ms: i64,
    #[serde(default)]
    pub updated_utc_ms: i64,
    #[serde(default)]
    pub guests_can_modify: bool,
    #[serde(default = "yes")]
    pub guests_can_invite_others: bool,
    #[serde(default = "yes")]
    pub guests_can_see_guests: bool,
    #[serde(default)]
    pub anyone_can_add_self: bool,
}

fn visibility_default() -> String {
    "DEFAULT".into()
}

fn transparency_default() -> String {
    "OPAQUE".into()
}

fn yes() -> bool {
    true
}

/// The documented values of the enums an event's setters take.
pub const VISIBILITIES: &[&str] = &["CONFIDENTIAL", "DEFAULT", "PRIVATE", "PUBLIC"];
pub const TRANSPARENCIES: &[&str] = &["OPAQUE", "TRANSPARENT"];
pub const GUEST_STATUSES: &[&str] = &["INVITED", "MAYBE", "NO", "OWNER", "YES"];

/// A value of one of the enums above.
pub fn check_enum(value: &str, values: &[&str]) -> ServiceResult<String> {
    if values.contains(&value) {
        Ok(value.to_string())
    } else {
        Err(ServiceError::new(INVALID_ENUM_MESSAGE))
    }
}

/// What `createEvent`, `createAllDayEvent` and the series makers are given.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub title: String,
    pub when: When,
    pub description: String,
    pub location: String,
    /// `options.guests`: comma-separated addresses (documented).
    pub guests: Vec<String>,
    pub recurrence: Option<Recurrence>,
}

/// One event as a query or a getter sees it: the event's id, and for an instance of a
/// series, its own times (`None`: the event itself, a series' first occurrence).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Instance {
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<When>,
}

/// `getEvents`' options (documented: start, max, author, search, statusFilters).
#[derive(Debug, Clone, Default)]
pub struct EventQuery {
    /// The effective user, whose status `status_filters` picks (OWNER of the events
    /// they made, INVITED to the others).
    pub user: String,
    pub start: usize,
    pub max: Option<usize>,
    pub author: Option<String>,
    pub search: Option<String>,
    pub status_filters: Option<Vec<String>>,
}

/// A reminder's minutes before the event, whatever its kind (documented range).
fn check_reminder_minutes(minutes: i64) -> ServiceResult<()> {
    if !(0..=REMINDER_MINUTES_MAX).contains(&minutes) {
        return Err(ServiceError::new(REMINDER_MINUTES_MESSAGE));
    }
    Ok(())
}

impl Event {
    pub(super) fn check_state(&self) -> Result<(), String> {
        let in_order = match self.when {
            When::Timed { start_utc_ms, end_utc_ms } => When::timed(start_utc_ms, end_utc_ms).is_ok(),
            When::AllDay { start_date, end_date } => {
                start_date < end_date && super::date_in_range(start_date) && super::date_in_range(end_date)
            }
        };
        if !in_order {
            return Err("when: the end is before the start, or a time outside the years 1 to 9999".into());
        }
        if let Some(recurrence) = &self.recurrence {
            recurrence.check().map_err(|e| format!("recurrence: {}", e.message))?;
        }
        for (name, value, values) in
            [("visibility", &self.visibility, VISIBILITIES), ("transparency", &self.transparency, TRANSPARENCIES)]
        {
            check_enum(value, values).map_err(|_| format!("{name}: {value:?} is none of {values:?}"))?;
        }
        Ok(())
    }

    /// The instances overlapping `[start, end)` in `zone` (the calendar's).
    pub fn instances(&self, id: &str, zone: Tz, start_utc_ms: i64, end_utc_ms: i64) -> Vec<Instance> {
        match &self.recurrence {
            None if self.when.overlaps(zone, start_utc_ms, end_utc_ms) => {
                vec![Instance { id: id.to_string(), at: None }]
            }
            None => Vec::new(),
            Some(recurrence) => recurrence::occurrences(self.when, recurrence, zone, end_utc_ms)
                .into_iter()
                .filter(|when| when.overlaps(zone, start_utc_ms, end_utc_ms))
                .filter(|when| !self.deleted_instances.contains(when))
                .map(|when| Instance { id: id.to_string(), at: Some(when) })
                .collect(),
        }
    }

    /// The reminders in force: the event's own, or the calendar's default.
    pub fn reminder_minutes(&self, email: bool) -> Vec<i64> {
        match &self.reminders {
            None if email => Vec::new(),
            None => vec![DEFAULT_POPUP_REMINDER_MINUTES],
            Some(list) => list.iter().filter(|r| r.email == email).map(|r| r.minutes).collect(),
        }
    }

    /// `addSmsReminder(minutes)`: checked as the others, then ignored (documented, Calendar
    /// API: SMS reminders are shut down, "any newly added SMS reminders will be ignored",
    /// and the API returns none), so `getSmsReminders()` is always empty.
    pub fn add_sms_reminder(&self, minutes: i64) -> ServiceResult<()> {
        check_reminder_minutes(minutes)
    }

    pub fn add_reminder(&mut self, email: bool, minutes: i64) -> ServiceResult<()> {
        check_reminder_minutes(minutes)?;
        // The first own reminder replaces the defaults (documented for the Calendar API:
        // overrides are used instead of the defaults).
        let list = self.reminders.get_or_insert_with(Vec::new);
        let reminder = Reminder { email, minutes };
        if list.contains(&reminder) {
            return Ok(());
        }
        if list.len() >= REMINDERS_MAX {
            return Err(ServiceError::new(TOO_MANY_REMINDERS_MESSAGE));
        }
        list.push(reminder);
        Ok(())
    }

    /// `addGuest(email)`: invited, once (a second add changes nothing).
    pub fn add_guest(&mut self, email: &str) {
        let email = email.trim();
        if !self.guests.iter().any(|g| g.email.eq_ignore_ascii_case(email)) {
            self.guests.push(Guest {
                email: email.to_string(),
                name: email.to_string(),
                status: "INVITED".into(),
                additional_guests: 0,
            });
        }
    }

    pub fn remove_guest(&mut self, email: &str) {
        self.guests.retain(|g| !g.email.eq_ignore_ascii_case(email.trim()));
    }

    pub fn set_tag(&mut self, key: &str, value: &str) -> ServiceResult<()> {
        let new_key = !self.tags.contains_key(key);
        if key.is_empty()
            || key.chars().count() > TAG_KEY_CHARS_MAX
            || value.chars().count() > TAG_VALUE_CHARS_MAX
            || (new_key && self.tags.len() >= TAGS_MAX)
        {
            return Err(ServiceError::new(INVALID_TAG_MESSAGE));
        }
        self.tags.insert(key.to_string(), value.to_string());
        Ok(())
    }

    pub fn set_color(&mut self, color: &str) -> ServiceResult<()> {
        if !super::EVENT_COLORS.iter().any(|(_, value)| *value == color) {
            return Err(ServiceError::new(INVALID_EVENT_COLOR_MESSAGE));
        }
        self.color = color.to_string();
        Ok(())
    }
}

impl Calendars {
    /// `createEvent` and its kin: a new event on an owned calendar, made by `creator`.
    pub fn create_event(&mut self, calendar_id: &str, new: NewEvent, creator: &str, now: i64) -> ServiceResult<String> {
        self.owned_mut(calendar_id)?;
        self.add_event(calendar_id, new, creator, now)
    }

    /// An event on any calendar the world holds, whoever may change it (a scenario's or
    /// a state file's declared events).
    pub fn add_event(&mut self, calendar_id: &str, new: NewEvent, creator: &str, now: i64) -> ServiceResult<String> {
        if !self.calendars.contains_key(calendar_id) {
            return Err(ServiceError::new(super::CALENDAR_NOT_FOUND_MESSAGE));
        }
        for text in [&new.title, &new.description, &new.location] {
            check_text(text)?;
        }
        if let Some(recurrence) = &new.recurrence {
            recurrence.check()?;
        }
        if self.events.len() >= EVENTS_MAX {
            return Err(ServiceError::new(TOO_MANY_EVENTS_MESSAGE));
        }
        let transparency = if new.when.is_all_day() { "TRANSPARENT" } else { "OPAQUE" };
        let mut event = Event {
            calendar_id: calendar_id.to_string(),
            title: new.title,
            description: new.description,
            location: new.location,
            when: new.when,
            recurrence: new.recurrence,
            deleted_instances: Vec::new(),
            guests: Vec::new(),
            reminders: None,
            tags: BTreeMap::new(),
            color: String::new(),
            visibility: visibility_default(),
            // Observed in Calendar: an all-day event shows the user as free, a timed one busy.
            transparency: transparency.into(),
            creator: creator.to_string(),
            my_status: None,
            created_utc_ms: now,
            updated_utc_ms: now,
            guests_can_modify: false,
            guests_can_invite_others: true,
            guests_can_see_guests: true,
            anyone_can_add_self: false,
        };
        for guest in new.guests.iter().map(|g| g.trim()).filter(|g| !g.is_empty()) {
            event.add_guest(guest);
        }
        let id = format!("{}@google.com", self.new_id());
        self.events.insert(id.clone(), event);
        Ok(id)
    }

    pub fn event(&self, id: &str) -> ServiceResult<&Event> {
        self.events
            .get(id)
            .filter(|e| self.visible(&e.calendar_id).is_some())
            .ok_or_else(|| ServiceError::new(EVENT_NOT_FOUND_MESSAGE))
    }

    /// An event on `calendar_id` with this id, or `None` (documented: getEventById
    /// "returns null if the event doesn't exist"), as `getEventById` answers.
    pub fn event_on(&self, calendar_id: &str, id: &str) -> Option<Instance> {
        let event = self.events.get(id)?;
        (event.calendar_id == calendar_id).then(|| Instance { id: id.to_string(), at: None })
    }

    /// An event the user may change (on a calendar they own), its last-updated time
    /// moved to `now`. `at`: the instance a script's object stands for, which gas-sim
    /// cannot change alone.
    pub fn event_mut(&mut self, id: &str, at: Option<When>, now: i64) -> ServiceResult<&mut Event> {
        let calendar_id = self.event(id)?.calendar_id.clone();
        self.owned_mut(&calendar_id)?;
        let event = self.events.get_mut(id).ok_or_else(|| ServiceError::new(EVENT_NOT_FOUND_MESSAGE))?;
        if at.is_some() && event.recurrence.is_some() {
            return Err(ServiceError::new(INSTANCE_CHANGE_MESSAGE));
        }
        event.updated_utc_ms = now;
        Ok(event)
    }

    /// `deleteEvent`: the event, or the one instance of a series the object stands for.
    pub fn delete_event(&mut self, id: &str, at: Option<When>, now: i64) -> ServiceResult<()> {
        let calendar_id = self.event(id)?.calendar_id.clone();
        self.owned_mut(&calendar_id)?;
        match (at, self.events.get_mut(id)) {
            (Some(when), Some(event)) if event.recurrence.is_some() => {
                event.deleted_instances.push(when);
                event.updated_utc_ms = now;
            }
            _ => {
                self.events.remove(id);
            }
        }
        Ok(())
    }

    /// `getEvents(start, end[, options])`: the calendar's events and instances
    /// overlapping `[start, end)`, sorted by start, end, id; then the options.
    pub fn query(
        &self,
        calendar_id: &str,
        start_utc_ms: i64,
        end_utc_ms: i64,
        script_zone: Tz,
        options: &EventQuery,
    ) -> ServiceResult<Vec<Instance>> {
        let zone = self.get(calendar_id)?.zone(script_zone);
        let mut found: Vec<(i64, i64, Instance)> = Vec::new();
        for (id, event) in self.events.iter().filter(|(_, e)| e.calendar_id == calendar_id) {
            if !options.matches(event) {
                continue;
            }
            for instance in event.instances(id, zone, start_utc_ms, end_utc_ms) {
                let (from, to) = instance.at.unwrap_or(event.when).span_utc_ms(zone);
                found.push((from, to, instance));
            }
        }
        found.sort_by(|a, b| (a.0, a.1, &a.2.id).cmp(&(b.0, b.1, &b.2.id)));
        let max = options.max.unwrap_or(usize::MAX);
        Ok(found.into_iter().skip(options.start).take(max).map(|(_, _, instance)| instance).collect())
    }
}

impl EventQuery {
    /// The documented filters: `author` (the creator's address), `search` (a full-text
    /// search: here, case-insensitive words all found in the title, description or
    /// location, assumed), `statusFilters` (the user's status: OWNER for their own).
    fn matches(&self, event: &Event) -> bool {
        if self.author.as_deref().is_some_and(|a| !a.eq_ignore_ascii_case(&event.creator)) {
            return false;
        }
        if let Some(search) = &self.search {
            let text = format!("{}\n{}\n{}", event.title, event.description, event.location).to_lowercase();
            if !search.to_lowercase().split_whitespace().all(|word| text.contains(word)) {
                return false;
            }
        }
        if let Some(statuses) = &self.status_filters {
            if !statuses.iter().any(|s| *s == my_status(event, &self.user)) {
                return false;
            }
        }
        true
    }
}

/// The effective user's status on an event (documented: "always OWNER if the effective
/// user is the owner of the event"; else their answer, `setMyStatus`, or INVITED).
pub fn my_status<'e>(event: &'e Event, user: &str) -> &'e str {
    if event.creator == user {
        return "OWNER";
    }
    event.my_status.as_deref().unwrap_or("INVITED")
}

/// What `setMyStatus(status)` takes: a guest's answer (OWNER is no answer; assumed).
pub const MY_STATUSES: &[&str] = &["INVITED", "MAYBE", "NO", "YES"];

impl Event {
    /// `setMyStatus(status)`: the effective user's answer, also on their guest entry. The
    /// owner's status stays OWNER (documented for getMyStatus).
    pub fn set_my_status(&mut self, user: &str, status: &str) -> ServiceResult<()> {
        let status = check_enum(status, MY_STATUSES)?;
        if let Some(guest) = self.guests.iter_mut().find(|g| g.email.eq_ignore_ascii_case(user)) {
            guest.status = status.clone();
        }
        self.my_status = Some(status);
        Ok(())
    }
}

impl Calendars {
    /// The work `query` will do on `calendar_id` up to `end_utc_ms`, in steps (an event
    /// looked at, a day of a series scanned per rule), for the engine's step budget,
    /// which charges it before the query runs.
    pub fn query_work(&self, calendar_id: &str, end_utc_ms: i64) -> u64 {
        const MS_PER_DAY: i64 = 86_400_000;
        self.events
            .values()
            .filter(|e| e.calendar_id == calendar_id)
            .map(|event| match &event.recurrence {
                None => 1,
                Some(recurrence) => {
                    let first = event.when.span_utc_ms(chrono_tz::UTC).0;
                    let days = (end_utc_ms.saturating_sub(first) / MS_PER_DAY + 2).clamp(1, recurrence::SCAN_DAYS_MAX);
                    days as u64 * (recurrence.rules.len() as u64 + 1)
                }
            })
            .fold(0_u64, u64::saturating_add)
    }
}

/// `getEventsForDay(date)`: the day of `date` in the script's zone, midnight to midnight.
pub fn day_bounds_utc_ms(date_utc_ms: i64, script_zone: Tz) -> (i64, i64) {
    let day = date_in(script_zone, date_utc_ms);
    (midnight_utc_ms(script_zone, day), midnight_utc_ms(script_zone, day + Duration::days(1)))
}
