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
