//! `[[calendars]]` in a scenario's initial world, seen by a script, and `events`
//! expectations with their failure texts; bad declarations name file, line and key.

use crate::common::Fixture;

const CODE: &str = "
function main() {
  const holidays = CalendarApp.subscribeToCalendar('en.uk#holiday@group.v.calendar.google.com');
  const day = holidays.getEventsForDay(new Date(2025, 3, 21)).map((e) => e.getTitle());
  const mine = CalendarApp.getEvents(new Date(2025, 3, 1), new Date(2025, 4, 1));
  console.log('holidays: %s; mine: %s at %s', day.join(','), mine.map((e) => e.getTitle()).join(','),
    mine.map((e) => e.getStartTime().toISOString()).join(','));
  CalendarApp.createEvent('Planning', new Date(2025, 3, 22, 10), new Date(2025, 3, 22, 11));
}
";

const FIXTURE: Fixture = Fixture { zone: "Europe/London", code: CODE, file_name: "c.toml" };

const SCENARIO: &str = r#"name = "c"
project = "project"
time_zones = ["Europe/London"]
start = "2025-04-20T08:00"
end = "2025-04-20T12:00"

[[calendars]]
name = "Ann"
[[calendars.events]]
title = "Dentist"
start = "2025-04-23T09:00"
end = "2025-04-23T09:30"

[[calendars]]
id = "en.uk#holiday@group.v.calendar.google.com"
name = "UK holidays"
owned = false
subscribed = false
[[calendars.events]]
title = "Easter Monday"
date = "2025-04-21"

[[runs]]
at = "2025-04-20T09:00"
function = "main"

"#;

#[test]
fn declared_calendars_and_events_are_seen_by_the_script_and_counted_at_the_end() {
    let report = FIXTURE.run_expecting(SCENARIO, "events = { calendar = \"Ann\" }\ncount = 2");
    assert!(report.passed, "{}", report.text());
    let seen = "logs = { text = \"holidays: Easter Monday; mine: Dentist at 2025-04-23T08:00:00.000Z\" }\ncount = 1";
    let (passed, mismatch) = FIXTURE.verdict(SCENARIO, seen);
    assert!(passed, "{mismatch}");
    let titles: Vec<&str> = report.calendar_events.iter().map(|e| e.title.as_str()).collect();
    assert_eq!(titles, ["Easter Monday", "Planning", "Dentist"], "by start: the 21st, 22nd, 23rd");
    let (passed, mismatch) =
        FIXTURE.verdict(SCENARIO, "events = { title = \"/^Easter/\", calendar = \"holidays\" }\nnever = true");
    assert!(!passed);
    assert_eq!(mismatch, "calendar events /^Easter/ in holidays: expected 0, got 1");
    // A calendar no one has (a typo) passes `never`, and the report warns.
    let report = FIXTURE.run_expecting(SCENARIO, "events = { calendar = \"Hollidays\" }\nnever = true");
    assert!(
        report
            .warnings
            .iter()
            .any(|w| w.starts_with("expectation \"calendar events in Hollidays\" names no calendar there is")),
        "{:?}",
        report.warnings
    );
    assert!(!FIXTURE
        .run_expecting(SCENARIO, "events = { calendar = \"Ann\" }\ncount = 2")
        .warnings
        .iter()
        .any(|w| w.contains("names no calendar")));
}

#[test]
fn bad_calendar_declarations_name_the_key() {
    let bad = SCENARIO.replace("date = \"2025-04-21\"", "date = \"21/04/2025\"");
    assert!(FIXTURE.error(&bad).contains("calendars[1].events[0].date"), "{}", FIXTURE.error(&bad));
    let bad = SCENARIO.replace("end = \"2025-04-23T09:30\"", "end = \"2025-04-23T08:30\"");
    let error = FIXTURE.error(&bad);
    assert!(
        error.contains("calendars[0].events[0].end") && error.contains("Event start date must be before"),
        "{error}"
    );
    let bad = SCENARIO.replace("title = \"Dentist\"\n", "title = \"Dentist\"\ndate = \"2025-04-23\"\n");
    assert!(FIXTURE.error(&bad).contains("an event has start and end"), "{}", FIXTURE.error(&bad));
    let bad = SCENARIO.replace("name = \"Ann\"\n", "name = \"Ann\"\nowned = false\n");
    assert!(FIXTURE.error(&bad).contains("primary calendar is owned"), "{}", FIXTURE.error(&bad));
}

const WATCH: &str = "
function setup() {
  ScriptApp.newTrigger('changed').forUserCalendar(CalendarApp.getDefaultCalendar().getId()).onEventUpdated().create();
}
function changed(e) {
  const cal = CalendarApp.getCalendarById(e.calendarId);
  const titles = cal.getEvents(new Date(2025, 3, 20), new Date(2025, 3, 30)).map((ev) => ev.getTitle());
  console.log('%s %s %s: %s', e.authMode, e.calendarId, e.triggerUid, titles.join(','));
  return Object.keys(e).sort().join(',');
}
";

const WATCH_FIXTURE: Fixture = Fixture { zone: "Europe/London", code: WATCH, file_name: "w.toml" };

const WATCH_SCENARIO: &str = r#"name = "w"
project = "project"
time_zones = ["Europe/London"]
start = "2025-04-20T08:00"
end = "2025-04-20T12:00"

[account]
email = "ann@example.com"

[[calendars]]
[[calendars.events]]
title = "Dentist"
start = "2025-04-23T09:00"
end = "2025-04-23T09:30"

[[calendars]]
id = "team@example.com"
owned = false

[[runs]]
at = "2025-04-20T08:30"
function = "setup"

[[calendar_changes]]
at = "2025-04-20T09:00"
user = "bo@example.com"
create = { title = "Lunch", start = "2025-04-22T12:00", end = "2025-04-22T13:00" }

[[calendar_changes]]
at = "2025-04-20T09:30"
update = { event = "Dentist", title = "Dentist (moved)", start = "2025-04-24T09:00", end = "2025-04-24T09:30" }

[[calendar_changes]]
at = "2025-04-20T10:00"
delete = "Lunch"

[[calendar_changes]]
at = "2025-04-20T10:30"
calendar = "team@example.com"
create = { title = "Team day", date = "2025-04-25" }
"#;

#[test]
fn a_calendar_change_fires_the_calendars_event_updated_triggers_with_the_event_object() {
    let report = WATCH_FIXTURE.run(WATCH_SCENARIO);
    assert!(report.passed, "{}", report.text());
    let fired: Vec<_> = report.executions.iter().filter(|e| e.function == "changed").collect();
    // Three changes of the primary calendar, one execution each; the team calendar has no trigger.
    assert_eq!(fired.len(), 3, "{}", report.text());
    assert!(fired.iter().all(|e| e.outcome == "completed" && e.result == "authMode,calendarId,triggerUid"));
    assert_eq!(fired[0].source, "bo@example.com created \"Lunch\" on ann@example.com (calendar trigger)");
    let logs = "logs = { text = \"/^FULL ann@example.com 1000001: (Lunch,Dentist|Lunch,Dentist \\\\(moved\\\\)|Dentist \\\\(moved\\\\))$/\" }\ncount = 3";
    let (passed, mismatch) = WATCH_FIXTURE.verdict(WATCH_SCENARIO, logs);
    assert!(passed, "{mismatch}");
    let titles: Vec<&str> = report.calendar_events.iter().map(|e| e.title.as_str()).collect();
    assert_eq!(titles, ["Dentist (moved)", "Team day"]);
}

#[test]
fn a_change_the_world_cannot_make_is_refused_with_file_line_and_key() {
    let error =
        WATCH_FIXTURE.error(&WATCH_SCENARIO.replace("calendar = \"team@example.com\"", "calendar = \"x@example.com\""));
    assert!(error.starts_with("DIR/w.toml:39: calendar_changes[3].calendar: no calendar \"x@example.com\""), "{error}");
    let error = WATCH_FIXTURE.error(&WATCH_SCENARIO.replace("event = \"Dentist\"", "event = \"Dentist?\""));
    assert!(
        error.starts_with(
            "DIR/w.toml:31: calendar_changes[1].update.event: no event \"Dentist?\" on calendar \"ann@example.com\""
        ),
        "{error}"
    );
    // The lunch is deleted before it exists: an earlier entry creates it, not a later one.
    let late = WATCH_SCENARIO.replace("delete = \"Lunch\"", "delete = \"Dinner\"");
    assert!(WATCH_FIXTURE.error(&late).contains("calendar_changes[2].delete: no event \"Dinner\""));
    let both = WATCH_SCENARIO
        .replace("delete = \"Lunch\"", "delete = \"Lunch\"\ncreate = { title = \"x\", date = \"2025-04-21\" }");
    assert!(WATCH_FIXTURE.error(&both).contains("calendar_changes[2]: a calendar change is one of create"));
    let half = WATCH_SCENARIO.replace(", start = \"2025-04-24T09:00\"", "");
    assert!(WATCH_FIXTURE.error(&half).contains("calendar_changes[1].update: give start and end together"));
    let typo = WATCH_SCENARIO.replace("delete = \"Lunch\"", "remove = \"Lunch\"");
    assert!(WATCH_FIXTURE.error(&typo).contains("remove"), "{}", WATCH_FIXTURE.error(&typo));
}

#[test]
fn a_change_to_an_event_the_script_deleted_warns_and_fires_nothing() {
    const CODE: &str = "
function setup() {
  ScriptApp.newTrigger('changed').forUserCalendar('ann@example.com').onEventUpdated().create();
  CalendarApp.getDefaultCalendar().getEvents(new Date(2025, 3, 20), new Date(2025, 3, 30)).forEach((e) => e.deleteEvent());
}
function changed(e) { console.log(e.calendarId); }
";
    let fixture = Fixture { zone: "Europe/London", code: CODE, file_name: "gone.toml" };
    let scenario = WATCH_SCENARIO.split("[[calendar_changes]]").take(1).collect::<String>()
        + "[[calendar_changes]]\nat = \"2025-04-20T09:30\"\ndelete = \"Dentist\"\n";
    let report = fixture.run(&scenario);
    assert!(report.executions.iter().all(|e| e.function != "changed"), "{}", report.text());
    assert_eq!(
        report.warnings,
        ["calendar_changes[0]: ann@example.com could not change calendar \"ann@example.com\" at 2025-04-20 09:30:00: Event not found"]
    );
}
