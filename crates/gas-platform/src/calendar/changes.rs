//! Changes made to a calendar by someone other than the script (a person in Calendar, a
//! colleague moving a meeting): what a scenario's `[[calendar_changes]]` makes happen,
//! before the calendar's `onEventUpdated` triggers fire. They follow the calendar's own
//! rules (the texts' limits, an end not before its start), not the script's: a change of
//! another user's calendar is that user's, so it is allowed here.

use super::events::{NewEvent, When, EVENT_NOT_FOUND_MESSAGE};
use super::{check_text, Calendars, CALENDAR_NOT_FOUND_MESSAGE};
use crate::{ServiceError, ServiceResult};

/// One change to one calendar's events.
#[derive(Debug, Clone)]
pub enum OutsideChange {
    Create(NewEvent),
    /// The event named by id or title: the fields given replace its own.
    Update {
        event: String,
        edit: EventEdit,
    },
    /// The event named by id or title, the whole series for a recurring one.
    Delete {
        event: String,
    },
}

/// What an update changes; `None` keeps the event's own.
#[derive(Debug, Clone, Default)]
pub struct EventEdit {
    pub title: Option<String>,
    pub when: Option<When>,
    pub location: Option<String>,
    pub description: Option<String>,
}

/// gas-sim's text for an event reference that names no event of the calendar.
pub fn no_such_event_message(calendar_id: &str, reference: &str) -> String {
    format!("no event {reference:?} on calendar {calendar_id:?} (give an event's id or its title)")
}

impl Calendars {
    /// The event of `calendar_id` whose id is `reference`, else the one titled so; two
    /// with that title is an error (the change would be a guess).
    pub fn find_event(&self, calendar_id: &str, reference: &str) -> Result<String, String> {
        if self.events.get(reference).is_some_and(|e| e.calendar_id == calendar_id) {
            return Ok(reference.to_string());
        }
        let mut titled =
            self.events.iter().filter(|(_, e)| e.calendar_id == calendar_id && e.title == reference).map(|(id, _)| id);
        match (titled.next(), titled.next()) {
            (Some(id), None) => Ok(id.clone()),
            (Some(_), Some(_)) => {
                Err(format!("several events titled {reference:?} on calendar {calendar_id:?}: give the event's id"))
            }
            (None, _) => Err(no_such_event_message(calendar_id, reference)),
        }
    }

    /// Makes `change` on `calendar_id` as `user` at `now`; what happened, for the report
    /// (`created "Lunch"`, `updated "Lunch"`, `deleted "Lunch"`).
    pub fn outside_change(
        &mut self,
        calendar_id: &str,
        change: &OutsideChange,
        user: &str,
        now: i64,
    ) -> ServiceResult<String> {
        if !self.calendars.contains_key(calendar_id) {
            return Err(ServiceError::new(CALENDAR_NOT_FOUND_MESSAGE));
        }
        let find = |calendars: &Calendars, reference: &str| {
            calendars.find_event(calendar_id, reference).map_err(|_| ServiceError::new(EVENT_NOT_FOUND_MESSAGE))
        };
        match change {
            OutsideChange::Create(new) => {
                let title = new.title.clone();
                self.add_event(calendar_id, new.clone(), user, now)?;
                Ok(format!("created {title:?}"))
            }
            OutsideChange::Update { event, edit } => {
                let id = find(self, event)?;
                for text in [&edit.title, &edit.location, &edit.description].into_iter().flatten() {
                    check_text(text)?;
                }
                let event = self.events.get_mut(&id).expect("just found");
                if let Some(title) = &edit.title {
                    event.title = title.clone();
                }
                if let Some(when) = edit.when {
                    event.when = when;
                }
                if let Some(location) = &edit.location {
                    event.location = location.clone();
                }
                if let Some(description) = &edit.description {
                    event.description = description.clone();
                }
                event.updated_utc_ms = now;
                Ok(format!("updated {:?}", event.title))
            }
            OutsideChange::Delete { event } => {
                let id = find(self, event)?;
                let removed = self.events.remove(&id).expect("just found");
                Ok(format!("deleted {:?}", removed.title))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calendar::Calendar;

    fn world() -> Calendars {
        let mut calendars = Calendars::default();
        calendars.ensure_primary("me@x.com");
        let other = Calendar { owned: false, ..Calendar::default() };
        calendars.calendars.insert("team@x.com".into(), other);
        calendars
    }

    fn new(title: &str, start: i64) -> NewEvent {
        NewEvent {
            title: title.into(),
            when: When::timed(start, start + 3_600_000).unwrap(),
            description: String::new(),
            location: String::new(),
            guests: Vec::new(),
            recurrence: None,
        }
    }

    #[test]
    fn someone_else_creates_moves_and_deletes_events_even_on_a_calendar_the_script_cannot_change() {
        let mut calendars = world();
        let done = calendars.outside_change("team@x.com", &OutsideChange::Create(new("Lunch", 0)), "bo@x.com", 10);
        assert_eq!(done.unwrap(), "created \"Lunch\"");
        let id = calendars.find_event("team@x.com", "Lunch").unwrap();
        assert_eq!(calendars.events[&id].creator, "bo@x.com");
        let moved = EventEdit { when: Some(When::timed(7_200_000, 9_000_000).unwrap()), ..EventEdit::default() };
        let update = OutsideChange::Update { event: "Lunch".into(), edit: moved };
        assert_eq!(calendars.outside_change("team@x.com", &update, "bo@x.com", 20).unwrap(), "updated \"Lunch\"");
        assert_eq!(calendars.events[&id].when, When::Timed { start_utc_ms: 7_200_000, end_utc_ms: 9_000_000 });
        assert_eq!(calendars.events[&id].updated_utc_ms, 20);
        // By id too; then it is gone.
        let delete = OutsideChange::Delete { event: id.clone() };
        assert_eq!(calendars.outside_change("team@x.com", &delete, "bo@x.com", 30).unwrap(), "deleted \"Lunch\"");
        assert!(calendars.events.is_empty());
        assert_eq!(
            calendars.outside_change("team@x.com", &delete, "bo@x.com", 40).unwrap_err().message,
            "Event not found"
        );
    }

    #[test]
    fn a_reference_names_one_event_of_that_calendar() {
        let mut calendars = world();
        calendars.add_event("me@x.com", new("Sync", 0), "me@x.com", 0).unwrap();
        calendars.add_event("me@x.com", new("Sync", 3_600_000), "me@x.com", 0).unwrap();
        calendars.add_event("team@x.com", new("Solo", 0), "team@x.com", 0).unwrap();
        assert!(calendars.find_event("me@x.com", "Sync").unwrap_err().contains("several events titled \"Sync\""));
        assert_eq!(
            calendars.find_event("me@x.com", "Solo").unwrap_err(),
            "no event \"Solo\" on calendar \"me@x.com\" (give an event's id or its title)"
        );
        let solo = calendars.find_event("team@x.com", "Solo").unwrap();
        assert!(calendars.find_event("me@x.com", &solo).is_err(), "an id of another calendar's event");
        let unknown = calendars.outside_change("nobody@x.com", &OutsideChange::Delete { event: solo }, "a", 0);
        assert_eq!(unknown.unwrap_err().message, CALENDAR_NOT_FOUND_MESSAGE);
    }
}
