use chrono::NaiveDate;
use chrono_tz::Tz;

use super::events::*;
use super::recurrence::{Frequency, Recurrence, Rule};
use super::*;

const USER: &str = "me@example.com";
const LONDON: Tz = chrono_tz::Europe::London;
const LA: Tz = chrono_tz::America::Los_Angeles;

fn utc(text: &str) -> i64 {
    crate::time::parse_iso_utc(text).unwrap()
}

fn local(zone: Tz, text: &str) -> i64 {
    crate::time::parse_time_in_zone(text, zone).unwrap()
}

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn new_event(title: &str, when: When) -> NewEvent {
    NewEvent {
        title: title.into(),
        when,
        description: String::new(),
        location: String::new(),
        guests: Vec::new(),
        recurrence: None,
    }
}

fn with_primary() -> Calendars {
    let mut calendars = Calendars::default();
    calendars.ensure_primary(USER);
    calendars
}

fn rule(frequency: Frequency) -> Rule {
    Rule {
        frequency,
        exclusion: false,
        interval: None,
        times: None,
        until: None,
        weekdays: Vec::new(),
        month_days: Vec::new(),
        months: Vec::new(),
        year_days: Vec::new(),
        weeks: Vec::new(),
        week_start: None,
    }
}

#[test]
fn the_primary_calendar_is_the_users_and_cannot_be_deleted() {
    let mut calendars = with_primary();
    assert_eq!(calendars.list(false), [USER]);
    assert_eq!(calendars.get(USER).unwrap().zone(LONDON), LONDON, "a calendar without a zone has the script's");
    assert_eq!(calendars.delete(USER, USER).unwrap_err().message, PRIMARY_DELETE_MESSAGE);
}

#[test]
fn created_calendars_have_ids_options_and_names_found_ignoring_case() {
    let mut calendars = with_primary();
    let options =
        CalendarOptions { time_zone: Some("Asia/Tokyo".into()), color: Some("#a32929".into()), ..Default::default() };
    let id = calendars.create("Team Rota", options).unwrap();
    assert!(id.starts_with("c_") && id.ends_with("@group.calendar.google.com"), "{id}");
    let calendar = calendars.get(&id).unwrap();
    assert_eq!((calendar.color.as_str(), calendar.zone(LONDON)), ("#A32929", chrono_tz::Asia::Tokyo));
    assert_eq!(calendars.by_name("team rota", true), std::slice::from_ref(&id));
    let bad = |options| calendars.clone().create("x", options).unwrap_err().message;
    assert_eq!(bad(CalendarOptions { color: Some("red".into()), ..Default::default() }), INVALID_COLOR_MESSAGE);
    assert_eq!(
        bad(CalendarOptions { time_zone: Some("Mars/Base".into()), ..Default::default() }),
        INVALID_TIME_ZONE_MESSAGE
    );
    assert_eq!(calendars.create(" ", CalendarOptions::default()).unwrap_err().message, INVALID_NAME_MESSAGE);
    calendars.delete(&id, USER).unwrap();
    assert!(calendars.visible(&id).is_none());
}

#[test]
fn another_users_calendar_is_seen_once_subscribed_and_stays_read_only() {
    let mut calendars = with_primary();
    let holidays = "en.uk#holiday@group.v.calendar.google.com";
    calendars.calendars.insert(holidays.into(), Calendar { owned: false, subscribed: false, ..Calendar::default() });
    assert!(calendars.visible(holidays).is_none(), "documented: null unless owned or subscribed");
    calendars.subscribe(holidays).unwrap();
    assert_eq!(calendars.list(false).len(), 2);
    assert_eq!(calendars.list(true), [USER]);
    let when = When::timed(0, 1).unwrap();
    let err = calendars.create_event(holidays, new_event("x", when), USER, 0).unwrap_err();
    assert_eq!(err.message, CALENDAR_READ_ONLY_MESSAGE);
    assert_eq!(calendars.subscribe("nobody@x").unwrap_err().message, CALENDAR_NOT_FOUND_MESSAGE);
}

#[test]
fn my_status_is_owner_for_the_owner_and_a_guests_answer_otherwise() {
    let mut calendars = with_primary();
    let when = When::timed(utc("2025-06-13T10:00:00Z"), utc("2025-06-13T11:00:00Z")).unwrap();
    let mine = calendars.create_event(USER, new_event("mine", when), USER, 0).unwrap();
    let event = calendars.events.get_mut(&mine).unwrap();
    event.set_my_status(USER, "YES").unwrap();
    assert_eq!(my_status(event, USER), "OWNER", "documented: always OWNER for the owner");
    // Someone else's event the user is a guest of.
    event.creator = "boss@example.com".into();
    event.my_status = None;
    event.add_guest(USER);
    assert_eq!(my_status(event, USER), "INVITED");
    event.set_my_status(USER, "MAYBE").unwrap();
    assert_eq!(my_status(event, USER), "MAYBE");
    assert_eq!(event.guests[0].status, "MAYBE", "the guest entry answers too");
    assert!(event.set_my_status(USER, "OWNER").is_err());
}

#[test]
fn ids_are_deterministic_icaluid_shaped_and_distinct() {
    assert_eq!(id_of(1), id_of(1));
    assert_ne!(id_of(1), id_of(2));
    assert!(id_of(7).chars().all(|c| c.is_ascii_digit() || ('a'..='v').contains(&c)));
    assert_eq!(id_of(7).len(), 26);
}

#[test]
fn timed_events_overlap_their_window_sorted_by_start() {
    let mut calendars = with_primary();
    let at = |h: i64| utc("2025-06-13T00:00:00Z") + h * 3_600_000;
    let late = calendars.create_event(USER, new_event("late", When::timed(at(10), at(11)).unwrap()), USER, 0).unwrap();
    let early = calendars.create_event(USER, new_event("early", When::timed(at(8), at(12)).unwrap()), USER, 0).unwrap();
    calendars.create_event(USER, new_event("before", When::timed(at(6), at(9)).unwrap()), USER, 0).unwrap();
    let ids = |from, to| -> Vec<String> {
        calendars.query(USER, from, to, LONDON, &EventQuery::default()).unwrap().into_iter().map(|i| i.id).collect()
    };
    assert_eq!(ids(at(9), at(10)), std::slice::from_ref(&early), "an event ending at the window's start is out");
    assert_eq!(ids(at(10), at(11)), [early.clone(), late.clone()]);
    let options = EventQuery { search: Some("LATE".into()), ..Default::default() };
    assert_eq!(calendars.query(USER, at(0), at(24), LONDON, &options).unwrap().len(), 1);
    let options = EventQuery { start: 1, max: Some(1), ..Default::default() };
    assert_eq!(calendars.query(USER, at(0), at(24), LONDON, &options).unwrap()[0].id, early);
    assert_eq!(When::timed(at(2), at(1)).unwrap_err().message, END_BEFORE_START_MESSAGE);
}

#[test]
fn all_day_events_are_dates_of_the_scripts_zone_placed_in_the_calendars() {
    // 2025-03-30 00:30 in Los Angeles is the 30th there, the 30th in London too.
    let when = When::all_day(local(LA, "2025-03-30T00:30"), None, LA).unwrap();
    assert_eq!(when, When::AllDay { start_date: date("2025-03-30"), end_date: date("2025-03-31") });
    // London's spring-forward day is 23 hours long.
    let (from, to) = when.span_utc_ms(LONDON);
    assert_eq!((from, to - from), (utc("2025-03-30T00:00:00Z"), 23 * 3_600_000));
    assert!(when.overlaps(LONDON, utc("2025-03-30T22:00:00Z"), utc("2025-03-30T22:30:00Z")));
    assert!(!when.overlaps(LONDON, utc("2025-03-30T23:00:00Z"), utc("2025-03-31T01:00:00Z")));
    let two_days = When::all_day(local(LA, "2025-03-30T00:00"), Some(local(LA, "2025-04-01T00:00")), LA).unwrap();
    assert_eq!(two_days, When::AllDay { start_date: date("2025-03-30"), end_date: date("2025-04-01") });
    let same = When::all_day(local(LA, "2025-03-30T00:00"), Some(local(LA, "2025-03-30T12:00")), LA);
    assert_eq!(same.unwrap_err().message, END_BEFORE_START_MESSAGE, "documented: the end date is exclusive");
}

#[test]
fn reminders_guests_tags_and_colours_keep_the_platforms_limits() {
    let mut calendars = with_primary();
    let id = calendars.create_event(USER, new_event("x", When::timed(0, 1).unwrap()), USER, 0).unwrap();
    let event = calendars.event_mut(&id, None, 5).unwrap();
    assert_eq!(event.reminder_minutes(false), [DEFAULT_POPUP_REMINDER_MINUTES], "the calendar's default");
    event.add_reminder(true, 60).unwrap();
    assert!(event.reminder_minutes(false).is_empty(), "an own reminder replaces the defaults");
    assert_eq!(event.add_reminder(false, REMINDER_MINUTES_MAX + 1).unwrap_err().message, REMINDER_MINUTES_MESSAGE);
    // SMS reminders are checked as the others and ignored (documented shutdown).
    let before = event.clone();
    assert!(event.add_sms_reminder(30).is_ok());
    assert_eq!(event.add_sms_reminder(-1).unwrap_err().message, REMINDER_MINUTES_MESSAGE);
    assert_eq!(*event, before);
    for minutes in [5, 10, 15, 20] {
        event.add_reminder(false, minutes).unwrap();
    }
    assert_eq!(event.add_reminder(false, 30).unwrap_err().message, TOO_MANY_REMINDERS_MESSAGE);
    event.add_guest("a@x.com");
    event.add_guest("A@x.com");
    assert_eq!(event.guests.len(), 1, "a second add changes nothing");
    assert_eq!(event.guests[0].status, "INVITED");
    assert_eq!(event.set_color("12").unwrap_err().message, INVALID_EVENT_COLOR_MESSAGE);
    event.set_color("11").unwrap();
    assert_eq!(event.set_tag(&"k".repeat(45), "v").unwrap_err().message, INVALID_TAG_MESSAGE);
    event.set_tag("row", "7").unwrap();
    assert_eq!(calendars.event(&id).unwrap().updated_utc_ms, 5);
}

#[test]
fn a_weekly_series_keeps_its_local_time_across_the_dst_change() {
    // 09:00 London every Friday from 2025-03-21; the clocks go forward on the 30th.
    let start = local(LONDON, "2025-03-21T09:00");
    let first = When::timed(start, start + 3_600_000).unwrap();
    let recurrence =
        Recurrence { rules: vec![Rule { times: Some(3.0), ..rule(Frequency::Weekly) }], ..Default::default() };
    let found = recurrence::occurrences(first, &recurrence, LONDON, utc("2025-12-31T00:00:00Z"));
    let starts: Vec<i64> = found
        .iter()
        .map(|w| match w {
            When::Timed { start_utc_ms, .. } => *start_utc_ms,
            When::AllDay { .. } => unreachable!(),
        })
        .collect();
    assert_eq!(
        starts,
        [utc("2025-03-21T09:00:00Z"), utc("2025-03-28T09:00:00Z"), utc("2025-04-04T08:00:00Z")],
        "09:00 GMT, then 09:00 BST"
    );
}

#[test]
fn rules_interval_weekdays_month_days_until_and_exclusions() {
    let first = When::AllDay { start_date: date("2025-01-01"), end_date: date("2025-01-02") };
    let dates = |recurrence: &Recurrence| -> Vec<String> {
        recurrence::occurrences(first, recurrence, LONDON, utc("2025-03-01T00:00:00Z"))
            .into_iter()
            .map(|w| match w {
                When::AllDay { start_date, .. } => start_date.to_string(),
                When::Timed { .. } => unreachable!(),
            })
            .collect()
    };
    let every_other_day = Recurrence {
        rules: vec![Rule { interval: Some(2.0), times: Some(3.0), ..rule(Frequency::Daily) }],
        ..Default::default()
    };
    assert_eq!(dates(&every_other_day), ["2025-01-01", "2025-01-03", "2025-01-05"]);
    let mondays = Rule {
        weekdays: vec!["MONDAY".into()],
        until: Some(utc("2025-01-20T00:00:00Z") as f64),
        ..rule(Frequency::Weekly)
    };
    assert_eq!(
        dates(&Recurrence { rules: vec![mondays], ..Default::default() }),
        ["2025-01-06", "2025-01-13", "2025-01-20"]
    );
    let last_days = Rule { month_days: vec![-1.0], ..rule(Frequency::Monthly) };
    assert_eq!(dates(&Recurrence { rules: vec![last_days], ..Default::default() }), ["2025-01-31", "2025-02-28"]);
    let daily = Rule { times: Some(5.0), ..rule(Frequency::Daily) };
    let weekend =
        Rule { exclusion: true, weekdays: vec!["SATURDAY".into(), "SUNDAY".into()], ..rule(Frequency::Weekly) };
    let excluded = Recurrence {
        rules: vec![daily, weekend],
        exclusion_dates: vec![utc("2025-01-02T12:00:00Z") as f64],
        ..Default::default()
    };
    assert_eq!(dates(&excluded), ["2025-01-01", "2025-01-03"], "the 4th and 5th are a weekend");
    let last_day = Rule { year_days: vec![-1.0, 40.0], ..rule(Frequency::Yearly) };
    assert_eq!(dates(&Recurrence { rules: vec![last_day], ..Default::default() }), ["2025-02-09"]);
    // ISO week 2 of 2025 runs from Monday 6 January; the start is a Wednesday.
    let week_two = Rule { weeks: vec![2.0], ..rule(Frequency::Yearly) };
    assert_eq!(dates(&Recurrence { rules: vec![week_two], ..Default::default() }), ["2025-01-08"]);
    let bad = Recurrence { rules: vec![Rule { interval: Some(0.0), ..rule(Frequency::Daily) }], ..Default::default() };
    assert_eq!(bad.check().unwrap_err().message, recurrence::INVALID_RULE_MESSAGE);
}

#[test]
fn series_instances_are_returned_and_deleted_one_by_one() {
    let mut calendars = with_primary();
    let start = utc("2025-06-02T09:00:00Z");
    let mut new = new_event("standup", When::timed(start, start + 900_000).unwrap());
    new.recurrence = Some(Recurrence { rules: vec![rule(Frequency::Daily)], ..Default::default() });
    let id = calendars.create_event(USER, new, USER, 0).unwrap();
    let week = |calendars: &Calendars| {
        calendars.query(USER, start, start + 7 * 86_400_000, chrono_tz::UTC, &EventQuery::default()).unwrap()
    };
    let instances = week(&calendars);
    assert_eq!(instances.len(), 7);
    // A day scanned per rule and one more, per day to the window's end.
    assert_eq!(calendars.query_work(USER, start + 7 * 86_400_000), 9 * 2);
    assert_eq!(calendars.query_work(USER, i64::MAX), recurrence::SCAN_DAYS_MAX as u64 * 2, "capped");
    let mine = |status: &str| EventQuery {
        user: USER.into(),
        status_filters: Some(vec![status.into()]),
        ..Default::default()
    };
    let count =
        |query: &EventQuery| calendars.query(USER, start, start + 86_400_000, chrono_tz::UTC, query).unwrap().len();
    assert_eq!((count(&mine("OWNER")), count(&mine("INVITED"))), (1, 0), "the user made it");
    let second = instances[1].at;
    assert_eq!(calendars.event_mut(&id, second, 0).unwrap_err().message, INSTANCE_CHANGE_MESSAGE);
    calendars.delete_event(&id, second, 0).unwrap();
    assert_eq!(week(&calendars).len(), 6);
    calendars.delete_event(&id, None, 0).unwrap();
    assert!(week(&calendars).is_empty());
}

#[test]
fn state_files_are_checked() {
    let mut calendars = with_primary();
    let id = calendars.create_event(USER, new_event("x", When::timed(0, 1).unwrap()), USER, 0).unwrap();
    assert!(calendars.check_state().is_ok());
    let mut bad = calendars.clone();
    bad.events.get_mut(&id).unwrap().calendar_id = "gone".into();
    assert!(bad.check_state().unwrap_err().contains("no calendar"));
    let mut far = calendars.clone();
    far.events.get_mut(&id).unwrap().when = When::AllDay { start_date: date("9999-12-31"), end_date: NaiveDate::MAX };
    assert!(far.check_state().unwrap_err().contains("years 1 to 9999"), "no date arithmetic past chrono's range");
    assert_eq!(When::timed(0, 8_000_000_000_000_000).unwrap_err().message, INVALID_DATE_MESSAGE);
    let text = serde_json::to_string(&calendars).unwrap();
    assert_eq!(serde_json::from_str::<Calendars>(&text).unwrap(), calendars);
}
