//! CalendarApp's state: the user's calendars (the primary one, those the script made,
//! those subscribed to) and their events, with the rules, limits and texts of the
//! platform. `events.rs` holds what a script does to an event (create, change, guests,
//! reminders, tags) and the `getEvents` query, `recurrence.rs` the recurring series
//! (rules expanded in the calendar's own zone, so a 09:00 meeting stays at 09:00 local
//! across a DST change).
//!
//! Time rules (each with its source):
//! - A timed event is two instants; getEvents returns every event overlapping
//!   `[start, end)`, sorted by start, then end, then id (documented: "events that start
//!   during the time range, end during the time range, or encompass the time range";
//!   the tie order is assumed).
//! - An all-day event is dates, not instants: `[start_date, end_date)`, the end
//!   exclusive (documented for `createAllDayEvent(title, startDate, endDate)`). The
//!   dates are those of the Dates the script passed, read in the script's zone (assumed:
//!   `new Date(2025, 2, 30)` is the 30th where the script runs); it lies on those dates
//!   in the calendar's zone, for getEvents (assumed), and its getStartTime is midnight
//!   of its first date in the script's zone (observed: the platform gives the start of
//!   the day as the script's Date shows it).
//! - A calendar has its own zone (documented: `Calendar.getTimeZone`); a new one takes
//!   the script's (assumed).
//!
//! Ids are deterministic: the n-th event or calendar a world ever made gets an id from
//! `n` alone (`id_of`), 26 characters of lowercase base32, the shape of an iCalUID
//! (`…@google.com`, documented `getId`: "the iCalUID").

use std::collections::BTreeMap;

use chrono::NaiveDate;
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use crate::{ServiceError, ServiceResult};

pub mod changes;
pub mod events;
pub mod recurrence;
#[cfg(test)]
mod tests;

pub use events::{EventQuery, Instance, NewEvent, When};
pub use recurrence::Recurrence;

/// `CalendarApp.EventColor`'s values (documented: the enum's page gives each its
/// number, a string, as the Calendar API's colorId).
pub const EVENT_COLORS: &[(&str, &str)] = &[
    ("PALE_BLUE", "1"),
    ("PALE_GREEN", "2"),
    ("MAUVE", "3"),
    ("PALE_RED", "4"),
    ("YELLOW", "5"),
    ("ORANGE", "6"),
    ("CYAN", "7"),
    ("GRAY", "8"),
    ("BLUE", "9"),
    ("GREEN", "10"),
    ("RED", "11"),
];

/// `CalendarApp.Color`'s values (documented: the enum's page gives each its hex colour).
pub const CALENDAR_COLORS: &[(&str, &str)] = &[
    ("BLUE", "#2952A3"),
    ("BROWN", "#8D6F47"),
    ("CHARCOAL", "#4E5D6C"),
    ("CHESTNUT", "#865A5A"),
    ("GRAY", "#5A6986"),
    ("GREEN", "#0D7813"),
    ("INDIGO", "#5229A3"),
    ("LIME", "#528800"),
    ("MUSTARD", "#88880E"),
    ("OLIVE", "#6E6E41"),
    ("ORANGE", "#BE6D00"),
    ("PINK", "#B1365F"),
    ("PLUM", "#705770"),
    ("PURPLE", "#7A367A"),
    ("RED", "#A32929"),
    ("RED_ORANGE", "#B1440E"),
    ("SEA_BLUE", "#29527A"),
    ("SLATE", "#4A716C"),
    ("TEAL", "#28754E"),
    ("TURQOISE", "#1B887A"),
    ("YELLOW", "#AB8B00"),
];

/// A new calendar's colour when the script gives none (assumed: Calendar picks one; the
/// first of the enum keeps runs deterministic).
pub const CALENDAR_COLOR_DEFAULT: &str = "#2952A3";
/// Events one world holds, all calendars together (gas-sim's own limit: every query
/// scans them all).
pub const EVENTS_MAX: usize = 50_000;
/// Calendars one world holds (gas-sim's own limit; Calendar's is not published here).
pub const CALENDARS_MAX: usize = 1_000;
/// Characters in a title, description, location, name or tag (gas-sim's own limit;
/// Calendar's are not published).
pub const TEXT_CHARS_MAX: usize = 32_768;

/// An id or calendar that names nothing the user can see (assumed text).
pub const CALENDAR_NOT_FOUND_MESSAGE: &str =
    "Calendar not found: the user does not own it and is not subscribed to it.";
/// A change to a calendar or event the user cannot change (assumed text).
pub const CALENDAR_READ_ONLY_MESSAGE: &str = "Action not allowed";
/// `deleteCalendar` of the primary calendar (assumed text).
pub const PRIMARY_DELETE_MESSAGE: &str = "The primary calendar cannot be deleted.";
/// A colour that is no `#RRGGBB` (assumed text, the shape of the platform's argument errors).
pub const INVALID_COLOR_MESSAGE: &str = "Invalid argument: color";
/// A zone that is no IANA name (assumed text).
pub const INVALID_TIME_ZONE_MESSAGE: &str = "Invalid argument: timeZone";
/// An empty name (assumed text).
pub const INVALID_NAME_MESSAGE: &str = "Invalid argument: name";
/// The years an event may lie in (gas-sim's own bound: the years four-digit dates hold;
/// outside them date arithmetic would leave chrono's range).
pub const EVENT_YEARS: std::ops::RangeInclusive<i32> = 1..=9999;
/// A text past [`TEXT_CHARS_MAX`] (gas-sim's own limit, its own text).
pub const TEXT_TOO_LONG_MESSAGE: &str = "gas-sim: a calendar text holds at most 32768 characters, gas-sim's limit";
/// Past [`EVENTS_MAX`] (gas-sim's own limit, its own text).
pub const TOO_MANY_EVENTS_MESSAGE: &str = "gas-sim: a world holds at most 50000 calendar events, gas-sim's limit";
/// Past [`CALENDARS_MAX`] (gas-sim's own limit, its own text).
pub const TOO_MANY_CALENDARS_MESSAGE: &str = "gas-sim: a world holds at most 1000 calendars, gas-sim's limit";

/// One calendar.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Calendar {
    pub name: String,
    pub description: String,
    pub color: String,
    /// `None`: the script's zone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
    /// The user's own (made by them, or the primary): they may change it and its events.
    pub owned: bool,
    /// Shown in the user's list: owned, or subscribed to. A calendar neither owned nor
    /// subscribed is another user's, which `subscribeToCalendar` can add.
    pub subscribed: bool,
    pub hidden: bool,
    pub selected: bool,
}

impl Default for Calendar {
    fn default() -> Calendar {
        Calendar {
            name: String::new(),
            description: String::new(),
            color: CALENDAR_COLOR_DEFAULT.into(),
            time_zone: None,
            owned: true,
            subscribed: true,
            hidden: false,
            selected: true,
        }
    }
}

impl Calendar {
    /// The calendar's zone: its own, or the script's.
    pub fn zone(&self, script_zone: Tz) -> Tz {
        self.time_zone.as_deref().and_then(|name| name.parse().ok()).unwrap_or(script_zone)
    }
}

/// Every calendar and event of the world (the `calendar` key of a state file).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Calendars {
    /// By id. The primary calendar's id is the user's e-mail address (documented:
    /// "the default calendar's ID is the user's email address").
    pub calendars: BTreeMap<String, Calendar>,
    /// By iCalUID.
    pub events: BTreeMap<String, events::Event>,
    /// Ids made so far (the next id is made from it).
    pub ids_made: u64,
}

/// `createCalendar`'s options (documented: location, summary, timeZone, color, hidden,
/// selected; location is not modelled).
#[derive(Debug, Clone, Default)]
pub struct CalendarOptions {
    pub summary: Option<String>,
    pub time_zone: Option<String>,
    pub color: Option<String>,
    pub hidden: Option<bool>,
    pub selected: Option<bool>,
}

/// The id made from the n-th id a world made: 26 lowercase base32 characters, mixed so
/// consecutive ids differ everywhere (SplitMix64 on `n`).
pub fn id_of(n: u64) -> String {
    const ALPHABET: &[u8; 32] = b"0123456789abcdefghijklmnopqrstuv";
    let mix = |mut z: u64| {
        z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let bits = (u128::from(mix(n)) << 64) | u128::from(mix(n ^ 0x5555_5555_5555_5555));
    (0..26).map(|i| ALPHABET[((bits >> (i * 5)) & 31) as usize] as char).collect()
}

/// A text argument within [`TEXT_CHARS_MAX`].
pub fn check_text(text: &str) -> ServiceResult<()> {
    if text.chars().count() > TEXT_CHARS_MAX {
        return Err(ServiceError::new(TEXT_TOO_LONG_MESSAGE));
    }
    Ok(())
}

/// A calendar colour: `#RRGGBB` (documented: `setColor(color)` "a hexadecimal color
/// string ("#rrggbb") or a value from CalendarApp.Colors").
pub fn check_calendar_color(color: &str) -> ServiceResult<String> {
    let hex = color.strip_prefix('#').unwrap_or("");
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(ServiceError::new(INVALID_COLOR_MESSAGE));
    }
    Ok(color.to_uppercase())
}

/// A zone name the platform accepts (an IANA name).
pub fn check_time_zone(name: &str) -> ServiceResult<String> {
    name.parse::<Tz>().map(|_| name.to_string()).map_err(|_| ServiceError::new(INVALID_TIME_ZONE_MESSAGE))
}

impl Calendars {
    pub fn is_empty(&self) -> bool {
        *self == Calendars::default()
    }

    fn new_id(&mut self) -> String {
        self.ids_made += 1;
        id_of(self.ids_made)
    }

    /// The primary calendar, `user`'s, made on first use (every account has one).
    pub fn ensure_primary(&mut self, user: &str) -> String {
        self.calendars
            .entry(user.to_string())
            .or_insert_with(|| Calendar { name: user.to_string(), ..Calendar::default() });
        user.to_string()
    }

    /// A calendar the user can see (owned or subscribed), else the platform's "no such
    /// calendar" answer: `None` (documented: getCalendarById "returns null if the
    /// calendar does not exist, if the user cannot access it").
    pub fn visible(&self, id: &str) -> Option<&Calendar> {
        self.calendars.get(id).filter(|c| c.subscribed || c.owned)
    }

    pub fn get(&self, id: &str) -> ServiceResult<&Calendar> {
        self.visible(id).ok_or_else(|| ServiceError::new(CALENDAR_NOT_FOUND_MESSAGE))
    }

    /// A calendar the user may change (their own).
    pub fn owned_mut(&mut self, id: &str) -> ServiceResult<&mut Calendar> {
        let calendar = self.calendars.get_mut(id).filter(|c| c.subscribed || c.owned);
        let calendar = calendar.ok_or_else(|| ServiceError::new(CALENDAR_NOT_FOUND_MESSAGE))?;
        if !calendar.owned {
            return Err(ServiceError::new(CALENDAR_READ_ONLY_MESSAGE));
        }
        Ok(calendar)
    }

    /// A calendar's display settings (hidden, selected, colour) the user may set on any
    /// calendar in their list (documented: they are the user's list's, not the calendar's).
    pub fn listed_mut(&mut self, id: &str) -> ServiceResult<&mut Calendar> {
        self.calendars
            .get_mut(id)
            .filter(|c| c.subscribed || c.owned)
            .ok_or_else(|| ServiceError::new(CALENDAR_NOT_FOUND_MESSAGE))
    }

    /// The user's calendars, by id order: all in their list, or only those they own.
    pub fn list(&self, owned_only: bool) -> Vec<String> {
        let shown = |c: &Calendar| if owned_only { c.owned } else { c.owned || c.subscribed };
        self.calendars.iter().filter(|(_, c)| shown(c)).map(|(id, _)| id.clone()).collect()
    }

    /// The user's calendars named `name` (documented: case-insensitive, "ignoring case").
    pub fn by_name(&self, name: &str, owned_only: bool) -> Vec<String> {
        let lower = name.to_lowercase();
        self.list(owned_only).into_iter().filter(|id| self.calendars[id].name.to_lowercase() == lower).collect()
    }

    /// `createCalendar(name[, options])`: a new calendar the user owns.
    pub fn create(&mut self, name: &str, options: CalendarOptions) -> ServiceResult<String> {
        if name.trim().is_empty() {
            return Err(ServiceError::new(INVALID_NAME_MESSAGE));
        }
        check_text(name)?;
        if self.calendars.len() >= CALENDARS_MAX {
            return Err(ServiceError::new(TOO_MANY_CALENDARS_MESSAGE));
        }
        let color = options.color.as_deref().map(check_calendar_color).transpose()?;
        let time_zone = options.time_zone.as_deref().map(check_time_zone).transpose()?;
        let description = options.summary.unwrap_or_default();
        check_text(&description)?;
        // The "c_" prefix: the shape of the ids Calendar gives new calendars (observed).
        let id = format!("c_{}@group.calendar.google.com", self.new_id());
        let calendar = Calendar {
            name: name.to_string(),
            description,
            color: color.unwrap_or_else(|| CALENDAR_COLOR_DEFAULT.into()),
            time_zone,
            hidden: options.hidden.unwrap_or(false),
            selected: options.selected.unwrap_or(true),
            ..Calendar::default()
        };
        self.calendars.insert(id.clone(), calendar);
        Ok(id)
    }

    /// `subscribeToCalendar(id)`: another user's calendar joins the user's list.
    pub fn subscribe(&mut self, id: &str) -> ServiceResult<()> {
        let calendar = self.calendars.get_mut(id).ok_or_else(|| ServiceError::new(CALENDAR_NOT_FOUND_MESSAGE))?;
        calendar.subscribed = true;
        Ok(())
    }

    /// `unsubscribeFromCalendar()`: it leaves the list (an owned calendar cannot,
    /// assumed: the platform's web UI offers only deletion for those).
    pub fn unsubscribe(&mut self, id: &str) -> ServiceResult<()> {
        let calendar = self.listed_mut(id)?;
        if calendar.owned {
            return Err(ServiceError::new(CALENDAR_READ_ONLY_MESSAGE));
        }
        calendar.subscribed = false;
        Ok(())
    }

    /// `deleteCalendar()`: an owned calendar and its events; never the primary.
    pub fn delete(&mut self, id: &str, user: &str) -> ServiceResult<()> {
        if id == user {
            return Err(ServiceError::new(PRIMARY_DELETE_MESSAGE));
        }
        self.owned_mut(id)?;
        self.calendars.remove(id);
        self.events.retain(|_, e| e.calendar_id != id);
        Ok(())
    }

    /// What a hand-written state file must hold: known zones and colours, events on
    /// calendars that exist, dates in order, limits kept.
    pub fn check_state(&self) -> Result<(), String> {
        if self.calendars.len() > CALENDARS_MAX || self.events.len() > EVENTS_MAX {
            return Err(format!("at most {CALENDARS_MAX} calendars and {EVENTS_MAX} events"));
        }
        for (id, calendar) in &self.calendars {
            if let Some(zone) = &calendar.time_zone {
                check_time_zone(zone).map_err(|_| format!("calendars.{id}.time_zone: {zone:?} is no IANA zone"))?;
            }
        }
        for (id, event) in &self.events {
            if !self.calendars.contains_key(&event.calendar_id) {
                return Err(format!("events.{id}.calendar_id: no calendar {:?}", event.calendar_id));
            }
            event.check_state().map_err(|e| format!("events.{id}.{e}"))?;
        }
        Ok(())
    }
}

/// One event as a run's report lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventSummary {
    pub id: String,
    pub calendar: String,
    pub title: String,
    /// Its times in the calendar's zone (`2025-03-28 09:00 GMT .. 09:30 GMT`), or its
    /// dates (`2025-03-09 .. 2025-03-10 (all day)`, the last date inclusive).
    pub when: String,
    /// A recurring series (listed once, by its first occurrence).
    pub series: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub guests: Vec<String>,
}

impl Calendars {
    /// Every event, by start, then id, for reports.
    pub fn summary(&self, script_zone: Tz) -> Vec<EventSummary> {
        let mut found: Vec<(i64, EventSummary)> = self
            .events
            .iter()
            .map(|(id, event)| {
                let zone = self.calendars.get(&event.calendar_id).map_or(script_zone, |c| c.zone(script_zone));
                let summary = EventSummary {
                    id: id.clone(),
                    calendar: event.calendar_id.clone(),
                    title: event.title.clone(),
                    when: when_text(event.when, zone),
                    series: event.recurrence.is_some(),
                    guests: event.guests.iter().map(|g| g.email.clone()).collect(),
                };
                (event.when.span_utc_ms(zone).0, summary)
            })
            .collect();
        found.sort_by(|a, b| (a.0, &a.1.id).cmp(&(b.0, &b.1.id)));
        found.into_iter().map(|(_, summary)| summary).collect()
    }
}

/// See [`EventSummary::when`].
fn when_text(when: events::When, zone: Tz) -> String {
    use chrono::TimeZone;
    match when {
        events::When::Timed { start_utc_ms, end_utc_ms } => {
            let text = |ms: i64| {
                zone.timestamp_millis_opt(ms)
                    .single()
                    .map_or_else(String::new, |t| t.format("%Y-%m-%d %H:%M %Z").to_string())
            };
            format!("{} .. {}", text(start_utc_ms), text(end_utc_ms))
        }
        events::When::AllDay { start_date, end_date } => {
            format!("{start_date} .. {} (all day)", end_date - chrono::Duration::days(1))
        }
    }
}

/// A date's text in a state file and in reports: `2025-03-30`.
pub(crate) mod iso_date {
    use chrono::NaiveDate;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(date: &NaiveDate, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&date.format("%Y-%m-%d").to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<NaiveDate, D::Error> {
        let text = String::deserialize(d)?;
        NaiveDate::parse_from_str(&text, "%Y-%m-%d")
            .map_err(|_| serde::de::Error::custom(format!("{text:?} is no date: want 2025-03-30")))
    }
}

/// Whether a date lies in [`EVENT_YEARS`].
pub fn date_in_range(date: NaiveDate) -> bool {
    use chrono::Datelike;
    EVENT_YEARS.contains(&date.year())
}

/// The local date of an instant in `zone`.
pub fn date_in(zone: Tz, at_utc_ms: i64) -> NaiveDate {
    crate::time::utc_ms_to_local(zone, at_utc_ms).date()
}

/// Midnight at the start of `date` in `zone` (ECMAScript's rule in a gap).
pub fn midnight_utc_ms(zone: Tz, date: NaiveDate) -> i64 {
    crate::time::local_to_utc_ms(zone, date.and_hms_opt(0, 0, 0).unwrap_or_default())
}
