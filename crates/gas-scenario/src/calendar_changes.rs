//! `[[calendar_changes]]`: someone other than the script changes a calendar's events (a
//! person in Calendar, a colleague moving a meeting). At `at` the change is made, then
//! every `onEventUpdated` trigger of that calendar starts, one execution each, with the
//! platform's event object (`authMode`, `calendarId`, `triggerUid`). The platform fires
//! the trigger when an event is created, updated or deleted (documented); it may
//! coalesce close changes, gas-sim fires once per change (assumed).
//!
//! ```toml
//! [[calendar_changes]]
//! at = "2025-06-02T10:00"
//! calendar = "team@example.com"   # default: the account's primary calendar
//! user = "bo@example.com"         # who changes it; default: the account's user
//! update = { event = "Stand-up", start = "2025-06-02T11:00", end = "2025-06-02T11:15" }
//! # or create = { title = "...", start = "...", end = "..." } (or date = "...", days = n)
//! # or delete = "Stand-up"        # an event's title or id
//! ```
//!
//! The event an update or a delete names (its id, or its title when one event of the
//! calendar has it) must be declared in `[[calendars]]` or created by an earlier entry;
//! when the run comes to it and it is gone (the script deleted it), the report warns and
//! no trigger fires.

use std::collections::BTreeSet;

use chrono_tz::Tz;
use gas_platform::calendar::changes::{EventEdit, OutsideChange};
use gas_platform::calendar::events::{NewEvent, When};
use gas_platform::container::{Invocation, InvocationKind};
use gas_platform::trigger_events;
use gas_platform::World;
use serde::Deserialize;
use toml::Spanned;

use crate::calendars::{when_of, EventSection};
use crate::model::{LoadedScenario, ScenarioError};
use crate::plan::{Occurrence, PlannedEvent, TimeCheck};
use crate::sheet_events::SheetStart;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CalendarChangeSection {
    pub at: Spanned<String>,
    /// The calendar's id; absent: the account's primary calendar.
    pub calendar: Option<Spanned<String>>,
    /// Who makes the change; absent: the account's user (in Calendar, not the script).
    pub user: Option<String>,
    pub create: Option<EventSection>,
    pub update: Option<UpdateSection>,
    /// The event deleted: its id or its title.
    pub delete: Option<Spanned<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UpdateSection {
    /// The event changed: its id or its title.
    pub event: Spanned<String>,
    pub title: Option<String>,
    /// New times, both or neither (local times, as every time of a scenario).
    pub start: Option<Spanned<String>>,
    pub end: Option<Spanned<String>>,
    pub location: Option<String>,
    pub description: Option<String>,
}

/// One change, resolved: which calendar, by whom, what.
#[derive(Debug, Clone)]
pub struct CalendarChange {
    pub key: String,
    pub calendar_id: String,
    pub user: String,
    pub change: OutsideChange,
}

/// Resolves the scenario's calendar changes against the initial world (after
/// `[[calendars]]`): each names a calendar the world holds and, for an update or a
/// delete, an event it holds or an earlier entry creates.
pub fn plan_calendar_changes(
    loaded: &LoadedScenario,
    world: &mut World,
    start_time: &TimeCheck<'_>,
    time: &TimeCheck<'_>,
    order_base: usize,
) -> Result<Vec<PlannedEvent>, ScenarioError> {
    let sections = &loaded.file.calendar_changes;
    if sections.is_empty() {
        return Ok(Vec::new());
    }
    let account = world.user_email.clone();
    let primary = world.calendar.ensure_primary(&account);
    // Titles an earlier entry creates, by calendar.
    let mut created: BTreeSet<(String, String)> = BTreeSet::new();
    let mut events = Vec::new();
    for (i, section) in sections.iter().enumerate() {
        let key = format!("calendar_changes[{i}]");
        let calendar_id = match &section.calendar {
            Some(id) if world.calendar.calendars.contains_key(id.get_ref().as_str()) => id.get_ref().clone(),
            Some(id) => {
                return Err(loaded.error_at(
                    id,
                    &format!("{key}.calendar"),
                    format!(
                        "no calendar {:?}: declare it in [[calendars]] (or leave calendar out for the primary one)",
                        id.get_ref()
                    ),
                ))
            }
            None => primary.clone(),
        };
        let known = |reference: &Spanned<String>, field: &str| -> Result<String, ScenarioError> {
            let text = reference.get_ref();
            if created.contains(&(calendar_id.clone(), text.clone())) {
                return Ok(text.clone());
            }
            world
                .calendar
                .find_event(&calendar_id, text)
                .map(|_| text.clone())
                .map_err(|e| loaded.error_at(reference, &format!("{key}.{field}"), e))
        };
        let change = match (&section.create, &section.update, &section.delete) {
            (Some(new), None, None) => {
                let when = when_of(loaded, new, &format!("{key}.create"), time)?;
                created.insert((calendar_id.clone(), new.title.clone()));
                OutsideChange::Create(NewEvent {
                    title: new.title.clone(),
                    when,
                    description: new.description.clone().unwrap_or_default(),
                    location: new.location.clone().unwrap_or_default(),
                    guests: new.guests.clone(),
                    recurrence: None,
                })
            }
            (None, Some(update), None) => {
                let event = known(&update.event, "update.event")?;
                let when = match (&update.start, &update.end) {
                    (Some(start), Some(end)) => {
                        let (from, to) =
                            (time(start, &format!("{key}.update.start"))?, time(end, &format!("{key}.update.end"))?);
                        Some(
                            When::timed(from, to)
                                .map_err(|e| loaded.error_at(end, &format!("{key}.update.end"), e.message))?,
                        )
                    }
                    (None, None) => None,
                    (Some(one), None) | (None, Some(one)) => {
                        return Err(loaded.error_at(one, &format!("{key}.update"), "give start and end together"))
                    }
                };
                if let Some(title) = &update.title {
                    created.insert((calendar_id.clone(), title.clone()));
                }
                let edit = EventEdit {
                    title: update.title.clone(),
                    when,
                    location: update.location.clone(),
                    description: update.description.clone(),
                };
                OutsideChange::Update { event, edit }
            }
            (None, None, Some(reference)) => OutsideChange::Delete { event: known(reference, "delete")? },
            _ => return Err(loaded.error_at(
                &section.at,
                &key,
                "a calendar change is one of create = { ... }, update = { event = \"...\", ... } or delete = \"...\"",
            )),
        };
        events.push(PlannedEvent {
            at_utc_ms: start_time(&section.at, &format!("{key}.at"))?,
            order: order_base + events.len(),
            occurrence: Occurrence::CalendarChange(CalendarChange {
                key,
                calendar_id,
                user: section.user.clone().unwrap_or_else(|| account.clone()),
                change,
            }),
        });
    }
    Ok(events)
}

/// The change happens: the calendar changes, then every `onEventUpdated` trigger of it
/// starts (as the account that installed it). A change that cannot be made (its event
/// is gone) is a warning and starts nothing.
pub fn happen(
    change: &CalendarChange,
    world: &mut World,
    at_utc_ms: i64,
    zone: Tz,
    warnings: &mut Vec<String>,
) -> Vec<SheetStart> {
    let CalendarChange { key, calendar_id, user, change } = change;
    let done = match world.calendar.outside_change(calendar_id, change, user, at_utc_ms) {
        Ok(done) => done,
        Err(e) => {
            let at = gas_platform::time::utc_ms_to_local(zone, at_utc_ms).format("%Y-%m-%d %H:%M:%S");
            warnings.push(format!("{key}: {user} could not change calendar {calendar_id:?} at {at}: {}", e.message));
            return Vec::new();
        }
    };
    world
        .triggers
        .for_calendar(calendar_id)
        .map(|trigger| SheetStart {
            function: trigger.handler.clone(),
            event: trigger_events::calendar_event_updated(calendar_id, &trigger.id),
            source: format!("{user} {done} on {calendar_id} (calendar trigger)"),
            invocation: Invocation::of(InvocationKind::CalendarTrigger),
        })
        .collect()
}
