//! CalendarApp, Calendar and their events: gas-platform's `calendar`. A Calendar's handle
//! is `{ id }`; a CalendarEvent's is `calendar::Instance` (`{ id }`, and `at`, the
//! instance's times, for one instance of a series); a CalendarEventSeries' `{ id }`; an
//! EventGuest's is the guest itself (its getters are reads). Every other getter reads
//! the world, so a change another execution made shows. CalendarApp acts on the user's
//! primary calendar (documented: its Calendar methods are the default calendar's),
//! whose id is the effective user's address (Session's effective user).
//!
//! EventRecurrence and RecurrenceRule are builders in the prelude (`48_calendar.js`):
//! the recurrence they record reaches Rust as `calendar::Recurrence`.

pub(super) mod events;

use chrono_tz::Tz;
use gas_platform::calendar::events::{day_bounds_utc_ms, EventQuery, NewEvent, When, INVALID_DATE_MESSAGE};
use gas_platform::calendar::{self, CalendarOptions, Calendars, Instance, Recurrence};
use gas_platform::container::SCOPE_CALENDAR;
use gas_platform::{ServiceError, ServiceResult};

use super::args::*;
use super::Call;
use crate::host::CallResult;
use crate::methods::{declare, reads, Method, Read};
use crate::value::Val;

/// The getters the prelude answers from the handles made here (`crate::methods::Read`).
pub(super) const READS: &[Read] = reads![
    "Calendar.getId" => "id",
    "CalendarEvent.getId" => "id",
    "CalendarEventSeries.getId" => "id",
    "EventGuest.getAdditionalGuests" => "additional_guests",
    "EventGuest.getEmail" => "email",
    "EventGuest.getGuestStatus" => "status",
    "EventGuest.getName" => "name",
    "EventGuest.getStatus" => "status",
];

/// The methods answered here, declared once (`crate::methods`).
// Calendar (modelled): a read 100-200 ms, a change 300 ms, a new event 500 ms; an event's
// getters 30 ms.
pub(super) const METHODS: &[Method] = declare![Method::by(dispatch).scope(SCOPE_CALENDAR);
    "Calendar.createAllDayEvent" => 500,
    "Calendar.createAllDayEventSeries" => 500,
    "Calendar.createEvent" => 500,
    "Calendar.createEventSeries" => 500,
    "Calendar.deleteCalendar" => 300,
    "Calendar.getColor" => 100,
    "Calendar.getDescription" => 100,
    "Calendar.getEventById" => 150,
    "Calendar.getEventSeriesById" => 150,
    "Calendar.getEvents" => 200,
    "Calendar.getEventsForDay" => 200,
    "Calendar.getName" => 100,
    "Calendar.getTimeZone" => 100,
    "Calendar.isHidden" => 100,
    "Calendar.isMyPrimaryCalendar" => 100,
    "Calendar.isOwnedByMe" => 100,
    "Calendar.isSelected" => 100,
    "Calendar.setColor" => 300,
    "Calendar.setDescription" => 300,
    "Calendar.setHidden" => 300,
    "Calendar.setName" => 300,
    "Calendar.setSelected" => 300,
    "Calendar.setTimeZone" => 300,
    "Calendar.unsubscribeFromCalendar" => 300,
    "CalendarApp.createAllDayEvent" => 500,
    "CalendarApp.createAllDayEventSeries" => 500,
    "CalendarApp.createCalendar" => 600,
    "CalendarApp.createEvent" => 500,
    "CalendarApp.createEventSeries" => 500,
    "CalendarApp.getAllCalendars" => 200,
    "CalendarApp.getAllOwnedCalendars" => 200,
    "CalendarApp.getCalendarById" => 150,
    "CalendarApp.getCalendarsByName" => 200,
    "CalendarApp.getColor" => 100,
    "CalendarApp.getDefaultCalendar" => 100,
    "CalendarApp.getDescription" => 100,
    "CalendarApp.getEventById" => 150,
    "CalendarApp.getEventSeriesById" => 150,
    "CalendarApp.getEvents" => 200,
    "CalendarApp.getEventsForDay" => 200,
    "CalendarApp.getId" => 100,
    "CalendarApp.getName" => 100,
    "CalendarApp.getOwnedCalendarById" => 150,
    "CalendarApp.getOwnedCalendarsByName" => 200,
    "CalendarApp.getTimeZone" => 100,
    "CalendarApp.isHidden" => 100,
    "CalendarApp.isMyPrimaryCalendar" => 100,
    "CalendarApp.isOwnedByMe" => 100,
    "CalendarApp.isSelected" => 100,
    "CalendarApp.setColor" => 300,
    "CalendarApp.setDescription" => 300,
    "CalendarApp.setHidden" => 300,
    "CalendarApp.setName" => 300,
    "CalendarApp.setSelected" => 300,
    "CalendarApp.setTimeZone" => 300,
    "CalendarApp.subscribeToCalendar" => 300,
];

/// What every arm needs about the call.
struct Ctx<'a> {
    method: &'a str,
    name: &'a str,
    args: &'a [Val],
    now: i64,
    zone: Tz,
    user: String,
}

pub(super) fn dispatch(call: &Call) -> CallResult {
    let host = call.host;
    let mut world = host.world();
    // The effective user, as Session answers it: a user at the bound spreadsheet runs
    // as themselves.
    let user = host.invocation.user.clone().unwrap_or_else(|| world.user_email.clone());
    let primary = world.calendar.ensure_primary(&user);
    let (class, name) = call.method.split_once('.').unwrap_or((call.method, ""));
    let ctx = Ctx { method: call.method, name, args: call.args, now: host.now(), zone: host.zone, user };
    let on = || if class == "Calendar" { handle_id(call.handle) } else { primary.clone() };
    if let Some((new, sends_invites)) = new_event(&ctx)? {
        // Checked first, so a refused call uses no quota; then charged, then made.
        let id = on();
        world.calendar.owned_mut(&id)?;
        world.charge_calendar_event(ctx.zone, ctx.now)?;
        let invites = sends_invites && !new.guests.iter().all(String::is_empty);
        let event_id = world.calendar.create_event(&id, new, &ctx.user, ctx.now)?;
        if invites {
            // The event is made, but no invitation mail is: a gap the report names (and
            // `--strict` fails on), not a silent success.
            host.formula_gaps.borrow_mut().push(format!("{} with sendInvites (invitation mail)", ctx.method));
        }
        if name.ends_with("Series") {
            return Ok(id_handle(&event_id));
        }
        return Ok(to_val(&Instance { id: event_id, at: None }));
    }
    if matches!(name, "getEvents" | "getEventsForDay") {
        // Series are expanded day by day: the work is charged to the step budget first.
        let end =
            if name == "getEvents" { date_arg(&ctx, 1)? } else { day_bounds_utc_ms(date_arg(&ctx, 0)?, ctx.zone).1 };
        host.charge_steps(world.calendar.query_work(&on(), end))?;
    }
    let calendars = &mut world.calendar;
    let value = match class {
        "CalendarApp" => match app(calendars, &ctx)? {
            Some(value) => value,
            None => calendar(calendars, &primary, &ctx)?,
        },
        "Calendar" => calendar(calendars, &on(), &ctx)?,
        "CalendarEvent" | "CalendarEventSeries" => {
            let instance: Instance = handle_of(call.handle)?;
            events::event(calendars, &instance, &ctx)?
        }
        _ => return Err(ServiceError::unimplemented(call.method).into()),
    };
    Ok(value)
}

fn handle_id(value: &Val) -> String {
    handle_arg(value).get("id").and_then(Val::as_str).unwrap_or_default().to_string()
}

fn id_handle(id: &str) -> Val {
    Val::Object(vec![("id".into(), Val::String(id.to_string()))])
}

fn id_handles(ids: Vec<String>) -> Val {
    Val::Array(ids.iter().map(|id| id_handle(id)).collect())
}

/// A Date argument's epoch milliseconds; an Invalid Date is the platform's argument error.
fn date_arg(ctx: &Ctx, i: usize) -> ServiceResult<i64> {
    match arg(ctx.args, i) {
        Val::Date(ms) if ms.is_finite() => Ok(*ms as i64),
        Val::Date(_) => Err(ServiceError::new(INVALID_DATE_MESSAGE)),
        _ => Err(signature_error(ctx.method, ctx.args)),
    }
}

fn bool_arg(ctx: &Ctx, i: usize) -> ServiceResult<bool> {
    match arg(ctx.args, i) {
        Val::Bool(flag) => Ok(*flag),
        _ => Err(signature_error(ctx.method, ctx.args)),
    }
}

/// An options object's field, as text (absent, null and undefined: `None`).
fn option_text(options: &Val, key: &str) -> Option<String> {
    options.get(key).filter(|v| !v.is_nullish()).map(Val::to_js_string)
}

/// What only CalendarApp has: the user's list of calendars.
fn app(calendars: &mut Calendars, ctx: &Ctx) -> ServiceResult<Option<Val>> {
    let args = ctx.args;
    let value = match ctx.name {
        "getDefaultCalendar" => id_handle(&ctx.user),
        "getAllCalendars" => id_handles(calendars.list(false)),
        "getAllOwnedCalendars" => id_handles(calendars.list(true)),
        "getCalendarsByName" => id_handles(calendars.by_name(&string_arg(args, 0), false)),
        "getOwnedCalendarsByName" => id_handles(calendars.by_name(&string_arg(args, 0), true)),
        "getCalendarById" | "getOwnedCalendarById" => {
            let id = string_arg(args, 0);
            let owned_only = ctx.name == "getOwnedCalendarById";
            match calendars.visible(&id) {
                Some(found) if found.owned || !owned_only => id_handle(&id),
                _ => Val::Null,
            }
        }
        "createCalendar" => {
            let options = arg(args, 1);
            let flag = |key: &str| options.get(key).and_then(|v| if let Val::Bool(b) = v { Some(*b) } else { None });
            let options = CalendarOptions {
                summary: option_text(options, "summary"),
                time_zone: option_text(options, "timeZone"),
                color: option_text(options, "color"),
                hidden: flag("hidden"),
                selected: flag("selected"),
            };
            id_handle(&calendars.create(&string_arg(args, 0), options)?)
        }
        "subscribeToCalendar" => {
            let id = string_arg(args, 0);
            calendars.subscribe(&id)?;
            id_handle(&id)
        }
        _ => return Ok(None),
    };
    Ok(Some(value))
}

/// What a Calendar and CalendarApp (on the primary) share.
fn calendar(calendars: &mut Calendars, id: &str, ctx: &Ctx) -> ServiceResult<Val> {
    let args = ctx.args;
    let it = calendars.get(id)?.clone();
    let value = match ctx.name {
        "getId" => Val::String(id.to_string()),
        "getName" => Val::String(it.name),
        "getDescription" => Val::String(it.description),
        "getColor" => Val::String(it.color),
        "getTimeZone" => Val::String(it.zone(ctx.zone).name().to_string()),
        "isHidden" => Val::Bool(it.hidden),
        "isSelected" => Val::Bool(it.selected),
        "isOwnedByMe" => Val::Bool(it.owned),
        "isMyPrimaryCalendar" => Val::Bool(id == ctx.user),
        "setName" => {
            let name = string_arg(args, 0);
            if name.trim().is_empty() {
                return Err(ServiceError::new(calendar::INVALID_NAME_MESSAGE));
            }
            calendar::check_text(&name)?;
            calendars.owned_mut(id)?.name = name;
            id_handle(id)
        }
        "setDescription" => {
            let text = string_arg(args, 0);
            calendar::check_text(&text)?;
            calendars.owned_mut(id)?.description = text;
            id_handle(id)
        }
        "setTimeZone" => {
            let zone = calendar::check_time_zone(&string_arg(args, 0))?;
            calendars.owned_mut(id)?.time_zone = Some(zone);
            id_handle(id)
        }
        "setColor" => {
            let color = calendar::check_calendar_color(&string_arg(args, 0))?;
            calendars.listed_mut(id)?.color = color;
            id_handle(id)
        }
        "setHidden" | "setSelected" => {
            let flag = bool_arg(ctx, 0)?;
            let listed = calendars.listed_mut(id)?;
            if ctx.name == "setHidden" {
                listed.hidden = flag;
            } else {
                listed.selected = flag;
            }
            id_handle(id)
        }
        "deleteCalendar" => unit(calendars.delete(id, &ctx.user))?,
        "unsubscribeFromCalendar" => unit(calendars.unsubscribe(id))?,
        _ => return finding(calendars, id, ctx),
    };
    Ok(value)
}

/// A calendar's events: by id, or those in a window.
fn finding(calendars: &Calendars, id: &str, ctx: &Ctx) -> ServiceResult<Val> {
    let args = ctx.args;
    let value = match ctx.name {
        "getEventById" => {
            let found = calendars.event_on(id, &string_arg(args, 0));
            found.map_or(Val::Null, |instance| to_val(&instance))
        }
        "getEventSeriesById" => {
            let found = calendars.event_on(id, &string_arg(args, 0));
            found.map_or(Val::Null, |instance| id_handle(&instance.id))
        }
        "getEvents" | "getEventsForDay" => {
            let (start, end, options) = if ctx.name == "getEvents" {
                (date_arg(ctx, 0)?, date_arg(ctx, 1)?, arg(args, 2))
            } else {
                let (start, end) = day_bounds_utc_ms(date_arg(ctx, 0)?, ctx.zone);
                (start, end, arg(args, 1))
            };
            instances(calendars.query(id, start, end, ctx.zone, &query_of(options, &ctx.user))?)
        }
        _ => return Err(ServiceError::unimplemented(ctx.method)),
    };
    Ok(value)
}

fn instances(list: Vec<Instance>) -> Val {
    Val::Array(list.iter().map(to_val).collect())
}

/// getEvents' options (documented: start, max, author, search, statusFilters).
fn query_of(options: &Val, user: &str) -> EventQuery {
    let count = |key: &str| options.get(key).and_then(Val::as_f64).filter(|n| *n >= 0.0).map(|n| n as usize);
    let statuses = match options.get("statusFilters") {
        Some(Val::Array(items)) => Some(items.iter().map(Val::to_js_string).collect()),
        _ => None,
    };
    EventQuery {
        user: user.to_string(),
        start: count("start").unwrap_or(0),
        max: count("max"),
        author: option_text(options, "author"),
        search: option_text(options, "search"),
        status_filters: statuses,
    }
}

/// The four makers' event (a timed or all-day event, alone or as a series), from their
/// arguments; `None` for any other method.
/// The event a create call asks for, and whether it asks for invitation mail
/// (`sendInvites: true`; documented default false).
fn new_event(ctx: &Ctx) -> ServiceResult<Option<(NewEvent, bool)>> {
    let args = ctx.args;
    let (when, recurrence, options) = match ctx.name {
        "createEvent" => (When::timed(date_arg(ctx, 1)?, date_arg(ctx, 2)?)?, None, arg(args, 3)),
        "createEventSeries" => {
            let when = When::timed(date_arg(ctx, 1)?, date_arg(ctx, 2)?)?;
            (when, Some(recurrence_arg(ctx, 3)?), arg(args, 4))
        }
        "createAllDayEvent" => {
            // (title, date[, options]) or (title, startDate, endDate[, options]).
            let end = matches!(arg(args, 2), Val::Date(_));
            let end_ms = if end { Some(date_arg(ctx, 2)?) } else { None };
            let when = When::all_day(date_arg(ctx, 1)?, end_ms, ctx.zone)?;
            (when, None, arg(args, if end { 3 } else { 2 }))
        }
        "createAllDayEventSeries" => {
            let when = When::all_day(date_arg(ctx, 1)?, None, ctx.zone)?;
            (when, Some(recurrence_arg(ctx, 2)?), arg(args, 3))
        }
        _ => return Ok(None),
    };
    let guests = option_text(options, "guests").unwrap_or_default();
    // No invitation mail is modelled: asking for it is recorded as a gap (dispatch).
    let sends_invites = matches!(options.get("sendInvites"), Some(Val::Bool(true)));
    let event = NewEvent {
        title: string_arg(args, 0),
        when,
        description: option_text(options, "description").unwrap_or_default(),
        location: option_text(options, "location").unwrap_or_default(),
        guests: guests.split(',').map(str::to_string).collect(),
        recurrence,
    };
    Ok(Some((event, sends_invites)))
}

/// An EventRecurrence, or a RecurrenceRule of one (its handle names the recurrence it
/// adds to, `rec`), as the prelude's builder recorded it.
fn recurrence_arg(ctx: &Ctx, i: usize) -> ServiceResult<Recurrence> {
    let handle = handle_arg(arg(ctx.args, i));
    let recorded = handle.get("rec").unwrap_or(handle);
    if !matches!(recorded, Val::Object(_)) {
        return Err(signature_error(ctx.method, ctx.args));
    }
    let recurrence: Recurrence = handle_of(recorded)?;
    recurrence.check()?;
    Ok(recurrence)
}
