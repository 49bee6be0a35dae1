//! `[[calendars]]`: calendars and their events in the world before the first execution.
//! A section without `id` is the account's primary calendar (its id is the account's
//! address); another is a calendar the account owns, or another user's (`owned =
//! false`), in the account's list unless `subscribed = false` (then a script can
//! `subscribeToCalendar` it). Events are made as a script's `createEvent` and
//! `createAllDayEvent` make them (the same ids, limits and texts); their times are local
//! times in the run's zone, as every time of a scenario.
//!
//! ```toml
//! [[calendars]]
//! id = "en.uk#holiday@group.v.calendar.google.com"
//! name = "UK holidays"
//! owned = false
//! [[calendars.events]]
//! title = "Easter Monday"
//! date = "2025-04-21"          # all day; or start = "2025-04-21T09:00", end = "..."
//! ```

use chrono::{Duration, NaiveDate};
use gas_platform::calendar::events::{NewEvent, When};
use gas_platform::calendar::{self, Calendar};
use gas_platform::World;
use serde::Deserialize;
use toml::Spanned;

use crate::model::{LoadedScenario, ScenarioError};
use crate::plan::TimeCheck;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CalendarSection {
    /// The calendar's id; absent: the account's primary calendar.
    pub id: Option<Spanned<String>>,
    pub name: Option<String>,
    pub description: Option<String>,
    /// An IANA zone; absent: the script's.
    pub time_zone: Option<Spanned<String>>,
    /// `false`: another user's calendar (read-only to the script). Default true.
    pub owned: Option<bool>,
    /// `false`: not in the account's list (a script may subscribe to it). Default true.
    pub subscribed: Option<bool>,
    #[serde(default)]
    pub events: Vec<EventSection>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventSection {
    pub title: String,
    /// A timed event's start and end (local times, as `start`).
    pub start: Option<Spanned<String>>,
    pub end: Option<Spanned<String>>,
    /// An all-day event's first date (`2025-04-21`), and how many days it lasts (1).
    pub date: Option<Spanned<String>>,
    pub days: Option<u32>,
    pub description: Option<String>,
    pub location: Option<String>,
    #[serde(default)]
    pub guests: Vec<String>,
    /// Who made it; default: the account for its own calendars, else the calendar's id.
    pub creator: Option<String>,
}

/// Days one declared all-day event may last (gas-sim's own bound on a typo).
const EVENT_DAYS_MAX: u32 = 3_660;

pub fn add_to_world(
    loaded: &LoadedScenario,
    world: &mut World,
    start_utc_ms: i64,
    time: &TimeCheck<'_>,
) -> Result<(), ScenarioError> {
    let sections = &loaded.file.calendars;
    if sections.is_empty() {
        return Ok(());
    }
    let user = world.user_email.clone();
    let primary = world.calendar.ensure_primary(&user);
    for (i, section) in sections.iter().enumerate() {
        let key = format!("calendars[{i}]");
        let id = add_calendar(loaded, world, section, &key, &primary)?;
        let owned = world.calendar.calendars.get(&id).is_some_and(|c| c.owned);
        for (j, event) in section.events.iter().enumerate() {
            let key = format!("{key}.events[{j}]");
            let when = when_of(loaded, event, &key, time)?;
            let new = NewEvent {
                title: event.title.clone(),
                when,
                description: event.description.clone().unwrap_or_default(),
                location: event.location.clone().unwrap_or_default(),
                guests: event.guests.clone(),
                recurrence: None,
            };
            let creator = event.creator.clone().unwrap_or_else(|| if owned { user.clone() } else { id.clone() });
            world.calendar.add_event(&id, new, &creator, start_utc_ms).map_err(|e| loaded.error(&key, e.message))?;
        }
    }
    Ok(())
}

/// The section's calendar, made or (the primary) changed; its id.
fn add_calendar(
    loaded: &LoadedScenario,
    world: &mut World,
    section: &CalendarSection,
    key: &str,
    primary: &str,
) -> Result<String, ScenarioError> {
    let time_zone = match &section.time_zone {
        Some(zone) => Some(
            calendar::check_time_zone(zone.get_ref())
                .map_err(|_| loaded.error_at(zone, &format!("{key}.time_zone"), "not an IANA zone (Europe/London)"))?,
        ),
        None => None,
    };
    let Some(id) = &section.id else {
        if section.owned == Some(false) || section.subscribed == Some(false) {
            return Err(
                loaded.error(key, "the account's primary calendar is owned and listed: give another calendar an id")
            );
        }
        let calendar = world.calendar.calendars.get_mut(primary).expect("ensure_primary made it");
        if let Some(name) = &section.name {
            calendar.name = name.clone();
        }
        calendar.description = section.description.clone().unwrap_or_default();
        calendar.time_zone = time_zone;
        return Ok(primary.to_string());
    };
    let id_text = id.get_ref().trim();
    if id_text.is_empty() || world.calendar.calendars.contains_key(id_text) {
        return Err(loaded.error_at(id, &format!("{key}.id"), "an id of its own: empty, or a calendar declared twice"));
    }
    if world.calendar.calendars.len() >= calendar::CALENDARS_MAX {
        return Err(loaded.error(key, format!("at most {} calendars", calendar::CALENDARS_MAX)));
    }
    let calendar = Calendar {
        name: section.name.clone().unwrap_or_else(|| id_text.to_string()),
        description: section.description.clone().unwrap_or_default(),
        time_zone,
        owned: section.owned.unwrap_or(true),
        subscribed: section.subscribed.unwrap_or(true),
        ..Calendar::default()
    };
    world.calendar.calendars.insert(id_text.to_string(), calendar);
    Ok(id_text.to_string())
}

/// `start` and `end`, or `date` (and `days`): one or the other.
pub(crate) fn when_of(
    loaded: &LoadedScenario,
    event: &EventSection,
    key: &str,
    time: &TimeCheck<'_>,
) -> Result<When, ScenarioError> {
    match (&event.start, &event.end, &event.date) {
        (Some(start), Some(end), None) if event.days.is_none() => {
            let (from, to) = (time(start, &format!("{key}.start"))?, time(end, &format!("{key}.end"))?);
            When::timed(from, to).map_err(|e| loaded.error_at(end, &format!("{key}.end"), e.message))
        }
        (None, None, Some(date)) => {
            let first = NaiveDate::parse_from_str(date.get_ref(), "%Y-%m-%d")
                .ok()
                .filter(|d| calendar::date_in_range(*d))
                .ok_or_else(|| loaded.error_at(date, &format!("{key}.date"), "a date from 0001 to 9999: 2025-04-21"))?;
            let days = event.days.unwrap_or(1);
            if !(1..=EVENT_DAYS_MAX).contains(&days) {
                return Err(loaded.error(&format!("{key}.days"), format!("from 1 to {EVENT_DAYS_MAX}")));
            }
            Ok(When::AllDay { start_date: first, end_date: first + Duration::days(i64::from(days)) })
        }
        _ => {
            Err(loaded.error(key, "an event has start and end (local times), or date (and days) for an all-day event"))
        }
    }
}
