//! CalendarApp seen from a script: the primary calendar and created ones, events and
//! all-day events with their getters and setters, guests, reminders, tags and colours,
//! getEvents' window and options, recurring series across a DST change in the
//! calendar's zone, the daily quota, and the platform's errors.

use crate::support;

use serde_json::json;
use support::*;

fn main_of(body: &str) -> String {
    format!("function main() {{\n{body}\n}}")
}

/// `main` of `body` in `zone_name`, at `start_utc_ms`, against `world`.
fn eval_zone(world: &SharedWorld, zone_name: &str, body: &str) -> serde_json::Value {
    result(&run_in(world, zone_name, &main_of(body), "main", START_UTC_MS))
}

#[test]
fn the_default_calendar_is_the_users_and_created_calendars_are_listed() {
    let world = new_world();
    let got = eval_zone(
        &world,
        "Europe/London",
        "const cal = CalendarApp.getDefaultCalendar();
         const team = CalendarApp.createCalendar('Team', { timeZone: 'America/Los_Angeles', color: CalendarApp.Color.RED });
         team.setDescription('rota').setSelected(false);
         return {
           id: cal.getId(), user: Session.getEffectiveUser().getEmail(), primary: cal.isMyPrimaryCalendar(),
           zone: cal.getTimeZone(), appZone: CalendarApp.getTimeZone(), appId: CalendarApp.getId(),
           team: [team.getName(), team.getTimeZone(), team.getColor(), team.getDescription(), team.isSelected(),
                  team.isOwnedByMe(), team.isMyPrimaryCalendar(), /@group\\.calendar\\.google\\.com$/.test(team.getId())],
           byName: CalendarApp.getOwnedCalendarsByName('team').map((c) => c.getName()),
           all: CalendarApp.getAllCalendars().length,
           byId: CalendarApp.getCalendarById(team.getId()).getName(),
           missing: CalendarApp.getCalendarById('nobody@example.com'),
           str: String(cal),
         };",
    );
    assert_eq!(
        got,
        json!({
            "id": "user@example.com", "user": "user@example.com", "primary": true,
            "zone": "Europe/London", "appZone": "Europe/London", "appId": "user@example.com",
            "team": ["Team", "America/Los_Angeles", "#A32929", "rota", false, true, false, true],
            "byName": ["Team"], "all": 2, "byId": "Team", "missing": null, "str": "Calendar",
        })
    );
    assert_eq!(state(&world).calendar.calendars.len(), 2);
}

#[test]
fn events_are_made_read_changed_and_found_in_their_window() {
    let got = eval(&main_of(
        "const cal = CalendarApp.getDefaultCalendar();
         const e = cal.createEvent('Review', new Date('2025-06-13T10:00:00Z'), new Date('2025-06-13T11:00:00Z'),
           { description: 'Q2', location: 'Room 1', guests: 'a@x.com, b@x.com', sendInvites: false });
         CalendarApp.createEvent('Later', new Date('2025-06-13T12:00:00Z'), new Date('2025-06-13T13:00:00Z'));
         const id = e.getId();
         e.setTitle('Q2 review').setLocation('Room 2').setColor(CalendarApp.EventColor.RED);
         e.addGuest('c@x.com').removeGuest('a@x.com');
         e.setTag('row', '7');
         e.addPopupReminder(15).addEmailReminder(60);
         e.setMyStatus(CalendarApp.GuestStatus.YES);
         let notAnswer = '';
         try { e.setMyStatus(CalendarApp.GuestStatus.OWNER); } catch (err) { notAnswer = err.message; }
         const again = cal.getEventById(id);
         const window = (a, b) => cal.getEvents(new Date(a), new Date(b)).map((x) => x.getTitle());
         return {
           icalid: /^[0-9a-v]{26}@google\\.com$/.test(id),
           title: again.getTitle(), description: again.getDescription(), location: again.getLocation(),
           start: again.getStartTime().toISOString(), end: again.getEndTime().toISOString(),
           allDay: again.isAllDayEvent(), recurring: again.isRecurringEvent(), color: again.getColor(),
           guests: again.getGuestList().map((g) => [g.getEmail(), g.getGuestStatus() === CalendarApp.GuestStatus.INVITED]),
           withOwner: again.getGuestList(true).map((g) => g.getGuestStatus()),
           guest: again.getGuestByEmail('b@x.com').getName(), noGuest: again.getGuestByEmail('z@x.com'),
           popup: again.getPopupReminders(), email: again.getEmailReminders(),
           tag: again.getTag('row'), keys: again.getAllTagKeys(), none: again.getTag('x'),
           creators: again.getCreators(), mine: again.getMyStatus(), owned: again.isOwnedByMe(), notAnswer,
           visibility: again.getVisibility(), transparency: again.getTransparency(),
           created: again.getDateCreated().getTime() <= again.getLastUpdated().getTime(),
           between: window('2025-06-13T11:00:00Z', '2025-06-13T12:00:00Z'),
           both: window('2025-06-13T10:30:00Z', '2025-06-13T12:30:00Z'),
           search: cal.getEvents(new Date('2025-06-13'), new Date('2025-06-14'), { search: 'later' }).length,
           max: cal.getEvents(new Date('2025-06-13'), new Date('2025-06-14'), { max: 1 }).map((x) => x.getTitle()),
           day: CalendarApp.getEventsForDay(new Date('2025-06-13T08:00:00Z')).length,
           gone: (e.deleteEvent(), cal.getEventById(id)),
         };",
    ));
    assert_eq!(
        got,
        json!({
            "icalid": true, "title": "Q2 review", "description": "Q2", "location": "Room 2",
            "start": "2025-06-13T10:00:00.000Z", "end": "2025-06-13T11:00:00.000Z",
            "allDay": false, "recurring": false, "color": "11",
            "guests": [["b@x.com", true], ["c@x.com", true]], "withOwner": ["OWNER", "INVITED", "INVITED"],
            "guest": "b@x.com", "noGuest": null, "popup": [15], "email": [60],
            "tag": "7", "keys": ["row"], "none": null,
            "creators": ["user@example.com"], "mine": "OWNER", "owned": true, "notAnswer": "Invalid argument: value",
            "visibility": "DEFAULT", "transparency": "OPAQUE", "created": true,
            "between": [], "both": ["Q2 review", "Later"], "search": 1, "max": ["Q2 review"], "day": 2,
            "gone": null,
        })
    );
}

#[test]
fn all_day_events_are_dates_in_the_scripts_zone() {
    let world = new_world();
    let got = eval_zone(
        &world,
        "America/Los_Angeles",
        "const cal = CalendarApp.getDefaultCalendar();
         const one = cal.createAllDayEvent('Holiday', new Date(2025, 2, 9));
         const two = cal.createAllDayEvent('Trip', new Date(2025, 2, 8), new Date(2025, 2, 10), { location: 'Coast' });
         const timed = cal.createEvent('x', new Date(2025, 2, 9, 9), new Date(2025, 2, 9, 10));
         let error = '';
         try { timed.getAllDayStartDate(); } catch (e) { error = e.message; }
         return {
           one: [one.isAllDayEvent(), String(one.getAllDayStartDate()), String(one.getAllDayEndDate()),
                 one.getTransparency()],
           two: [String(two.getStartTime()), String(two.getEndTime()), two.getLocation()],
           day: cal.getEventsForDay(new Date(2025, 2, 9)).map((e) => e.getTitle()),
           error,
           moved: (timed.setAllDayDate(new Date(2025, 2, 11)), timed.isAllDayEvent()),
         };",
    );
    assert_eq!(
        got,
        json!({
            "one": [true, "Sun Mar 09 2025 00:00:00 GMT-0800 (Pacific Standard Time)",
                    "Mon Mar 10 2025 00:00:00 GMT-0700 (Pacific Daylight Time)", "TRANSPARENT"],
            "two": ["Sat Mar 08 2025 00:00:00 GMT-0800 (Pacific Standard Time)",
                    "Mon Mar 10 2025 00:00:00 GMT-0700 (Pacific Daylight Time)", "Coast"],
            "day": ["Trip", "Holiday", "x"],
            "error": "Event is not an all-day event.",
            "moved": true,
        })
    );
    let world = state(&world);
    let holiday = world.calendar.events.values().find(|e| e.title == "Holiday").unwrap();
    let text = serde_json::to_value(holiday.when).unwrap();
    assert_eq!(text, json!({"kind": "all_day", "start_date": "2025-03-09", "end_date": "2025-03-10"}));
}

#[test]
fn a_weekly_series_keeps_nine_oclock_in_the_calendars_zone_across_the_dst_change() {
    let got = eval_zone(
        &new_world(),
        "Europe/London",
        "const cal = CalendarApp.getDefaultCalendar();
         const rule = CalendarApp.newRecurrence().addWeeklyRule().onlyOnWeekdays([CalendarApp.Weekday.FRIDAY]).times(3);
         const series = cal.createEventSeries('Standup', new Date(2025, 2, 21, 9), new Date(2025, 2, 21, 9, 30), rule);
         const found = cal.getEvents(new Date(2025, 2, 1), new Date(2025, 5, 1));
         found[1].deleteEvent();
         const daily = CalendarApp.newRecurrence().addDailyRule().interval(2).until(new Date(2025, 0, 7))
           .addDailyExclusion().onlyOnWeekday(CalendarApp.Weekday.SUNDAY);
         const allDay = cal.createAllDayEventSeries('Bins', new Date(2025, 0, 1), daily);
         let error = '';
         try { found[0].setTitle('x'); } catch (e) { error = e.message; }
         return {
           starts: found.map((e) => e.getStartTime().toISOString()),
           recurring: found[0].isRecurringEvent(), same: found[0].getId() === series.getId(),
           seriesTitle: found[0].getEventSeries().getTitle(),
           after: cal.getEvents(new Date(2025, 2, 1), new Date(2025, 5, 1)).length,
           bins: cal.getEvents(new Date(2025, 0, 1), new Date(2025, 1, 1)).map((e) => e.getAllDayStartDate().getDate()),
           byId: cal.getEventSeriesById(allDay.getId()).getTitle(),
           error,
         };",
    );
    assert_eq!(
        got,
        json!({
            "starts": ["2025-03-21T09:00:00.000Z", "2025-03-28T09:00:00.000Z", "2025-04-04T08:00:00.000Z"],
            "recurring": true, "same": true, "seriesTitle": "Standup", "after": 2,
            "bins": [1, 3, 7],
            "byId": "Bins",
            "error": "gas-sim does not model changing one instance of a recurring series; change the series (getEventSeries())",
        })
    );
}

#[test]
fn bad_arguments_and_other_users_calendars_are_the_platforms_errors() {
    let world = new_world();
    state(&world).calendar.calendars.insert(
        "holidays@group.v.calendar.google.com".into(),
        gas_platform::calendar::Calendar { owned: false, subscribed: false, ..Default::default() },
    );
    let thrown = |body: &str| thrown_in(&world, body);
    let cal = "const cal = CalendarApp.getDefaultCalendar();";
    assert_eq!(
        thrown(&format!("{cal} cal.createEvent('x', new Date(2025, 0, 2), new Date(2025, 0, 1))")),
        "Exception: Event start date must be before event end date."
    );
    assert_eq!(
        thrown(&format!(
            "{cal} cal.createEvent('x', new Date(2025, 0, 1), new Date(2025, 0, 1)).addPopupReminder(50000)"
        )),
        "Exception: Invalid argument: minutesBefore"
    );
    // SMS reminders: checked as the others, then ignored (the Calendar API's shutdown).
    assert_eq!(
        thrown(&format!("{cal} cal.createEvent('x', new Date(2025, 0, 1), new Date(2025, 0, 2)).addSmsReminder(-1)")),
        "Exception: Invalid argument: minutesBefore"
    );
    assert_eq!(
        thrown(&format!(
            "{cal} const e = cal.createEvent('x', new Date(0), new Date(1)).addSmsReminder(30).addPopupReminder(5);
             const s = cal.createEventSeries('y', new Date(0), new Date(1), CalendarApp.newRecurrence().addDailyRule().times(2));
             s.addSmsReminder(10);
             throw new Error(JSON.stringify([e.getSmsReminders(), e.getPopupReminders(), s.getSmsReminders()]))"
        )),
        "Error: [[],[5],[]]"
    );
    assert_eq!(
        thrown(&format!("{cal} const e = cal.createEvent('x', new Date(0), new Date(1)); for (let i = 0; i < 6; i++) e.addPopupReminder(i * 10)")),
        "Exception: Too many reminders. An event can have at most 5 reminders."
    );
    assert_eq!(thrown(&format!("{cal} cal.setColor('blue')")), "Exception: Invalid argument: color");
    assert_eq!(
        thrown(&format!("{cal} cal.createEventSeries('x', new Date(0), new Date(1), CalendarApp.newRecurrence().addDailyRule().interval(0))")),
        "Exception: Invalid argument: recurrence"
    );
    assert_eq!(thrown(&format!("{cal} cal.deleteCalendar()")), "Exception: The primary calendar cannot be deleted.");
    let other = "const other = CalendarApp.subscribeToCalendar('holidays@group.v.calendar.google.com');";
    assert_eq!(
        thrown(&format!("{other} other.createEvent('x', new Date(0), new Date(1))")),
        "Exception: Action not allowed"
    );
    assert_eq!(
        eval_in(
            &world,
            &main_of("return [CalendarApp.getAllCalendars().length, CalendarApp.getAllOwnedCalendars().length];")
        ),
        json!([2, 1])
    );
    assert!(thrown("CalendarApp.getDefaultCalendar().createEventFromDescription('x')")
        .contains("gas-sim does not implement"));
}

#[test]
fn events_created_past_the_days_quota_are_refused_with_the_platforms_text() {
    let world = new_world();
    state(&world).quotas.calendar_events_created.used =
        gas_platform::quotas::CALENDAR_EVENTS_CREATED_PER_DAY_CONSUMER - 1;
    state(&world).quotas.calendar_events_created.window_start_utc_ms = Some(START_UTC_MS);
    let got = thrown_in(
        &world,
        "const cal = CalendarApp.getDefaultCalendar();
         cal.createEvent('last', new Date(0), new Date(1));
         cal.createAllDayEvent('over', new Date(0))",
    );
    assert_eq!(
        got,
        "Exception: You have been creating or deleting too many calendars or calendar events in a short time. Please try again later."
    );
    assert_eq!(state(&world).calendar.events.len(), 1, "the refused event was not made");
}

#[test]
fn recurrences_take_dates_exclusions_zones_year_days_and_weeks() {
    let got = eval_zone(
        &new_world(),
        "UTC",
        "const cal = CalendarApp.getDefaultCalendar();
         const days = (rec) => {
           const series = cal.createAllDayEventSeries('x', new Date(2025, 0, 1), rec);
           const found = cal.getEvents(new Date(2025, 0, 1), new Date(2026, 0, 1))
             .filter((e) => e.getId() === series.getId())
             .map((e) => Utilities.formatDate(e.getAllDayStartDate(), 'UTC', 'MM-dd'));
           series.deleteEventSeries();
           return found;
         };
         const tokyo = CalendarApp.newRecurrence().setTimeZone('Asia/Tokyo').addDailyRule().times(2);
         const nine = cal.createEventSeries('t', new Date(Date.UTC(2025, 0, 1, 0)), new Date(Date.UTC(2025, 0, 1, 1)), tokyo);
         return {
           dates: days(CalendarApp.newRecurrence().addDate(new Date(2025, 4, 5)).addDateExclusion(new Date(2025, 0, 1))
             .addMonthlyRule().onlyOnMonthDays([1, 15]).onlyInMonths([CalendarApp.Month.JANUARY, CalendarApp.Month.MARCH])),
           yearDays: days(CalendarApp.newRecurrence().addYearlyRule().onlyOnYearDays([100, -1])),
           weeks: days(CalendarApp.newRecurrence().addYearlyRule().onlyOnWeek(10).onlyOnWeekdays([CalendarApp.Weekday.MONDAY])),
           tokyo: cal.getEvents(new Date(2025, 0, 1), new Date(2025, 0, 5)).map((e) => e.getStartTime().toISOString()),
           series: [nine.getTitle(), nine.setTitle('u').getTitle(), nine.getPopupReminders()],
         };",
    );
    assert_eq!(
        got,
        json!({
            "dates": ["01-15", "03-01", "03-15", "05-05"],
            "yearDays": ["04-10", "12-31"],
            "weeks": ["03-03"],
            "tokyo": ["2025-01-01T00:00:00.000Z", "2025-01-02T00:00:00.000Z"],
            "series": ["t", "u", [10]],
        })
    );
}

#[test]
fn an_event_updated_trigger_is_built_listed_and_deleted() {
    let world = new_world();
    let got = eval_zone(
        &world,
        "Europe/London",
        "const team = CalendarApp.createCalendar('Team');
         const clock = ScriptApp.newTrigger('tick').timeBased().everyHours(1).create();
         const mine = ScriptApp.newTrigger('changed').forUserCalendar(Session.getEffectiveUser().getEmail())
           .onEventUpdated().create();
         ScriptApp.newTrigger('teamChanged').forUserCalendar(team.getId()).onEventUpdated().create();
         const listed = ScriptApp.getProjectTriggers().map((t) =>
           [t.getHandlerFunction(), String(t.getEventType()), String(t.getTriggerSource()), t.getTriggerSourceId()]);
         const errors = [];
         try { ScriptApp.newTrigger('x').forUserCalendar(team.getId()).create(); } catch (e) { errors.push(e.message); }
         try { ScriptApp.newTrigger('x').forUserCalendar('nobody@example.com').onEventUpdated().create(); }
         catch (e) { errors.push(e.message); }
         ScriptApp.deleteTrigger(mine);
         return {
           listed, errors, left: ScriptApp.getProjectTriggers().map((t) => t.getHandlerFunction()),
           type: mine.getEventType() == ScriptApp.EventType.ON_EVENT_UPDATED,
           source: mine.getTriggerSource() == ScriptApp.TriggerSource.CALENDAR,
           clock: String(clock.getEventType()),
         };",
    );
    let team = state(&world).triggers.on_calendars[0].calendar_id.clone();
    assert_eq!(
        got,
        json!({
            "listed": [
                ["tick", "CLOCK", "CLOCK", null],
                ["changed", "ON_EVENT_UPDATED", "CALENDAR", "user@example.com"],
                ["teamChanged", "ON_EVENT_UPDATED", "CALENDAR", team],
            ],
            "errors": [
                gas_platform::triggers::CALENDAR_TRIGGER_WITHOUT_EVENT,
                gas_platform::calendar::CALENDAR_NOT_FOUND_MESSAGE,
            ],
            "left": ["tick", "teamChanged"],
            "type": true, "source": true, "clock": "CLOCK",
        })
    );
    assert_eq!(state(&world).triggers.for_calendar(&team).count(), 1);
}

/// Asking for invitation mail makes the event but sends none: a gap the report names,
/// never a silent success. Without guests, or without `sendInvites`, nothing is missing.
#[test]
fn invitations_asked_for_are_a_named_gap_and_the_event_is_made() {
    let world = new_world();
    let src = main_of(
        "const cal = CalendarApp.getDefaultCalendar();
         const at = new Date('2025-06-20T09:00:00Z'), end = new Date('2025-06-20T10:00:00Z');
         cal.createEvent('Quiet', at, end, { guests: 'ana@example.com' });
         cal.createEvent('Alone', at, end, { sendInvites: true });
         const asked = cal.createEvent('Review', at, end, { guests: 'ana@example.com', sendInvites: true });
         return [asked.getTitle(), asked.getGuestList().length, cal.getEvents(at, end).length];",
    );
    let report = run_in(&world, "UTC", &src, "main", START_UTC_MS);
    assert_eq!(result(&report), json!(["Review", 1, 3]));
    let gaps: Vec<&str> = report.gaps.iter().map(|g| g.method.as_str()).collect();
    assert_eq!(gaps, ["Calendar.createEvent with sendInvites (invitation mail)"], "{:?}", report.gaps);
}
